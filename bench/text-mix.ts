// The text-search mix's table (issue 23): per shape and size, the warm SQL median, the API and
// pgbench; and the two ratios the issue's acceptance is stated in, each from one run: a shape's
// API p99 at the largest size over its p99 at the smallest, and each shape's SQL median at the
// largest size over the two-word shape's (the dearest shape named under the table).
import { f0, fms, fr } from './format';

/** What the table reads of a size's results (bench/main.ts's SizeResult). */
export interface TextMixSize {
  size: number;
  date: string;
  rows: ReadonlyArray<{
    workload: string;
    sql?: { median: number; max: number; slowest: string } | null;
    api: { rps: number; p99: number };
    db: { rps: number } | null;
  }>;
}

/** The shape the dearest query is measured against (issue 23: "a two-word query"). */
export const TWO_WORDS = 'text national 2 words';

type MixRow = TextMixSize['rows'][number];

const rowOf = (r: TextMixSize, name: string): MixRow | undefined => r.rows.find((x) => x.workload === name);

/** Last size's p99 over the first's, or null with fewer than two sizes or a missing figure. */
function p99Growth(results: readonly TextMixSize[], name: string): number | null {
  if (results.length < 2) return null;
  const first = rowOf(results[0]!, name)?.api.p99;
  const last = rowOf(results.at(-1)!, name)?.api.p99;
  return first && last ? last / first : null;
}

/** A shape's SQL median over the two-word shape's at the same size, or null. */
function overTwoWords(r: TextMixSize, name: string): number | null {
  const median = rowOf(r, name)?.sql?.median;
  const two = rowOf(r, TWO_WORDS)?.sql?.median;
  return median && two ? median / two : null;
}

export function textMixMarkdown(input: readonly TextMixSize[]): string {
  const results = [...input].sort((a, b) => a.size - b.size);
  const names = [...new Set(results.flatMap((r) => r.rows.map((row) => row.workload)))].filter((n) => n.includes('text'));
  const sizes = results.map((r) => r.size.toLocaleString('en-US'));
  const largest = results.at(-1);
  const lines = [
    '### Text-search mix: every shape',
    '',
    `Per size: SQL median (warm, one connection, ms) | API rps / p99 ms | pgbench rps. Then the API p99's growth from the first size to the last, and the SQL median over '${TWO_WORDS}' at the last size (same run).`,
    '',
    `| shape | ${sizes.map((s) => `${s}: SQL median | API rps / p99 | pgbench rps`).join(' | ')} | p99 growth | SQL / two words |`,
    `|---|${sizes.map(() => '---:|---:|---:').join('|')}|---:|---:|`,
  ];
  let dearest: { name: string; ratio: number } | undefined;
  for (const name of names) {
    const cells = results.map((r) => {
      const row = rowOf(r, name);
      return row ? `${fms(row.sql?.median)} | ${f0(row.api.rps)} / ${fms(row.api.p99)} | ${f0(row.db?.rps)}` : '– | – | –';
    });
    const ratio = largest ? overTwoWords(largest, name) : null;
    if (ratio !== null && ratio > (dearest?.ratio ?? -Infinity)) dearest = { name, ratio };
    lines.push(`| ${name} | ${cells.join(' | ')} | ${fr(p99Growth(results, name))} | ${fr(ratio)} |`);
  }
  if (largest && dearest) {
    lines.push(
      '',
      `Dearest shape at ${largest.size.toLocaleString('en-US')}: ${dearest.name}, SQL median ${fms(rowOf(largest, dearest.name)?.sql?.median)} ms, ${fr(dearest.ratio)} ${TWO_WORDS}.`,
    );
  }
  const slowest = results.flatMap((r) =>
    r.rows
      .filter((x) => x.sql && names.includes(x.workload))
      .map((x) => `- ${r.size}, ${x.workload}: ${fms(x.sql!.max)} ms: \`${x.sql!.slowest}\``),
  );
  lines.push(
    '',
    `Sizes measured: ${results.map((r) => `${r.size} (${r.date})`).join(', ')}.`,
    '',
    'Slowest warm SQL call of each shape:',
    '',
    ...slowest,
    '',
  );
  return lines.join('\n');
}
