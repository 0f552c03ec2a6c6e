-- The agreement's electronic signature (docs/decisions/0213-the-agreements-signature-libraries-and-shape.md).
-- Generated from server/db/migrations/declared/31_agreements.ts by `npm run migrations:generate`:
-- edit the declaration, never this file. Never edit a published migration: declare a new one.

-- The text of the agreement, one row per version: written once, never edited (version 0 is the sample in the code).
create table agreement_templates (
  id uuid primary key,
  version integer not null unique,
  body text not null,
  sample boolean not null,
  created_by uuid references team_members (id),
  created_at timestamptz not null,
  check (version > 0)
);
select catalitico_private.server_only('agreement_templates');

-- Each application's agreements: the PDF as sent and its numbers, frozen; a change voids it and sends a new version.
create table agreements (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  version integer not null,
  code text not null unique,
  status text not null check (status in ('sent', 'founder_signed', 'sealing', 'signed', 'declined', 'expired', 'voided')),
  template_version integer not null,
  template_sample boolean not null,
  parties jsonb not null,
  terms jsonb not null,
  rate_card_version_number integer,
  document bytea not null,
  document_sha256 text not null,
  signed_document bytea,
  signed_sha256 text,
  missing_documents_reason text,
  sent_by uuid references team_members (id),
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  closed_at timestamptz,
  closed_by uuid references team_members (id),
  close_reason text,
  seal_attempts integer not null default 0,
  seal_error text,
  seal_due_at timestamptz,
  updated_at timestamptz not null,
  unique (application_id, version),
  check (version > 0),
  check (seal_attempts >= 0)
);
create unique index agreements_one_live on agreements (application_id) where status = 'sent' or status = 'founder_signed' or status = 'sealing';
create index agreements_sealing_due on agreements (seal_due_at) where status = 'sealing';
select catalitico_private.server_only('agreements');

-- Each signature of an agreement with its evidence: who, how verified, the e-signature text accepted, when, from where.
create table agreement_signatures (
  id uuid primary key,
  agreement_id uuid not null references agreements (id) on delete cascade,
  role text not null check (role in ('founder', 'programme')),
  member_id uuid references team_members (id),
  name text not null,
  email text not null,
  method text not null check (method in ('email_code', 'passkey')),
  consent_version integer not null,
  consent_text text not null,
  ip text not null,
  user_agent text not null,
  signed_at timestamptz not null,
  unique (agreement_id, role)
);
select catalitico_private.server_only('agreement_signatures');

-- The one-time codes sent to a signer: their hash, the wrong attempts, when they end.
create table agreement_codes (
  id uuid primary key,
  agreement_id uuid not null references agreements (id) on delete cascade,
  role text not null check (role in ('founder', 'programme')),
  member_id uuid references team_members (id),
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  check (attempts >= 0)
);
create index agreement_codes_by_agreement on agreement_codes (agreement_id, role);
select catalitico_private.server_only('agreement_codes');

-- May sign agreements for the programme (set by an admin).
alter table team_members add column can_sign boolean not null default false;
