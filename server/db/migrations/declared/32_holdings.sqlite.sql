-- The register of the stakes the programme holds (docs/decisions/0215-the-holdings-register.md).
-- Generated from server/db/migrations/declared/32_holdings.ts by `npm run migrations:generate`:
-- edit the declaration, never this file. Never edit a published migration: declare a new one.

-- The files behind the register: a round’s documents, a sale’s, a valuation’s evidence (content-checked on upload).
create table holding_documents (
  id TEXT primary key,
  application_id TEXT not null references applications (id) on delete cascade,
  file_name TEXT not null,
  content_type TEXT not null,
  size INTEGER not null,
  sha256 TEXT not null,
  content BLOB not null,
  uploaded_by TEXT references team_members (id),
  uploaded_at TEXT not null,
  check (size > 0)
) STRICT;
create index holding_documents_by_application on holding_documents (application_id);

-- Each portfolio company’s register: issuance, rounds (joined or not), conversions, top-ups, splits, sales, write-downs and write-offs; written once, a correction is a void.
create table holding_events (
  id TEXT primary key,
  application_id TEXT not null references applications (id) on delete cascade,
  kind TEXT not null check (kind in ('issuance', 'round', 'conversion', 'top_up', 'split', 'secondary_sale', 'write_down', 'write_off', 'void')),
  day TEXT not null,
  detail TEXT not null check (json_valid(detail)),
  note TEXT not null,
  document_id TEXT references holding_documents (id),
  recorded_by TEXT references team_members (id),
  recorded_at TEXT not null
) STRICT;
create index holding_events_by_application on holding_events (application_id, recorded_at);

-- Valuation marks: method, day, price per share, evidence; proposed by one member, approved (or rejected) by another admin.
create table valuation_marks (
  id TEXT primary key,
  application_id TEXT not null references applications (id) on delete cascade,
  method TEXT not null check (method in ('ronda_reciente', 'multiplo', 'costo_menos_deterioro')),
  day TEXT not null,
  price TEXT not null,
  note TEXT not null,
  document_id TEXT not null references holding_documents (id),
  status TEXT not null check (status in ('proposed', 'approved', 'rejected')),
  proposed_by TEXT references team_members (id),
  proposed_at TEXT not null,
  decided_by TEXT references team_members (id),
  decided_at TEXT,
  check (decided_by is null or proposed_by is null or decided_by <> proposed_by)
) STRICT;
create index valuation_marks_by_application on valuation_marks (application_id, day);

-- The payment reminders sent to the deal’s owner before an unpaid balance’s deadline: one per deadline and day.
create table holding_reminders (
  application_id TEXT not null references applications (id) on delete cascade,
  deadline TEXT not null,
  days_before INTEGER not null check (days_before in (60, 14)),
  sent_at TEXT not null,
  owner_id TEXT references team_members (id),
  primary key (application_id, deadline, days_before)
) STRICT;
