// Rate limits stay exact across processes: their counts live in PostgreSQL, so npm start's HTTP
// workers (or more machines) share them. 600 concurrent requests on a fresh public key through
// two workers: exactly 500 pass.
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { spawnService, type ServiceProcess } from '../helpers/service-process';

let db: TestDatabase;
let svc: ServiceProcess;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  svc?.killAll();
  await svc?.exited;
  await db.drop();
});

test('exactly 500 of 600 concurrent requests on a fresh public key pass through two HTTP workers', async () => {
  svc = await spawnService(db, { WEB_CONCURRENCY: '2', RUN_WORKER: 'false', RATE_LIMIT_PUBLIC: '500', REGISTRATIONS_PER_HOUR: '100' });
  const listening = await svc.waitForLog((l) => l.msg === 'listening', 30_000, 2);
  const workers = new Set(listening.map((l) => l.pid));
  expect(workers.size).toBe(2);
  const registered = await fetch(`${svc.url}/api/agents/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Two',
      lastName: 'Workers',
      email: `two-workers-${process.pid}@example.com`,
      password: 'a long enough password',
    }),
  }).then((r) => r.json() as Promise<{ data: { credentials: { apiKey: string } } }>);
  const headers = { authorization: `Bearer ${registered.data.credentials.apiKey}` };
  const statuses = await Promise.all(
    Array.from({ length: 600 }, () =>
      fetch(`${svc.url}/api/v1/public/contractors/search?limit=1`, { headers }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  const counts = { ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length };
  // Both workers answered some of them (each logs its requests with its pid).
  const answeredBy = new Set(
    svc
      .logs()
      .filter((l) => typeof l.res === 'object' && l.res !== null)
      .map((l) => l.pid),
  );
  console.info('two workers', { ...counts, answeredBy: [...answeredBy] });
  expect(counts).toEqual({ ok: 500, limited: 100 });
  expect([...answeredBy].filter((pid) => workers.has(pid)).length).toBe(2);
}, 90_000);
