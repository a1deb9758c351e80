import { jsonWithRaw, materialize, RawJson } from '../../src/json/raw-json';
import { weakEtag } from '../../src/http/etag';

test('raw JSON text is spliced in unchanged, once per place, around an envelope of any strings', () => {
  const page = new RawJson('[{"name":"Ñandú Marine — café","n":1}]');
  const envelope = { success: true, data: { contractors: page, note: '\u0000 "quoted" \\ $& $1' }, contractors: page, next: null };
  const body = jsonWithRaw(envelope);
  expect(JSON.parse(body.toString('utf8'))).toEqual({
    success: true,
    data: { contractors: [{ name: 'Ñandú Marine — café', n: 1 }], note: '\u0000 "quoted" \\ $& $1' },
    contractors: [{ name: 'Ñandú Marine — café', n: 1 }],
    next: null,
  });
  expect(jsonWithRaw({ a: 1 }).toString()).toBe('{"a":1}');
  expect(materialize({ items: page })).toEqual({ items: [{ name: 'Ñandú Marine — café', n: 1 }] });
});

test('weak ETags follow the bytes', () => {
  const a = weakEtag(Buffer.from('{"a":1}'));
  expect(a).toMatch(/^W\/"7-[0-9a-f]+"$/);
  expect(weakEtag('{"a":1}', 'utf8')).toBe(a);
  expect(weakEtag(Buffer.from('{"a":2}'))).not.toBe(a);
});
