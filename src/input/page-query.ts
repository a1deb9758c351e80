// The query of a page for people (the owner's and the pro's links): the token of the e-mailed
// link (the only URLs that carry one), the reader's time zone, and the notice of the post that
// redirected here (a key of the page's own notices, never text: a link cannot make the page say
// something it did not do).
import { z } from 'zod';

export const pageQuery = z.object({
  token: z.string().max(200).optional(),
  tz: z.string().max(200).optional(),
  done: z.string().max(40).optional(),
});
