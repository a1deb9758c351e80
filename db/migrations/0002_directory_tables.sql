-- Up Migration
-- The public directory: specialties, contractors, their link, native reviews, articles and blog.

create function app_hidden.is_slug(p text) returns boolean
  language sql immutable parallel safe
  as $$ select p ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(p) <= 120 $$;

-- array_to_string is only STABLE (it calls type output functions); for text[] it is immutable,
-- which the generated search column needs.
create function app_hidden.join_text(p text[]) returns text
  language sql immutable parallel safe
  as $$ select array_to_string(p, ' ') $$;

-- A photo or video list: an array of objects that each have an http(s) url.
create function app_hidden.is_media_list(p jsonb) returns boolean
  language sql immutable parallel safe
  as $$
    select jsonb_typeof(p) = 'array'
       and not jsonb_path_exists(p, '$[*] ? (!(@.url like_regex "^https?://"))')
  $$;

------------------------------------------------------------------------------------------------
create table app_public.specialties (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (app_hidden.is_slug(slug)),
  name text not null check (length(name) between 1 and 100),
  -- Active contractors with this specialty, kept by triggers (counting at request time is a
  -- join over every link row).
  contractor_count integer not null default 0 check (contractor_count >= 0),
  created_at timestamptz not null default now()
);
comment on table app_public.specialties is 'A kind of marine work a contractor offers; the slug is the search filter value.';
comment on column app_public.specialties.contractor_count is 'Number of active contractors offering this specialty (maintained by triggers).';

------------------------------------------------------------------------------------------------
create table app_public.contractors (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (app_hidden.is_slug(slug)),
  name text not null check (length(name) between 1 and 200),
  tagline text check (length(tagline) <= 300),
  about text check (length(about) <= 10000),
  services text[] not null default '{}',
  marina text,
  phone text,
  email extensions.citext,
  website_url text check (website_url ~ '^https?://'),
  city text,
  state text check (state ~ '^[A-Z]{2}$'),
  location_text text,
  geocoded_city text,
  geocoded_state text check (geocoded_state ~ '^[A-Z]{2}$'),
  geog extensions.geography(Point, 4326),
  latitude double precision generated always as (extensions.st_y(geog::extensions.geometry)) stored,
  longitude double precision generated always as (extensions.st_x(geog::extensions.geometry)) stored,
  rating numeric(3, 2) check (rating between 1 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  google_rating numeric(2, 1) check (google_rating between 1 and 5),
  google_review_count integer not null default 0 check (google_review_count >= 0),
  -- The public rating blends native and Google reviews by their counts (DESIGN.md).
  public_rating numeric(3, 2) generated always as (
    case when review_count + google_review_count > 0 then
      round((coalesce(rating, 0) * review_count + coalesce(google_rating, 0) * google_review_count)
            / (review_count + google_review_count), 2)
    end
  ) stored,
  is_verified boolean not null default false,
  is_claimed boolean not null default false,
  is_active boolean not null default true,
  logo_url text check (logo_url ~ '^https?://'),
  avatar_url text check (avatar_url ~ '^https?://'),
  photos jsonb not null default '[]' check (app_hidden.is_media_list(photos)),
  videos jsonb not null default '[]' check (app_hidden.is_media_list(videos)),
  badges text[] not null default '{}',
  social_facebook text check (social_facebook ~ '^https?://'),
  social_instagram text check (social_instagram ~ '^https?://'),
  social_linkedin text check (social_linkedin ~ '^https?://'),
  social_youtube text check (social_youtube ~ '^https?://'),
  year_established integer check (year_established between 1800 and 2100),
  search tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, name), 'A') ||
    setweight(to_tsvector('english'::regconfig,
      app_hidden.join_text(services) || ' ' || coalesce(marina, '') || ' ' ||
      coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || coalesce(location_text, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(tagline, '') || ' ' || coalesce(about, '')), 'C')
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table app_public.contractors is 'A marine service contractor ("pro") in the directory. Inactive ones are invisible to every public operation.';
comment on column app_public.contractors.geog is 'Position (WGS 84) used by the radius and bounding-box searches.';
comment on column app_public.contractors.rating is 'Average of native reviews (maintained by triggers); null without reviews.';
comment on column app_public.contractors.public_rating is 'Native and Google ratings blended by their review counts.';
comment on column app_public.contractors.search is 'Full-text document: name (A); services, marina, location (B); tagline and about (C).';

create index contractors_search_idx on app_public.contractors using gin (search);
create index contractors_geog_idx on app_public.contractors using gist (geog);
-- Bounding boxes are rectangles in longitude/latitude, so they search the geometry form.
create index contractors_geom_idx on app_public.contractors using gist ((geog::extensions.geometry));
create index contractors_city_trgm_idx on app_public.contractors using gin (city extensions.gin_trgm_ops);
create index contractors_state_idx on app_public.contractors (state);
-- The default order of listings: best public rating first, then id (a stable keyset).
create index contractors_rank_idx on app_public.contractors ((coalesce(public_rating, 0)), id) where is_active;

create trigger _100_set_updated_at before update on app_public.contractors
  for each row execute function app_private.tg__set_updated_at();

------------------------------------------------------------------------------------------------
create table app_public.contractor_specialties (
  contractor_id uuid not null references app_public.contractors on delete cascade,
  specialty_id uuid not null references app_public.specialties on delete cascade,
  primary key (contractor_id, specialty_id)
);
create index contractor_specialties_specialty_idx on app_public.contractor_specialties (specialty_id, contractor_id);
comment on table app_public.contractor_specialties is 'Which specialties each contractor offers.';

------------------------------------------------------------------------------------------------
create table app_public.reviews (
  id uuid primary key default gen_random_uuid(),
  contractor_id uuid not null references app_public.contractors on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  body text not null check (length(body) between 3 and 2000),
  author_name text not null check (length(author_name) between 1 and 200),
  source text not null default 'native',
  is_published boolean not null default true,
  created_at timestamptz not null default now()
);
create index reviews_contractor_idx on app_public.reviews (contractor_id, created_at desc, id);
comment on table app_public.reviews is 'A native review of a contractor; published ones count towards its rating and show on its profile.';

------------------------------------------------------------------------------------------------
create table app_public.posts (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('article', 'blog')),
  slug text not null check (app_hidden.is_slug(slug)),
  title text not null check (length(title) between 1 and 300),
  excerpt text check (length(excerpt) <= 1000),
  body text,
  url text not null check (url ~ '^https?://'),
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (kind, slug),
  check (status = 'draft' or published_at is not null)
);
create index posts_feed_idx on app_public.posts (kind, published_at desc, id desc) where status = 'published';
create trigger _100_set_updated_at before update on app_public.posts
  for each row execute function app_private.tg__set_updated_at();
