// What the staff schema leaves out of app_public, beyond what grants and indexes already decide.
import type { PgCodec } from 'postgraphile/@dataplan/pg';
import { jsonPgSmartTags, sql } from './postgraphile';

/**
 * PostGraphile has no codec for PostGIS' geography, so it would skip `contractors.geog` anyway
 * (the generated latitude/longitude columns carry the position), but warns on every start with
 * a page of introspection dump. This codec reads it as GeoJSON text and is typed as a String on
 * output only; the smart tags below hide the column everywhere, so nothing shows it today.
 */
const geographyCodec: PgCodec = {
  name: 'geography',
  sqlType: sql`extensions.geography`,
  castFromPg: (fragment) => sql`extensions.st_asgeojson(${fragment})`,
  fromPg: (value: string) => value,
  toPg: (value: string) => value,
  executor: null,
  attributes: undefined,
};

export const GeographyCodecPlugin: GraphileConfig.Plugin = {
  name: 'GeographyCodecPlugin',
  version: '1.0.0',
  gather: {
    hooks: {
      pgCodecs_findPgCodec(_info, event) {
        if (event.pgCodec === null && event.pgType.typname === 'geography') event.pgCodec = geographyCodec;
      },
    },
  },
  schema: {
    hooks: {
      init(init, build) {
        if (build.pgCodecs.geography === geographyCodec) build.setGraphQLTypeForPgCodec(geographyCodec, 'output', 'String');
        return init;
      },
    },
  },
};
// graphile-config takes a plugin only if its prototype is null or its own realm's
// Object.prototype; under jest this module runs in another realm than PostGraphile.
Object.setPrototypeOf(GeographyCodecPlugin, null);

/**
 * `search` (the tsvector behind full-text search) and `geog` have GIN/GiST indexes, so Amber
 * would offer them as grouping keys of aggregates; neither is a value staff can read, nor is
 * `search_no` (the contractor's number in the search postings), nor `specialty_items` (a copy of
 * the specialties for list items; staff read contractorSpecialties).
 */
export const TrimTagsPlugin = jsonPgSmartTags({
  version: 1,
  config: {
    class: {
      'app_public.contractors': {
        attribute: {
          search: { tags: { behavior: '-*' } },
          search_no: { tags: { behavior: '-*' } },
          specialty_items: { tags: { behavior: '-*' } },
          geog: { tags: { behavior: '-*' } },
        },
      },
    },
  },
});
