// Server timeouts and the connection cap (src/server.ts), set low here: a socket that stalls in
// its headers or its body is answered 408 and closed on time, an idle keep-alive connection is
// not mistaken for one, and connections beyond the cap are closed at once.
import http from 'node:http';
import net from 'node:net';
import { startTestService, type TestService } from '../helpers/server';
import { request } from '../helpers/service-process';

let svc: TestService;
let port: number;
beforeAll(async () => {
  svc = await startTestService({
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    HTTP_REQUEST_TIMEOUT_MS: '2000',
    HTTP_MAX_CONNECTIONS: '5',
  });
  port = Number(new URL(svc.url).port);
});
afterAll(() => svc.stop());

/** Opens a socket, writes `text`, and resolves with what came back and when it closed. */
function stall(text: string): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let reply = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (d) => (reply += d));
    socket.on('error', reject);
    const limit = setTimeout(() => socket.destroy(new Error('still open after 10 s')), 10_000);
    socket.on('close', () => {
      clearTimeout(limit);
      resolve({ ms: Date.now() - started, reply });
    });
  });
}

test('a socket that stalls after a partial header is answered 408 and closed within the headers timeout', async () => {
  const { ms, reply } = await stall('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
  expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  expect(ms).toBeGreaterThanOrEqual(900);
  // Node checks on a timer of a tenth of the timeout; the rest is this busy machine.
  expect(ms).toBeLessThan(1_600);
});

test('a socket that stalls in its body is closed within the request timeout', async () => {
  const { ms, reply } = await stall(
    `POST ${'/api/v1/public/search-mcp/service-requests'} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"owner":',
  );
  expect(reply === '' || /^HTTP\/1\.1 408 /.test(reply)).toBe(true);
  expect(ms).toBeGreaterThanOrEqual(1_900);
  expect(ms).toBeLessThan(2_600);
});

test('an idle keep-alive connection outlives the headers timeout and is reused', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await request(svc.url + '/healthz', { agent })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    const again = await request(svc.url + '/healthz', { agent });
    expect(again).toMatchObject({ status: 200, reusedSocket: true });
  } finally {
    agent.destroy();
  }
});

test('connections beyond HTTP_MAX_CONNECTIONS are closed at once; the rest are served', async () => {
  const open = await Promise.all(
    Array.from(
      { length: 5 },
      () =>
        new Promise<net.Socket>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  try {
    await new Promise((r) => setTimeout(r, 100));
    const { ms, reply } = await stall('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(reply).toBe('');
    expect(ms).toBeLessThan(500);
    // The connections within the cap are served.
    const replies = await Promise.all(
      open.map(
        (s) =>
          new Promise<string>((resolve) => {
            if (s.closed) return resolve('closed');
            let got = '';
            s.on('data', (d) => {
              got += d;
              if (got.includes('\r\n\r\n')) resolve(got);
            });
            s.on('close', () => resolve(got));
            s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
          }),
      ),
    );
    for (const r of replies) expect(r).toMatch(/^HTTP\/1\.1 200 /);
  } finally {
    for (const s of open) s.destroy();
  }
  await new Promise((r) => setTimeout(r, 100));
  expect((await request(svc.url + '/healthz')).status).toBe(200);
});
