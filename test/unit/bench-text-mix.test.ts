// The text-mix table's ratios (issue 23's acceptance is stated in them): each from the figures of
// one run, the p99 growth from the smallest size to the largest, and the SQL median over the
// two-word shape's at the largest size.
import { textMixMarkdown, TWO_WORDS, type TextMixSize } from '../../bench/text-mix';

const row = (workload: string, median: number, p99: number) => ({
  workload,
  sql: { median, max: median * 2, slowest: `select '${workload}'` },
  api: { rps: 100, p99 },
  db: { rps: 120 },
});
const size = (n: number, rows: TextMixSize['rows']): TextMixSize => ({ size: n, date: 'd', rows });

const tableRow = (md: string, name: string) =>
  md
    .split('\n')
    .find((l) => l.startsWith(`| ${name} |`))!
    .split(' | ');

test('each shape gets its p99 growth and its SQL median over two words at the largest size, whatever order the sizes come in', () => {
  const md = textMixMarkdown([
    size(1_000_000, [row(TWO_WORDS, 5, 60), row('text common words together', 20, 180), row('specialties', 0.1, 1)]),
    size(10_000, [row(TWO_WORDS, 4, 50), row('text common words together', 5, 60)]),
  ]);
  expect(tableRow(md, TWO_WORDS).slice(-2)).toEqual(['1.20×', '1.00× |']);
  expect(tableRow(md, 'text common words together').slice(-2)).toEqual(['3.00×', '4.00× |']);
  expect(md).not.toContain('| specialties |');
  expect(md).toContain('Dearest shape at 1,000,000: text common words together, SQL median 20.0 ms, 4.00× text national 2 words.');
});

test('with one size there is no growth, and without the two-word shape no ratio and no dearest shape', () => {
  const md = textMixMarkdown([size(10_000, [row('text typo national', 5, 60)])]);
  expect(tableRow(md, 'text typo national').slice(-2)).toEqual(['–', '– |']);
  expect(md).not.toContain('Dearest shape');
});
