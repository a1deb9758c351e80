// Which columns each directory table is loaded with, and how a generated row fills them. The
// column list and the values come from one table of pairs so they cannot drift apart.
import type { ContractorRow, ContractorSpecialtyRow, PostRow, ReviewRow, SpecialtyRow } from './generate';
import { bool, decimal, int, json, point, text, textArray } from './copy-text';

export interface CopyTable<R> {
  readonly table: string;
  readonly columns: readonly (readonly [column: string, encode: (row: R) => string])[];
}

export function copySql<R>(t: CopyTable<R>): string {
  return `copy ${t.table} (${t.columns.map(([c]) => c).join(', ')}) from stdin`;
}

export function encodeRow<R>(t: CopyTable<R>, row: R): string {
  let out = '';
  for (const [, encode] of t.columns) out += (out === '' ? '' : '\t') + encode(row);
  return out + '\n';
}

export const SPECIALTIES_TABLE: CopyTable<SpecialtyRow> = {
  table: 'app_public.specialties',
  columns: [
    ['id', (r) => r.id],
    ['slug', (r) => text(r.slug)],
    ['name', (r) => text(r.name)],
    ['created_at', (r) => r.createdAt],
  ],
};

export const CONTRACTORS_TABLE: CopyTable<ContractorRow> = {
  table: 'app_public.contractors',
  columns: [
    ['id', (r) => r.id],
    ['search_no', (r) => int(r.searchNo)],
    ['slug', (r) => text(r.slug)],
    ['name', (r) => text(r.name)],
    ['tagline', (r) => text(r.tagline)],
    ['about', (r) => text(r.about)],
    ['services', (r) => textArray(r.services)],
    ['specialty_slugs', (r) => textArray(r.specialtySlugs)],
    ['marina', (r) => text(r.marina)],
    ['phone', (r) => text(r.phone)],
    ['email', (r) => text(r.email)],
    ['website_url', (r) => text(r.websiteUrl)],
    ['city', (r) => text(r.city)],
    ['state', (r) => text(r.state)],
    ['location_text', (r) => text(r.locationText)],
    ['geocoded_city', (r) => text(r.geocodedCity)],
    ['geocoded_state', (r) => text(r.geocodedState)],
    ['geog', (r) => point(r.lat, r.lng)],
    ['google_rating', (r) => decimal(r.googleRating)],
    ['google_review_count', (r) => int(r.googleReviewCount)],
    ['rating', (r) => text(r.rating)],
    ['review_count', (r) => int(r.reviewCount)],
    ['specialty_items', (r) => text(r.specialtyItems)],
    ['is_verified', (r) => bool(r.isVerified)],
    ['is_claimed', (r) => bool(r.isClaimed)],
    ['is_active', (r) => bool(r.isActive)],
    ['logo_url', (r) => text(r.logoUrl)],
    ['avatar_url', (r) => text(r.avatarUrl)],
    ['photos', (r) => json(r.photos)],
    ['videos', (r) => json(r.videos)],
    ['badges', (r) => textArray(r.badges)],
    ['social_facebook', (r) => text(r.socialFacebook)],
    ['social_instagram', (r) => text(r.socialInstagram)],
    ['social_linkedin', (r) => text(r.socialLinkedin)],
    ['social_youtube', (r) => text(r.socialYoutube)],
    ['year_established', (r) => int(r.yearEstablished)],
    ['created_at', (r) => r.createdAt],
    ['updated_at', (r) => r.updatedAt],
  ],
};

export const CONTRACTOR_SPECIALTIES_TABLE: CopyTable<ContractorSpecialtyRow> = {
  table: 'app_public.contractor_specialties',
  columns: [
    ['contractor_id', (r) => r.contractorId],
    ['specialty_id', (r) => r.specialtyId],
  ],
};

export const REVIEWS_TABLE: CopyTable<ReviewRow> = {
  table: 'app_public.reviews',
  columns: [
    ['id', (r) => r.id],
    ['contractor_id', (r) => r.contractorId],
    ['rating', (r) => int(r.rating)],
    ['body', (r) => text(r.body)],
    ['author_name', (r) => text(r.authorName)],
    ['source', (r) => text(r.source)],
    ['is_published', (r) => bool(r.isPublished)],
    ['created_at', (r) => r.createdAt],
  ],
};

export const POSTS_TABLE: CopyTable<PostRow> = {
  table: 'app_public.posts',
  columns: [
    ['id', (r) => r.id],
    ['kind', (r) => r.kind],
    ['slug', (r) => text(r.slug)],
    ['title', (r) => text(r.title)],
    ['excerpt', (r) => text(r.excerpt)],
    ['body', (r) => text(r.body)],
    ['url', (r) => text(r.url)],
    ['status', (r) => r.status],
    ['published_at', (r) => text(r.publishedAt)],
    ['created_at', (r) => r.createdAt],
    ['updated_at', (r) => r.updatedAt],
  ],
};
