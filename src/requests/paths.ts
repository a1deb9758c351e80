// Where the request flow sends people: the owners' help page (src/portal/owner-help.ts), which a
// confirm link without its token redirects to and the portal links.
export const OWNER_HELP_PATH = '/developers/owners';
