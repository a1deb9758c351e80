CREATE OR REPLACE FUNCTION app_hidden.owner_review(p_token text, p_opportunity_id text, p_quote_id text, p_rating numeric, p_review text, p_confirm boolean)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_opportunity app_public.opportunities := app_private.locked_opportunity((app_private.owned_opportunity(p_token, p_opportunity_id)).id);
  v_quote app_public.quotes := app_private.owned_quote(v_opportunity.id, p_quote_id);
begin
  -- The rule for previews too (the table's check holds it for writes): 1 to 5 in half points.
  if p_rating is null or p_rating < 1 or p_rating > 5 or p_rating * 2 <> trunc(p_rating * 2) then
    raise exception 'The rating must be a number from 1 to 5 in half points' using errcode = 'INVAL',
      detail = 'For example 4 or 4.5.';
  end if;
  if exists (select 1 from app_public.reviews where quote_id = v_quote.id) then
    raise exception 'A review already exists for this work' using errcode = 'CONFL';
  end if;
  if v_opportunity.awarded_quote_id is distinct from v_quote.id or v_quote.status <> 'completed' then
    raise exception 'Only completed work by the awarded pro can be reviewed' using errcode = 'CONFL';
  end if;
  if p_confirm then
    -- The review joins the pro's public profile; the rating triggers update its rating and count.
    insert into app_public.reviews (contractor_id, quote_id, rating, body, author_name, source)
      values (v_quote.contractor_id, v_quote.id, p_rating, p_review,
        v_opportunity.owner_first_name || coalesce(' ' || left(v_opportunity.owner_last_name, 1) || '.', ''),
        'demand-side-search-mcp');
    perform app_private.quote_event('quote.reviewed', v_quote, jsonb_build_object('rating', p_rating, 'text', p_review));
  end if;
  return app_private.preview_or_done(p_confirm, 'review', json_build_object('quoteId', v_quote.id,
    'contractorName', app_private.contractor_name(v_quote.contractor_id), 'rating', p_rating, 'review', p_review), v_opportunity.id);
end
$function$;
comment on function app_hidden.owner_review(text,text,text,numeric,text,boolean) is 'The owner reviews completed work; it appears on the pro''s profile; see POST .../review.';
revoke all on function app_hidden.owner_review(text,text,text,numeric,text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.owner_review(text,text,text,numeric,text,boolean) to marine_anonymous;
