// Claiming a listing over HTTP: every path under /api/v1/pro (claim, verify, read, edit), where the
// listing access token may travel, each error status the document lists, and an edit showing in
// search and on the public profile. Every response is checked against the OpenAPI document.
import { verificationDigest } from '../../src/credentials';
import { makeOpportunity, OWNER } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';
import { REFUSED_NAMES } from '../helpers/typed-text';

let svc: TestService;
beforeAll(async () => {
  // No worker: the tests set each claim's code as the worker would.
  svc = await startTestService();
});
afterAll(() => svc.stop());

const CLAIMS = '/api/v1/pro/listing-claims';
const LISTING = '/api/v1/pro/listing';
const CODE = '24681357';

let n = 0;
/** An active, unclaimed listing with an e-mail address (or as `contact` says). */
async function listing(contact: { email?: string | null; phone?: string | null } = {}): Promise<{ id: string; slug: string }> {
  n += 1;
  const { rows } = await svc.db.pool.query(
    `update app_public.contractors set email = $2, phone = $3, is_claimed = false
      where id = (select id from app_public.contractors where is_active order by id offset $1 limit 1)
      returning id, slug`,
    [300 + n, contact.email === undefined ? `office-${n}@listing.example` : contact.email, contact.phone ?? '(772) 555-0100'],
  );
  return rows[0];
}

const claim = (contractorSlug: string, email = `pro-${n}@claimant.example`) =>
  svc.send('POST', CLAIMS, { contractorSlug, claimant: { name: 'Dana Pro', email } });
const setCode = (claimId: string, code = CODE) =>
  svc.db.pool.query('select app_private.set_listing_claim_code($1, $2)', [claimId, verificationDigest(claimId, code)]);
const verify = (claimId: string, verificationCode = CODE) => svc.send('POST', `${CLAIMS}/${claimId}/verify`, { verificationCode });

/** A claimed listing and its token. */
async function claimed(): Promise<{ id: string; slug: string; token: string }> {
  const l = await listing();
  const c = await claim(l.slug);
  await setCode(c.body.data.claimId);
  const v = await verify(c.body.data.claimId);
  expect(v.status).toBe(200);
  return { ...l, token: v.body.data.listingAccessToken };
}

