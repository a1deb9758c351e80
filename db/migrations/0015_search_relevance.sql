-- Up Migration
-- Search that finds the right pro (issue 16, docs/decisions.md "Relevance"): the contractor's
-- specialties enter its text document as tokens, a trade vocabulary maps the words owners use to
-- specialties, the directory's own words are kept for typo correction and type-ahead, and a
-- name key finds exact names.
create extension if not exists fuzzystrmatch with schema extensions;

------------------------------------------------------------------------------------------------
-- The contractor's specialty slugs, kept from contractor_specialties by triggers (statement
-- level: one update per statement) and by recount_directory() after bulk loads.
alter table app_public.contractors add column specialty_slugs text[] not null default '{}';
comment on column app_public.contractors.specialty_slugs is 'Slugs of the contractor''s specialties (maintained from contractor_specialties; part of the search document).';

create function app_private.refresh_specialty_slugs(p_contractor_ids uuid[]) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    update app_public.contractors c
       set specialty_slugs = coalesce(n.slugs, '{}')
      from (select x.id, (select array_agg(s.slug order by s.slug)
                            from app_public.contractor_specialties cs
                            join app_public.specialties s on s.id = cs.specialty_id
                           where cs.contractor_id = x.id) as slugs
              from unnest(p_contractor_ids) as x(id)) n
     where c.id = n.id and c.specialty_slugs is distinct from coalesce(n.slugs, '{}');
  $$;
comment on function app_private.refresh_specialty_slugs(uuid[]) is 'Recomputes contractors.specialty_slugs for these contractors.';

create function app_private.tg_contractor_specialties__slugs() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if tg_op = 'INSERT' then
    perform app_private.refresh_specialty_slugs(array(select distinct contractor_id from new_links));
  else
    perform app_private.refresh_specialty_slugs(array(select distinct contractor_id from old_links));
  end if;
  return null;
end
$$;
create trigger _600_specialty_slugs_insert after insert on app_public.contractor_specialties
  referencing new table as new_links for each statement execute function app_private.tg_contractor_specialties__slugs();
create trigger _600_specialty_slugs_delete after delete on app_public.contractor_specialties
  referencing old table as old_links for each statement execute function app_private.tg_contractor_specialties__slugs();

create function app_private.tg_specialties__slugs() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.refresh_specialty_slugs(array(
    select cs.contractor_id from app_public.contractor_specialties cs where cs.specialty_id = new.id));
  return null;
end
$$;
create trigger _600_specialty_slugs after update of slug on app_public.specialties
  for each row execute function app_private.tg_specialties__slugs();

------------------------------------------------------------------------------------------------
-- The search document gains one token per specialty, 'specialty_<slug>' at weight A: no word
-- the english parser produces contains '_', so the tokens never meet a typed word.
create function app_hidden.contractor_search_document(
  p_name text, p_services text[], p_marina text, p_city text, p_state text, p_location_text text,
  p_tagline text, p_about text, p_specialty_slugs text[]
) returns tsvector
  language sql immutable parallel safe
  as $$
    select app_hidden.contractor_document(p_name, p_services, p_marina, p_city, p_state, p_location_text, p_tagline, p_about) ||
      coalesce((select string_agg(quote_literal('specialty_' || s) || ':1A', ' ') from unnest(p_specialty_slugs) s), '')::tsvector
  $$;
comment on function app_hidden.contractor_search_document is 'A contractor''s search document: contractor_document() plus a specialty_<slug> token (A) per specialty.';
grant execute on function app_hidden.contractor_search_document(text, text[], text, text, text, text, text, text, text[]) to marine_anonymous;

alter table app_public.contractors drop column search_signature, drop column search;
alter table app_public.contractors
  add column search tsvector generated always as (app_hidden.contractor_search_document(
    name, services, marina, city, state, location_text, tagline, about, specialty_slugs)) stored,
  add column search_signature bit(512) generated always as (app_hidden.lexeme_signature(tsvector_to_array(
    app_hidden.contractor_search_document(name, services, marina, city, state, location_text, tagline, about, specialty_slugs)))) stored;
