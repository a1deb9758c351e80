// Where the pro's door lives: the REST operations under /api/v1/pro, and the page the e-mailed
// link opens (the only place a pro access token is read from a URL).
export const PRO_API_PREFIX = '/api/v1/pro';
export const PRO_PAGE_PREFIX = '/pro/quotes';

/** The pro's page of one quote thread; the e-mail adds ?token=<the pro access token>. */
export function proPagePath(quoteId: string): string {
  return `${PRO_PAGE_PREFIX}/${quoteId}`;
}
