// The stop link's query: its stop token (64 hex; anything else is an invalid link, a 401).
import { z } from 'zod';

export const stopLinkQuery = z.object({
  token: z.string().max(200).optional(),
});
