-- A team cancellation of the panel session says why (ADR 0152). Mirrors version 24 of the SQLite
-- schema (server/db/migrations/sqlite.ts). Never edit a published migration: add a new file.

-- The «Motivo» an admin gives when the team cancels a session (at most 500 characters): the founder's
-- page and e-mail, the panel's e-mail and the workspace show it. NULL: none given, or the founder's.
alter table panel_sessions add column cancel_reason text;
