// The service request's OpenAPI paths (src/openapi/document.ts assembles them): step 1, the
// draft, and step 2, the confirm page from the e-mail and the confirmation itself.
import { z } from 'zod';
import * as ex from '../openapi/examples';
import { ERROR_TEXT, operation, optionalKey, responses, retryAfter, type Paths } from '../openapi/operation';
import * as r from '../openapi/responses';
import { confirmBody, confirmQuery, requestIdPath, serviceRequestBody } from './params';

const requests = '/api/v1/public/search-mcp/service-requests';
const html = (example: string) => ({ 'text/html': { schema: z.string(), example } });
const confirmPageExample =
  '<!doctype html><html lang="en"><head><title>Confirm your service request</title></head><body><form method="post">…</form></body></html>';
const errorPageExample = '<!doctype html><html lang="en"><head><title>Link expired</title></head><body><p>…</p></body></html>';

/** Step 1: the draft. */
function draftPaths(): Paths {
  return {
    [requests]: {
      post: operation({
        operationId: 'createServiceRequest',
        tags: ['Service requests'],
        summary: 'Step 1: a draft; the owner is e-mailed a code and a link',
        description:
          'Records a draft service request for a consenting owner and e-mails the owner a verification code and link. ' +
          'No pro is contacted until the owner confirms. `contractorSlugs`: 0 to 3 pros (empty: the coverage team finds one). ' +
          'Trusted client addresses only.',
        security: optionalKey,
        requestBody: {
          schema: serviceRequestBody,
          example: {
            owner: { firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', phone: '+1 305 555 0100' },
            project: {
              specialtySlug: 'diesel-engines',
              location: 'Stuart, FL',
              description: 'Port engine overheats at cruising speed; raw water impeller was replaced last season.',
            },
            contractorSlugs: [ex.contractorItem.slug],
            ownerConsent: { confirmed: true, statement: 'The owner asked me to request quotes.' },
            clientRequestId: 'chat-7f3a-42',
          },
        },
        responses: responses(
          {
            201: {
              schema: r.draftResponse,
              description: 'The draft; nothing is sent to any pro yet.',
              example: { success: true, data: ex.draft },
            },
          },
          [400, 401, 403, 404, 409, 429],
        ),
      }),
    },
  };
}

/** Step 2: the e-mail's confirm page and the confirmation. */
function confirmPaths(): Paths {
  return {
    [`${requests}/{requestId}/confirm`]: {
      get: operation({
        operationId: 'getServiceRequestConfirmPage',
        tags: ['Service requests'],
        summary: 'The confirm page from the e-mail (HTML; changes nothing)',
        description:
          "The page the e-mail's link opens: a script-free form that posts the token to the confirm operation. " +
          'It writes nothing (not even a rate-limit count), so mail scanners that follow links confirm nothing.',
        security: [{}],
        requestParams: { path: requestIdPath, query: confirmQuery },
        responses: {
          200: { description: 'A script-free, non-cached HTML form.', content: html(confirmPageExample) },
          307: {
            description: "No token: redirects to the owners' help page.",
            headers: z.object({ Location: z.string().meta({ description: "The owners' help page.", example: '/owners' }) }),
          },
          400: { description: ERROR_TEXT[400]!, content: html(errorPageExample) },
          401: { description: ERROR_TEXT[401]!, content: html(errorPageExample) },
          404: { description: ERROR_TEXT[404]!, content: html(errorPageExample) },
          410: { description: ERROR_TEXT[410]!, content: html(errorPageExample) },
          503: { description: ERROR_TEXT[503]!, headers: retryAfter, content: html(errorPageExample) },
        },
      }),
      post: operation({
        operationId: 'confirmServiceRequest',
        tags: ['Service requests'],
        summary: 'Step 2: confirm with the e-mailed code or token',
        description:
          'Confirms the draft with the 8-digit code or the link token: creates the Opportunity and contacts the selected pros. ' +
          'The first success returns `ownerAccessToken` (once); a repeat answers `already_confirmed` without it. ' +
          'Five wrong codes lock the draft (429 until it expires).',
        security: optionalKey,
        requestParams: { path: requestIdPath },
        requestBody: { schema: confirmBody, example: { verificationCode: '24681357' }, form: true },
        responses: responses(
          {
            200: {
              schema: r.confirmResponse,
              description: 'Created, no coverage, or already confirmed.',
              example: {
                success: true,
                data: {
                  status: 'created',
                  requestId: ex.ids.requestId,
                  opportunityId: ex.ids.opportunityId,
                  source: 'demand-side-search-mcp',
                  quotes: ex.quotes,
                  ownerAccessToken: '3a287cf16875676f205aa32aed2d4929b6405eb9ff1b06e5d69424931597a4d0',
                },
              },
            },
          },
          [400, 401, 403, 404, 410, 429],
        ),
      }),
    },
  };
}

export function serviceRequestPaths(): Paths {
  return { ...draftPaths(), ...confirmPaths() };
}
