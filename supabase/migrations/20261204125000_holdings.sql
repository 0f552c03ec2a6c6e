-- The register of the stakes the programme holds (docs/decisions/0215-the-holdings-register.md).
-- Generated from server/db/migrations/declared/32_holdings.ts by `npm run migrations:generate`:
-- edit the declaration, never this file. Never edit a published migration: declare a new one.

-- The files behind the register: a round’s documents, a sale’s, a valuation’s evidence (content-checked on upload).
create table holding_documents (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  file_name text not null,
  content_type text not null,
  size integer not null,
  sha256 text not null,
  content bytea not null,
  uploaded_by uuid references team_members (id),
  uploaded_at timestamptz not null,
  check (size > 0)
);
create index holding_documents_by_application on holding_documents (application_id);
select catalitico_private.server_only('holding_documents');

-- Each portfolio company’s register: issuance, rounds (joined or not), conversions, top-ups, splits, sales, write-downs and write-offs; written once, a correction is a void.
create table holding_events (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  kind text not null check (kind in ('issuance', 'round', 'conversion', 'top_up', 'split', 'secondary_sale', 'write_down', 'write_off', 'void')),
  day text not null,
  detail jsonb not null,
  note text not null,
  document_id uuid references holding_documents (id),
  recorded_by uuid references team_members (id),
  recorded_at timestamptz not null
);
create index holding_events_by_application on holding_events (application_id, recorded_at);
select catalitico_private.server_only('holding_events');

-- Valuation marks: method, day, price per share, evidence; proposed by one member, approved (or rejected) by another admin.
create table valuation_marks (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  method text not null check (method in ('ronda_reciente', 'multiplo', 'costo_menos_deterioro')),
  day text not null,
  price text not null,
  note text not null,
  document_id uuid not null references holding_documents (id),
  status text not null check (status in ('proposed', 'approved', 'rejected')),
  proposed_by uuid references team_members (id),
  proposed_at timestamptz not null,
  decided_by uuid references team_members (id),
  decided_at timestamptz,
  check (decided_by is null or proposed_by is null or decided_by <> proposed_by)
);
create index valuation_marks_by_application on valuation_marks (application_id, day);
select catalitico_private.server_only('valuation_marks');

-- The payment reminders sent to the deal’s owner before an unpaid balance’s deadline: one per deadline and day.
create table holding_reminders (
  application_id uuid not null references applications (id) on delete cascade,
  deadline text not null,
  days_before integer not null check (days_before in (60, 14)),
  sent_at timestamptz not null,
  owner_id uuid references team_members (id),
  primary key (application_id, deadline, days_before)
);
select catalitico_private.server_only('holding_reminders');
