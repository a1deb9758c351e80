// The portal's short pages: the landing page, the reference (rendered in the browser by
// Swagger UI from the OpenAPI document), the registration form and the key console. Their
// scripts are files in assets/; everything dynamic on the server side is escaped here.
import type { Config } from '../config';
import { esc } from '../html/escape';
import { PORTAL_PATHS as P, type PortalPage } from './layout';

/** "24 hours" for 86400: windows are configured in seconds, people read hours. */
export function windowText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

export function homePage(config: Config): PortalPage {
  const window = windowText(config.RATE_LIMIT_WINDOW_SECONDS);
  return {
    title: 'Overview',
    path: P.home,
    body: `<h1>Marine Pros API</h1>
<p>An HTTP JSON API over a network of marine service contractors (“pros”): search them by text,
specialty, city and map position; read profiles, specialties, articles and blog posts; and, for
boat owners, start a service request that the owner verifies by e-mail before any pro is contacted.</p>
<p>AI agents and developers register themselves and get an API key at once, with no human step.
Reads work anonymously too, at a lower rate.</p>
<p>Base address: <code>${esc(config.publicBaseUrl)}/api</code></p>
<ul class="cards">
<li><a href="${P.quickstart}">Quickstart</a>: register, search, search on the map, and the owner request flow with curl.</li>
<li><a href="${P.reference}">API reference</a>: every operation, its parameters and responses.</li>
<li><a href="${P.register}">Register</a>: create an account and get your first API key.</li>
<li><a href="${P.console}">Key console</a>: your account, tier, remaining quota; mint and revoke keys.</li>
<li><a href="${P.owners}">For boat owners</a>: what the confirmation e-mail is and what to do with it.</li>
<li><a href="${P.openapi}">OpenAPI document</a> (JSON), for tools and code generators.</li>
</ul>
<h2>For AI agents</h2>
<p>Machine-readable entry points: <a href="/llms.txt">/llms.txt</a>, the agent card at
<a href="/.well-known/agent.json">/.well-known/agent.json</a>, the <a href="${P.openapi}">OpenAPI document</a>
and the <a href="/developers/quickstart.md">quickstart as Markdown</a>. MCP clients connect to
<code>${esc(config.publicBaseUrl)}/mcp</code> (Streamable HTTP) and A2A clients to
<code>${esc(config.publicBaseUrl)}/a2a</code> (JSON-RPC; the agent card lists its skills) with the same keys and limits.</p>
<h2 id="terms">Limits</h2>
<table><caption>Requests per rolling ${esc(window)}</caption>
<thead><tr><th scope="col">Caller</th><th scope="col">Requests</th></tr></thead>
<tbody><tr><td>Anonymous (per client address)</td><td>${esc(config.RATE_LIMIT_ANONYMOUS)}</td></tr>
<tr><td>Public key (<code>svc_public_…</code>)</td><td>${esc(config.RATE_LIMIT_PUBLIC)}</td></tr>
<tr><td>Admin key (<code>svc_live_…</code>)</td><td>${esc(config.RATE_LIMIT_ADMIN)}</td></tr></tbody></table>
<p>Every <code>/api</code> response carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code>
and <code>RateLimit-Reset</code>; a 429 carries <code>Retry-After</code>. Keep keys confidential; do not
bulk-redistribute the data or harvest contact details, and credit the source when you show profiles or ratings.</p>`,
  };
}

export function referencePage(): PortalPage {
  return {
    title: 'API reference',
    path: P.reference,
    wide: true,
    styles: ['swagger-ui.css'],
    scripts: ['swagger-ui-bundle.js', 'reference.js'],
    body: `<h1>API reference</h1>
<p>Rendered from <a href="${P.openapi}">${P.openapi}</a>. To try an operation with your key, use
“Authorize” and paste it (it stays in this page's memory).</p>
<div id="reference" data-spec-url="${P.openapi}"><p class="loading">Loading the reference…</p></div>
<noscript><p>The reference needs JavaScript; the <a href="${P.openapi}">OpenAPI document</a> is plain JSON.</p></noscript>`,
  };
}