comment on column app_public.contractors.search is 'Full-text document: name and specialty tokens (A); services, marina, location (B); tagline and about (C).';
comment on column app_public.contractors.search_signature is 'Signature of the search document''s lexemes (app_hidden.lexeme_signature), checked in the rated indexes before the row is read.';
create index contractors_search_idx on app_public.contractors using gin (search);
create index contractors_state_search_idx on app_public.contractors using gin (state, search) where is_active;
create index contractors_state_rank_idx on app_public.contractors (state, (coalesce(public_rating, 0)), id)
  include (public_rating, search_signature) where is_active;
create index contractors_text_rank_idx on app_public.contractors ((coalesce(public_rating, 0)), id)
  include (public_rating, search_signature) where is_active;

------------------------------------------------------------------------------------------------
-- Exact names: a name compared without case and punctuation ("RUSSO MOTOR WORKS",
-- "reed's outboards").
create function app_hidden.name_key(p_text text) returns text
  language sql immutable parallel safe strict
  as $$ select btrim(regexp_replace(lower(p_text), '[^a-z0-9]+', ' ', 'g')) $$;
comment on function app_hidden.name_key(text) is 'A name without case or punctuation, for exact-name matches.';
grant execute on function app_hidden.name_key(text) to marine_anonymous;
-- text_pattern_ops: also serves name prefixes (type-ahead).
create index contractors_name_key_idx on app_public.contractors (app_hidden.name_key(name) text_pattern_ops)
  include (public_rating) where is_active;

------------------------------------------------------------------------------------------------
-- The trade vocabulary: words and phrases owners use, and the specialty each means. Data, not
-- code: staff add rows as they learn how owners ask. A term is lower case, words separated by
-- one space. kind says why it is there; 'brand' terms rank below a listing that names the brand.
create table app_private.search_vocabulary (
  term text not null check (term ~ '^[a-z0-9'']+( [a-z0-9'']+)*$' and length(term) <= 60),
  specialty_slug text not null check (app_hidden.is_slug(specialty_slug)),
  kind text not null check (kind in ('specialty', 'role', 'jargon', 'british', 'brand', 'equipment', 'symptom')),
  primary key (term, specialty_slug)
);
alter table app_private.search_vocabulary enable row level security;
comment on table app_private.search_vocabulary is 'Trade vocabulary: a word or phrase owners use and the specialty it means (search).';

-- Words owners type that say nothing about the work ("boat", "need"): they may add to a score
-- but never narrow the results.
create table app_private.search_filler_words (
  word text primary key check (word ~ '^[a-z0-9'']+$')
);
alter table app_private.search_filler_words enable row level security;
comment on table app_private.search_filler_words is 'Words that never narrow a search (they only add to a score).';

-- Every word of the directory's names, services, places, specialties and vocabulary (lower
-- case, 3+ letters): what typos are corrected to and what a prefix is completed to. New words
-- arrive with their contractor (triggers); words are never removed (a stale one matches nothing).
create table app_private.search_words (
  word text collate "C" primary key
);
alter table app_private.search_words enable row level security;
comment on table app_private.search_words is 'The directory''s words, for typo correction and prefix completion (search).';
create index search_words_trgm_idx on app_private.search_words using gin (word extensions.gin_trgm_ops);

create function app_hidden.text_words(p_text text) returns setof text
  language sql immutable parallel safe strict
  as $$ select w from regexp_split_to_table(lower(p_text), '[^a-z0-9]+') w where length(w) >= 3 $$;
comment on function app_hidden.text_words(text) is 'The words (3+ characters, lower case) of a text.';
grant execute on function app_hidden.text_words(text) to marine_anonymous;

