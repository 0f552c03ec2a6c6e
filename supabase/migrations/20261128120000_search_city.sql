-- The workspace search covers the city: applications.search_text now ends with it
-- (domain/search.ts applicationSearchText). The rows written before get it appended,
-- reduced as searchKey does (lower case, accents off, spaces collapsed); the trigram
-- index on search_text (20261123120000_workspace_search_index.sql) serves it as before.
-- Anonymised rows keep their reference only.
-- Mirrors server/db/migrations/sqlite.ts version 20.
update applications set search_text = trim(regexp_replace(lower(translate(
    search_text || ' ' || (form_data->>'city'),
    'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
    'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), '\s+', ' ', 'g'))
  where anonymized_at is null and coalesce(form_data->>'city', '') <> '';
