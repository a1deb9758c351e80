// PgBouncer (Debian's package; scripts/lib/setup.sh installs it) in transaction mode in front of a
// fault cluster, on a free port, with a small server pool so that many client connections share
// few server connections: anything a request left in its session would reach another request.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FaultCluster } from './cluster';
import { freePort } from '../helpers/server';

const PGBOUNCER = '/usr/sbin/pgbouncer';
const isRoot = process.getuid?.() === 0;

export class PgBouncer {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly child: ChildProcess,
  ) {}

  /** The authenticator's URL through the pooler. */
  get authUrl(): string {
    return `postgres://marine_authenticator@127.0.0.1:${this.port}/marine`;
  }

  static async start(cluster: FaultCluster, serverPoolSize: number): Promise<PgBouncer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marine-pgbouncer-'));
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'userlist.txt'), '"marine_authenticator" ""\n"postgres" ""\n');
    fs.writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `marine = host=127.0.0.1 port=${cluster.port} dbname=marine`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${serverPoolSize}`,
        'max_client_conn = 500',
        'admin_users = postgres',
        '',
      ].join('\n'),
    );
    fs.chmodSync(dir, 0o755);
    // PgBouncer refuses to run as root.
    const [cmd, args] = isRoot ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER, 'pgbouncer.ini']] : [PGBOUNCER, ['pgbouncer.ini']];
    const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr!.on('data', (d: Buffer) => (log += d));
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return new PgBouncer(port, dir, child);
  }

  /** A SHOW command of PgBouncer's admin console (SHOW STATS, SHOW SERVERS, ...). */
  async show(what: string): Promise<Array<Record<string, unknown>>> {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/pgbouncer` });
    await client.connect();
    try {
      return (await client.query(`show ${what}`)).rows;
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    try {
      process.kill(-this.child.pid!, 'SIGTERM');
    } catch {
      // gone already
    }
    if (this.child.exitCode === null) await exited;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
