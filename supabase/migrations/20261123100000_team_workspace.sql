-- The team workspace: members, sessions, sign-in links, passkeys, the review
-- pipeline, reviews, notes and the audit log. Mirrors version 3 of the SQLite
-- schema (server/db/migrations/sqlite.ts). Never edit a published
-- migration: add a new file.

-- The outbox now also carries e-mails that belong to no application (sign-in
-- links, invitations); the list of kinds moves to the code (store.ts).
alter table outbox alter column application_id drop not null;
alter table outbox drop constraint outbox_kind_check;
-- true: the body holds a secret (a sign-in link); blanked once sent or given up
alter table outbox add column redact_after_send boolean not null default false;

create table team_members (
  id uuid primary key,
  -- normalised (trimmed, lower case)
  email text not null unique,
  name text not null,
  role text not null check (role in ('admin', 'reviewer')),
  active boolean not null default true,
  created_at timestamptz not null,
  invited_by uuid references team_members (id),
  deactivated_at timestamptz,
  last_sign_in_at timestamptz
);

alter table outbox add column member_id uuid references team_members (id) on delete cascade;
create index outbox_member on outbox (member_id);

-- Where each application stands in the pipeline (domain/pipeline.ts).
alter table applications add column stage text not null default 'recibida'
  check (stage in ('recibida', 'validacion_preliminar', 'sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada'));
-- When it entered the current stage, and when that stage is due (null once closed).
alter table applications add column stage_entered_at timestamptz;
alter table applications add column stage_due_at timestamptz;
-- Lower-case, accent-free company, trade name, founder, e-mail and reference
-- (domain/search.ts searchKey), written with the application.
alter table applications add column search_text text not null default '';
update applications set
  stage_entered_at = created_at,
  stage_due_at = created_at + interval '14 days',
  search_text = lower(translate(
    concat_ws(' ', form_data->>'companyName', form_data->>'tradeName', form_data->>'founderName', email, reference),
    'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
    'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'));
create index applications_stage_due on applications (stage, stage_due_at);
create index applications_due on applications (stage_due_at) where stage_due_at is not null;

create table team_sessions (
  -- SHA-256 (hex) of the cookie's token: the token itself is never stored
  id text primary key,
  member_id uuid not null references team_members (id) on delete cascade,
  -- sent back in X-CSRF-Token on every state-changing request
  csrf_token text not null,
  auth_method text not null check (auth_method in ('link', 'passkey')),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  idle_expires_at timestamptz not null,
  expires_at timestamptz not null
);
create index team_sessions_member on team_sessions (member_id);

create table team_sign_in_links (
  -- SHA-256 (hex) of the link's token
  token_hash text primary key,
  member_id uuid not null references team_members (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index team_sign_in_links_member on team_sign_in_links (member_id);

create table team_passkeys (
  -- the WebAuthn credential id, base64url
  id text primary key,
  member_id uuid not null references team_members (id) on delete cascade,
  -- COSE public key, base64url
  public_key text not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  device_type text not null,
  backed_up boolean not null,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index team_passkeys_member on team_passkeys (member_id);

-- One WebAuthn ceremony in progress: the challenge is used once.
create table webauthn_challenges (
  id uuid primary key,
  challenge text not null,
  purpose text not null check (purpose in ('register', 'authenticate')),
  member_id uuid references team_members (id) on delete cascade,
  expires_at timestamptz not null
);

-- Fixed-window counters shared by every instance. Buckets are hashes (of an
-- address or an IP), never the value itself.
create table rate_limit_counters (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);

create table stage_changes (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  from_stage text not null,
  to_stage text not null,
  reason text,
  -- null: the founder (withdrawal) or the system
  member_id uuid references team_members (id),
  at timestamptz not null
);
create index stage_changes_application on stage_changes (application_id, at, id);
create index stage_changes_at on stage_changes (at, id);

-- One review per member and application (domain/review.ts).
create table application_reviews (
  application_id uuid not null references applications (id) on delete cascade,
  member_id uuid not null references team_members (id),
  producto_validado smallint not null check (producto_validado between 1 and 5),
  primeros_clientes smallint not null check (primeros_clientes between 1 and 5),
  modelo_escalable smallint not null check (modelo_escalable between 1 and 5),
  founders_comprometidos smallint not null check (founders_comprometidos between 1 and 5),
  apertura_participacion smallint not null check (apertura_participacion between 1 and 5),
  -- the per-criterion comments, {criterionKey: text}
  comments jsonb not null default '{}',
  recommendation text not null check (recommendation in ('avanzar', 'discutir', 'no_avanzar')),
  overall_comment text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (application_id, member_id)
);
create index application_reviews_member on application_reviews (member_id);

create table application_notes (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  member_id uuid not null references team_members (id),
  body text not null,
  created_at timestamptz not null
);
create index application_notes_application on application_notes (application_id, created_at, id);

-- Who did what to which record. Ids and actions only, never a founder's data;
-- application_id has no foreign key so the trail outlives a deletion.
create table audit_log (
  id uuid primary key,
  at timestamptz not null,
  member_id uuid references team_members (id),
  action text not null,
  application_id uuid,
  detail jsonb not null default '{}'
);
create index audit_log_at on audit_log (at, id);
create index audit_log_application on audit_log (application_id);

-- As for the first tables: nothing here is reachable through Supabase's Data API.
alter table team_members enable row level security;
alter table team_sessions enable row level security;
alter table team_sign_in_links enable row level security;
alter table team_passkeys enable row level security;
alter table webauthn_challenges enable row level security;
alter table rate_limit_counters enable row level security;
alter table stage_changes enable row level security;
alter table application_reviews enable row level security;
alter table application_notes enable row level security;
alter table audit_log enable row level security;

do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on team_members, team_sessions, team_sign_in_links, team_passkeys, webauthn_challenges,
        rate_limit_counters, stage_changes, application_reviews, application_notes, audit_log from %I', r);
    end if;
  end loop;
end
$$;