export function registerPage(): PortalPage {
  return {
    title: 'Register',
    path: P.register,
    scripts: ['register.js'],
    body: `<h1>Register</h1>
<p>Creates your account and its first public-tier API key (<code>svc_public_…</code>). The same as
<code>POST /api/agents/register</code>.</p>
<noscript><p class="error">This form needs JavaScript. Without it, use the curl example in the <a href="${P.quickstart}">quickstart</a>.</p></noscript>
<form id="register-form" method="post" novalidate>
<p><label for="firstName">First name</label><input id="firstName" name="firstName" required maxlength="100" autocomplete="given-name"></p>
<p><label for="lastName">Last name</label><input id="lastName" name="lastName" required maxlength="100" autocomplete="family-name"></p>
<p><label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email"></p>
<p><label for="password">Password</label><input id="password" name="password" type="password" required minlength="10" maxlength="200" autocomplete="new-password" aria-describedby="password-hint">
<small id="password-hint">At least 10 characters.</small></p>
<p><label for="purpose">What will you build? (optional)</label><textarea id="purpose" name="purpose" maxlength="2000" rows="3"></textarea></p>
<p><button type="submit">Register</button></p>
</form>
<div id="register-error" class="error" role="alert" hidden></div>
<section id="register-result" hidden aria-labelledby="register-result-title">
<h2 id="register-result-title">Your API key</h2>
<p class="warning"><strong>Store this key now.</strong> It is shown only once and cannot be shown again;
if you lose it, mint a new one in the key console.</p>
<p><label for="new-api-key">API key</label><input id="new-api-key" readonly class="secret" autocomplete="off" spellcheck="false"></p>
<p><button type="button" id="copy-key" class="secondary">Copy key</button> <button type="button" id="open-console">Open the key console with this key</button></p>
<p>Use it as <code>Authorization: Bearer &lt;key&gt;</code>; see the <a href="${P.quickstart}">quickstart</a>.</p>
</section>`,
  };
}

export function consolePage(config: Config): PortalPage {
  return {
    title: 'Key console',
    path: P.console,
    scripts: ['console.js'],
    body: `<h1>Key console</h1>
<p>Paste an API key to see its account, tier and remaining quota, and to manage the account's keys.
The key stays in this browser tab only (session storage) and is sent only in the
<code>Authorization</code> header to this site's API. Each call here counts as a request.</p>
<noscript><p class="error">The console needs JavaScript.</p></noscript>
<form id="key-form" method="post" novalidate>
<p><label for="api-key">API key</label><input id="api-key" name="apiKey" type="password" required autocomplete="off" spellcheck="false" placeholder="svc_public_…"></p>
<p><button type="submit">Show account</button> <button type="button" id="forget-key" class="secondary">Forget key</button></p>
</form>
<div id="console-error" class="error" role="alert" hidden></div>
<p id="console-status" role="status"></p>
<div id="console-body" hidden>
<section aria-labelledby="account-title"><h2 id="account-title">Account</h2>
<dl id="account" data-window="${esc(windowText(config.RATE_LIMIT_WINDOW_SECONDS))}">
<dt>Name</dt><dd id="account-name"></dd>
<dt>E-mail</dt><dd id="account-email"></dd>
<dt>Account id</dt><dd id="account-id"></dd>
<dt>Tier</dt><dd id="account-tier"></dd>
<dt>Rate limit</dt><dd id="quota-limit"></dd>
<dt>Remaining</dt><dd id="quota-remaining"></dd>
<dt>Resets</dt><dd id="quota-reset"></dd>
</dl>
<p class="hint">Limits count requests over a rolling ${esc(windowText(config.RATE_LIMIT_WINDOW_SECONDS))}, per key.</p>
</section>
<section aria-labelledby="keys-title"><h2 id="keys-title">API keys</h2>
<table id="keys-table"><caption id="keys-caption">Active keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Tier</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="keys-list"></tbody></table>
<form id="mint-form" method="post" novalidate>
<p><label for="key-name">Key name</label><input id="key-name" name="name" maxlength="100" autocomplete="off" placeholder="API key"></p>
<p><button type="submit">Mint key</button></p>
</form>
<div id="minted" hidden>
<p class="warning"><strong>Store this key now.</strong> It is shown only once.</p>
<p><label for="minted-key">New API key</label><input id="minted-key" readonly class="secret" autocomplete="off" spellcheck="false"></p>
</div>
</section>
</div>`,
  };
}
