// Variant B's reading of a page of list items is a text replacement on SQL's JSON: it must change
// exactly the two fields' nulls, never text inside a string that looks like them.
import { variantBItems } from '../../src/directory/readings';
import { RawJson } from '../../src/json/raw-json';

const item = (fields: Record<string, unknown>): Record<string, unknown> => ({
  id: 'x',
  tagline: null,
  rating: null,
  reviewCount: 0,
  googleRating: null,
  ...fields,
});
const b = (items: unknown[]) => JSON.parse(variantBItems(new RawJson(JSON.stringify(items))).text) as Array<Record<string, unknown>>;

test('null ratings become 0; numbers stay', () => {
  expect(b([item({}), item({ rating: 4.5, googleRating: 3 })])).toEqual([
    item({ rating: 0, googleRating: 0 }),
    item({ rating: 4.5, googleRating: 3 }),
  ]);
  expect(b([{ rating: null }])).toEqual([{ rating: 0 }]);
});

test.each([',"rating":null,', '{"googleRating":null}', '\\",\\"rating\\":null,', 'ends with a backslash \\', 'x","rating":null,"y'])(
  'a string holding %j is left as it is',
  (text) => {
    const items = [item({ tagline: text, name: text }), item({ about: text, rating: 5 })];
    const out = b(items);
    expect(out.map((i) => [i.tagline, i.name, i.about])).toEqual(items.map((i) => [i.tagline, i.name, i.about]));
    expect(out.map((i) => [i.rating, i.googleRating])).toEqual([
      [0, 0],
      [5, 0],
    ]);
  },
);
