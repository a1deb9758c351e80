// The seed's load over several connections (what the bench uses at 1,000,000) must build the
// database the one-transaction load builds: the same rows, derived values, search postings and
// words, indexes and next search number; and leave the triggers it drops for the load as they
// were. The template was loaded in one transaction.
import { seed } from '../../scripts/seed/load';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/** What a load decides, each as one digest: every row of the tables it fills or derives. */
const CONTENTS = {
  specialties: `select md5(string_agg(s::text, '|' order by s.id)) from app_public.specialties s`,
  contractors: `select md5(string_agg(c::text, '|' order by c.id)) from app_public.contractors c`,
  links: `select md5(string_agg(l::text, '|' order by l::text)) from app_public.contractor_specialties l`,
  reviews: `select md5(string_agg(r::text, '|' order by r.id)) from app_public.reviews r`,
  posts: `select md5(string_agg(p::text, '|' order by p.id)) from app_public.posts p`,
  postings: `select count(*) || ' ' || md5(string_agg(p::text, '|' order by p.term collate "C", p.band)) from app_private.search_postings p`,
  words: `select count(*) || ' ' || md5(string_agg(w.word, '|' order by w.word collate "C")) from app_private.search_words w`,
  cities: `select md5(string_agg(d::text, '|' order by d.city collate "C")) from app_private.directory_cities d`,
  indexes: `select string_agg(indexdef, E'\\n' order by indexdef) from pg_indexes where schemaname = 'app_public'`,
  nextSearchNo: `select last_value || ' ' || is_called from app_public.contractors_search_no_seq`,
};

/** The directory tables' triggers, each with its enabled state and comment. */
const TRIGGERS = `select string_agg(pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text || ' ' || coalesce(obj_description(t.oid, 'pg_trigger'), '-'),
    E'\\n' order by t.tgrelid::regclass::text, t.tgname) as triggers from pg_trigger t
   where not t.tgisinternal and t.tgrelid::regclass::text like 'app_public.%'`;

async function contents(db: TestDatabase): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(CONTENTS)) out[name] = Object.values((await db.pool.query(sql)).rows[0])[0];
  return out;
}

describe('the seed loaded over two connections', () => {
  let loaded: TestDatabase;
  let parallel: TestDatabase;
  beforeAll(async () => {
    [loaded, parallel] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([loaded?.drop(), parallel?.drop()]);
  });

  test('builds the database the one-transaction load builds', async () => {
    const size = Number((await loaded.pool.query('select count(*) from app_public.contractors')).rows[0].count);
    expect(size).toBeGreaterThan(100);
    await parallel.pool.query(`truncate app_public.specialties, app_public.contractors, app_public.contractor_specialties,
      app_public.reviews, app_public.posts, app_private.search_postings, app_private.search_words,
      app_private.directory_cities cascade`);
    await parallel.pool.query('alter sequence app_public.contractors_search_no_seq restart');

    // The load drops the triggers that read transition tables and makes them again (load.ts), as
    // they were: with a comment and a state other than the default, too.
    await parallel.pool.query(`comment on trigger _610_search_update on app_public.contractors is 'kept by the load'`);
    await parallel.pool.query(`alter table app_public.contractor_specialties enable always trigger _600_specialty_slugs_delete`);
    const triggersBefore = (await parallel.pool.query(TRIGGERS)).rows[0];
    expect(triggersBefore.triggers).toMatch(/_610_search_insert .*REFERENCING NEW TABLE/);

    const result = await seed(parallel.url, size, { connections: 2 });
    expect(result).toMatchObject({ skipped: false, contractors: size });
    expect(await contents(parallel)).toEqual(await contents(loaded));
    expect((await parallel.pool.query(TRIGGERS)).rows[0]).toEqual(triggersBefore);
  });

  test('refuses to load into tables that hold rows, and changes nothing', async () => {
    const before = await contents(loaded);
    await expect(seed(loaded.url, 10, { connections: 2 })).rejects.toThrow(/must be empty/);
    expect(await contents(loaded)).toEqual(before);
  });
});
