// Deterministic demo rows for the directory tables (db/migrations/0002_directory_tables.sql).
// Pure: the same seed and index always give the same row, whatever the total size, because each
// record draws from its own generator (see random.ts). Columns the database computes (latitude,
// longitude, public_rating, search) are not produced here; the ones the recount derives from other
// tables (rating, review_count, specialty_slugs, specialty_items) are, exactly as it derives them,
// so the load writes each contractor row once and the recount finds nothing to rewrite.
import {
  BADGES,
  BOAT_KINDS,
  BOATS,
  BUSINESS_NOUNS,
  COMPANY_SUFFIXES,
  EMAIL_BOXES,
  FIRST_NAMES,
  NAME_PREFIXES,
  PHOTO_CAPTIONS,
  SURNAMES,
  VIDEO_TITLES,
} from './names';
import {
  ABOUT_CLOSINGS,
  ABOUT_CREDENTIALS,
  ABOUT_INTROS,
  ABOUT_SERVICES,
  OWNERSHIP,
  REVIEW_FOLLOW_UPS_BAD,
  REVIEW_FOLLOW_UPS_GOOD,
  REVIEW_FOLLOW_UPS_MIXED,
  REVIEW_OPENERS_BAD,
  REVIEW_OPENERS_GOOD,
  REVIEW_OPENERS_MIXED,
  TAGLINES,
  TRADE_WORDS,
  midSentence,
  type ProfileContext,
  type ReviewContext,
} from './phrases';
import { ARTICLE_TOPICS, BLOG_TOPICS, BODY_PARAGRAPHS, type PostTopic } from './post-topics';
import { Rng, Stream, WeightedTable, at } from './random';
import { EQUIPMENT, SPECIALTIES, type Specialty, type SpecialtySlug } from './specialties';
import { TOWNS, type Town } from './towns';

/** The default seed: change it and every row changes. */
export const SEED = 0x5eed_2026;

/** "Now" for the demo data; every timestamp is derived from it, never from the clock. */
export const REFERENCE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z

const DAY_MS = 86_400_000;
const MILES_PER_DEGREE_LAT = 69.0;
/** Spread of contractors around their town centre (a 2-D normal, in miles)... */
const JITTER_SIGMA_MILES = 3.5;
/** ...cut off here, so nobody is listed far from the town it names. */
const JITTER_MAX_MILES = 20;
const CDN = 'https://cdn.marinepros.example';
const SITE = 'https://marinepros.example';

export interface SpecialtyRow {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly createdAt: string;
}

export interface MediaPhoto {
  readonly url: string;
  readonly caption: string;
}

export interface MediaVideo {
  readonly url: string;
  readonly title: string;
}

