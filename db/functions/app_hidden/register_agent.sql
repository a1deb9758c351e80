-- POST /api/agents/register. The password arrives as a bound parameter, never as SQL text. The
-- names are one line of typed text (app_hidden.checked_text): the developer console shows them.
CREATE OR REPLACE FUNCTION app_hidden.register_agent(p_first_name text, p_last_name text, p_email text, p_password text, p_purpose text, p_public_digest bytea, p_admin_digest bytea, p_head text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users;
  v_key json;
begin
  perform app_hidden.checked_text('firstName', p_first_name, false), app_hidden.checked_text('lastName', p_last_name, false);
  begin
    insert into app_public.users (first_name, last_name, email, is_agent, purpose)
      values (p_first_name, p_last_name, p_email, true, p_purpose)
      returning * into v_user;
  exception when unique_violation then
    raise exception 'A user with this e-mail already exists' using errcode = 'CONFL';
  end;
  insert into app_private.user_secrets (user_id, password_hash) values (v_user.id, crypt(p_password, gen_salt('bf', 10)));
  v_key := app_private.mint_api_key(v_user.id, 'Initial key', p_public_digest, p_admin_digest, p_head);
  return json_build_object('agent', app_hidden.user_json(v_user), 'key', v_key);
end
$function$;
comment on function app_hidden.register_agent(text,text,text,text,text,bytea,bytea,text) is 'Creates an agent user and its first public key (minted by the API: digests and head); see POST /api/agents/register.';
revoke all on function app_hidden.register_agent(text,text,text,text,text,bytea,bytea,text) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.register_agent(text,text,text,text,text,bytea,bytea,text) to marine_anonymous;
