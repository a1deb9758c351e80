// The ports the service takes when nothing says otherwise (src/config.ts: PORT on HOST, METRICS_PORT
// on METRICS_HOST), held by a listener of the test's own, as a running `npm start` holds them. A
// test file that starts processes holds them while it runs: a process that falls back to a
// default port then fails at once, here as it would beside `npm start`. A port that is taken
// already (by a real `npm start`, or by another test file holding it) is held already: fine.
import net from 'node:net';
import { loadConfig } from '../../src/config';

const defaults = loadConfig({ DATABASE_URL: 'postgres://defaults.invalid/none' });

/** Where `npm start` listens by default. */
export const DEFAULT_LISTENERS = [
  { name: 'PORT', port: defaults.PORT, host: defaults.HOST },
  { name: 'METRICS_PORT', port: defaults.METRICS_PORT, host: defaults.METRICS_HOST },
];

function hold(port: number, host: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

/** Holds every default port that is free; resolves with the function that lets them go. */
export async function holdDefaultPorts(): Promise<() => Promise<void>> {
  const held = (await Promise.all(DEFAULT_LISTENERS.map(({ port, host }) => hold(port, host)))).filter((s) => s !== null);
  return () => Promise.all(held.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(() => undefined);
}

/** For a test file that starts processes: the default ports are held from its first test to its last. */
export function holdDefaultPortsWhileFileRuns(): void {
  let release = async () => {};
  beforeAll(async () => {
    release = await holdDefaultPorts();
  });
  afterAll(() => release());
}

/** Whether something listens on each default port now (held here, by `npm start`, or by anyone). */
export async function defaultPortsTaken(): Promise<boolean[]> {
  return Promise.all(
    DEFAULT_LISTENERS.map(async ({ port, host }) => {
      const probe = await hold(port, host);
      if (probe === null) return true;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      return false;
    }),
  );
}
