// The judged query set (queries.json) and what counts as relevant for one query, read from the
// database: the specialty a contractor offers, in a city when the query names one, or one
// contractor by slug. Only active contractors count, as search shows no others.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientBase } from 'pg';

export interface JudgedQuery {
  q: string;
  category: string;
  specialty?: string;
  city?: string;
  state?: string;
  contractor?: string;
}

export interface QuerySet {
  seedSize: number;
  queries: JudgedQuery[];
}

/** The judged sets: issue 16's typed queries, and issue 23's spoken ones (places, symptoms). */
export type QuerySetName = 'queries' | 'spoken';

// Beside this file when run from source (jest); from dist/bench/search-eval/ back to the source
// folder when built: the JSON is data, not built.
export function loadQuerySet(name: QuerySetName = 'queries'): QuerySet {
  const here = join(__dirname, `${name}.json`);
  const file = existsSync(here) ? here : join(__dirname, `../../../bench/search-eval/${name}.json`);
  const set = JSON.parse(readFileSync(file, 'utf8')) as QuerySet;
  for (const j of set.queries) {
    if (!j.contractor === !j.specialty) throw new Error(`"${j.q}": judge by a specialty or by a contractor, not both`);
  }
  return set;
}

/** The slugs of every active contractor relevant to the query (all of them: the judgement). */
export async function relevantSlugs(c: ClientBase, j: JudgedQuery): Promise<Set<string>> {
  const { rows } = await c.query<{ slug: string }>(
    `select c.slug from app_public.contractors c
      where c.is_active
        and ($1::text is null or c.slug = $1)
        and ($2::text is null or exists (select from app_public.contractor_specialties cs
                                           join app_public.specialties s on s.id = cs.specialty_id
                                          where cs.contractor_id = c.id and s.slug = $2))
        and ($3::text is null or c.city = $3)
        and ($4::text is null or c.state = $4)`,
    [j.contractor ?? null, j.specialty ?? null, j.city ?? null, j.state ?? null],
  );
  return new Set(rows.map((r) => r.slug));
}
