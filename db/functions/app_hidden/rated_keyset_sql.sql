-- The keyset condition of the rated order: rows after (score $5, id $6).
CREATE OR REPLACE FUNCTION app_hidden.rated_keyset_sql()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select ' and ($5::numeric is null or (coalesce(c.public_rating, 0), c.id) < ($5, $6))' $function$;
comment on function app_hidden.rated_keyset_sql() is 'The keyset condition of the public-rating order, as SQL text.';
revoke all on function app_hidden.rated_keyset_sql() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.rated_keyset_sql() to marine_anonymous;
