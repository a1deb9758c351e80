// A clone of this repository has no `../shared` beside it: nothing a reader or the service uses
// may point there. Only the tests and the CI scripts may (they run where it exists). The API's
// contract is the OpenAPI document; the API in words is docs/api.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ALLOWED = [/^test\//, /^\.ci\//];

test('no file outside test/ and .ci/ refers to ../shared', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && !ALLOWED.some((re) => re.test(f)) && fs.existsSync(path.join(ROOT, f)));
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.filter((f) => {
    const text = fs.readFileSync(path.join(ROOT, f));
    return text.includes('../shared');
  });
  expect(offenders).toEqual([]);
});
