-- A stage change keeps or cancels the panel session on purpose (issue 32; ADR 0185). Mirrors version 29 of
-- the SQLite schema (server/db/migrations/sqlite.ts). Never edit a published migration: add a new file.

-- The admin who kept the session still ahead when the application moved past the panel stage, and when
-- (domain/stage-effects.ts): NULL while nobody did. Its day-before reminder goes only if kept.
alter table panel_sessions add column kept_by uuid references team_members (id);
alter table panel_sessions add column kept_at timestamptz;

-- A stage e-mail waiting in «Correos por enviar» whose stage change cancelled the panel session: the
-- founder's METHOD:CANCEL e-mail on its own (the outbox message, its calendar included). Sent, the draft
-- carries the calendar; discarded or replaced, this goes instead. NULL: nothing to carry.
alter table founder_mail_drafts add column panel_cancel jsonb;