export interface ContractorRow {
  readonly id: string;
  /** Its place in the load, from 1: the numbers the identity gives a one-connection load in order, written so a load split over connections gives the same. */
  readonly searchNo: number;
  readonly slug: string;
  readonly name: string;
  readonly tagline: string | null;
  readonly about: string | null;
  readonly services: readonly string[];
  /** Slugs of its specialties, sorted: the search document's specialty tokens (written with the row, so the recount finds nothing to change). */
  readonly specialtySlugs: readonly string[];
  readonly marina: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly websiteUrl: string | null;
  readonly city: string;
  readonly state: string;
  readonly locationText: string;
  readonly geocodedCity: string | null;
  readonly geocodedState: string | null;
  /** WGS 84 degrees, 6 decimals (about 10 cm). */
  readonly lat: number;
  readonly lng: number;
  readonly googleRating: number | null;
  readonly googleReviewCount: number;
  /** Average of its published native reviews, two decimals as PostgreSQL prints them; null without any. */
  readonly rating: string | null;
  /** Its published native reviews. */
  readonly reviewCount: number;
  /** specialty_items' JSON text as refresh_specialty_slugs writes it (the column is json: its text is kept). */
  readonly specialtyItems: string;
  readonly isVerified: boolean;
  readonly isClaimed: boolean;
  readonly isActive: boolean;
  readonly logoUrl: string | null;
  readonly avatarUrl: string | null;
  readonly photos: readonly MediaPhoto[];
  readonly videos: readonly MediaVideo[];
  readonly badges: readonly string[];
  readonly socialFacebook: string | null;
  readonly socialInstagram: string | null;
  readonly socialLinkedin: string | null;
  readonly socialYoutube: string | null;
  readonly yearEstablished: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ContractorSpecialtyRow {
  readonly contractorId: string;
  readonly specialtyId: string;
}

export interface ReviewRow {
  readonly id: string;
  readonly contractorId: string;
  readonly rating: number;
  readonly body: string;
  readonly authorName: string;
  readonly source: 'native';
  readonly isPublished: boolean;
  readonly createdAt: string;
}

export interface PostRow {
  readonly id: string;
  readonly kind: 'article' | 'blog';
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly body: string;
  readonly url: string;
  readonly status: 'draft' | 'published';
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

/** Lowercase kebab-case ASCII: "Bud N' Mary's & Co." -> "bud-n-marys-co". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 32-bit FNV-1a of a string: a stable record index for things keyed by name. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A whole-second instant uniformly in [from, to). */
function instantBetween(rng: Rng, from: number, to: number): number {
  return from + Math.floor((rng.float() * (to - from)) / 1000) * 1000;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Picks a count from weights indexed by count: [w0, w1, ...]. */
function countTable(weights: readonly number[]): WeightedTable<number> {
  return new WeightedTable(
    weights.map((_, k) => k),
    (k) => at(weights, k),
  );
}

// ---------------------------------------------------------------------------------------------
// Specialties

const specialtyIds: readonly string[] = SPECIALTIES.map((s) => Rng.for(SEED, hashString(s.slug), Stream.specialty).uuid());

/** The specialties, with ids fixed by slug (adding or reordering specialties keeps the others' ids). */
export function specialtyRows(): SpecialtyRow[] {
  return SPECIALTIES.map((s, k) => ({
    id: at(specialtyIds, k),
    slug: s.slug,
    name: s.name,
    createdAt: iso(Date.UTC(2023, 10, 1)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Contractors

const townTable = new WeightedTable(TOWNS, (t) => t.weight);
const specialtyTable = new WeightedTable<Specialty>(SPECIALTIES, (s) => s.weight);
/** Per group, the same weights with every other group's specialties at zero. */
const groupTables = new Map(
  SPECIALTIES.map((s) => [s.group, new WeightedTable<Specialty>(SPECIALTIES, (o) => (o.group === s.group ? o.weight : 0))]),
);
/** Chance that each further specialty comes from the main one's group (a diesel shop also does generators). */
const SAME_GROUP_CHANCE = 0.75;
/** How many specialties a contractor offers: most have one or two. */
const specialtyCountTable = new WeightedTable([1, 2, 3, 4], (n) => [0, 35, 35, 20, 10][n] ?? 0);
const reviewCountTable = countTable([30, 20, 15, 12, 10, 8, 5]); // 0..6, mean ~2
const reviewRatingTable = new WeightedTable([1, 2, 3, 4, 5], (r) => [0, 4, 4, 9, 25, 58][r] ?? 0);
const videoCountTable = countTable([70, 20, 10]);
const badgeCountTable = countTable([35, 30, 20, 15]);

/** For a few contractors the geocoder settled on the nearest other town of the same state. */
const nearestTownInState: readonly Town[] = TOWNS.map((town) => {
  let best = town;
  let bestDistance = Infinity;
  for (const other of TOWNS) {
    if (other === town || other.state !== town.state) continue;
    const d = (other.lat - town.lat) ** 2 + ((other.lng - town.lng) * Math.cos((town.lat * Math.PI) / 180)) ** 2;
    if (d < bestDistance) {
      best = other;
      bestDistance = d;
    }
  }
  return best;
});

const CONTRACTORS_FROM = Date.UTC(2019, 0, 1);
const CONTRACTORS_UNTIL = REFERENCE_DATE - 30 * DAY_MS;

/** What other tables need of contractor i: drawn from its own stream, so cheap to recompute. */
interface ContractorCore {
  readonly id: string;
  readonly townIndex: number;
  readonly town: Town;
  /** Indices into SPECIALTIES; the first is the contractor's main trade. */
  readonly specialtyIndices: readonly number[];
  readonly createdAtMs: number;
}

function pickSpecialties(rng: Rng, count: number): number[] {
  const main = specialtyTable.pickIndex(rng);
  const group = groupTables.get(specialtyAt(main).group) ?? specialtyTable;
  const chosen = [main];
  // Redraws are few: every group has at least three members and the global table is the fallback.
  while (chosen.length < count) {
    const k = (rng.chance(SAME_GROUP_CHANCE) ? group : specialtyTable).pickIndex(rng);
    if (!chosen.includes(k)) chosen.push(k);
  }
  return chosen;
}

function contractorCore(index: number, seed: number): ContractorCore {
  const rng = Rng.for(seed, index, Stream.contractorCore);
  const id = rng.uuid();
  const townIndex = townTable.pickIndex(rng);
  const specialtyIndices = pickSpecialties(rng, specialtyCountTable.pick(rng));
  const createdAtMs = instantBetween(rng, CONTRACTORS_FROM, CONTRACTORS_UNTIL);
  return { id, townIndex, town: at(TOWNS, townIndex), specialtyIndices, createdAtMs };
}

function specialtyAt(index: number): (typeof SPECIALTIES)[number] {
  return at(SPECIALTIES, index);
}

function businessName(rng: Rng, town: Town, mainSlug: SpecialtySlug): string {
  const noun = rng.pick(BUSINESS_NOUNS[mainSlug]);
  const roll = rng.float();
  let name: string;
  if (roll < 0.3) name = `${rng.pick(NAME_PREFIXES)} ${noun}`;
  else if (roll < 0.5) name = `${town.city} ${noun}`;
  else if (roll < 0.74) name = `${rng.pick(SURNAMES)}'s ${noun}`;
  else if (roll < 0.86) name = `${rng.pick(SURNAMES)} ${noun}`;
  else if (roll < 0.93) name = `${rng.pick(SURNAMES)} & Sons ${noun}`;
  else name = `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)} ${noun}`;
  if (rng.chance(0.1) && !name.endsWith('.')) name = `${name} ${rng.pick(COMPANY_SUFFIXES)}`;
  return name;
}

/**
 * Unique by construction: the last segment is the contractor's number, and no name or town
 * produces an all-digit segment of its own. The town is left out when the name already says it.
 */
function contractorSlug(name: string, town: Town, index: number): string {
  const nameSlug = slugify(name);
  const townSlug = slugify(`${town.city} ${town.state}`);
  const base = nameSlug.includes(slugify(town.city)) ? `${nameSlug}-${town.state.toLowerCase()}` : `${nameSlug}-${townSlug}`;
  return `${base.slice(0, 100).replace(/-+$/, '')}-${index + 1}`;
}

function servicesFor(rng: Rng, specialtyIndices: readonly number[]): string[] {
  const services = new Set<string>();
  specialtyIndices.forEach((s, k) => {
    const offered = specialtyAt(s).services;
    for (const phrase of rng.sample(offered, k === 0 ? rng.int(2, 4) : rng.int(1, 2))) services.add(phrase);
  });
  return [...services];
}

/** "Yamaha and Mercury outboards": brands serviced, for most contractors of trades that have them. */
function equipmentFor(seed: number, index: number, specialtyIndices: readonly number[]): string[] {
  const rng = Rng.for(seed, index, Stream.equipment);
  const phrases: string[] = [];
  for (const s of specialtyIndices) {
    const equipment = EQUIPMENT[specialtyAt(s).slug];
    if (!equipment || !rng.chance(0.7)) continue;
    const brands = rng.sample(equipment.brands, rng.int(1, 3));
    const listed = brands.length === 1 ? brands[0] : `${brands.slice(0, -1).join(', ')} and ${brands[brands.length - 1]}`;
    phrases.push(`${listed} ${equipment.noun}`);
  }
  return phrases;
}

/** Gaussian-ish scatter around the town: mostly within ~8 miles, never beyond 20. */
function positionNear(rng: Rng, town: Town): { lat: number; lng: number } {
  let dx: number;
  let dy: number;
  do {
    dx = rng.gaussian() * JITTER_SIGMA_MILES;
    dy = rng.gaussian() * JITTER_SIGMA_MILES;
  } while (dx * dx + dy * dy > JITTER_MAX_MILES * JITTER_MAX_MILES);
  const lat = town.lat + dy / MILES_PER_DEGREE_LAT;
  const lng = town.lng + dx / (MILES_PER_DEGREE_LAT * Math.cos((town.lat * Math.PI) / 180));
  return { lat: round(lat, 6), lng: round(lng, 6) };
}

/** Skewed high like real listings: most 4.0-5.0, a tail of poor ones. */
function googleRating(rng: Rng): number {
  const raw = rng.chance(0.9) ? 5 - Math.abs(rng.gaussian()) * 0.55 : 1 + rng.float() * 3;
  return Math.min(5, Math.max(1, round(raw, 1)));
}

function compactHandle(slug: string): string {
  return slug.replace(/-/g, '');
}

/** Contractor number `index` (0-based) of the demo directory. */
export function contractorAt(index: number, seed: number = SEED): ContractorRow {
  const core = contractorCore(index, seed);
  const { town } = core;
  const rng = Rng.for(seed, index, Stream.contractorProfile);
  const main = specialtyAt(at(core.specialtyIndices, 0));

  const name = businessName(rng, town, main.slug);
  const slug = contractorSlug(name, town, index);
  const services = [...servicesFor(rng, core.specialtyIndices), ...equipmentFor(seed, index, core.specialtyIndices)];
  const marina = rng.chance(0.7) ? rng.pick(town.marinas) : null;
  // 1965..2024, recent years likelier, and never after the listing was created.
  const latestYear = Math.min(2024, new Date(core.createdAtMs).getUTCFullYear());
  const yearEstablished = latestYear - Math.floor(rng.float() ** 1.6 * (latestYear - 1965 + 1));

  const boatKinds = rng.sample(BOAT_KINDS, 2);
  const context: ProfileContext = {
    name,
    city: town.city,
    state: town.state,
    trade: TRADE_WORDS[main.slug],
    services: services.map(midSentence),
    marina,
    yearEstablished,
    boatKind: at(boatKinds, 0),
    boatKind2: at(boatKinds, 1),
    yearsOfExperience: rng.int(2, 6) * 5,
    ownership: rng.pick(OWNERSHIP),
  };
  const aboutParts = [rng.pick(ABOUT_INTROS), rng.pick(ABOUT_SERVICES)];
  if (rng.chance(0.6)) aboutParts.push(rng.pick(ABOUT_CREDENTIALS));
  if (rng.chance(0.5)) aboutParts.push(rng.pick(ABOUT_CLOSINGS));
  const about = rng.chance(0.95) ? aboutParts.map((t) => t(context)).join(' ') : null;
  const tagline = rng.chance(0.9) ? rng.pick(TAGLINES)(context) : null;

  const geocodeRoll = rng.float();
  const geocodedTown = geocodeRoll < 0.04 ? at(nearestTownInState, core.townIndex) : town;
  const geocoded = geocodeRoll < 0.1 && geocodeRoll >= 0.04 ? null : geocodedTown;
  const locationText = marina && rng.chance(0.15) ? `${marina}, ${town.city}, ${town.state}` : `${town.city}, ${town.state}`;
  const { lat, lng } = positionNear(rng, town);

  const hasGoogle = rng.chance(0.85);
  const rating = hasGoogle ? googleRating(rng) : null;
  const googleReviewCount = hasGoogle ? Math.min(400, Math.floor(Math.exp(rng.float() * Math.log(400))) + 1) : 0;

  const isVerified = rng.chance(0.6);
  const isClaimed = rng.chance(isVerified ? 0.9 : 0.45);
  const isActive = rng.chance(0.97);

  const photos = Array.from({ length: rng.int(0, 5) }, (_, k) => ({
    url: `${CDN}/photos/${slug}/${k + 1}.jpg`,
    caption: rng.pick(PHOTO_CAPTIONS),
  }));
  const videos = Array.from({ length: videoCountTable.pick(rng) }, () => ({
    url: `https://www.youtube.com/watch?v=${rng.token(11)}`,
    title: rng.pick(VIDEO_TITLES),
  }));
  const handle = compactHandle(slug);
  const updatedAtMs = instantBetween(rng, core.createdAtMs, REFERENCE_DATE);

  return {
    id: core.id,
    searchNo: index + 1,
    slug,
    name,
    tagline,
    about,
    services,
    specialtySlugs: core.specialtyIndices.map((i) => specialtyAt(i).slug).sort(),
    marina,
    phone: rng.chance(0.95) ? `(${town.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}` : null,
    email: rng.chance(0.9) ? `${rng.pick(EMAIL_BOXES)}@${slug}.example` : null,
    websiteUrl: rng.chance(0.8) ? `https://${slug}.example` : null,
    city: town.city,
    state: town.state,
    locationText,
    geocodedCity: geocoded?.city ?? null,
    geocodedState: geocoded?.state ?? null,
    lat,
    lng,
    googleRating: rating,
    googleReviewCount,
    ...reviewSummary(reviewsAt(index, seed)),
    specialtyItems: specialtyItems(core.specialtyIndices),
    isVerified,
    isClaimed,
    isActive,
    logoUrl: rng.chance(0.7) ? `${CDN}/logos/${slug}.png` : null,
    avatarUrl: rng.chance(0.8) ? `${CDN}/avatars/${core.id}.jpg` : null,
    photos,
    videos,
    badges: rng.sample(BADGES, badgeCountTable.pick(rng)),
    socialFacebook: rng.chance(0.55) ? `https://www.facebook.com/${handle}` : null,
    socialInstagram: rng.chance(0.45) ? `https://www.instagram.com/${handle}` : null,
    socialLinkedin: rng.chance(0.15) ? `https://www.linkedin.com/company/${slug}` : null,
    socialYoutube: rng.chance(0.1) ? `https://www.youtube.com/@${handle}` : null,
    yearEstablished,
    createdAt: iso(core.createdAtMs),
    updatedAt: iso(updatedAtMs),
  };
}

/** What refresh_specialty_slugs writes: slugs and {id, name, slug} objects ordered by name, then id. */
function specialtyItems(indices: readonly number[]): string {
  const byName = indices
    .map((k) => ({ id: at(specialtyIds, k), name: specialtyAt(k).name, slug: specialtyAt(k).slug }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // json_build_object's and json_agg's separators; row_to_json writes none.
  const slugs = byName.map((s) => JSON.stringify(s.slug)).join(', ');
  const objects = byName.map((s) => JSON.stringify(s)).join(', ');
  return `{"slugs" : [${slugs}], "objects" : [${objects}]}`;
}

/**
 * rating and review_count as recount_ratings_and_specialties derives them: round(avg(rating), 2)
 * over the published reviews (half away from zero, in whole hundredths so no float rounds it).
 */
function reviewSummary(reviews: readonly ReviewRow[]): { rating: string | null; reviewCount: number } {
  let sum = 0,
    n = 0;
  for (const r of reviews) {
    if (!r.isPublished) continue;
    sum += r.rating;
    n++;
  }
  if (n === 0) return { rating: null, reviewCount: 0 };
  const hundredths = Math.floor((200 * sum + n) / (2 * n));
  return { rating: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`, reviewCount: n };
}

export function* contractorRows(size: number, seed: number = SEED): Generator<ContractorRow> {
  for (let i = 0; i < size; i++) yield contractorAt(i, seed);
}

/** The specialty links of contractor `index`: one to four, common trades more often. */
export function contractorSpecialtiesAt(index: number, seed: number = SEED): ContractorSpecialtyRow[] {
  const core = contractorCore(index, seed);
  return core.specialtyIndices.map((s) => ({ contractorId: core.id, specialtyId: at(specialtyIds, s) }));
}

export function* contractorSpecialtyRows(size: number, seed: number = SEED): Generator<ContractorSpecialtyRow> {
  for (let i = 0; i < size; i++) yield* contractorSpecialtiesAt(i, seed);
}

// ---------------------------------------------------------------------------------------------
// Reviews

function reviewBody(rng: Rng, rating: number, context: ReviewContext): string {
  const [openers, followUps] =
    rating >= 4
      ? [REVIEW_OPENERS_GOOD, REVIEW_FOLLOW_UPS_GOOD]
      : rating === 3
        ? [REVIEW_OPENERS_MIXED, REVIEW_FOLLOW_UPS_MIXED]
        : [REVIEW_OPENERS_BAD, REVIEW_FOLLOW_UPS_BAD];
  const sentences = [rng.pick(openers)(context)];
  for (const t of rng.sample(followUps, rng.int(0, 2))) sentences.push(t(context));
  return sentences.join(' ');
}

/** The native reviews of contractor `index`: zero to six, about two on average. */
export function reviewsAt(index: number, seed: number = SEED): ReviewRow[] {
  const core = contractorCore(index, seed);
  const rng = Rng.for(seed, index, Stream.reviews);
  const main = specialtyAt(at(core.specialtyIndices, 0));
  const count = reviewCountTable.pick(rng);
  const reviews: ReviewRow[] = [];
  for (let k = 0; k < count; k++) {
    const rating = reviewRatingTable.pick(rng);
    const context: ReviewContext = {
      tech: rng.pick(FIRST_NAMES),
      boat: rng.pick(BOATS),
      service: midSentence(rng.pick(main.services)),
      trade: TRADE_WORDS[main.slug],
      city: core.town.city,
    };
    reviews.push({
      id: rng.uuid(),
      contractorId: core.id,
      rating,
      body: reviewBody(rng, rating, context),
      authorName: `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES).charAt(0)}.`,
      source: 'native',
      isPublished: rng.chance(0.97),
      createdAt: iso(instantBetween(rng, core.createdAtMs, REFERENCE_DATE)),
    });
  }
  return reviews;
}

export function* reviewRows(size: number, seed: number = SEED): Generator<ReviewRow> {
  for (let i = 0; i < size; i++) yield* reviewsAt(i, seed);
}

// ---------------------------------------------------------------------------------------------
// Posts

const POSTS_WINDOW_MS = 3 * 365 * DAY_MS;

function postBody(rng: Rng, topic: PostTopic): string {
  const paragraphs = rng.sample(BODY_PARAGRAPHS, rng.int(3, 5));
  return [`## ${topic.title}`, topic.excerpt, ...paragraphs].join('\n\n');
}

/**
 * About 40 articles and 60 blog posts. Every tenth post is a draft; every twentieth (offset) is
 * scheduled 7 to 24 months after the reference date, so it stays in the future for a while.
 */
export function postRows(seed: number = SEED): PostRow[] {
  const topics = [
    ...ARTICLE_TOPICS.map((topic) => ({ kind: 'article' as const, topic })),
    ...BLOG_TOPICS.map((topic) => ({ kind: 'blog' as const, topic })),
  ];
  return topics.map(({ kind, topic }, n) => {
    const rng = Rng.for(seed, n, Stream.post);
    const id = rng.uuid();
    const slug = slugify(topic.title);
    const isDraft = n % 10 === 3;
    const isScheduled = n % 20 === 7;
    let publishedAtMs: number | null;
    let createdAtMs: number;
    if (isDraft) {
      publishedAtMs = null;
      createdAtMs = instantBetween(rng, REFERENCE_DATE - 180 * DAY_MS, REFERENCE_DATE);
    } else if (isScheduled) {
      publishedAtMs = instantBetween(rng, REFERENCE_DATE + 210 * DAY_MS, REFERENCE_DATE + 730 * DAY_MS);
      createdAtMs = instantBetween(rng, REFERENCE_DATE - 60 * DAY_MS, REFERENCE_DATE);
    } else {
      publishedAtMs = instantBetween(rng, REFERENCE_DATE - POSTS_WINDOW_MS, REFERENCE_DATE - DAY_MS);
      createdAtMs = publishedAtMs - rng.int(1, 21) * DAY_MS;
    }
    const updatedAtMs = instantBetween(rng, createdAtMs, Math.min(REFERENCE_DATE, (publishedAtMs ?? REFERENCE_DATE) + 90 * DAY_MS));
    return {
      id,
      kind,
      slug,
      title: topic.title,
      excerpt: topic.excerpt,
      body: postBody(rng, topic),
      url: `${SITE}/${kind === 'article' ? 'articles' : 'blog'}/${slug}`,
      status: isDraft ? 'draft' : 'published',
      publishedAt: publishedAtMs === null ? null : iso(publishedAtMs),
      createdAt: iso(createdAtMs),
      updatedAt: iso(Math.max(createdAtMs, updatedAtMs)),
    };
  });
}
