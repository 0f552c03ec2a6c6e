-- Mirrors SQLite migration 11 (server/db/migrations/sqlite.ts).
-- One row per backup (server/features/backup/): the scheduled ones carry their interval's slot, whose
-- uniqueness makes exactly one instance take each; a manual one (npm run backup) has none.
create table backup_runs (
  id uuid primary key,
  slot timestamptz unique,
  started_at timestamptz not null,
  finished_at timestamptz,
  status text not null default 'running' check (status in ('running', 'ok', 'failed')),
  size_bytes bigint,
  file text,
  -- an operator's message, never personal data
  error text
);
create index backup_runs_started on backup_runs (started_at);

alter table backup_runs enable row level security;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on backup_runs from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on backup_runs from authenticated;
  end if;
end
$$;
