-- The time zone a notice e-mail shows times in: that of the quote's pro's listing state (its
-- most populous zone). The visit happens at the boat, in the pro's service area: for the pro
-- that is its own zone, and the owner gave none, so both sides read the time of the place.
-- Every time is printed with its zone's abbreviation; an unknown state gives UTC.
CREATE OR REPLACE FUNCTION app_private.state_time_zone(p_state text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select coalesce((select z from (values
      ('AL', 'America/Chicago'), ('AK', 'America/Anchorage'), ('AZ', 'America/Phoenix'), ('AR', 'America/Chicago'),
      ('CA', 'America/Los_Angeles'), ('CO', 'America/Denver'), ('CT', 'America/New_York'), ('DE', 'America/New_York'),
      ('DC', 'America/New_York'), ('FL', 'America/New_York'), ('GA', 'America/New_York'), ('HI', 'Pacific/Honolulu'),
      ('ID', 'America/Boise'), ('IL', 'America/Chicago'), ('IN', 'America/Indiana/Indianapolis'), ('IA', 'America/Chicago'),
      ('KS', 'America/Chicago'), ('KY', 'America/New_York'), ('LA', 'America/Chicago'), ('ME', 'America/New_York'),
      ('MD', 'America/New_York'), ('MA', 'America/New_York'), ('MI', 'America/Detroit'), ('MN', 'America/Chicago'),
      ('MS', 'America/Chicago'), ('MO', 'America/Chicago'), ('MT', 'America/Denver'), ('NE', 'America/Chicago'),
      ('NV', 'America/Los_Angeles'), ('NH', 'America/New_York'), ('NJ', 'America/New_York'), ('NM', 'America/Denver'),
      ('NY', 'America/New_York'), ('NC', 'America/New_York'), ('ND', 'America/Chicago'), ('OH', 'America/New_York'),
      ('OK', 'America/Chicago'), ('OR', 'America/Los_Angeles'), ('PA', 'America/New_York'), ('RI', 'America/New_York'),
      ('SC', 'America/New_York'), ('SD', 'America/Chicago'), ('TN', 'America/Chicago'), ('TX', 'America/Chicago'),
      ('UT', 'America/Denver'), ('VT', 'America/New_York'), ('VA', 'America/New_York'), ('WA', 'America/Los_Angeles'),
      ('WV', 'America/New_York'), ('WI', 'America/Chicago'), ('WY', 'America/Denver'), ('PR', 'America/Puerto_Rico'),
      ('VI', 'America/St_Thomas'), ('GU', 'Pacific/Guam'), ('AS', 'Pacific/Pago_Pago'), ('MP', 'Pacific/Saipan'))
      s(code, z) where s.code = upper(p_state)), 'UTC')
  $function$;
comment on function app_private.state_time_zone(text) is null;
revoke all on function app_private.state_time_zone(text) from public, marine_anonymous, marine_agent, marine_admin;
