-- Due-diligence documents: one current file per application and checklist
-- item (domain/documents.ts keys); a replacement takes the previous row's
-- place. The bytes live on disk (DATA_DIR/documents) or, with several
-- instances, in document_blobs (ADR 0095).
-- Mirrors version 8 of the SQLite schema (server/db/migrations/sqlite.ts).
create table documents (
  id text primary key,
  application_id uuid not null references applications (id) on delete cascade,
  item_key text not null,
  file_name text not null,
  media_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null,
  uploaded_at timestamptz not null,
  status text not null default 'received' check (status in ('received', 'accepted', 'new_version_requested')),
  review_note text,
  reviewed_by uuid references team_members (id),
  reviewed_at timestamptz
);
create unique index documents_item on documents (application_id, item_key);

create table document_blobs (
  document_id text primary key references documents (id) on delete cascade,
  content bytea not null
);

alter table documents enable row level security;
alter table document_blobs enable row level security;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on documents from anon;
    revoke all on document_blobs from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on documents from authenticated;
    revoke all on document_blobs from authenticated;
  end if;
end
$$;
