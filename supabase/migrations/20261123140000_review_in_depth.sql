-- Review in depth: assignments, conflicts of interest, reminders, criterion
-- weights and the discussion flag. Mirrors version 6 of the SQLite schema
-- (server/db/migrations/sqlite.ts).
create table assignments (
  application_id uuid not null references applications (id) on delete cascade,
  member_id uuid not null references team_members (id),
  -- who assigned it: an admin, or the member who took it
  assigned_by uuid not null references team_members (id),
  assigned_at timestamptz not null,
  primary key (application_id, member_id)
);
create index assignments_member on assignments (member_id);

create table conflicts (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  member_id uuid not null references team_members (id),
  kind text not null check (kind in ('personal', 'comercial', 'competencia', 'otra')),
  note text not null default '',
  -- the member themself, or an admin recording it for them
  declared_by uuid not null references team_members (id),
  declared_at timestamptz not null,
  -- only an admin lifts a conflict, with a reason
  lifted_at timestamptz,
  lifted_by uuid references team_members (id),
  lift_reason text
);
create unique index conflicts_active on conflicts (application_id, member_id) where lifted_at is null;
create index conflicts_member on conflicts (member_id) where lifted_at is null;

alter table team_members add column reminder_frequency text not null default 'daily'
  check (reminder_frequency in ('daily', 'weekdays', 'off'));
-- One row per member and Bogotá day once that day's reminder was decided: the
-- primary key makes it exactly one, whichever instance gets there first.
create table reminder_runs (
  member_id uuid not null references team_members (id) on delete cascade,
  day text not null,
  -- the e-mail queued, or null when there was nothing to say
  outbox_id uuid,
  created_at timestamptz not null,
  primary key (member_id, day)
);

-- Weights of the five criteria (domain/programme.ts SELECTION_CRITERIA keys); a missing row weighs 1.
create table criterion_weights (
  criterion text primary key
    check (criterion in ('productoValidado', 'primerosClientes', 'modeloEscalable', 'foundersComprometidos', 'aperturaParticipacion')),
  weight double precision not null check (weight > 0 and weight <= 10),
  updated_by uuid references team_members (id),
  updated_at timestamptz not null
);

-- "Para discutir" is computed from the reviews; an admin clearing it records when.
alter table applications add column discussion_cleared_at timestamptz;

alter table assignments enable row level security;
alter table conflicts enable row level security;
alter table reminder_runs enable row level security;
alter table criterion_weights enable row level security;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on assignments, conflicts, reminder_runs, criterion_weights from %I', r);
    end if;
  end loop;
end
$$;
