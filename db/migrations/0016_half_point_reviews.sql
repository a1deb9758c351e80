-- Up Migration
-- Review ratings in half points (issue 17, DESIGN.md "Reviews"): a number from 1 to 5 with at
-- most one decimal that is .0 or .5 (4.5 is valid, 4.3 is not), stored exactly. smallint held
-- whole numbers only; numeric(2,1) holds every allowed value exactly. Stored ratings are whole
-- numbers, which the new check accepts as they are: nothing to rewrite.
alter table app_public.reviews drop constraint reviews_rating_check;
alter table app_public.reviews alter column rating type numeric(2,1);
alter table app_public.reviews add constraint reviews_rating_check
  check (rating >= 1 and rating <= 5 and rating * 2 = trunc(rating * 2));
comment on column app_public.reviews.rating is 'From 1 to 5 in half points (4.5 is valid).';

-- The owner's review takes the rating as numeric now (its definition file creates the new one).
drop function app_hidden.owner_review(text, text, text, integer, text, boolean);
