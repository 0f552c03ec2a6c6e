-- One e-mail rule (ADR 0121): addresses are matched in Unicode NFC now (domain/email.ts
-- normalizeEmail). Mirrors version 16 of the SQLite schema (server/db/migrations/sqlite.ts).
-- Never edit a published migration: add a new file.

-- The stored copies, already trimmed and in lower case, follow. A member whose address would
-- collide with another's keeps it.
update applications set email = normalize(email, NFC) where email <> normalize(email, NFC);
update team_members m set email = normalize(m.email, NFC)
  where m.email <> normalize(m.email, NFC)
    and not exists (select 1 from team_members t where t.email = normalize(m.email, NFC));
