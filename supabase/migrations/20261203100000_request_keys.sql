-- One write per submission (issue 32; ADR 0189). Mirrors version 30 of the SQLite schema
-- (server/db/migrations/sqlite.ts). Never edit a published migration: add a new file.

-- A form's key (domain/request-keys.ts) with the first answer given under it: the same key and body get that
-- answer again and write nothing. Scoped to who sent it ('member:<id>' or 'founder:<application id>') and the
-- route as registered (never the path: a founder's path holds their link). A claim is recorded before the
-- route runs; written_at is set by the write's own transaction where the store takes the key (the media
-- plan); the answer after the route answered. Kept a day.
create table request_keys (
  principal text not null,
  route text not null,
  key text not null,
  request_hash text not null,
  application_id uuid references applications (id) on delete cascade,
  created_at timestamptz not null,
  written_at timestamptz,
  answered_at timestamptz,
  answer_status integer,
  answer_type text,
  answer_location text,
  answer_body text,
  primary key (principal, route, key)
);
create index request_keys_created on request_keys (created_at);
create index request_keys_application on request_keys (application_id);

-- Only the server's own connection reads and writes it (ADR 0177).
select catalitico_private.server_only('request_keys');
