-- Applications, their transactional outbox of e-mails, and idempotency keys.
-- Mirrors version 1 of the SQLite schema (server/db/sqlite-store.ts).
-- Applied by `supabase db push` on Supabase and by `npm run migrate` (or the
-- server at start-up) anywhere else; both record it in
-- supabase_migrations.schema_migrations. Never edit a published migration:
-- add a new file.

create table applications (
  id uuid primary key,
  reference text not null unique,
  created_at timestamptz not null,
  -- normalised copy of form_data->>'email', for the founder's data requests (Ley 1581)
  email text not null,
  form_data jsonb not null check (jsonb_typeof(form_data) = 'object'),
  consent_policy_version text not null,
  consent_accepted_at timestamptz not null
);
create index applications_email on applications (email);
create index applications_created_at on applications (created_at, id);

create table outbox (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  kind text not null check (kind in ('applicant_confirmation', 'team_notification')),
  -- RFC 5322 Message-ID, fixed at enqueue time so a duplicate delivery is recognisable
  message_id text not null unique,
  sender text not null,
  recipient text not null,
  reply_to text,
  subject text not null,
  text_body text not null,
  html_body text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  -- the lease: which worker holds the message, and until when
  claimed_by text,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  settled_at timestamptz
);
-- The workers' claim query walks this index in order and skips locked rows.
create index outbox_due on outbox (next_attempt_at, created_at, id) where status = 'pending';
create index outbox_application on outbox (application_id);

create table idempotency_keys (
  key text primary key,
  request_hash text not null,
  application_id uuid not null references applications (id) on delete cascade,
  reference text not null,
  created_at timestamptz not null
);
create index idempotency_keys_application on idempotency_keys (application_id);

-- On Supabase every table in `public` is reachable through the Data API with
-- the public anon key. Founders' personal data must never be: row level
-- security with no policy denies every row to anon and authenticated, while
-- the owner (the postgres role behind SUPABASE_DB_URL and DATABASE_URL) is
-- not subject to it. On a plain PostgreSQL this changes nothing.
alter table applications enable row level security;
alter table outbox enable row level security;
alter table idempotency_keys enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on applications, outbox, idempotency_keys from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on applications, outbox, idempotency_keys from authenticated;
  end if;
end
$$;
