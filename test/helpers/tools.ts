// Runs the command-line tools of third-party packages (linters, code generators, Prism, the MCP
// inspector) with this process's Node, so they run on the project's Node whatever PATH says.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The script behind a package's bin, resolved through its package.json. */
export function binOf(pkg: string, bin: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const rel = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin];
  if (!rel) throw new Error(`${pkg} has no bin ${bin}`);
  return path.join(ROOT, 'node_modules', pkg, rel);
}

const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' };

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * How long one run of an external tool (a linter, a compiler, the MCP inspector, Prism's start)
 * may take: each is seconds of CPU, many times that on a machine whose cores are busy. The tests
 * assert what the tools find, not how fast they run; files that run tools set their jest
 * timeout from it (TOOL_TEST_TIMEOUT_MS).
 */
export const TOOL_TIMEOUT_MS = 240_000;
export const TOOL_TEST_TIMEOUT_MS = TOOL_TIMEOUT_MS + 60_000;

export function runTool(script: string, args: string[], timeoutMs = TOOL_TIMEOUT_MS): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') reject(err);
        else resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
      },
    );
  });
}

/** Starts a long-running tool (Prism's proxy); the caller kills it. */
export function startTool(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Writes a JSON file into a fresh temporary directory; returns its path. */
export function tempJson(name: string, value: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'marine-tools-')), name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

export { ROOT };
