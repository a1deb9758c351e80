// Claiming a listing in SQL: every rule and error code of the listing_* functions (who may claim,
// where the code goes, the limits, verification, the token's life, what an edit may hold), edits
// reaching search and the profile, and the policies of the claim tables for each role.
import { mintToken, sha256, verificationDigest } from '../../src/credentials';
import { asRole, callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';
import { REFUSED_NAMES } from '../helpers/typed-text';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const CODE = '13572468';
const LIFETIME = 3600;

interface Listing {
  id: string;
  slug: string;
  email: string | null;
}

let n = 0;
/** A fresh active listing of the seed, with an e-mail and a phone (or as `contact` says), unclaimed. */
async function listing(contact: { email?: string | null; phone?: string | null } = {}): Promise<Listing> {
  n += 1;
  const email = contact.email === undefined ? `office-${n}@listing.example` : contact.email;
  const { rows } = await db.pool.query(
    `update app_public.contractors set email = $2, phone = $3, is_claimed = false, is_verified = false
      where id = (select id from app_public.contractors where is_active order by id offset $1 limit 1)
      returning id, slug, email`,
    [200 + n, email, contact.phone === undefined ? '(772) 555-0100' : contact.phone],
  );
  return rows[0];
}

const placeholders = (args: unknown[]) => args.map((_, i) => `$${i + 1}`).join(', ');
/** One app_hidden function as the API calls it (anonymous role, committed); its JSON answer. */
const call = (fn: string, args: unknown[], userId: string | null = null) =>
  callAs(db, 'marine_anonymous', `select app_hidden.${fn}(${placeholders(args)}) as r`, args, userId).then((r) => r.rows[0].r);

/** The limits a claim is counted against: strangers' claims of a listing, per claimant, per client address. */
interface Limits {
  perListing: number;
  perClaimant: number;
  perClient: number;
}
const LIMITS: Limits = { perListing: 3, perClaimant: 3, perClient: 1000 };
const CLIENT = '192.0.2.10';

interface Asker {
  name?: string;
  client?: string;
  limits?: Partial<Limits>;
}

const start = (slug: string, email = `pro-${n}@claimant.example`, userId: string | null = null, asker: Asker = {}) => {
  const l = { ...LIMITS, ...asker.limits };
  return call(
    'listing_claim_start',
    [slug, asker.name ?? 'Dana Pro', email, asker.client ?? CLIENT, LIFETIME, l.perListing, l.perClaimant, l.perClient],
    userId,
  );
};

/** What the worker does before it sends: the code's digest, bound to the claim. */
const setCode = (claimId: string, code = CODE) =>
  db.pool.query('select app_private.set_listing_claim_code($1, $2)', [claimId, verificationDigest(claimId, code)]);

/** Verifies with `code`; answers the SQL answer and the token (hex digest as the API sends it). */
async function verify(claimId: string, code = CODE): Promise<{ r: any; token: string }> {
  const token = mintToken();
  const r = await call('listing_claim_verify', [claimId, verificationDigest(claimId, code), 5, sha256(token)]);
  return { r, token: sha256(token).toString('hex') };
}

/** A claimed listing and its token's digest. */
async function claimed(): Promise<{ listing: Listing; claimId: string; token: string; claimant: string }> {
  const l = await listing();
  const claimant = `owner-${n}@claimant.example`;
  const c = await start(l.slug, claimant);
  await setCode(c.claimId);
  const { token } = await verify(c.claimId);
  return { listing: l, claimId: c.claimId, token, claimant };
}

const claimRow = async (id: string) => (await db.pool.query('select * from app_public.listing_claims where id = $1', [id])).rows[0];

describe('listing_claim_start', () => {
  test("the code goes to the listing's own address; the job carries the claim id only", async () => {
    const l = await listing();
    const c = await start(l.slug, 'someone-else@attacker.example');
    expect(c).toEqual({
      claimId: expect.any(String),
      status: 'pending',
      contractorSlug: l.slug,
      contractorName: expect.any(String),
      verification: { channel: 'email', sentTo: `o***@listing.example`, expiresAt: expect.any(String) },
    });
    const row = await claimRow(c.claimId);
    expect(row).toMatchObject({ sent_to: l.email, claimant_email: 'someone-else@attacker.example', status: 'pending' });
    const { rows: jobs } = await db.pool.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'listing_claims__send_code' and j.payload->>'claimId' = $1`,
      [c.claimId],
    );
    expect(jobs.map((j) => j.payload)).toEqual([{ claimId: c.claimId }]);
  });

  test('a keyed claimant is recorded', async () => {
    const l = await listing();
    const {
      rows: [u],
    } = await db.pool.query(`insert into app_public.users (first_name, last_name, email) values ('Kee', 'Holder', $1) returning id`, [
      `kee-${n}@example.com`,
    ]);
    const c = await start(l.slug, undefined, u.id);
    expect((await claimRow(c.claimId)).requested_by_user_id).toBe(u.id);
  });

  test('unknown or inactive listings are NTFND', async () => {
    expect(await sqlState(start('no-such-listing'))).toBe('NTFND');
    const l = await listing();
    await db.pool.query('update app_public.contractors set is_active = false where id = $1', [l.id]);
    expect(await sqlState(start(l.slug))).toBe('NTFND');
    await db.pool.query('update app_public.contractors set is_active = true where id = $1', [l.id]);
  });

  test('a listing with only a phone, or no contact at all, cannot be claimed (CONFL, saying why)', async () => {
    const phoneOnly = await listing({ email: null });
    const err = await start(phoneOnly.slug).catch((e: { code: string; message: string; detail: string }) => e);
    expect(err).toMatchObject({ code: 'CONFL', message: 'This listing has no e-mail address to send a claim code to' });
    expect(err.detail).toMatch(/only a phone number.*sends no text messages and places no calls/);
    const none = await listing({ email: null, phone: null });
    const err2 = await start(none.slug).catch((e: { code: string; detail: string }) => e);
    expect(err2.code).toBe('CONFL');
    expect(err2.detail).not.toMatch(/phone/);
    const { rows } = await db.pool.query('select count(*)::int as n from app_public.listing_claims where contractor_id in ($1, $2)', [
      phoneOnly.id,
      none.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  test('one pending claim per claimant and listing; an expired one no longer counts', async () => {
    const l = await listing();
    const first = await start(l.slug, 'a@claimant.example');
    expect(await sqlState(start(l.slug, 'A@Claimant.example'))).toBe('CONFL');
    // Another claimant may ask too: the listing's inbox decides.
    await start(l.slug, 'b@claimant.example');
    await db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where id = $1`, [first.claimId]);
    await start(l.slug, 'a@claimant.example');
  });

  test('at most 3 claims of a listing in 24 hours: RATEL with the seconds to wait', async () => {
    const l = await listing();
    for (const who of ['a', 'b', 'c']) await start(l.slug, `${who}@claimant.example`);
    const err = await start(l.slug, 'd@claimant.example').catch((e: { code: string; detail: string }) => e);
    expect(err.code).toBe('RATEL');
    expect(Number(err.detail)).toBeGreaterThan(86_000);
    await db.pool.query(`update app_public.listing_claims set created_at = now() - interval '25 hours' where contractor_id = $1`, [l.id]);
    await start(l.slug, 'd@claimant.example');
  });

  test("strangers' claims never block a claim from the listing's own address, which has its own daily count", async () => {
    const l = await listing();
    for (const who of ['a', 'b', 'c']) await start(l.slug, `${who}@stranger.example`);
    expect(await sqlState(start(l.slug, 'd@stranger.example'))).toBe('RATEL');
    // The business, from the address the listing shows (any case): the code goes to that inbox anyway.
    const own = await start(l.slug, l.email!.toUpperCase());
    expect((await claimRow(own.claimId)).status).toBe('pending');
    await db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where id = $1`, [own.claimId]);
    await start(l.slug, l.email!);
    await db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where contractor_id = $1`, [l.id]);
    await start(l.slug, l.email!);
    // Its own count: as many a day as strangers get, so its inbox is not a mailing list either.
    await db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where contractor_id = $1`, [l.id]);
    const err = await start(l.slug, l.email!).catch((e: { code: string; message: string; detail: string }) => e);
    expect(err).toMatchObject({ code: 'RATEL', message: "Too many claims from this listing's own address today: at most 3 in 24 hours" });
    expect(Number(err.detail)).toBeGreaterThan(86_000);
  });

  test('a claimant (by e-mail, any case) makes at most perClaimant claims a day, whatever the listings', async () => {
    const limits = { perClaimant: 2 };
    await start((await listing()).slug, 'busy@stranger.example', null, { limits });
    await start((await listing()).slug, 'Busy@Stranger.example', null, { limits, client: '198.51.100.7' });
    const err = await start((await listing()).slug, 'busy@stranger.example', null, { limits, client: '203.0.113.9' }).catch(
      (e: { code: string; message: string; detail: string }) => e,
    );
    expect(err).toMatchObject({ code: 'RATEL', message: 'Too many claims by this claimant today: at most 2 in 24 hours' });
    expect(Number(err.detail)).toBeGreaterThan(86_000);
    await start((await listing()).slug, 'other@stranger.example', null, { limits });
  });

  test('a client address makes at most perClient claims a day, whoever it claims as', async () => {
    const limits = { perClient: 2 };
    const client = '2001:db8::77';
    await start((await listing()).slug, 'one@stranger.example', null, { limits, client });
    await start((await listing()).slug, 'two@stranger.example', null, { limits, client });
    const l = await listing();
    const err = await start(l.slug, 'three@stranger.example', null, { limits, client }).catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'RATEL', message: 'Too many claims from this client address today: at most 2 in 24 hours' });
    await start(l.slug, 'three@stranger.example', null, { limits, client: '2001:db8::78' });
    // The listing's own address is not counted against its client's claims.
    const own = await listing();
    await start(own.slug, own.email!, null, { limits, client });
  });

  test('a refused claim counts against nothing', async () => {
    const limits = { perClaimant: 1, perClient: 1 };
    const c = await claimed();
    for (let i = 0; i < 3; i++) expect(await sqlState(start(c.listing.slug, 'late@stranger.example', null, { limits }))).toBe('CONFL');
    await start((await listing()).slug, 'late@stranger.example', null, { limits, client: '192.0.2.99' });
  });

  test.each(REFUSED_NAMES)('the claimant name is one line: %s is INVAL, naming the field', async (_what, name) => {
    const l = await listing();
    const err = await start(l.slug, undefined, null, { name }).catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({
      code: 'INVAL',
      message: "Invalid body field 'claimant.name': must not contain control characters or line breaks",
    });
  });

  test('a claimant name of invisible characters only is INVAL', async () => {
    const l = await listing();
    const err = await start(l.slug, undefined, null, { name: '\u200b\u200d\u2060\ufeff' }).catch(
      (e: { code: string; message: string }) => e,
    );
    expect(err).toMatchObject({ code: 'INVAL', message: "Invalid body field 'claimant.name': must contain visible characters" });
  });

  test('a claimed listing refuses a second claimant; its verified claimant may claim again', async () => {
    const c = await claimed();
    const err = await start(c.listing.slug, 'second@claimant.example').catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'CONFL', message: 'This listing is already claimed' });
    await start(c.listing.slug, c.claimant);
  });
});

describe('listing_claim_verify', () => {
  test('the right code: verified, the listing claimed, the token stored as a digest, other claims superseded', async () => {
    const l = await listing();
    const mine = await start(l.slug, 'mine@claimant.example');
    const theirs = await start(l.slug, 'theirs@claimant.example');
    await setCode(mine.claimId);
    await setCode(theirs.claimId, '99990000');
    const { r, token } = await verify(mine.claimId);
    expect(r).toEqual({
      claimId: mine.claimId,
      status: 'verified',
      contractorSlug: l.slug,
      isClaimed: true,
      listingAccessToken: 'issued',
      accessExpiresAt: expect.any(String),
    });
    const days = (Date.parse(r.accessExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect((await db.pool.query('select is_claimed from app_public.contractors where id = $1', [l.id])).rows[0].is_claimed).toBe(true);
    expect((await claimRow(theirs.claimId)).status).toBe('superseded');
    const { rows } = await db.pool.query('select encode(digest, $2) as d from app_private.listing_access_tokens where claim_id = $1', [
      mine.claimId,
      'hex',
    ]);
    expect(rows.map((x) => x.d)).toEqual([token]);
    // The superseded claim's right code no longer claims anything; the verified one does not verify twice.
    expect(await sqlState(verify(theirs.claimId, '99990000'))).toBe('CONFL');
    expect(await sqlState(verify(mine.claimId))).toBe('CONFL');
  });

  test('wrong codes are counted (committed) and lock the claim; a code of another claim is wrong here', async () => {
    const l = await listing();
    const c = await start(l.slug);
    await setCode(c.claimId);
    const other = await start((await listing()).slug);
    await setCode(other.claimId);
    for (let i = 1; i <= 5; i++) {
      const { r } = await verify(c.claimId, i === 1 ? CODE.replace(/^./, '9') : '00000000');
      expect(r.refusal).toMatchObject({ code: 'CREDS', message: 'Invalid claim code' });
      expect(r.refusal.detail).toBe(i < 5 ? `${i} of 5 attempts used.` : 'The claim is locked after 5 wrong codes.');
    }
    expect((await claimRow(c.claimId)).failed_attempts).toBe(5);
    // Locked: even the right code is refused until the claim expires.
    const err = await verify(c.claimId).catch((e: { code: string; detail: string }) => e);
    expect(err).toMatchObject({ code: 'RATEL' });
    expect(Number((err as { detail: string }).detail)).toBeGreaterThan(3000);
    // The other claim's code digest is bound to its own id.
    const token = sha256(mintToken());
    const r = await call('listing_claim_verify', [other.claimId, verificationDigest(c.claimId, CODE), 5, token]);
    expect(r.refusal.code).toBe('CREDS');
  });

  test('an expired claim is EXPRD; an unknown one NTFND; a code never sent is wrong', async () => {
    const l = await listing();
    const c = await start(l.slug);
    expect((await verify(c.claimId)).r.refusal.code).toBe('CREDS');
    await setCode(c.claimId);
    await db.pool.query(`update app_public.listing_claims set expires_at = now() - interval '1 second' where id = $1`, [c.claimId]);
    expect(await sqlState(verify(c.claimId))).toBe('EXPRD');
    expect(await sqlState(verify('00000000-0000-4000-8000-000000000000'))).toBe('NTFND');
    expect(await sqlState(verify('not-a-uuid'))).toBe('NTFND');
  });

  test('renewal by the verified claimant: a new token, the old one ends', async () => {
    const c = await claimed();
    const again = await start(c.listing.slug, c.claimant);
    await setCode(again.claimId, '11223344');
    const { token } = await verify(again.claimId, '11223344');
    expect((await claimRow(c.claimId)).status).toBe('superseded');
    const err = await call('listing_get', [c.token]).catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'CREDS', message: 'Listing access has ended' });
    expect((await call('listing_get', [token])).claim.claimId).toBe(again.claimId);
  });

  test('renewal with the e-mail cased differently: verified, and the old token ends', async () => {
    const c = await claimed();
    const again = await start(c.listing.slug, c.claimant.toUpperCase());
    await setCode(again.claimId, '44332211');
    expect((await verify(again.claimId, '44332211')).r.status).toBe('verified');
    expect((await claimRow(c.claimId)).status).toBe('superseded');
    expect(await sqlState(call('listing_get', [c.token]))).toBe('CREDS');
  });

  test('a listing marked claimed with no claim of record (imported so) is claimed through its inbox, then refuses others', async () => {
    const l = await listing();
    await db.pool.query('update app_public.contractors set is_claimed = true where id = $1', [l.id]);
    const c = await start(l.slug, 'business@claimant.example');
    await setCode(c.claimId);
    expect((await verify(c.claimId)).r.status).toBe('verified');
    expect(await sqlState(start(l.slug, 'another@claimant.example'))).toBe('CONFL');
  });

  test('a claim released by staff (isClaimed false) can be claimed by another claimant; a claim verified meanwhile wins', async () => {
    const c = await claimed();
    await db.pool.query('update app_public.contractors set is_claimed = false where id = $1', [c.listing.id]);
    const other = await start(c.listing.slug, 'newowner@claimant.example');
    const late = await start(c.listing.slug, 'late@claimant.example');
    await setCode(other.claimId);
    await setCode(late.claimId, '55556666');
    // Staff mark it claimed again before the new claimant verifies: the old claimant still holds it.
    await db.pool.query('update app_public.contractors set is_claimed = true where id = $1', [c.listing.id]);
    expect(await sqlState(verify(other.claimId))).toBe('CONFL');
    await db.pool.query('update app_public.contractors set is_claimed = false where id = $1', [c.listing.id]);
    const { token } = await verify(other.claimId);
    expect((await claimRow(c.claimId)).status).toBe('superseded');
    expect((await claimRow(late.claimId)).status).toBe('superseded');
    expect(await sqlState(call('listing_get', [c.token]))).toBe('CREDS');
    expect((await call('listing_get', [token])).listing.isClaimed).toBe(true);
  });
});

describe('the listing access token', () => {
  test('listing_get: the claim and the full profile', async () => {
    const c = await claimed();
    const r = await call('listing_get', [c.token]);
    expect(r.claim).toEqual({
      claimId: c.claimId,
      claimantName: 'Dana Pro',
      verifiedAt: expect.any(String),
      accessExpiresAt: expect.any(String),
    });
    expect(r.listing).toMatchObject({ id: c.listing.id, slug: c.listing.slug, isClaimed: true, social: expect.any(Object) });
  });

  test('unknown, malformed, expired, unclaimed by staff or inactive: CREDS', async () => {
    const c = await claimed();
    expect(await sqlState(call('listing_get', ['0'.repeat(64)]))).toBe('CREDS');
    expect(await sqlState(call('listing_get', ['not hex']))).toBe('CREDS');
    await db.pool.query('update app_public.contractors set is_active = false where id = $1', [c.listing.id]);
    expect(await sqlState(call('listing_get', [c.token]))).toBe('CREDS');
    await db.pool.query('update app_public.contractors set is_active = true, is_claimed = false where id = $1', [c.listing.id]);
    expect(await sqlState(call('listing_get', [c.token]))).toBe('CREDS');
    await db.pool.query('update app_public.contractors set is_claimed = true where id = $1', [c.listing.id]);
    await call('listing_get', [c.token]);
    await db.pool.query(`update app_private.listing_access_tokens set expires_at = now() - interval '1 second' where claim_id = $1`, [
      c.claimId,
    ]);
    const err = await call('listing_get', [c.token]).catch((e: { code: string; message: string }) => e);
    expect(err).toMatchObject({ code: 'CREDS', message: 'Listing access has expired' });
  });
});

describe('listing_edit', () => {
  const edit = (token: string, changes: unknown, confirm = true) => call('listing_edit', [token, JSON.stringify(changes), confirm]);

  test('a preview changes nothing; the confirmed edit changes only what differs, and records it', async () => {
    const c = await claimed();
    const before = (
      await db.pool.query('select tagline, social_facebook, photos, updated_at from app_public.contractors where id = $1', [c.listing.id])
    ).rows[0];
    const changes = {
      tagline: '  Mobile diesel service at your slip  ',
      social: { facebook: 'https://www.facebook.com/ospreydiesel', youtube: null },
      photos: [{ url: 'https://cdn.example.com/a.jpg', caption: 'Our shop' }, { url: 'https://cdn.example.com/b.jpg' }],
    };
    const preview = await edit(c.token, changes, false);
    expect(preview).toEqual({
      preview: {
        action: 'edit_listing',
        detail: {
          contractorSlug: c.listing.slug,
          changes: {
            photos: { from: before.photos, to: changes.photos },
            'social.facebook': { from: before.social_facebook, to: 'https://www.facebook.com/ospreydiesel' },
            tagline: { from: before.tagline, to: 'Mobile diesel service at your slip' },
          },
        },
      },
    });
    const still = (
      await db.pool.query('select tagline, social_facebook, photos, updated_at from app_public.contractors where id = $1', [c.listing.id])
    ).rows[0];
    expect(still).toEqual(before);

    const done = await edit(c.token, changes);
    expect(done.changed).toEqual(['photos', 'social.facebook', 'tagline']);
    expect(done.listing).toMatchObject({
      tagline: 'Mobile diesel service at your slip',
      social: { facebook: 'https://www.facebook.com/ospreydiesel', youtube: null },
      photos: changes.photos,
    });
    const { rows } = await db.pool.query('select claim_id, old_values, new_values from app_public.listing_edits where contractor_id = $1', [
      c.listing.id,
    ]);
    expect(rows).toEqual([
      {
        claim_id: c.claimId,
        old_values: expect.objectContaining({ tagline: before.tagline, 'social.facebook': before.social_facebook }),
        new_values: expect.objectContaining({ tagline: 'Mobile diesel service at your slip' }),
      },
    ]);
    // The same values again change nothing and record nothing; null clears a field.
    expect((await edit(c.token, { tagline: 'Mobile diesel service at your slip' })).changed).toEqual([]);
    expect((await edit(c.token, { tagline: null })).listing.tagline).toBeNull();
    expect(
      (await db.pool.query('select count(*)::int as n from app_public.listing_edits where contractor_id = $1', [c.listing.id])).rows[0].n,
    ).toBe(2);
  });

  test('edits reach the text search (postings and words) and the public profile', async () => {
    const c = await claimed();
    const word = `zephyrquartz${n}`;
    await asRole(db, 'marine_anonymous', async (client) => {
      const { rows } = await client.query(`select * from app_hidden.search_contractors($1, null, null, null, 'relevance', 5)`, [word]);
      expect(rows[0].contractors.map((x: { id: string }) => x.id)).not.toContain(c.listing.id);
    });
    await edit(c.token, { tagline: `Certified ${word} rigging`, about: `We fit ${word} winches.\nAnd more.` });
    await asRole(db, 'marine_anonymous', async (client) => {
      const { rows } = await client.query(`select * from app_hidden.search_contractors($1, null, null, null, 'relevance', 5)`, [word]);
      expect(rows[0].contractors.map((x: { id: string }) => x.id)).toEqual([c.listing.id]);
      const profile = await client.query('select app_hidden.contractor_by_slug($1) as r', [c.listing.slug]);
      expect(profile.rows[0].r).toMatchObject({ tagline: `Certified ${word} rigging`, about: `We fit ${word} winches.\nAnd more.` });
    });
  });

  test.each([
    ['Nothing to change', {}],
    ["Invalid body field 'isVerified': not a field a claimant can change", { isVerified: true }],
    ["Invalid body field 'name': not a field a claimant can change", { name: 'New name' }],
    ["Invalid body field 'tagline': must be at most 300 characters", { tagline: 'x'.repeat(301) }],
    ["Invalid body field 'tagline': must not contain control characters or line breaks", { tagline: 'two\nlines' }],
    ["Invalid body field 'tagline': must not be empty (send null to clear it)", { tagline: '   ' }],
    ["Invalid body field 'tagline': must be a string, or null to clear it", { tagline: 5 }],
    ["Invalid body field 'about': must be at most 5000 characters", { about: 'y'.repeat(5001) }],
    ["Invalid body field 'about': must not contain control characters", { about: 'bell\u0007' }],
    ["Invalid body field 'tagline': must not contain control characters or line breaks", { tagline: 'Diesel \u202eecivres' }],
    ["Invalid body field 'tagline': must not contain control characters or line breaks", { tagline: 'Diesel \u2067service\u2069' }],
    ["Invalid body field 'tagline': must not contain control characters or line breaks", { tagline: 'Diesel\u0085service' }],
    ["Invalid body field 'tagline': must not contain control characters or line breaks", { tagline: 'Diesel\u2028service' }],
    ["Invalid body field 'tagline': must contain visible characters", { tagline: '\u200b\u200c\u200d\u2060\ufeff' }],
    ["Invalid body field 'about': must not contain control characters", { about: 'Line one\nline \u202atwo' }],
    ["Invalid body field 'about': must not contain control characters", { about: 'C1 \u009b here' }],
    [
      "Invalid body field 'photos.caption': must not contain control characters or line breaks",
      { photos: [{ url: 'https://cdn.example.com/a.jpg', caption: 'a\u202db' }] },
    ],
    ["Invalid body field 'website': must be an https URL", { website: 'https://example.com/"><script>' }],
    ["Invalid body field 'website': must be an https URL", { website: 'https://example.com/a<b' }],
    ["Invalid body field 'website': must be an https URL", { website: 'https://example.com:99999/' }],
    ["Invalid body field 'website': must be an https URL", { website: 'https://example.com:0/' }],
    ["Invalid body field 'website': must be an https URL", { website: 'https://example.com/caf\u00e9' }],
    ["Invalid body field 'social.facebook': must be an https URL", { social: { facebook: 'https://facebook.com/x"y' } }],
    ["Invalid body field 'photos.url': must be an https URL", { photos: [{ url: 'https://cdn.example.com/a b.jpg' }] }],
    ["Invalid body field 'phone': must be a phone number of 7 to 15 digits", { phone: 'call me' }],
    ["Invalid body field 'phone': must be a phone number of 7 to 15 digits", { phone: '12345' }],
    ["Invalid body field 'website': must be an https URL", { website: 'http://plain.example.com' }],
    ["Invalid body field 'website': must be an https URL", { website: 'https://no host' }],
    ["Invalid body field 'website': must be an https URL", { website: 'javascript:alert(1)' }],
    ["Invalid body field 'website': must be at most 500 characters", { website: `https://example.com/${'p'.repeat(490)}` }],
    [
      "Invalid body field 'social.facebook': must be an address on facebook.com or fb.com",
      { social: { facebook: 'https://evil.example/facebook.com' } },
    ],
    ["Invalid body field 'social.instagram': must be an address on instagram.com", { social: { instagram: 'https://notinstagram.com/x' } }],
    ["Invalid body field 'social.tiktok': unknown network", { social: { tiktok: 'https://tiktok.com/x' } }],
    ["Invalid body field 'social': must be an object of facebook, instagram, linkedin, youtube", { social: 'https://facebook.com/x' }],
    [
      "Invalid body field 'photos': must be an array of at most 20 photos",
      { photos: Array.from({ length: 21 }, (_, i) => ({ url: `https://cdn.example.com/${i}.jpg` })) },
    ],
    ["Invalid body field 'photos.url': must be an https URL", { photos: [{ url: 'http://cdn.example.com/a.jpg' }] }],
    ["Invalid body field 'photos': each photo is {url, caption}", { photos: [{ url: 'https://cdn.example.com/a.jpg', width: 4 }] }],
    ["Invalid body field 'photos.url': is required", { photos: [{ url: null }] }],
    [
      "Invalid body field 'photos.caption': must be at most 200 characters",
      { photos: [{ url: 'https://cdn.example.com/a.jpg', caption: 'c'.repeat(201) }] },
    ],
  ])('%s (INVAL), in the preview as in the write', async (message, changes) => {
    const c = await claimed();
    for (const confirm of [false, true]) {
      const err = await edit(c.token, changes, confirm).catch((e: { code: string; message: string }) => e);
      expect(err).toMatchObject({ code: 'INVAL', message });
    }
  });

  test('accepted spellings: social hosts with www./m., youtu.be, phone punctuation, the longest lengths', async () => {
    const c = await claimed();
    const r = await edit(c.token, {
      phone: '+1 (772) 555-0134',
      website: 'https://Osprey-Diesel.example.com:8443/about?x=1#top',
      social: {
        facebook: 'https://m.facebook.com/osprey',
        instagram: 'https://www.instagram.com/osprey/',
        linkedin: 'https://www.linkedin.com/company/osprey',
        youtube: 'https://youtu.be/abc',
      },
      tagline: 't'.repeat(300),
      about: 'a'.repeat(5000),
      photos: Array.from({ length: 20 }, (_, i) => ({ url: `https://cdn.example.com/${i}.jpg` })),
    });
    expect(r.changed).toHaveLength(9);
  });

  test('isVerified stays the directory’s: an edit cannot reach it, and staff changing it leave an audit row', async () => {
    const c = await claimed();
    await edit(c.token, { tagline: 'Fresh tagline' });
    const { rows } = await db.pool.query(
      `select count(*)::int as n from app_public.staff_audit where table_name = 'contractors' and row_key = $1`,
      [{ id: c.listing.id }],
    );
    expect(rows[0].n).toBe(0);
    await callAs(db, 'marine_admin', 'update app_public.contractors set is_verified = true where id = $1', [c.listing.id]);
    const { rows: audit } = await db.pool.query(
      `select action, old_values, new_values from app_public.staff_audit where table_name = 'contractors' and row_key = $1`,
      [{ id: c.listing.id }],
    );
    expect(audit).toEqual([{ action: 'update', old_values: { is_verified: false }, new_values: { is_verified: true } }]);
  });

  test('at most 30 edits of a listing in 24 hours: RATEL, for the preview too', async () => {
    const c = await claimed();
    await db.pool.query(
      `insert into app_public.listing_edits (contractor_id, claim_id, old_values, new_values)
       select $1, $2, '{}', '{}' from generate_series(1, 30)`,
      [c.listing.id, c.claimId],
    );
    for (const confirm of [false, true]) expect(await sqlState(edit(c.token, { tagline: 'One more' }, confirm))).toBe('RATEL');
    await db.pool.query(`update app_public.listing_edits set at = now() - interval '25 hours' where contractor_id = $1`, [c.listing.id]);
    await edit(c.token, { tagline: 'One more' });
  });

  test('a bad token is CREDS before anything is checked', async () => {
    expect(await sqlState(edit('0'.repeat(64), { tagline: 'x' }))).toBe('CREDS');
  });
});

describe('policies', () => {
  test('request roles cannot read claims, edits or their secrets; staff read claims and edits, and write none', async () => {
    await claimed();
    for (const role of ['marine_anonymous', 'marine_agent'] as const) {
      for (const table of ['app_public.listing_claims', 'app_public.listing_edits', 'app_private.listing_access_tokens']) {
        await asRole(db, role, async (client) => {
          expect(await sqlState(client.query(`select count(*) from ${table}`))).toBe('42501');
        });
      }
    }
    await asRole(db, 'marine_admin', async (client) => {
      const { rows } = await client.query('select count(*)::int as n from app_public.listing_claims');
      expect(rows[0].n).toBeGreaterThan(0);
      await client.query('select count(*) from app_public.listing_edits');
    });
    for (const sql of [
      `update app_public.listing_claims set status = 'verified'`,
      `insert into app_public.listing_edits (contractor_id, claim_id, old_values, new_values) select contractor_id, id, '{}', '{}' from app_public.listing_claims limit 1`,
      'delete from app_public.listing_edits',
      'select count(*) from app_private.listing_claim_secrets',
    ]) {
      await asRole(db, 'marine_admin', async (client) => {
        expect(await sqlState(client.query(sql))).toBe('42501');
      });
    }
  });
});
