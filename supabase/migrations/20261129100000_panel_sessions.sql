-- The panel session: offered times, the panel, the booked session and its calendar invitation
-- (ADRs 0152-0156). Mirrors version 22 of the SQLite schema (server/db/migrations/sqlite.ts).
-- Never edit a published migration: add a new file.

-- An e-mail may carry an iCalendar invitation (RFC 5546): its text/calendar part, whose method= the
-- sender reads from the file's own METHOD line (ADR 0153).
alter table outbox add column calendar text;

-- The times an admin offers the founder for the panel session (domain/panel-sessions.ts): one offer
-- per application, replaced as a whole. Part of the application: deleted with it.
create table panel_offers (
  id uuid primary key,
  application_id uuid not null unique references applications (id) on delete cascade,
  length_minutes integer not null check (length_minutes > 0),
  place_kind text not null check (place_kind in ('video', 'address')),
  place text not null,
  offered_by uuid not null references team_members (id),
  offered_at timestamptz not null,
  -- the founder's "Ninguno me sirve" (at most 500 characters), until the next offer
  none_fits_note text,
  none_fits_at timestamptz
);
create table panel_offer_times (
  id uuid primary key,
  offer_id uuid not null references panel_offers (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null
);
create index panel_offer_times_offer on panel_offer_times (offer_id, starts_at);
create table panel_offer_members (
  offer_id uuid not null references panel_offers (id) on delete cascade,
  member_id uuid not null references team_members (id),
  primary key (offer_id, member_id)
);

-- A booked session (or one called off): uid is the iCalendar UID of every invitation about it,
-- sequence its SEQUENCE, raised on every change and on the cancellation.
create table panel_sessions (
  id uuid primary key,
  application_id uuid not null references applications (id) on delete cascade,
  uid text not null unique,
  sequence integer not null default 0,
  status text not null check (status in ('booked', 'cancelled')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  place_kind text not null check (place_kind in ('video', 'address')),
  place text not null,
  -- 'founder' or a member's id
  booked_by text not null,
  booked_at timestamptz not null,
  changed_by text,
  changed_at timestamptz,
  cancelled_at timestamptz,
  -- the day-before reminder went out (set once, by whichever instance got there first)
  reminded_at timestamptz
);
-- At most one booked session per application: a second tab's booking runs into it.
create unique index panel_sessions_booked on panel_sessions (application_id) where status = 'booked';
create index panel_sessions_due on panel_sessions (starts_at) where status = 'booked';
create table panel_session_members (
  session_id uuid not null references panel_sessions (id) on delete cascade,
  member_id uuid not null references team_members (id),
  primary key (session_id, member_id)
);
create index panel_session_members_member on panel_session_members (member_id, session_id);

-- Two founder activities more: "Ninguno me sirve", and a session the founder cancelled.
alter table founder_activity drop constraint founder_activity_kind_check;
alter table founder_activity add constraint founder_activity_kind_check
  check (kind in ('document_uploaded', 'withdrawn', 'deletion_requested', 'panel_none_fits', 'panel_cancelled'));

alter table panel_offers enable row level security;
alter table panel_offer_times enable row level security;
alter table panel_offer_members enable row level security;
alter table panel_sessions enable row level security;
alter table panel_session_members enable row level security;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on panel_offers, panel_offer_times, panel_offer_members, panel_sessions, panel_session_members from %I', r);
    end if;
  end loop;
end
$$;
