// The stop link's page: asks before it stops (a button that posts), or says they are stopped.
import type { Response } from 'express';
import { esc } from '../html/escape';
import { sendPage } from '../http/html';
import type { StopLinkView } from './operations';
import { NOTICE_STOP_PATH } from './paths';

export function stopLinkPage(res: Response, view: StopLinkView, token: string): void {
  const about = `your ${view.service} request`;
  const body = view.stopped
    ? `<h1>E-mails stopped</h1><p>We will not e-mail you about ${esc(about)} any more. Your owner page and your assistant still show every update; your assistant can turn the e-mails on again.</p>`
    : `<h1>Stop these e-mails?</h1><p>You get an e-mail when a pro acts on ${esc(about)}. Your owner page and your assistant keep showing every update either way.</p>
<form method="post" action="${esc(`${NOTICE_STOP_PATH}?token=${token}`)}"><button type="submit">Stop the e-mails</button></form>`;
  sendPage(res, 200, view.stopped ? 'E-mails stopped' : 'Stop these e-mails?', body);
}
