// A throwaway PostgreSQL cluster (initdb in a temporary folder, on a free port), for the fault
// tests (test/faults/: they kill its backends and restart it, which the shared test cluster must
// never see) and the replica bench (bench/replica.ts), with streaming replicas of it.
// Its server log is kept for the secrets scan (default logging: failed statements are written
// with their text, log_min_error_statement = error).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import net from 'node:net';
import pg from 'pg';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
// bench/ under ts-jest, dist/bench/ when built.
const ROOT = path.resolve(__dirname, path.basename(path.dirname(__dirname)) === 'dist' ? '../..' : '..');
const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL server program as the cluster's owner (initdb refuses root). */
function asOwner(program: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const file = path.join(PG_BIN, program);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export class FaultCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** For spawnService (its outbox folder is named after it). */
  get name(): string {
    return `faults_${this.port}`;
  }
  get dataDir(): string {
    return path.join(this.dir, 'data');
  }
  get logFile(): string {
    return path.join(this.dir, 'server.log');
  }
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/marine`;
  }
  get authUrl(): string {
    return `postgres://marine_authenticator@127.0.0.1:${this.port}/marine`;
  }

  /** A folder of the cluster owner's, and a free port. */
  private static async fresh(): Promise<FaultCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marine-faults-'));
    fs.chmodSync(dir, 0o755);
    if (isRoot) await run('chown', ['postgres:postgres', dir]);
    return new FaultCluster(dir, await freePort());
  }

  /**
   * initdb, start, create the database, migrate, load `size` demo contractors. `conf`: more
   * postgresql.conf lines (a replica made from it copies them).
   */
  static async create(size: number, conf: string[] = []): Promise<FaultCluster> {
    const cluster = await FaultCluster.fresh();
    await asOwner('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    fs.appendFileSync(
      path.join(cluster.dataDir, 'postgresql.conf'),
      [
        `port = ${cluster.port}`,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'max_connections = 100',
        'fsync = off',
        'log_min_error_statement = error',
        ...conf,
        '',
      ].join('\n'),
    );
    await cluster.start();
    await cluster.sql('create database marine', 'postgres');
    const env = { ...process.env, DATABASE_URL: cluster.url };
    await run(process.execPath, [path.join(ROOT, 'dist/scripts/migrate.js')], { env });
    await run(process.execPath, [path.join(ROOT, 'dist/scripts/seed/load.js'), '--size', String(size)], { env });
    return cluster;
  }

  /**
   * A streaming replica of this cluster on a port of its own (pg_basebackup -R: a copy of the
   * data folder, standby.signal, primary_conninfo), started.
   */
  async createReplica(): Promise<FaultCluster> {
    const replica = await FaultCluster.fresh();
    await asOwner('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-D',
      replica.dataDir,
      '-R',
      '-X',
      'stream',
      // A checkpoint at once, not spread over minutes.
      '-c',
      'fast',
    ]);
    // The copied postgresql.conf names this cluster's port; a later line wins.
    fs.appendFileSync(path.join(replica.dataDir, 'postgresql.conf'), `port = ${replica.port}\n`);
    await replica.start();
    return replica;
  }

  async start(): Promise<void> {
    await asOwner('pg_ctl', ['start', '-w', '-t', '60', '-D', this.dataDir, '-l', this.logFile]);
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await asOwner('pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', this.dataDir]);
  }

  /** One statement as the superuser, on a connection of its own. */
  async sql<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, database = 'marine', values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/${database}` });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Terminates every backend of the API (its connections say application_name marine-api). */
  async terminateApiBackends(): Promise<number> {
    const rows = await this.sql<{ n: number }>(`select count(*) filter (where pg_terminate_backend(pid))::int as n
      from pg_stat_activity where application_name = 'marine-api'`);
    return rows[0]!.n;
  }

  serverLog(): string {
    return fs.readFileSync(this.logFile, 'utf8');
  }

  /** The whole database as pg_dump writes it (schema and data). */
  async dump(): Promise<string> {
    const { stdout } = await run(path.join(PG_BIN, 'pg_dump'), ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', 'marine'], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
