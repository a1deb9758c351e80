-- A feed's `after`: the id of the last event the caller has seen ('evt_<n>', as every event and
-- nextCursor carry it); none is the start of the feed. Anything else is INVAL: ids are not guessed.
CREATE OR REPLACE FUNCTION app_private.event_after(p_after text)
 RETURNS bigint
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
begin
  if p_after is null then
    return 0;
  end if;
  if p_after !~ '^evt_[0-9]{1,18}$' then
    raise exception 'Invalid query parameter ''after'': not an event id' using errcode = 'INVAL',
      detail = 'after: pass the id of the last event seen (evt_...) or nextCursor, unchanged';
  end if;
  return substr(p_after, 5)::bigint;
end
$function$;
comment on function app_private.event_after(text) is null;
revoke all on function app_private.event_after(text) from public, marine_anonymous, marine_agent, marine_admin;
