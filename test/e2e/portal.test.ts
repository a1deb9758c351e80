// The developer portal (/developers) in a real browser against the real service: every page
// loads under its strict CSP without errors, registration yields a key, the key console shows
// the account and manages keys, and the reference renders every path of the OpenAPI document.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import * as srcAssets from '../../src/portal/assets';
import { PORTAL_CSP } from '../../src/portal/layout';
import { launchBrowser } from '../helpers/browser';
import { holdDefaultPortsWhileFileRuns } from '../helpers/default-ports';
import { startTestService, type TestService } from '../helpers/server';
import { spawnService } from '../helpers/service-process';

const ROOT = path.resolve(__dirname, '../..');
const PAGES = ['/developers', '/developers/quickstart', '/developers/reference', '/developers/register', '/developers/console'];
const OPENAPI = '/developers/openapi.json';

let svc: TestService;
let browser: Browser;
// The ports a running `npm start` holds are taken while this file starts its own service process.
holdDefaultPortsWhileFileRuns();
beforeAll(async () => {
  svc = await startTestService();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

/** A fresh tab that records console errors, uncaught exceptions and CSP violations. */
async function openTab(): Promise<{ tab: Page; errors: string[] }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  tab.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { tab, errors };
}

/** A small document of our own, for checking the renderer alone (the real one is src/openapi's). */
const SAMPLE_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Sample', version: '1.0.0', description: 'A *sample* in Markdown.' },
  paths: {
    '/api/v1/public/contractors/search': {
      get: {
        summary: 'Search',
        parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/api/v1/user-api-keys/{id}': {
      delete: {
        summary: 'Revoke',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
};

/** The rendered reference's text; Swagger UI puts zero-width spaces before each "/" of a path. */
async function renderedReference(tab: Page): Promise<string> {
  await tab.locator('.opblock').first().waitFor({ timeout: 20_000 });
  return (await tab.locator('#reference').innerText()).replace(/\u200b/g, '');
}

describe('plain HTTP', () => {
  test.each(PAGES)("GET %s: 200, HTML, strict CSP, nosniff, no referrer, links to the owners' help", async (page) => {
    const r = await svc.get(page);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(r.body).toContain('href="/developers/owners"');
    // No inline script or style, no outside host.
    expect(r.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(r.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(r.body).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });

  test('the CSP is the strict one: only this origin, no inline, no eval', () => {
    expect(PORTAL_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
        "img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  test("the owners' help page still answers", async () => {
    expect((await svc.get('/developers/owners')).status).toBe(200);
  });

  test('assets: each listed file with its type and nosniff; anything else is a 404; pages take GET only', async () => {
    for (const name of Object.keys(srcAssets.ASSET_FILES)) {
      const r = await svc.get(`/developers/assets/${name}`);
      expect([name, r.status]).toEqual([name, 200]);
      expect(r.headers.get('content-type')).toMatch(name.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    for (const name of ['index.html', 'swagger-initializer.js', '..%2Fpackage.json', 'package.json', 'routes.ts']) {
      expect([name, (await svc.get(`/developers/assets/${name}`)).status]).toEqual([name, 404]);
    }
    for (const page of PAGES) {
      const post = await svc.send('POST', page, { password: 'x' });
      expect([page, post.status, post.headers.get('allow')]).toEqual([page, 405, expect.stringContaining('GET')]);
    }
  });

  test('asset paths resolve the same from src/ and from a dist/ build', () => {
    const built = path.join(ROOT, 'dist/src/portal/assets.js');
    expect(existsSync(built)).toBe(true);
    const distAssets = createRequire(__filename)(built) as typeof srcAssets;
    expect(distAssets.ASSET_FILES).toEqual(srcAssets.ASSET_FILES);
    for (const file of Object.values(srcAssets.ASSET_FILES)) expect([file, existsSync(file)]).toEqual([file, true]);
  });

  test('the built service (node dist/src/main.js) serves the portal and its assets', async () => {
    const service = await spawnService(svc.db, { RUN_WORKER: 'false' });
    try {
      await service.waitForLog((l) => l.msg === 'listening');
      for (const p of PAGES) expect([p, (await fetch(service.url + p)).status]).toEqual([p, 200]);
      for (const p of Object.keys(srcAssets.ASSET_FILES).map((n) => `/developers/assets/${n}`)) {
        const [fromDist, fromSrc] = await Promise.all([fetch(service.url + p), fetch(svc.url + p)]);
        expect([p, fromDist.status]).toEqual([p, 200]);
        expect(await fromDist.text()).toBe(await fromSrc.text());
      }
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }, 150_000);
});

test("the quickstart's examples work as written: registration, the directory GETs, a service request", async () => {
  const page = (await svc.get('/developers/quickstart')).body as string;
  const unescape = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const blocks = [...page.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => unescape(m[1]!));
  const commands = blocks.flatMap((b) => b.split(/\n(?=curl )/)).filter((c) => c.startsWith('curl '));
  const bodyOf = (c: string) => JSON.parse(/-d '(\{[\s\S]*?\})'/.exec(c)![1]!) as Record<string, unknown>;

  const register = commands.find((c) => c.includes('/api/agents/register'))!;
  const registered = await svc.send('POST', '/api/agents/register', { ...bodyOf(register), email: 'quickstart@example.com' });
  expect(registered.status).toBe(200);
  const apiKey = registered.body.data.credentials.apiKey as string;

  const gets = commands
    .filter((c) => !/ -X /.test(c))
    .map((c) => /'?(http:\/\/[^\s']+)'?/.exec(c)![1]!)
    .filter((url) => !/[A-Z]{2,}/.test(new URL(url).pathname));
  expect(gets.length).toBeGreaterThanOrEqual(5);
  for (const url of gets) {
    expect(url.startsWith(svc.url)).toBe(true);
    const r = await svc.send('GET', url.slice(svc.url.length), undefined, apiKey);
    expect([url, r.status]).toEqual([url, 200]);
  }

  const request = commands.find((c) => /-X POST \S+\/service-requests -H/.test(c))!;
  expect((await svc.send('POST', '/api/v1/public/search-mcp/service-requests', bodyOf(request))).status).toBe(201);
});

describe('in a browser', () => {
  test.each(PAGES)(
    '%s loads with no console errors, page errors or CSP violations',
    async (page) => {
      const { tab, errors } = await openTab();
      // The renderer is checked here on a sample document; the real one is checked below.
      await tab.route(`**${OPENAPI}`, (route) => route.fulfill({ json: SAMPLE_DOCUMENT }));
      await tab.goto(svc.url + page);
      await tab.waitForLoadState('networkidle');
      expect(await tab.locator('h1').first().textContent()).toBeTruthy();
      const nav = tab.getByRole('navigation', { name: 'Developer portal' });
      await expect(nav.getByRole('link', { name: 'For boat owners' }).getAttribute('href')).resolves.toBe('/developers/owners');
      if (page === '/developers/reference') {
        const text = await renderedReference(tab);
        for (const p of Object.keys(SAMPLE_DOCUMENT.paths)) expect(text).toContain(p);
      }
      expect(errors).toEqual([]);
      await tab.context().close();
    },
    40_000,
  );

  test('register through the form, then the console: account, tier, quota; list, mint, revoke', async () => {
    const { tab, errors } = await openTab();
    await tab.goto(`${svc.url}/developers/register`);
    await tab.getByLabel('First name').fill('Grace');
    await tab.getByLabel('Last name').fill('Hopper');
    await tab.getByLabel('E-mail').fill('grace.portal@example.com');
    await tab.getByLabel('Password').fill('a long enough password');
    await tab.getByLabel(/What will you build/).fill('Testing the portal');
    await tab.getByRole('button', { name: 'Register' }).click();
    await tab.getByRole('heading', { name: 'Your API key' }).waitFor();
    const keyField = tab.getByLabel('API key', { exact: true });
    await expect(keyField.inputValue()).resolves.toMatch(/^svc_public_[0-9a-f]{40}$/);
    const apiKey = await keyField.inputValue();
    expect(await tab.getByText('Store this key now.').isVisible()).toBe(true);

    // A second registration with the same e-mail shows the API's error, as text.
    const again = await browser.newPage();
    await again.goto(`${svc.url}/developers/register`);
    await again.getByLabel('First name').fill('<img src=x onerror=alert(1)>');
    await again.getByLabel('Last name').fill('Hopper');
    await again.getByLabel('E-mail').fill('grace.portal@example.com');
    await again.getByLabel('Password').fill('a long enough password');
    await again.getByRole('button', { name: 'Register' }).click();
    await expect(again.getByRole('alert').textContent()).resolves.toContain('already exists');
    await again.close();

    // The console in a fresh tab, given the key by pasting it.
    const { tab: con, errors: conErrors } = await openTab();
    await con.goto(`${svc.url}/developers/console`);
    await con.getByLabel('API key', { exact: true }).fill(apiKey);
    await con.getByRole('button', { name: 'Show account' }).click();
    await con.locator('#console-body').waitFor({ state: 'visible' });
    expect(await con.locator('#account-email').textContent()).toBe('grace.portal@example.com');
    expect(await con.locator('#account-name').textContent()).toBe('Grace Hopper');
    expect(await con.locator('#account-tier').textContent()).toMatch(/^public/);
    expect(await con.locator('#quota-limit').textContent()).toMatch(/^\d+ requests per rolling 24 hours$/);
    const remaining = await con.locator('#quota-remaining').textContent();
    const [left, limit] = (remaining!.match(/^(\d+) of (\d+)$/) ?? []).slice(1).map(Number);
    expect(left).toBeLessThan(limit!);
    expect(left).toBeGreaterThan(limit! - 10);
    expect(await con.locator('#quota-reset').textContent()).toMatch(/in \d/);
    const rows = con.locator('#keys-list tr');
    await expect(rows.count()).resolves.toBe(1);
    expect(await rows.first().textContent()).toContain('Initial key (this key)');

    await con.getByLabel('Key name').fill('second key');
    await con.getByRole('button', { name: 'Mint key' }).click();
    await con.getByRole('button', { name: 'Revoke key second key' }).waitFor();
    const minted = await con.getByLabel('New API key').inputValue();
    expect(minted).toMatch(/^svc_public_[0-9a-f]{40}$/);
    expect(minted).not.toBe(apiKey);
    await expect(rows.count()).resolves.toBe(2);
    expect((await svc.send('GET', '/api/v1/public/contractors/specialties', undefined, minted)).status).toBe(200);

    await con.getByRole('button', { name: 'Revoke key second key' }).click();
    await con.getByRole('button', { name: 'Revoke key second key' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);
    expect(await con.getByRole('status').textContent()).toContain('revoked');
    expect((await svc.send('GET', '/api/v1/public/contractors/specialties', undefined, minted)).status).toBe(401);

    // The key is in this tab's sessionStorage only: never in the URL, localStorage or a cookie.
    expect(con.url()).toBe(`${svc.url}/developers/console`);
    expect(await con.evaluate('[sessionStorage.length, localStorage.length, document.cookie]')).toEqual([1, 0, '']);
    await con.getByRole('button', { name: 'Forget key' }).click();
    expect(await con.evaluate('sessionStorage.length')).toBe(0);

    expect(errors).toEqual([]);
    expect(conErrors).toEqual([]);
  });

  test('the registration form checks its fields in the page: an invalid form is never posted (it would spend an attempt)', async () => {
    const { tab, errors } = await openTab();
    const posted: string[] = [];
    tab.on('request', (r) => {
      if (r.url().endsWith('/api/agents/register')) posted.push(r.postData() ?? '');
    });
    await tab.goto(`${svc.url}/developers/register`);
    const alert = tab.getByRole('alert');

    // An empty submit: every required field named, the first one focused and marked.
    await tab.getByRole('button', { name: 'Register' }).click();
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(
      'First name is required. Last name is required. E-mail is required. Password must be at least 10 characters.',
    );
    expect(await tab.evaluate('document.activeElement.id')).toBe('firstName');
    expect(await tab.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');

    // Blank names, a malformed address, a short password: the same, field by field.
    await tab.getByLabel('First name').fill('   ');
    await tab.getByLabel('Last name').fill('Lovelace');
    await tab.getByLabel('E-mail').fill('ada@');
    await tab.getByLabel('Password').fill('too short');
    await tab.getByRole('button', { name: 'Register' }).click();
    await expect(alert.textContent()).resolves.toBe(
      'First name is required. E-mail must be an e-mail address. Password must be at least 10 characters.',
    );
    expect(await tab.getByLabel('Last name').getAttribute('aria-invalid')).toBeNull();
    await tab.getByLabel('E-mail').fill('ada@example');
    await tab.getByLabel('First name').fill('Ada');
    await tab.getByLabel('Password').fill('a long enough password');
    await tab.getByRole('button', { name: 'Register' }).click();
    await expect(alert.textContent()).resolves.toBe('E-mail must be an e-mail address.');
    expect(posted).toEqual([]);

    // Once every field is right, it is posted once and yields a key.
    await tab.getByLabel('E-mail').fill('ada.portal@example.com');
    await tab.getByRole('button', { name: 'Register' }).click();
    await tab.getByRole('heading', { name: 'Your API key' }).waitFor();
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]!)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.portal@example.com',
      password: 'a long enough password',
    });
    expect(errors).toEqual([]);
    await tab.context().close();
  });

  test('a wrong key in the console is an error message, not an account', async () => {
    const { tab, errors } = await openTab();
    await tab.goto(`${svc.url}/developers/console`);
    await tab.getByLabel('API key', { exact: true }).fill(`svc_public_${'0'.repeat(40)}`);
    await tab.getByRole('button', { name: 'Show account' }).click();
    await expect(tab.getByRole('alert').textContent()).resolves.toContain('Invalid or inactive API key');
    expect(await tab.locator('#console-body').isVisible()).toBe(false);
    // The 401 of the API call is logged by Chromium as a failed resource load; nothing else.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

test('the reference shows every path of the OpenAPI document at /developers/openapi.json', async () => {
  const r = await svc.get(OPENAPI);
  if (r.status !== 200) {
    throw new Error(
      `GET ${OPENAPI} answered ${r.status}: the OpenAPI document (src/openapi) is not served yet, so the reference has nothing to render`,
    );
  }
  const paths = Object.keys((r.body as { paths: Record<string, unknown> }).paths);
  expect(paths.length).toBeGreaterThan(0);
  const { tab, errors } = await openTab();
  await tab.goto(`${svc.url}/developers/reference`);
  const text = await renderedReference(tab);
  expect(paths.filter((p) => !text.includes(p))).toEqual([]);
  // The version badges beside the title: white text on a dark badge (WCAG AA, 4.5:1).
  const badges = await tab.locator('#reference .info .title small pre').evaluateAll((pres) =>
    pres.map((pre) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      // In the page (no DOM types here): the window's getComputedStyle.
      const style = (e: unknown) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }).getComputedStyle(e);
      const own = style(pre).backgroundColor;
      const fg = lum(rgb(style(pre).color));
      const bg = lum(rgb(own === 'rgba(0, 0, 0, 0)' ? style(pre.parentElement).backgroundColor : own));
      return { text: pre.textContent, contrast: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05) };
    }),
  );
  expect(badges.length).toBeGreaterThanOrEqual(2);
  for (const b of badges) expect([b.text, b.contrast >= 4.5]).toEqual([b.text, true]);
  expect(errors).toEqual([]);
});

test('"Try it out" in the reference answers as it comes: the search and the geo-search, executed in the browser, are 200', async () => {
  const { tab, errors } = await openTab();
  await tab.goto(`${svc.url}/developers/reference`);
  await renderedReference(tab);
  for (const operationId of ['searchContractors', 'geoSearchContractors']) {
    const block = tab.locator(`#operations-Directory-${operationId}`);
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    await block.locator('button.execute').click();
    const status = block.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 20_000 });
    expect([operationId, (await status.innerText()).trim()]).toEqual([operationId, '200']);
  }
  expect(errors).toEqual([]);
});
