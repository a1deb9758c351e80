// The documented shapes of directory objects, as jest matchers (both variants' fields).

const stringOrNull = (v: unknown) => v === null || typeof v === 'string';
const numberOrNull = (v: unknown) => v === null || typeof v === 'number';

function expectFields(obj: Record<string, unknown>, fields: Record<string, (v: unknown) => boolean>): void {
  for (const [name, check] of Object.entries(fields)) {
    if (!(name in obj)) throw new Error(`missing field ${name}`);
    if (!check(obj[name])) throw new Error(`field ${name} has the wrong type: ${JSON.stringify(obj[name])}`);
  }
}

const isString = (v: unknown) => typeof v === 'string';
const isInt = (v: unknown) => Number.isInteger(v);
const isBool = (v: unknown) => typeof v === 'boolean';
const specialtyObject = (v: unknown) => {
  const o = v as Record<string, unknown>;
  return typeof o.id === 'string' && typeof o.name === 'string' && typeof o.slug === 'string';
};

/** Variant A's Contractor and Variant B's list item, in one object. */
export function expectContractorListItem(c: Record<string, unknown>): void {
  // Variant A
  expectFields(c, {
    id: isString,
    slug: isString,
    name: isString,
    city: stringOrNull,
    state: stringOrNull,
    latitude: numberOrNull,
    longitude: numberOrNull,
    specialties: (v) => Array.isArray(v) && v.every(isString),
    rating: numberOrNull,
    reviewCount: isInt,
    phone: stringOrNull,
    website: stringOrNull,
  });
  // Variant B
  expectFields(c, {
    tagline: stringOrNull,
    location: stringOrNull,
    geocodedCity: stringOrNull,
    geocodedState: stringOrNull,
    avatarUrl: stringOrNull,
    googleRating: numberOrNull,
    googleReviewCount: isInt,
    isVerified: isBool,
    isClaimed: isBool,
    email: stringOrNull,
    websiteUrl: stringOrNull,
    specialities: (v) => Array.isArray(v) && v.every(specialtyObject),
  });
  expect((c.specialities as Array<{ slug: string }>).map((s) => s.slug)).toEqual(c.specialties);
}

/**
 * A list item as Variant B reads it (under `data`): the same item, with rating and googleRating
 * 0 instead of null (DESIGN.md: B types them as numbers, 0 with a count of 0).
 */
export function variantBItem(c: Record<string, unknown>): Record<string, unknown> {
  return { ...c, rating: c.rating ?? 0, googleRating: c.googleRating ?? 0 };
}

/** Variant B's full profile plus Variant A's latitude, longitude and website. */
export function expectContractorProfile(c: Record<string, unknown>): void {
  expectFields(c, {
    id: isString,
    slug: isString,
    name: isString,
    about: stringOrNull,
    tagline: stringOrNull,
    phone: stringOrNull,
    email: stringOrNull,
    location: stringOrNull,
    city: stringOrNull,
    state: stringOrNull,
    logoUrl: stringOrNull,
    isVerified: isBool,
    isClaimed: isBool,
    rating: numberOrNull,
    reviewCount: isInt,
    specialties: (v) => Array.isArray(v) && v.every(specialtyObject),
    photos: Array.isArray,
    videos: Array.isArray,
    reviews: Array.isArray,
    badges: (v) => Array.isArray(v) && v.every(isString),
    social: (v) => {
      const s = v as Record<string, unknown>;
      return ['facebook', 'instagram', 'linkedin', 'youtube'].every((k) => k in s && stringOrNull(s[k]));
    },
    yearEstablished: (v) => v === null || isInt(v),
    updatedAt: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
    latitude: numberOrNull,
    longitude: numberOrNull,
    website: stringOrNull,
  });
}
