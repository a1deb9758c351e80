// The routes that are not operations of the OpenAPI document, each with its reason. Every other
// route the app registers, and every route that answers JSON, must be in the document
// (test/unit/readme-routes.test.ts, and test/helpers/openapi.ts for every response a test sees).

export interface OutsideTheDocument {
  /** A path, or a path prefix when it ends with `/` (the pages under it). */
  path: string;
  reason: string;
}

export const OUTSIDE_THE_DOCUMENT: readonly OutsideTheDocument[] = [
  { path: '/healthz', reason: 'a probe for load balancers and supervisors, not an API operation' },
  { path: '/readyz', reason: 'a probe for load balancers and supervisors, not an API operation' },
  { path: '/mcp', reason: 'the MCP door: JSON-RPC described by its own tools/list, one tool per catalog operation' },
  { path: '/a2a', reason: 'the A2A door: JSON-RPC described by the agent card, one skill per catalog operation' },
  { path: '/graphql', reason: 'staff GraphQL: described by its own schema (introspection), for staff only' },
  { path: '/graphiql', reason: "staff GraphQL's GraphiQL page (HTML)" },
  { path: '/openapi.json', reason: 'a discovery document: the OpenAPI document itself' },
  { path: '/developers/openapi.json', reason: 'a discovery document: the OpenAPI document itself' },
  { path: '/.well-known/', reason: 'discovery documents: the A2A agent card' },
  { path: '/llms.txt', reason: 'a discovery document (text for language models)' },
  { path: '/developers/quickstart.md', reason: 'a discovery document (the quickstart as Markdown)' },
  { path: '/developers', reason: "the developer portal's overview page (HTML)" },
  { path: '/developers/', reason: "the developer portal's pages and their static files (HTML, scripts, styles)" },
  { path: '/pro/', reason: "the pro's page and its form posts (HTML, post/redirect/get)" },
  { path: '/owner/', reason: "the owner's page, its form posts and the notice e-mails' stop page (HTML)" },
];

/** The entry that keeps a path out of the document, if any. */
export function outsideTheDocument(path: string): OutsideTheDocument | undefined {
  return OUTSIDE_THE_DOCUMENT.find((e) => (e.path.endsWith('/') ? path.startsWith(e.path) : path === e.path));
}
