-- The US states (and DC and the territories) as owners name them in a search: their two-letter
-- codes and names. Read by the place stage of text search (app_hidden.search_place).
CREATE OR REPLACE FUNCTION app_hidden.us_states()
 RETURNS TABLE(code text, name text)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
    select * from (values
      ('AL', 'alabama'), ('AK', 'alaska'), ('AZ', 'arizona'), ('AR', 'arkansas'), ('CA', 'california'),
      ('CO', 'colorado'), ('CT', 'connecticut'), ('DE', 'delaware'), ('DC', 'district of columbia'),
      ('FL', 'florida'), ('GA', 'georgia'), ('HI', 'hawaii'), ('ID', 'idaho'), ('IL', 'illinois'),
      ('IN', 'indiana'), ('IA', 'iowa'), ('KS', 'kansas'), ('KY', 'kentucky'), ('LA', 'louisiana'),
      ('ME', 'maine'), ('MD', 'maryland'), ('MA', 'massachusetts'), ('MI', 'michigan'), ('MN', 'minnesota'),
      ('MS', 'mississippi'), ('MO', 'missouri'), ('MT', 'montana'), ('NE', 'nebraska'), ('NV', 'nevada'),
      ('NH', 'new hampshire'), ('NJ', 'new jersey'), ('NM', 'new mexico'), ('NY', 'new york'),
      ('NC', 'north carolina'), ('ND', 'north dakota'), ('OH', 'ohio'), ('OK', 'oklahoma'), ('OR', 'oregon'),
      ('PA', 'pennsylvania'), ('RI', 'rhode island'), ('SC', 'south carolina'), ('SD', 'south dakota'),
      ('TN', 'tennessee'), ('TX', 'texas'), ('UT', 'utah'), ('VT', 'vermont'), ('VA', 'virginia'),
      ('WA', 'washington'), ('WV', 'west virginia'), ('WI', 'wisconsin'), ('WY', 'wyoming'),
      ('PR', 'puerto rico'), ('VI', 'virgin islands'), ('GU', 'guam'), ('AS', 'american samoa'),
      ('MP', 'northern mariana islands')) s(code, name)
  $function$;
comment on function app_hidden.us_states() is 'US states, DC and territories: two-letter code and lower-case name.';
revoke all on function app_hidden.us_states() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.us_states() to marine_anonymous;
