-- The due-diligence uploads in progress, one row per tus upload from its
-- creation until it is taken in, refused, replaced, ended or expired: the
-- database, which every instance shares, counts them against the
-- application's caps (ADR 0119). Their bytes stay on the disk of the instance
-- that received them (DATA_DIR/documents/incoming, ADR 0095).
-- Mirrors version 15 of the SQLite schema (server/db/migrations/sqlite.ts).
create table document_uploads (
  -- tus's upload id (32 hex digits)
  id text primary key,
  application_id uuid not null references applications (id) on delete cascade,
  item_key text not null,
  -- the Upload-Length the founder's client announced
  size_bytes bigint not null check (size_bytes >= 0),
  created_at timestamptz not null
);
create index document_uploads_application on document_uploads (application_id, created_at);

alter table document_uploads enable row level security;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on document_uploads from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on document_uploads from authenticated;
  end if;
end
$$;
