-- Extensions for marketplace search (pg_trgm, unaccent) and legend overlap checks (btree_gist).
-- On PGlite they are loaded by createDb; on a server they ship with postgresql-contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Search key for "contains" queries: lower-case, Latin accents removed (unaccent), Arabic diacritics and
-- tatweel removed, alef/yeh/teh-marbuta variants folded. IMMUTABLE so it can feed a generated column and a
-- trigram index; queries must apply the same function to the search term.
CREATE OR REPLACE FUNCTION filaha_search_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $fn$
  SELECT translate(
    regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, input)), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىة',
    'اااايه'
  )
$fn$;
