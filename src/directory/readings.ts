// Where the spec's two variants type a field differently, each reading gets its own type
// (docs/api.md, "Two variants, one answer"): Variant B's rating and googleRating are numbers (0 with a count
// of 0), Variant A's rating is number-or-null; a profile's specialties are objects in B, slugs in
// A. SQL writes each contractor once, in Variant A's typing; the doors (REST's `data` and top
// level, MCP's results, which are REST's `data`) take the reading they answer with from here.
import { RawJson } from '../json/raw-json';

type Json = Record<string, unknown>;

// The page is compact JSON text (row_to_json, docs/performance.md). A key's opening quote right
// after `,` or `{` cannot be inside a string (a quote there is escaped as \"), so this matches
// exactly those two fields when their value is null.
const UNRATED = /([,{])"(rating|googleRating)":null(?=[,}])/g;

/** A page of list items (SQL's JSON text) in Variant B's reading. */
export function variantBItems(items: RawJson): RawJson {
  return new RawJson(items.text.replace(UNRATED, '$1"$2":0'));
}

/** A search or geo-search result (its items as SQL's JSON text) in Variant B's reading. */
export function variantBPage<T extends { contractors: RawJson }>(page: T): T {
  return { ...page, contractors: variantBItems(page.contractors) };
}

/** A profile in Variant B's reading: specialty objects, rating 0 when unrated. */
export function variantBProfile(profile: Json): Json {
  return { ...profile, rating: profile.rating ?? 0 };
}

/** A profile in Variant A's reading: specialty slugs, rating null when unrated. */
export function variantAProfile(profile: Json): Json {
  return { ...profile, specialties: (profile.specialties as Array<{ slug: string }>).map((s) => s.slug) };
}
