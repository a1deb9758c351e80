// db/CONVENTIONS.md: a function that runs in a request's transaction is PL/pgSQL, or a SQL
// function PostgreSQL can inline. A SQL function that is security definer or carries its own
// settings is never inlined, so every transaction that calls it parses and plans it again
// (key_caller, contractor_list_item, contractor_profile and autocomplete each cost 0.4-3 ms of
// PostgreSQL CPU a request that way). The ones written before the rule are listed in
// docs/performance.md ("What is left") and here; the list may only shrink.
import { createTestDatabase, type TestDatabase } from '../../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Not yet converted (docs/performance.md, "What is left"): remove a name once it is. */
const NOT_YET_CONVERTED = [
  'opportunity_status',
  'owner_get_opportunity',
  'owner_list_opportunities',
  'owner_opportunity_status',
  'owner_visit_options',
  'pro_ask_missing_info',
  'pro_decline_request',
  'pro_get_quote',
  'pro_message_owner',
  'pro_offer_visit_times',
  'pro_send_estimate',
  'service_request_json',
];

test('request-path SQL functions can be inlined, but for the listed ones not yet converted', async () => {
  const { rows } = await db.pool.query<{ name: string }>(
    `select distinct p.proname as name
       from pg_proc p
       join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'app_hidden'::regnamespace
        and l.lanname = 'sql'
        and (p.prosecdef or p.proconfig is not null)
      order by 1`,
  );
  expect(rows.map((r) => r.name)).toEqual(NOT_YET_CONVERTED);
});
