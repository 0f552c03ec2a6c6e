-- The twelve months of follow-up: monthly check-ins, milestones, the closing note, the check-in e-mails
-- (issue 20; ADRs 0164-0167). Mirrors version 26 of the SQLite schema (server/db/migrations/sqlite.ts).
-- Never edit a published migration: add a new file.

-- A founder's monthly check-in (domain/follow-up.ts): month 1 to 12 of the follow-up, every version
-- kept (a correction is version 2, 3…; the primary key is the compare-and-set of two tabs). Sales in
-- US cents (ADR 0157); site_visits and leads null when the founder does not measure them.
create table check_ins (
  application_id uuid not null references applications (id) on delete cascade,
  month integer not null check (month between 1 and 12),
  version integer not null check (version >= 1),
  sales_usd_cents bigint not null check (sales_usd_cents >= 0),
  active_customers bigint not null check (active_customers >= 0),
  new_customers bigint not null check (new_customers >= 0),
  site_visits bigint check (site_visits >= 0),
  leads bigint check (leads >= 0),
  team_size integer not null check (team_size >= 1),
  went_well text not null,
  went_badly text not null,
  needs text not null,
  submitted_at timestamptz not null,
  primary key (application_id, month, version)
);

-- The reviews with the team at months 3, 6 and 12: the day it was held, a note, who recorded it.
create table follow_up_milestones (
  application_id uuid not null references applications (id) on delete cascade,
  month integer not null check (month in (3, 6, 12)),
  held_on text not null,
  note text not null,
  recorded_by uuid references team_members (id),
  recorded_at timestamptz not null,
  primary key (application_id, month)
);

-- The closing note that ends the follow-up (no more check-in e-mails); written once.
create table follow_up_closings (
  application_id uuid primary key references applications (id) on delete cascade,
  note text not null,
  closed_by uuid references team_members (id),
  closed_at timestamptz not null
);

-- The check-in e-mails decided (ADR 0165): one row per application, month and kind, whichever
-- instance inserts it first queues the e-mail (outbox_id) in the same transaction.
create table follow_up_mails (
  application_id uuid not null references applications (id) on delete cascade,
  month integer not null check (month between 1 and 12),
  kind text not null check (kind in ('invitation', 'reminder', 'late')),
  outbox_id uuid,
  created_at timestamptz not null,
  primary key (application_id, month, kind)
);

-- Only the server's own connection reads and writes these: confidential like the deal (ADR 0159); ADR 0177.
select catalitico_private.server_only('check_ins', 'follow_up_milestones', 'follow_up_closings', 'follow_up_mails');
