-- Founders' activity told to the team (a badge until seen), and the founder's e-mail asking for a
-- document's new version (ADR 0142). Mirrors version 19 of the SQLite schema
-- (server/db/migrations/sqlite.ts). Never edit a published migration: add a new file.

-- A founder's e-mail kind that is no stage change: the team asked for a new version of a document.
alter table founder_mail_drafts drop constraint founder_mail_drafts_kind_check;
alter table founder_mail_drafts add constraint founder_mail_drafts_kind_check
  check (kind in ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada', 'documento_nueva_version'));
alter table founder_mail_settings drop constraint founder_mail_settings_kind_check;
alter table founder_mail_settings add constraint founder_mail_settings_kind_check
  check (kind in ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada', 'documento_nueva_version'));

-- What a founder did that the team should see (domain/founder-activity.ts): a badge on the application
-- until each member concerned opens it. Part of the application: deleted with it.
create table founder_activity (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  kind text not null check (kind in ('document_uploaded', 'withdrawn', 'deletion_requested')),
  at timestamptz not null
);
create index founder_activity_application on founder_activity (application_id, at);
-- When a member last opened an application: its activity before then is seen.
create table founder_activity_seen (
  member_id uuid not null references team_members (id) on delete cascade,
  application_id uuid not null references applications (id) on delete cascade,
  seen_at timestamptz not null,
  primary key (member_id, application_id)
);

alter table founder_activity enable row level security;
alter table founder_activity_seen enable row level security;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on founder_activity, founder_activity_seen from %I', r);
    end if;
  end loop;
end
$$;
