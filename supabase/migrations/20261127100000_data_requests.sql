-- The record of Ley 1581 data requests (ADR 0122). Mirrors version 17 of the SQLite schema
-- (server/db/migrations/sqlite.ts). Never edit a published migration: add a new file.

-- A titular's request under Ley 1581 (domain/data-requests.ts), opened today by a founder's deletion
-- request from the status page and closed by an admin's deletion. The record outlives the application:
-- its deletion leaves application_id null and the reference, dates and who closed it.
create table data_requests (
  id uuid primary key,
  application_id uuid references applications (id) on delete set null,
  reference text not null,
  kind text not null check (kind in ('consulta', 'reclamo', 'supresion')),
  opened_at timestamptz not null,
  -- the end of the last business day the law gives to answer (Bogotá)
  due_at timestamptz not null,
  closed_at timestamptz,
  -- null on a closed request: closed by the operator's command line
  closed_by uuid references team_members (id)
);
-- At most one open request of each kind per application: a second one finds the first.
create unique index data_requests_open on data_requests (application_id, kind) where closed_at is null;
create index data_requests_due on data_requests (due_at) where closed_at is null;

alter table data_requests enable row level security;
