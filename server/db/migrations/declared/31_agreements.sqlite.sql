-- The agreement's electronic signature (docs/decisions/0213-the-agreements-signature-libraries-and-shape.md).
-- Generated from server/db/migrations/declared/31_agreements.ts by `npm run migrations:generate`:
-- edit the declaration, never this file. Never edit a published migration: declare a new one.

-- The text of the agreement, one row per version: written once, never edited (version 0 is the sample in the code).
create table agreement_templates (
  id TEXT primary key,
  version INTEGER not null unique,
  body TEXT not null,
  sample INTEGER not null check (sample in (0, 1)),
  created_by TEXT references team_members (id),
  created_at TEXT not null,
  check (version > 0)
) STRICT;

-- Each application's agreements: the PDF as sent and its numbers, frozen; a change voids it and sends a new version.
create table agreements (
  id TEXT primary key,
  application_id TEXT not null references applications (id) on delete cascade,
  version INTEGER not null,
  code TEXT not null unique,
  status TEXT not null check (status in ('sent', 'founder_signed', 'sealing', 'signed', 'declined', 'expired', 'voided')),
  template_version INTEGER not null,
  template_sample INTEGER not null check (template_sample in (0, 1)),
  parties TEXT not null check (json_valid(parties)),
  terms TEXT not null check (json_valid(terms)),
  rate_card_version_number INTEGER,
  document BLOB not null,
  document_sha256 TEXT not null,
  signed_document BLOB,
  signed_sha256 TEXT,
  missing_documents_reason TEXT,
  sent_by TEXT references team_members (id),
  sent_at TEXT not null,
  expires_at TEXT not null,
  closed_at TEXT,
  closed_by TEXT references team_members (id),
  close_reason TEXT,
  seal_attempts INTEGER not null default 0,
  seal_error TEXT,
  seal_due_at TEXT,
  updated_at TEXT not null,
  unique (application_id, version),
  check (version > 0),
  check (seal_attempts >= 0)
) STRICT;
create unique index agreements_one_live on agreements (application_id) where status = 'sent' or status = 'founder_signed' or status = 'sealing';
create index agreements_sealing_due on agreements (seal_due_at) where status = 'sealing';

-- Each signature of an agreement with its evidence: who, how verified, the e-signature text accepted, when, from where.
create table agreement_signatures (
  id TEXT primary key,
  agreement_id TEXT not null references agreements (id) on delete cascade,
  role TEXT not null check (role in ('founder', 'programme')),
  member_id TEXT references team_members (id),
  name TEXT not null,
  email TEXT not null,
  method TEXT not null check (method in ('email_code', 'passkey')),
  consent_version INTEGER not null,
  consent_text TEXT not null,
  ip TEXT not null,
  user_agent TEXT not null,
  signed_at TEXT not null,
  unique (agreement_id, role)
) STRICT;

-- The one-time codes sent to a signer: their hash, the wrong attempts, when they end.
create table agreement_codes (
  id TEXT primary key,
  agreement_id TEXT not null references agreements (id) on delete cascade,
  role TEXT not null check (role in ('founder', 'programme')),
  member_id TEXT references team_members (id),
  code_hash TEXT not null,
  attempts INTEGER not null default 0,
  created_at TEXT not null,
  expires_at TEXT not null,
  used_at TEXT,
  check (attempts >= 0)
) STRICT;
create index agreement_codes_by_agreement on agreement_codes (agreement_id, role);

-- May sign agreements for the programme (set by an admin).
alter table team_members add column can_sign INTEGER not null default 0 check (can_sign in (0, 1));