comment on table app_public.posts is 'Articles and blog posts. Drafts and posts scheduled for later are invisible to the public.';

------------------------------------------------------------------------------------------------
-- Derived counts. Native rating and review count follow the published reviews; a specialty's
-- contractor_count follows the active contractors linked to it. Bulk loads that switch
-- triggers off call app_private.recount_directory() afterwards.

create function app_private.refresh_contractor_rating(p_contractor_id uuid) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    update app_public.contractors c
       set rating = r.avg_rating, review_count = r.n
      from (select round(avg(rating), 2) as avg_rating, count(*)::int as n
              from app_public.reviews
             where contractor_id = p_contractor_id and is_published) r
     where c.id = p_contractor_id
       and (c.rating, c.review_count) is distinct from (r.avg_rating, r.n)
  $$;

create function app_private.tg_reviews__refresh_rating() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform app_private.refresh_contractor_rating(old.contractor_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.contractor_id <> old.contractor_id
      or new.rating <> old.rating or new.is_published <> old.is_published) then
    perform app_private.refresh_contractor_rating(new.contractor_id);
  end if;
  return null;
end
$$;
create trigger _500_refresh_rating after insert or update or delete on app_public.reviews
  for each row execute function app_private.tg_reviews__refresh_rating();

create function app_private.add_specialty_counts(p_contractor_id uuid, p_delta int) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    update app_public.specialties s set contractor_count = s.contractor_count + p_delta
      from app_public.contractor_specialties cs
     where cs.contractor_id = p_contractor_id and cs.specialty_id = s.id
  $$;