insert into app_private.search_filler_words (word) values
  ('boat'), ('boats'), ('yacht'), ('yachts'), ('vessel'), ('my'), ('need'), ('needs'), ('needed'),
  ('help'), ('near'), ('me'), ('local'), ('best'), ('good'), ('cheap'), ('someone'), ('somebody'),
  ('guy'), ('company'), ('shop'), ('pro'), ('pros'), ('please'), ('looking'), ('find'), ('want'),
  ('professional'), ('expert'), ('experts'), ('specialist'), ('specialists'), ('sailboat'),
  ('powerboat'), ('center'), ('console'), ('get'), ('fix'), ('fixed'), ('fixing'), ('work'),
  ('job'), ('quote'), ('price'), ('asap'), ('urgent'), ('today'), ('tomorrow'), ('new'), ('old'),
  ('our'), ('we'), ('i'), ('it'), ('its'), ('keeps'), ('keep'), ('marine');

insert into app_private.search_vocabulary (specialty_slug, kind, term)
select v.slug, v.kind, unnest(v.terms) from (values
  ('engine-repair', 'role', array['mechanic', 'mechanics', 'engine mechanic', 'boat mechanic', 'marine mechanic', 'marine engineer', 'engineer', 'engine tech']),
  ('engine-repair', 'jargon', array['engine', 'engines', 'inboard', 'inboards', 'sterndrive', 'sterndrives', 'stern drive', 'outdrive', 'outdrives', 'i o', 'tune up', 'tuneup', 'impeller', 'repower', 'overheating', 'overheats', 'overheat']),
  ('engine-repair', 'symptom', array['won''t start', 'wont start', 'not starting', 'no start', 'stalls', 'misfire', 'runs rough']),
  ('engine-repair', 'brand', array['mercruiser', 'volvo penta', 'volvo', 'penta', 'crusader', 'indmar', 'pcm']),
  ('outboard-service', 'jargon', array['outboard', 'outboards', 'outboard motor', 'outboard engine', 'lower unit', 'gearcase', 'kicker', 'two stroke', 'four stroke', 'carb', 'carburetor', 'carburettor']),
  ('outboard-service', 'role', array['outboard mechanic', 'outboard tech']),
  ('outboard-service', 'brand', array['yamaha', 'mercury', 'suzuki', 'honda', 'evinrude', 'johnson', 'tohatsu']),
  ('diesel-engines', 'jargon', array['diesel', 'diesels', 'injector', 'injectors', 'injection pump', 'turbo', 'turbocharger', 'heat exchanger', 'glow plugs']),
  ('diesel-engines', 'role', array['diesel mechanic', 'diesel tech', 'diesel engineer']),
  ('diesel-engines', 'brand', array['yanmar', 'cummins', 'caterpillar', 'detroit diesel', 'perkins', 'beta marine', 'westerbeke', 'mtu', 'john deere']),
  ('fiberglass-gelcoat', 'jargon', array['fiberglass', 'glass work', 'gelcoat', 'gel coat', 'blisters', 'osmosis', 'crack', 'cracks', 'chip', 'chips', 'gouge', 'transom', 'soft deck', 'delamination', 'hull repair', 'composite']),
  ('fiberglass-gelcoat', 'british', array['fibreglass', 'grp', 'colour matching', 'color matching']),
  ('fiberglass-gelcoat', 'role', array['glass guy', 'fiberglass tech', 'fiberglasser']),
  ('bottom-painting', 'jargon', array['bottom paint', 'bottom job', 'antifouling', 'anti fouling', 'barrier coat', 'copper coat', 'hull paint', 'boot stripe']),
  ('bottom-painting', 'british', array['antifoul', 'anti foul', 'coppercoat']),
  ('bottom-painting', 'role', array['boat painter', 'painter']),
  ('bottom-painting', 'brand', array['interlux', 'pettit', 'sea hawk', 'hempel', 'awlgrip']),
  ('rigging', 'role', array['rigger', 'riggers']),
  ('rigging', 'jargon', array['rig', 'rigging', 'standing rigging', 'running rigging', 'shrouds', 'stays', 'forestay', 'backstay', 'mast', 'spar', 'spars', 'furler', 'roller furling', 'halyard', 'halyards', 'splicing', 'winch', 'winches', 'mast step']),
  ('rigging', 'brand', array['harken', 'selden', 'profurl', 'lewmar']),
  ('sail-repair', 'role', array['sailmaker', 'sailmakers', 'sail loft', 'sail maker']),
  ('sail-repair', 'jargon', array['sail', 'sails', 'torn sail', 'mainsail', 'jib', 'genoa', 'spinnaker', 'sail cover', 'restitching', 'uv cover']),
  ('canvas-upholstery', 'role', array['upholsterer', 'upholsterers', 'canvas maker', 'trimmer']),
  ('canvas-upholstery', 'jargon', array['canvas', 'bimini', 'bimini top', 'dodger', 'enclosure', 'isinglass', 'strataglass', 'cushions', 'cushion', 'upholstery', 'boat cover', 'cover', 'covers', 'headliner', 'sunbrella', 'snaps', 'zipper', 'seats', 'vinyl']),
  ('canvas-upholstery', 'british', array['sprayhood', 'spray hood', 'upholstery shop']),
  ('marine-electronics', 'jargon', array['electronics', 'chartplotter', 'chart plotter', 'plotter', 'gps', 'radar', 'autopilot', 'auto pilot', 'sonar', 'fishfinder', 'fish finder', 'vhf', 'radio', 'ais', 'nmea', 'nmea 2000', 'instruments', 'transducer', 'wifi', 'satellite', 'starlink']),
  ('marine-electronics', 'role', array['electronics tech', 'electronics installer']),
  ('marine-electronics', 'brand', array['garmin', 'raymarine', 'simrad', 'furuno', 'b g', 'lowrance', 'humminbird', 'icom', 'standard horizon']),
  ('marine-electrical', 'role', array['electrician', 'electricians', 'boat electrician', 'marine electrician', 'sparky']),
  ('marine-electrical', 'jargon', array['electrical', 'electric', 'wiring', 'rewire', 'rewiring', 'battery', 'batteries', 'battery dying', 'dead battery', 'charger', 'inverter', 'shore power', 'solar', 'solar panels', 'alternator', 'lights', 'lighting', 'led', 'breaker', 'short', 'abyc', 'lithium']),
  ('marine-electrical', 'brand', array['victron', 'mastervolt', 'blue sea', 'xantrex', 'magnum', 'balmar']),
  ('marine-plumbing', 'role', array['plumber', 'plumbers']),
  ('marine-plumbing', 'jargon', array['plumbing', 'head', 'heads', 'toilet', 'marine toilet', 'holding tank', 'clogged', 'clog', 'blocked', 'smell', 'sanitation', 'pump out', 'macerator', 'bilge pump', 'bilge', 'freshwater', 'water pump', 'water heater', 'hot water', 'seacock', 'seacocks', 'through hull', 'thru hull', 'leak', 'leaking', 'hoses']),
  ('marine-plumbing', 'british', array['heads blocked', 'sea cock', 'calorifier']),
  ('marine-plumbing', 'brand', array['jabsco', 'raritan', 'tecma', 'dometic head']),
  ('refrigeration-air-conditioning', 'jargon', array['refrigeration', 'fridge', 'freezer', 'refrigerator', 'ice maker', 'air conditioning', 'air conditioner', 'ac', 'a c', 'hvac', 'cooling', 'not cooling', 'heat pump', 'climate', 'chiller']),
  ('refrigeration-air-conditioning', 'role', array['refrigeration tech', 'ac tech', 'hvac tech']),
  ('refrigeration-air-conditioning', 'british', array['aircon', 'air con', 'reefer']),
  ('refrigeration-air-conditioning', 'brand', array['dometic', 'webasto', 'cruisair', 'marine air', 'isotherm', 'frigoboat', 'sub zero']),
  ('welding-fabrication', 'role', array['welder', 'welders', 'fabricator', 'fabricators', 'metal worker', 'machinist']),
  ('welding-fabrication', 'jargon', array['welding', 'weld', 'fabrication', 'fab', 'stainless', 'stainless steel', 'aluminum', 'railing', 'railings', 'rails', 'tower', 't top', 'arch', 'bow rail', 'davits', 'tig']),
  ('welding-fabrication', 'british', array['aluminium', 'guard rail', 'pushpit', 'pulpit']),
  ('woodwork-teak', 'role', array['carpenter', 'carpenters', 'shipwright', 'shipwrights', 'woodworker', 'joiner']),
  ('woodwork-teak', 'jargon', array['teak', 'teak deck', 'woodwork', 'wood', 'varnish', 'varnishing', 'brightwork', 'joinery', 'cabinetry', 'cabinets', 'interior']),
  ('detailing', 'role', array['detailer', 'detailers', 'cleaner', 'boat cleaner']),
  ('detailing', 'jargon', array['detailing', 'detail', 'wash', 'washing', 'wax', 'waxing', 'polish', 'polishing', 'buff', 'compound', 'oxidation', 'ceramic coating', 'cleaning', 'clean']),
  ('detailing', 'british', array['valeting', 'valet', 'valeter']),
  ('hull-cleaning-diving', 'role', array['diver', 'divers', 'hull cleaner', 'dive service', 'scuba']),
  ('hull-cleaning-diving', 'jargon', array['hull cleaning', 'clean the hull', 'bottom cleaning', 'diving', 'dive', 'underwater', 'zincs', 'anodes', 'barnacles', 'growth', 'fouled', 'prop cleaning', 'lost item', 'recovery']),
  ('hull-cleaning-diving', 'british', array['scrub', 'hull scrub']),
  ('marine-surveying', 'role', array['surveyor', 'surveyors', 'marine surveyor', 'inspector', 'appraiser']),
  ('marine-surveying', 'jargon', array['survey', 'surveys', 'surveying', 'inspection', 'pre purchase', 'prepurchase', 'condition survey', 'marine survey', 'insurance survey', 'appraisal', 'valuation', 'damage survey', 'sams', 'navtech']),
  ('winterization-shrink-wrap', 'jargon', array['winterize', 'winterizing', 'winterization', 'winter', 'shrink wrap', 'shrinkwrap', 'shrink wrapping', 'wrap', 'de winterize', 'dewinterize', 'spring commissioning', 'commissioning', 'freeze', 'antifreeze', 'layup', 'lay up']),
  ('winterization-shrink-wrap', 'british', array['winterise', 'winterising', 'winterisation', 'laying up']),
  ('haul-out-storage', 'jargon', array['haul out', 'haulout', 'haul', 'hauling', 'storage', 'store', 'dry storage', 'rack storage', 'boatyard', 'yard', 'travel lift', 'travelift', 'launch', 'splash', 'block', 'blocking', 'dry stack', 'indoor storage']),
  ('haul-out-storage', 'british', array['lift out', 'liftout', 'hard standing', 'hardstanding', 'crane out', 'laid up ashore']),
  ('towing-salvage', 'jargon', array['tow', 'towing', 'towed', 'tow my boat', 'salvage', 'ungrounding', 'aground', 'grounded', 'sinking', 'sank', 'jump start', 'fuel delivery', 'breakdown', 'stranded', 'sea tow', 'boatus']),
  ('towing-salvage', 'role', array['tow boat', 'towboat']),
  ('yacht-delivery-captains', 'role', array['captain', 'captains', 'skipper', 'delivery captain', 'crew', 'mate']),
  ('yacht-delivery-captains', 'jargon', array['delivery', 'deliver', 'deliver my boat', 'yacht delivery', 'boat delivery', 'relocation', 'move my boat', 'owner training', 'instruction', 'lessons', 'charter']),
  ('propellers-running-gear', 'jargon', array['prop', 'props', 'propeller', 'propellers', 'bent prop', 'shaft', 'shafts', 'prop shaft', 'cutlass bearing', 'cutless bearing', 'strut', 'rudder', 'running gear', 'vibration', 'alignment', 'stuffing box', 'packing gland', 'dripless']),
  ('propellers-running-gear', 'british', array['propellor', 'propellors', 'stern gear', 'stern tube']),
  ('watermakers', 'jargon', array['watermaker', 'watermakers', 'water maker', 'desalinator', 'desalination', 'reverse osmosis', 'making water', 'ro membrane', 'membrane']),
  ('watermakers', 'brand', array['spectra', 'village marine', 'schenker', 'katadyn', 'sea recovery', 'rainman']),
  ('generators', 'jargon', array['generator', 'generators', 'genset', 'gensets', 'gen set', 'genny', 'genie']),
  ('generators', 'british', array['generating set']),
  ('generators', 'brand', array['onan', 'kohler', 'northern lights', 'fischer panda', 'next generation', 'phasor']),
  ('boat-transport', 'jargon', array['transport', 'trucking', 'hauling by road', 'trailer', 'trailering', 'move my boat on a trailer', 'ship my boat', 'shipping', 'overland', 'oversize']),
  ('boat-transport', 'role', array['boat hauler', 'hauler', 'trucker', 'transporter']),
  ('boat-transport', 'british', array['road haulage', 'haulage'])
) as v(slug, kind, terms)
on conflict do nothing;

