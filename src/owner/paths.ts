// Where the owner's page lives: the page the owner's e-mails link to (the owner access token in
// its query, read from a URL nowhere else).
export const OWNER_PAGE_PREFIX = '/owner/opportunities';

/** The owner's page of one Opportunity; the e-mail adds ?token=<an owner access token>. */
export function ownerPagePath(opportunityId: string): string {
  return `${OWNER_PAGE_PREFIX}/${opportunityId}`;
}
