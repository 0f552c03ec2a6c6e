-- The media plan of a signed deal and its append-only ledger (issue 20; ADRs 0160-0161).
-- Mirrors version 28 of the SQLite schema (server/db/migrations/sqlite.ts). Never edit a published
-- migration: add a new file.

-- A line of a signed deal's media plan (domain/media-plan.ts): written once. The unit price is copied
-- from the deal's frozen rate card version (whole pesos, ADR 0157); the flight is AAAA-MM-DD days.
create table media_plan_lines (
  id uuid primary key,
  application_id uuid not null references deals (application_id) on delete cascade,
  number integer not null check (number > 0),
  outlet text not null check (outlet in ('diario_popular', 'medio_impreso_digital', 'tv_nacional', 'radio_regional', 'consultoria')),
  format text not null,
  units integer not null check (units > 0),
  unit_price_cop bigint not null check (unit_price_cop > 0),
  flight_from text not null,
  flight_to text not null check (flight_to >= flight_from),
  notes text not null,
  created_by uuid references team_members (id),
  created_at timestamptz not null,
  unique (application_id, number)
);

-- What happened to each line (ADR 0160): append-only; a correction is a 'void' entry naming the entry it
-- cancels (voids), at most one per entry; a 'void' naming none withdraws the line.
-- A proof of airing kept as a file (ADR 0163 addendum): content-checked like a document (PDF or image), its
-- bytes in the database so that the file and the entry naming it are written in one transaction.
create table media_plan_proofs (
  id uuid primary key,
  application_id uuid not null references deals (application_id) on delete cascade,
  file_name text not null,
  media_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null,
  content bytea not null,
  uploaded_by uuid references team_members (id),
  uploaded_at timestamptz not null
);
create index media_plan_proofs_application on media_plan_proofs (application_id);

create table media_plan_entries (
  id uuid primary key,
  application_id uuid not null references deals (application_id) on delete cascade,
  line_id uuid not null references media_plan_lines (id) on delete cascade,
  kind text not null check (kind in ('booked', 'ran', 'missed', 'make_good', 'moved', 'forfeited', 'void')),
  day text not null,
  units integer not null check (units >= 0),
  proof_url text,
  proof_document_id uuid references media_plan_proofs (id) on delete cascade,
  reason text,
  make_good_for uuid references media_plan_entries (id) on delete cascade,
  to_line_id uuid references media_plan_lines (id) on delete cascade,
  voids uuid unique references media_plan_entries (id) on delete cascade,
  recorded_by uuid references team_members (id),
  recorded_at timestamptz not null,
  check (kind = 'void' or units > 0),
  check ((kind = 'ran') <= (proof_url is not null or proof_document_id is not null)),
  check ((kind = 'make_good') = (make_good_for is not null)),
  check ((kind = 'moved') = (to_line_id is not null))
);
create index media_plan_lines_application on media_plan_lines (application_id, number);
create index media_plan_entries_application on media_plan_entries (application_id, recorded_at);
create index media_plan_entries_line on media_plan_entries (line_id);

-- What each deal delivered (domain/media-plan.ts Delivery, in whole pesos), written in the transaction of
-- every entry from the whole ledger read there (ADR 0161): the paces of «Seguimiento», «Acuerdos
-- atrasados» and the owners' reminders read it instead of every ledger. No row: nothing recorded yet.
create table media_plan_totals (
  application_id uuid primary key references deals (application_id) on delete cascade,
  ran_cop bigint not null check (ran_cop >= 0),
  forfeited_cop bigint not null check (forfeited_cop >= 0)
);

-- The deal's «Responsable» (ADR 0162): the member whose daily reminder carries the deal when it falls
-- behind its pace. Null: nobody named yet.
alter table deals add column owner_id uuid references team_members (id);

-- Only the server's own connection reads and writes these: confidential like the deal (ADR 0159); ADR 0177.
select catalitico_private.server_only('media_plan_lines', 'media_plan_proofs', 'media_plan_entries', 'media_plan_totals');
