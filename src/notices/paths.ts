// Where the stop link of an owner's notice e-mail lives. Its query carries a stop token, which
// can do nothing but stop that Opportunity's notice e-mails (docs/decisions.md, "Notice e-mails,
// coalesced"), so it may travel in a URL and in the e-mail's List-Unsubscribe header.
export const NOTICE_STOP_PATH = '/owner/notice-emails/stop';