const read = (headers: Record<string, string>, query = '') => svc.get(`${LISTING}${query}`, { headers });
const edit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  svc.get(`${LISTING}/edits`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('POST /api/v1/pro/listing-claims', () => {
  test("201: a pending claim; the code goes to the listing's address, masked", async () => {
    const l = await listing();
    const r = await claim(l.slug, 'claimant@elsewhere.example');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      status: 'pending',
      contractorSlug: l.slug,
      verification: { channel: 'email', sentTo: 'o***@listing.example' },
    });
  });

  test('400 for a malformed body, 404 for an unknown listing', async () => {
    const l = await listing();
    const bad = await svc.send('POST', CLAIMS, { contractorSlug: l.slug, claimant: { name: 'Dana', email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid body field 'claimant.email': must be an e-mail address");
    expect((await svc.send('POST', CLAIMS, { contractorSlug: l.slug })).status).toBe(400);
    const unknown = await claim('no-such-listing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Contractor not found');
  });

  test('409 for a listing with only a phone number: no text messages here, and the reason says so', async () => {
    const l = await listing({ email: null });
    const r = await claim(l.slug);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('This listing has no e-mail address to send a claim code to');
    expect(r.body.details).toMatch(/sends no text messages/);
  });

  test('409 for a second pending claim of the same claimant, and for a second claimant of a claimed listing', async () => {
    const l = await listing();
    expect((await claim(l.slug, 'once@claimant.example')).status).toBe(201);
    const again = await claim(l.slug, 'once@claimant.example');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('A claim of this listing by this claimant is already pending');
    const c = await claimed();
    const second = await claim(c.slug, 'second@claimant.example');
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('This listing is already claimed');
  });

  test('429 with Retry-After after 3 claims of a listing in a day', async () => {
    const l = await listing();
    for (const who of ['a', 'b', 'c']) expect((await claim(l.slug, `${who}@claimant.example`)).status).toBe(201);
    const r = await claim(l.slug, 'd@claimant.example');
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(86_000);
  });

  test("strangers' claims do not block the listing's own address: its claim is a 201 after theirs are 429", async () => {
    const l = await listing();
    for (const who of ['a', 'b', 'c']) expect((await claim(l.slug, `${who}@stranger.example`)).status).toBe(201);
    expect((await claim(l.slug, 'd@stranger.example')).status).toBe(429);
    const own = await claim(l.slug, `office-${n}@LISTING.example`);
    expect(own.status).toBe(201);
  });

  test.each(REFUSED_NAMES)('400 naming claimant.name for %s; nothing is claimed', async (_what, name) => {
    const l = await listing();
    const r = await svc.send('POST', CLAIMS, { contractorSlug: l.slug, claimant: { name, email: 'dana@claimant.example' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("Invalid body field 'claimant.name': must not contain control characters or line breaks");
    const { rows } = await svc.db.pool.query('select count(*)::int as n from app_public.listing_claims where contractor_id = $1', [l.id]);
    expect(rows[0].n).toBe(0);
  });

  test('a keyed claim is recorded with its user; a bad key is 401', async () => {
    const reg = await svc.send('POST', '/api/agents/register', {
      firstName: 'Dana',
      lastName: 'Pro',
      email: `dana-${process.pid}@example.com`,
      password: 'a long enough password',
    });
    const key = reg.body.data.credentials.apiKey as string;
    const l = await listing();
    const r = await svc.send(
      'POST',
      CLAIMS,
      { contractorSlug: l.slug, claimant: { name: 'Dana Pro', email: 'dana@claimant.example' } },
      key,
    );
    expect(r.status).toBe(201);
    const { rows } = await svc.db.pool.query('select requested_by_user_id from app_public.listing_claims where id = $1', [
      r.body.data.claimId,
    ]);
    expect(rows[0].requested_by_user_id).toBe(reg.body.data.agent.id);
    expect((await svc.send('POST', CLAIMS, {}, `svc_public_${'0'.repeat(40)}`)).status).toBe(401);
  });
});

describe('POST /api/v1/pro/listing-claims/{claimId}/verify', () => {
  test('200: the listing is claimed and the token comes back once (64 hex); the profile says isClaimed', async () => {
    const l = await listing();
    const c = await claim(l.slug);
    await setCode(c.body.data.claimId);
    const r = await verify(c.body.data.claimId);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      claimId: c.body.data.claimId,
      status: 'verified',
      contractorSlug: l.slug,
      isClaimed: true,
      listingAccessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      accessExpiresAt: expect.any(String),
    });
    expect((await svc.get(`/api/v1/public/contractors/${l.slug}`)).body.data.isClaimed).toBe(true);
    const again = await verify(c.body.data.claimId);
    expect(again.status).toBe(409);
    expect(again.body).not.toHaveProperty('data');
  });

  test('401 for a wrong code (counted), 429 with Retry-After once locked', async () => {
    const l = await listing();
    const c = await claim(l.slug);
    await setCode(c.body.data.claimId);
    for (let i = 1; i <= 5; i++) {
      const r = await verify(c.body.data.claimId, '00000000');
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('Invalid claim code');
    }
    const locked = await verify(c.body.data.claimId);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('400 without a code, 404 for an unknown claim, 410 for an expired one', async () => {
    const l = await listing();
    const c = await claim(l.slug);
    expect((await svc.send('POST', `${CLAIMS}/${c.body.data.claimId}/verify`, {})).status).toBe(400);
    expect((await verify('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    await setCode(c.body.data.claimId);
    await svc.db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where id = $1`, [
      c.body.data.claimId,
    ]);
    expect((await verify(c.body.data.claimId)).status).toBe(410);
  });
});

describe('GET /api/v1/pro/listing', () => {
  test('200 with the token in its header or as a Bearer', async () => {
    const c = await claimed();
    const places: Array<Record<string, string>> = [
      { 'x-service-listing-access-token': c.token },
      { authorization: `Bearer ${c.token.toUpperCase()}` },
    ];
    for (const headers of places) {
      const r = await read(headers);
      expect(r.status).toBe(200);
      expect(r.body.data.listing).toMatchObject({ id: c.id, slug: c.slug, isClaimed: true });
      expect(r.body.data.claim).toMatchObject({ claimantName: 'Dana Pro' });
    }
  });

  test('401 missing, malformed or unknown; 400 in the URL, saying where it belongs', async () => {
    const c = await claimed();
    const missing = await read({});
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('Listing access token required');
    expect((await read({ 'x-service-listing-access-token': 'abc' })).body.error).toBe('Invalid listing access token');
    expect((await read({ 'x-service-listing-access-token': '0'.repeat(64) })).status).toBe(401);
    const inUrl = await read({}, `?token=${c.token}`);
    expect(inUrl.status).toBe(400);
    expect(inUrl.body.details).toMatch(/x-service-listing-access-token/);
  });

  test('an owner access token opens no listing, and a listing access token no Opportunity', async () => {
    const made = await makeOpportunity(svc, 1, 0);
    const r = await read({ 'x-service-listing-access-token': made.token });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('Invalid listing access token');
    const c = await claimed();
    expect((await svc.get(OWNER, { headers: { 'x-service-owner-access-token': c.token } })).status).toBe(401);
  });
});

describe('POST /api/v1/pro/listing/edits', () => {
  test('202 preview changes nothing; 200 edits; the edit shows in search and on the profile', async () => {
    const c = await claimed();
    const word = `quillwharf${process.pid}`;
    const body = {
      tagline: `Rigging and ${word} splicing`,
      about: `Every ${word} job is insured.`,
      website: 'https://rigging.example.com/',
    };
    const preview = await edit(body, { 'x-service-listing-access-token': c.token });
    expect(preview.status).toBe(202);
    expect(preview.body).toMatchObject({ confirmationRequired: true, writesPerformed: false, action: 'edit_listing' });
    expect(preview.body.detail.changes.tagline.to).toBe(body.tagline);
    const search = () => svc.get(`/api/v1/public/contractors/search?q=${word}`);
    expect((await search()).body.contractors).toEqual([]);

    const done = await edit({ ...body, confirm: true, listingAccessToken: c.token });
    expect(done.status).toBe(200);
    expect(done.body.data.changed).toEqual(['about', 'tagline', 'website']);
    expect(done.body.data.listing).toMatchObject(body);
    const found = await search();
    expect(found.body.contractors.map((x: { slug: string }) => x.slug)).toEqual([c.slug]);
    expect(found.body.contractors[0]).toMatchObject({ tagline: body.tagline, isClaimed: true });
    const profile = await svc.get(`/api/v1/public/contractors/${c.slug}`);
    expect(profile.body.data).toMatchObject({ tagline: body.tagline, about: body.about, website: body.website });
  });

  test('400 for fields a claimant does not own (the body schema) and for broken rules (SQL)', async () => {
    const c = await claimed();
    const headers = { 'x-service-listing-access-token': c.token };
    const verified = await edit({ isVerified: true, confirm: true }, headers);
    expect(verified.status).toBe(400);
    expect(verified.body.error).toMatch(/isVerified/);
    const http = await edit({ website: 'http://plain.example.com', confirm: true }, headers);
    expect(http.status).toBe(400);
    expect(http.body.error).toBe("Invalid body field 'website': must be an https URL");
    const social = await edit({ social: { youtube: 'https://vimeo.com/x' }, confirm: true }, headers);
    expect(social.body.error).toBe("Invalid body field 'social.youtube': must be an address on youtube.com or youtu.be");
    const nothing = await edit({ confirm: true }, headers);
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe('Nothing to change');
    expect((await edit({ tagline: 7 }, headers)).status).toBe(400);
  });

  test.each([
    ['tagline', { tagline: 'Diesel \u202eecivres' }, 'must not contain control characters or line breaks'],
    ['tagline', { tagline: 'Diesel\u0085service' }, 'must not contain control characters or line breaks'],
    ['tagline', { tagline: '\u200b\u200c\u200d\u2060' }, 'must contain visible characters'],
    ['about', { about: 'Two lines\nand an isolate \u2066here' }, 'must not contain control characters'],
    ['website', { website: 'https://rigging.example.com/"><img src=x>' }, 'must be an https URL'],
    ['website', { website: 'https://rigging.example.com:99999/' }, 'must be an https URL'],
    ['social.facebook', { social: { facebook: 'https://facebook.com/a<b' } }, 'must be an https URL'],
    ['photos.0.url', { photos: [{ url: 'https://cdn.example.com/a".jpg' }] }, 'must be an https URL'],
  ])('400 naming %s for text or a URL that would not read as stored', async (field, change, message) => {
    const c = await claimed();
    const r = await edit({ ...change, confirm: true }, { 'x-service-listing-access-token': c.token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(`Invalid body field '${field}': ${message}`);
  });

  test('401 without a token; 415 for another body type; 405 and 404 around the paths', async () => {
    expect((await edit({ tagline: 'x', confirm: true })).status).toBe(401);
    const form = await svc.get(`${LISTING}/edits`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tagline=x',
    });
    expect(form.status).toBe(415);
    expect((await svc.get(`${LISTING}/edits`)).status).toBe(405);
    expect((await svc.send('DELETE', LISTING)).status).toBe(405);
    expect((await svc.get(`${CLAIMS}/x/y`)).status).toBe(404);
  });
});

describe('claim attempt limits per client address', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({ LISTING_CLAIMS_PER_CLIENT: '2' });
  });
  afterAll(() => limited.stop());

  test("429 with Retry-After once a client address made its claims of the day; the listing's own address still claims", async () => {
    const { rows } = await limited.db.pool.query(
      `update app_public.contractors set email = 'office-' || id || '@listing.example', is_claimed = false
        where id in (select id from app_public.contractors where is_active order by id offset 900 limit 4)
        returning slug, email`,
    );
    const ask = (slug: string, email: string) => limited.send('POST', CLAIMS, { contractorSlug: slug, claimant: { name: 'Sam', email } });
    expect((await ask(rows[0].slug, 'one@stranger.example')).status).toBe(201);
    expect((await ask(rows[1].slug, 'two@stranger.example')).status).toBe(201);
    const third = await ask(rows[2].slug, 'three@stranger.example');
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('Too many claims from this client address today: at most 2 in 24 hours');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect((await ask(rows[3].slug, rows[3].email)).status).toBe(201);
  });
});
