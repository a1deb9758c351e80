// The built service (`node dist/src/main.js`, as npm start runs it) as a child process of the
// fault tests, with everything it writes kept for the secrets scan.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../helpers/server';

const ROOT = path.resolve(__dirname, '../..');

export class ServiceProcess {
  output = '';
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);

  private constructor(readonly port: number, private readonly env: Record<string, string>) {}

  static async start(env: Record<string, string>): Promise<ServiceProcess> {
    const service = new ServiceProcess(await freePort(), env);
    await service.restart();
    return service;
  }

  get url(): string { return `http://127.0.0.1:${this.port}`; }
  get pid(): number | undefined { return this.child?.pid; }

  /** Starts it (again, on the same port) and waits until /readyz answers 200. */
  async restart(): Promise<void> {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
      cwd: ROOT,
      // Its own process group, so a test can kill the whole service (supervisor and children).
      detached: true,
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${this.port}`,
        LOG_LEVEL: 'info', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d) => (this.output += d));
    child.stderr!.on('data', (d) => (this.output += d));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited:\n${this.output.slice(-3000)}`);
      const ready = await fetch(`${this.url}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`the service did not become ready:\n${this.output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Sends a signal to the whole process group; resolves with the exit code once it is gone. */
  async kill(signal: NodeJS.Signals): Promise<number | null> {
    if (this.child?.pid !== undefined && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, signal);
      } catch {
        // already gone
      }
    }
    return this.exited;
  }
}
