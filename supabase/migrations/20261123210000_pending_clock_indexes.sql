-- Narrow indexes for "Mis pendientes" (ADR 0108). Mirrors version 13 of the
-- SQLite schema (server/db/migrations/sqlite.ts).
-- A member's assignments joined to their applications' clocks: both sides are
-- read by index-only scans, never from the wide application rows.
create index applications_clock on applications (id, stage, stage_due_at, created_at);
drop index assignments_member;
create index assignments_member on assignments (member_id, application_id, assigned_at);
