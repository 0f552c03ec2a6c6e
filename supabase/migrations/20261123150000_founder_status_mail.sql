-- "Correos por enviar": the founder's e-mail of a stage change waits here until
-- a member sends it (then it goes to the outbox) or discards it; kinds an admin
-- chose to send straight away; and the retention job's mark.
-- Mirrors version 7 of the SQLite schema (server/db/migrations/sqlite.ts).
create table founder_mail_drafts (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  kind text not null check (kind in ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')),
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  status text not null default 'draft' check (status in ('draft', 'sent', 'discarded')),
  created_at timestamptz not null,
  edited_by uuid references team_members (id),
  edited_at timestamptz,
  settled_by uuid references team_members (id),
  settled_at timestamptz,
  outbox_id uuid
);
create index founder_mail_drafts_waiting on founder_mail_drafts (created_at, id) where status = 'draft';
create index founder_mail_drafts_application on founder_mail_drafts (application_id, created_at);

create table founder_mail_settings (
  kind text primary key check (kind in ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')),
  send_immediately boolean not null,
  updated_by uuid references team_members (id),
  updated_at timestamptz not null
);

alter table applications add column anonymized_at timestamptz;
create index applications_retention on applications (stage, stage_entered_at) where anonymized_at is null;

alter table founder_mail_drafts enable row level security;
alter table founder_mail_settings enable row level security;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on founder_mail_drafts, founder_mail_settings from %I', r);
    end if;
  end loop;
end
$$;
