// The OpenAPI document and the discovery documents: /.well-known/agent.json and agent-card.json
// (the A2A agent card, in the reading the A2A-Version header asks for), /llms.txt (llmstxt.org)
// and the markdown quickstart it links.
import { Router } from 'express';
import type { AppDeps } from '../deps';
import { agentCardV03, agentCardV1, wantsA2aV1 } from './agent-card';
import { buildDocument, OPENAPI_PATH } from './document';
import { llmsTxt, QUICKSTART_MD_PATH, quickstartMarkdown } from './llms';

const DOCUMENT_PATHS = [OPENAPI_PATH, '/openapi.json'];
const CARD_PATHS = ['/.well-known/agent.json', '/.well-known/agent-card.json'];
const LLMS_PATH = '/llms.txt';
/** The discovery documents' paths (they answer CORS: src/http/cors.ts). */
export const DISCOVERY_PATHS = [...DOCUMENT_PATHS, ...CARD_PATHS, LLMS_PATH, QUICKSTART_MD_PATH];

export function discoveryRouter({ config }: AppDeps): Router {
  const router = Router();
  // Built once: the document depends only on the configuration.
  const document = JSON.stringify(buildDocument(config.publicBaseUrl));
  const cardV1 = JSON.stringify(agentCardV1(config.publicBaseUrl));
  const cardV03 = JSON.stringify(agentCardV03(config.publicBaseUrl));
  const cache = (res: import('express').Response) => res.set('Cache-Control', 'public, max-age=300');

  router.get(DOCUMENT_PATHS, (_req, res) => {
    cache(res).type('application/json').send(document);
  });
  // The A2A-Version header picks the card's reading (agent-card.ts), so caches keep one per version.
  router.get(CARD_PATHS, (req, res) => {
    cache(res)
      .vary('A2A-Version')
      .type('application/json')
      .send(wantsA2aV1(req.get('A2A-Version')) ? cardV1 : cardV03);
  });
  router.get(LLMS_PATH, (_req, res) => {
    cache(res).type('text/markdown; charset=utf-8').send(llmsTxt(config.publicBaseUrl));
  });
  router.get(QUICKSTART_MD_PATH, (_req, res) => {
    cache(res).type('text/markdown; charset=utf-8').send(quickstartMarkdown(config.publicBaseUrl));
  });
  return router;
}
