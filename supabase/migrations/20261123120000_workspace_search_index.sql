-- The workspace's list on thousands of applications (npm run bench:workspace).
-- Mirrors version 4 of the SQLite schema (server/db/migrations/sqlite.ts),
-- with PostgreSQL's own means. Never edit a published migration: add a new file.

-- Search: a substring of search_text (LIKE '%…%'), which a trigram index serves
-- instead of reading every row. Supabase keeps extensions in their own schema.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create index applications_search_trgm on applications using gin (search_text extensions.gin_trgm_ops);

-- Company order: the search key starts with the company's name; "C" so that
-- both stores order alike, whatever the database's collation.
create index applications_search_order on applications (search_text collate "C", created_at, id);

-- Due date first, closed ones (null) last: the due_asc order, without a sort.
create index applications_due_order on applications (stage_due_at asc nulls last, created_at, id);