create function app_private.tg_contractor_specialties__count() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  -- A link counts while its contractor exists and is active. When a contractor is deleted its
  -- own trigger has already subtracted, and the cascaded link delete finds no contractor.
  if tg_op in ('UPDATE', 'DELETE') then
    update app_public.specialties set contractor_count = contractor_count - 1
     where id = old.specialty_id
       and exists (select 1 from app_public.contractors where id = old.contractor_id and is_active);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update app_public.specialties set contractor_count = contractor_count + 1
     where id = new.specialty_id
       and exists (select 1 from app_public.contractors where id = new.contractor_id and is_active);
  end if;
  return null;
end
$$;
create trigger _500_specialty_counts after insert or update or delete on app_public.contractor_specialties
  for each row execute function app_private.tg_contractor_specialties__count();

create function app_private.tg_contractors__specialty_counts() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op = 'DELETE' and old.is_active then
    perform app_private.add_specialty_counts(old.id, -1);
  elsif tg_op = 'UPDATE' and new.is_active <> old.is_active then
    perform app_private.add_specialty_counts(new.id, case when new.is_active then 1 else -1 end);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger _500_specialty_counts_delete before delete on app_public.contractors
  for each row execute function app_private.tg_contractors__specialty_counts();
create trigger _500_specialty_counts_update after update of is_active on app_public.contractors
  for each row execute function app_private.tg_contractors__specialty_counts();

-- Recomputes every derived count from scratch (after a bulk load with triggers off).
create function app_private.recount_directory() returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    update app_public.contractors c
       set rating = r.avg_rating, review_count = r.n
      from (select c2.id, round(avg(rv.rating), 2) as avg_rating, count(rv.id)::int as n
              from app_public.contractors c2
              left join app_public.reviews rv on rv.contractor_id = c2.id and rv.is_published
             group by c2.id) r
     where c.id = r.id and (c.rating, c.review_count) is distinct from (r.avg_rating, r.n);
    update app_public.specialties s
       set contractor_count = coalesce(n.count, 0)
      from app_public.specialties s2
      left join (select cs.specialty_id, count(*)::int as count
                   from app_public.contractor_specialties cs
                   join app_public.contractors c on c.id = cs.contractor_id and c.is_active
                  group by cs.specialty_id) n on n.specialty_id = s2.id
     where s.id = s2.id and s.contractor_count is distinct from coalesce(n.count, 0);
  $$;

------------------------------------------------------------------------------------------------
-- Row-level security. Every caller sees the public directory; admins (staff) see everything.

alter table app_public.specialties enable row level security;
alter table app_public.contractors enable row level security;
alter table app_public.contractor_specialties enable row level security;
alter table app_public.reviews enable row level security;
alter table app_public.posts enable row level security;

create policy select_all on app_public.specialties for select to marine_anonymous using (true);
create policy select_active on app_public.contractors for select to marine_anonymous using (is_active);
create policy select_all on app_public.contractor_specialties for select to marine_anonymous using (true);
create policy select_published on app_public.reviews for select to marine_anonymous using (is_published);
create policy select_published on app_public.posts for select to marine_anonymous
  using (status = 'published' and published_at <= now());

create policy admin_all on app_public.specialties for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.contractors for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.contractor_specialties for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.reviews for all to marine_admin using (true) with check (true);
create policy admin_all on app_public.posts for all to marine_admin using (true) with check (true);

grant select on app_public.specialties, app_public.contractors, app_public.contractor_specialties,
  app_public.reviews, app_public.posts to marine_anonymous;

-- Staff edit the directory; derived columns (counts, ratings, search) are not theirs to write.
grant insert, delete on app_public.specialties, app_public.contractors, app_public.contractor_specialties,
  app_public.reviews, app_public.posts to marine_admin;
grant update (slug, name) on app_public.specialties to marine_admin;
grant update (slug, name, tagline, about, services, marina, phone, email, website_url, city, state,
  location_text, geocoded_city, geocoded_state, geog, google_rating, google_review_count,
  is_verified, is_claimed, is_active, logo_url, avatar_url, photos, videos, badges,
  social_facebook, social_instagram, social_linkedin, social_youtube, year_established)
  on app_public.contractors to marine_admin;
grant update (rating, body, author_name, is_published) on app_public.reviews to marine_admin;
grant update (slug, title, excerpt, body, url, status, published_at) on app_public.posts to marine_admin;
