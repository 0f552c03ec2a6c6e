-- A founder's way into their status page (/postulacion/<token>), with no
-- account: every status e-mail carries one. Only the token's SHA-256 (hex) is
-- stored; a link works until it is revoked or its application is deleted.
-- Mirrors version 5 of the SQLite schema (server/db/migrations/sqlite.ts).
create table founder_links (
  token_hash text primary key,
  application_id uuid not null references applications (id) on delete cascade,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index founder_links_application on founder_links (application_id);

alter table founder_links enable row level security;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then revoke all on founder_links from anon; end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then revoke all on founder_links from authenticated; end if;
end
$$;
