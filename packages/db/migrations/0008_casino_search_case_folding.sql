-- casino_normalize (0006) folded case with lower(), whose result depends on the database's LC_CTYPE: under the C
-- locale (initdb --no-locale, the default of many hosted servers) lower() folds ASCII letters only, so a search for
-- "ЕВРОПЕЙСКАЯ" missed "Европейская". Folding no longer depends on the locale: unaccent() first turns accented Latin
-- letters into plain ones, translate() maps Cyrillic and Greek capitals onto their small letters, and lower() then
-- only has ASCII left to fold, which every locale does the same way. That also makes IMMUTABLE true.
CREATE OR REPLACE FUNCTION casino_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(public.unaccent('public.unaccent'::regdictionary, value),
    'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ',
    'абвгдежзийклмнопрстуфхцчшщъыьэюяѐёђѓєѕіїјљњћќѝўџαβγδεζηθικλμνξοπρστυφχψω')) $$;
--> statement-breakpoint
-- Stored generated columns are computed on write: rewrite every title so existing rows take the new folding.
UPDATE games SET title = title;
