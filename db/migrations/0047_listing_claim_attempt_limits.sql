-- Up Migration
-- Claim attempt limits (docs/decisions.md, "Claim attempt limits and typed text"): a claim from
-- the listing's own address is counted apart from strangers' claims, which are limited per
-- listing, per claimant e-mail and per client address. app_hidden.listing_claim_start now takes the client's
-- address and the three limits (db/functions/app_hidden/listing_claim_start.sql creates it).
drop function if exists app_hidden.listing_claim_start(text, text, text, integer);