------------------------------------------------------------------------------------------------
-- The directory's words: filled here and by recount_directory(), kept by a statement trigger.
create function app_private.add_search_words(p_texts text[]) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    insert into app_private.search_words (word)
    select distinct w from unnest(p_texts) t, app_hidden.text_words(t) w
    on conflict do nothing;
  $$;
comment on function app_private.add_search_words(text[]) is 'Adds the words of these texts to the search words.';

create function app_private.contractor_words_text(c app_public.contractors) returns text
  language sql immutable parallel safe
  as $$
    select concat_ws(' ', c.name, app_hidden.join_text(c.services), c.marina, c.city, c.location_text, c.tagline)
  $$;
comment on function app_private.contractor_words_text(app_public.contractors) is 'The text of a contractor whose words typos are corrected to (not the about text: prose adds noise).';

create function app_private.tg_contractors__search_words() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.add_search_words(array(select app_private.contractor_words_text(n) from new_rows n where n.is_active));
  return null;
end
$$;
create trigger _600_search_words_insert after insert on app_public.contractors
  referencing new table as new_rows for each statement execute function app_private.tg_contractors__search_words();
create trigger _600_search_words_update after update on app_public.contractors
  referencing new table as new_rows for each statement execute function app_private.tg_contractors__search_words();

create function app_private.refresh_search_words() returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    select app_private.add_search_words(array(
      select app_private.contractor_words_text(c) from app_public.contractors c where c.is_active
      union all select s.name from app_public.specialties s
      union all select v.term from app_private.search_vocabulary v));
  $$;
