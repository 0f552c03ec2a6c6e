-- Mirrors SQLite migration 10 (server/db/migrations/sqlite.ts).
-- The reviewers' scores when an admin cleared "Para discutir" (domain/scoring.ts scoresFingerprint):
-- a later review re-flags the application only if it changes them.
alter table applications add column discussion_cleared_scores text;
