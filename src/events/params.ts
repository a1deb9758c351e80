// The feeds' query (GET .../events on the owner's Opportunity and on the pro's quote): where to
// start (`after`, the last event id seen) and the page size. The page sizes are the feeds' named
// settings; the SQL refuses a larger page with the same bound (app_private.setting_event_page_max).
import { z } from 'zod';
import { queryInt, queryText } from '../input/validate';

/** Events per page: the default, and the most (equal to app_private.setting_event_page_max()). */
export const EVENT_PAGE = { default: 50, max: 200 } as const;

export const eventsQuery = z
  .object({
    after: queryText(40).meta({
      description:
        'The id of the last event seen (`evt_…`, or nextCursor): the page starts after it. Absent: from the first event. Any other value is a 400.',
    }),
    limit: queryInt(1, EVENT_PAGE.max).meta({ description: `Events per page: 1 to ${EVENT_PAGE.max}, default ${EVENT_PAGE.default}.` }),
  })
  .transform((q) => ({ after: q.after ?? null, limit: q.limit ?? EVENT_PAGE.default }));

export type EventsQuery = z.output<typeof eventsQuery>;
