-- Up Migration
-- app_hidden.search_rated serves only searches without q since issue 16 (search_contractors
-- ranks text itself), so its text parameter goes: dropped here, created again from
-- db/functions/app_hidden/search_rated.sql without it.
drop function app_hidden.search_rated(text, text, text, text, integer, integer, numeric, uuid);
