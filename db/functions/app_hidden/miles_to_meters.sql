-- Distances are great-circle distances on the mean-radius sphere (what `<->` on geography
-- computes), so the order and the reported distance always agree.
CREATE OR REPLACE FUNCTION app_hidden.miles_to_meters(p double precision)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select p * 1609.344 $function$;
comment on function app_hidden.miles_to_meters(double precision) is 'Statute miles to meters.';
revoke all on function app_hidden.miles_to_meters(double precision) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.miles_to_meters(double precision) to marine_anonymous;
