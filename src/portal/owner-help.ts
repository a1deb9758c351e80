// The help page for owners that a confirm link without its token redirects to (docs/api.md).
import { Router } from 'express';
import { sendPage } from '../http/html';
import { OWNER_HELP_PATH } from '../requests/paths';

export function ownerHelpRouter(): Router {
  const router = Router();
  router.get(OWNER_HELP_PATH, (_req, res) => {
    sendPage(
      res,
      200,
      'Confirming a service request',
      `<h1>Confirming a service request</h1>
<p>When you ask for quotes through an assistant or app, we e-mail you to make sure the request is really yours.
Nothing is sent to any pro until you confirm.</p>
<ul><li>Open the link in that e-mail and press the confirm button, or</li>
<li>give the 8-digit code from the e-mail to the assistant that made the request.</li></ul>
<p>The link and the code work only for that one request, for a limited time. If the link you opened
brought you here, it was incomplete: open it again from the e-mail, or copy the whole address.</p>
<p>After confirming you receive an owner access token: it lets your assistant follow the quotes,
message the pros and accept an estimate for you. Keep it private.</p>`,
    );
  });
  return router;
}