comment on function app_private.refresh_search_words() is 'Adds every word of the directory, the specialties and the vocabulary to the search words.';

-- Specialty names and vocabulary terms are words too.
create function app_private.tg_specialties__search_words() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.add_search_words(array[new.name]);
  return null;
end
$$;
create trigger _600_search_words after insert or update of name on app_public.specialties
  for each row execute function app_private.tg_specialties__search_words();
create function app_private.tg_search_vocabulary__search_words() returns trigger
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  perform app_private.add_search_words(array[new.term]);
  return null;
end
$$;
create trigger _600_search_words after insert or update of term on app_private.search_vocabulary
  for each row execute function app_private.tg_search_vocabulary__search_words();

-- Fill both for the rows already here (recount_directory(), in its file, now does the same after
-- bulk loads with triggers off).
update app_public.contractors c set specialty_slugs = n.slugs
  from (select cs.contractor_id, array_agg(s.slug order by s.slug) as slugs
          from app_public.contractor_specialties cs join app_public.specialties s on s.id = cs.specialty_id
         group by cs.contractor_id) n
 where c.id = n.contractor_id;
select app_private.refresh_search_words();

-- The rated search keeps its body under a new name (db/functions/app_hidden/search_rated.sql);
-- search_contractors (new signature: sort and a relevance keyset) is its file's.
alter function app_hidden.search_contractors(text, text, text, text, integer, integer, numeric, uuid) rename to search_rated;
