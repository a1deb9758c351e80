// Finding the first NUL in parsed input: document order, keys as well as values, any depth.
import { nulBytePath, printablePath } from '../../src/input/nul-bytes';

test('the first string holding a NUL, by its keys and indexes in document order', () => {
  expect(nulBytePath({ a: 'ok', owner: { firstName: 'A\0', lastName: '\0' }, z: '\0' })).toEqual(['owner', 'firstName']);
  expect(nulBytePath({ answers: ['fine', 'x\0y'] })).toEqual(['answers', '1']);
  expect(nulBytePath('\0')).toEqual([]);
  expect(nulBytePath({ a: 1, b: null, c: [true, 'text'], d: undefined })).toBeNull();
});

test('a key holding a NUL is reported too, printed with \\0', () => {
  const path = nulBytePath({ owner: { 'first\0Name': 'A' } });
  expect(path).toEqual(['owner', 'first\0Name']);
  expect(printablePath(path!)).toBe('owner.first\\0Name');
});

test('nesting deeper than the call stack is searched without recursion', () => {
  let deep: unknown = 'bottom\0';
  for (let i = 0; i < 200_000; i += 1) deep = [deep];
  expect(nulBytePath(deep)?.length).toBe(200_000);
});
