// CPU time per request, from /proc (Linux): what the API process, PostgreSQL (every `postgres`
// process on the machine) and the whole machine spent during a measurement. On a two-core
// machine shared by the load generator, the API and PostgreSQL, throughput is CPU divided by
// what each request costs, so these say where a ratio comes from.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface Snapshot {
  api: number;
  postgres: number;
  busy: number;
  total: number;
}

/** The CPU a request cost in one measurement, in ms (null where /proc is not readable). */
export interface CpuPerRequest {
  apiMs: number;
  postgresMs: number;
  machineBusyPercent: number;
}

function processTicks(pid: number | string): { comm: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12, and 13, 14 the same of its
    // children that ended: a PostgreSQL backend's time moves to the postmaster when it exits.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks };
  } catch {
    return null; // gone meanwhile
  }
}

function snapshot(apiPid: number | undefined): Snapshot {
  let postgres = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = processTicks(name);
    if (p?.comm === 'postgres') postgres += p.ticks;
  }
  // cpu  user nice system idle iowait irq softirq steal ...
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { api: apiPid === undefined ? 0 : (processTicks(apiPid)?.ticks ?? 0), postgres, busy: total - idle, total };
}

/** Starts counting; the returned function gives the CPU per request of what ran in between. */
export function startCpuCount(apiPid?: number): (requests: number) => CpuPerRequest | null {
  let before: Snapshot;
  try {
    before = snapshot(apiPid);
  } catch {
    return () => null;
  }
  return (requests) => {
    const after = snapshot(apiPid);
    const per = (ticks: number) => (requests > 0 ? (ticks * TICK_MS) / requests : 0);
    return {
      apiMs: per(after.api - before.api),
      postgresMs: per(after.postgres - before.postgres),
      machineBusyPercent: (100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total),
    };
  };
}
