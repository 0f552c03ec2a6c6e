-- Sources: the outlets that bring applications, and their visits per day (issue 22; ADRs 0168-0170).
-- Mirrors version 27 of the SQLite schema (server/db/migrations/sqlite.ts). Never edit a published
-- migration: add a new file.

-- A source (fuente): one of the programme's outlets, reached through its short path (/radio-cali).
-- The slug is written once: it is printed and drawn in QR codes (ADR 0170).
create table sources (
  id uuid primary key,
  slug text not null unique,
  name text not null,
  outlet text not null check (outlet in ('diario', 'medio_digital', 'tv', 'radio', 'otro')),
  created_by uuid references team_members (id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Visits through a short path: a count per source per Bogotá day (AAAA-MM-DD), nothing per visitor (ADR 0169).
create table source_visits (
  source_id uuid not null references sources (id) on delete cascade,
  day text not null,
  visits integer not null check (visits > 0),
  primary key (source_id, day)
);

-- Where an application came from, written once with it (ADR 0168): the known source its browser kept
-- first, and the founder's answer to «¿Dónde nos conociste?». Deleted with the application.
create table application_sources (
  application_id uuid primary key references applications (id) on delete cascade,
  source_id uuid references sources (id),
  heard_from text check (heard_from in ('diario', 'medio_digital', 'tv', 'radio', 'otro')),
  check (source_id is not null or heard_from is not null)
);
create index application_sources_source on application_sources (source_id);

-- Only the server's own connection reads and writes these (ADR 0177).
select catalitico_private.server_only('sources', 'source_visits', 'application_sources');
