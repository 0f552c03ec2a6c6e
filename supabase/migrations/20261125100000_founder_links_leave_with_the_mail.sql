-- A founder's personal link exists only in the e-mail that leaves for the founder (ADR 0117): the outbox
-- worker creates it as it sends, and waiting drafts and unsent e-mails hold the placeholder instead.
-- Mirrors version 14 of the SQLite schema (server/db/migrations/sqlite.ts, legacy-founder-links.ts).

-- Links that sat readable in waiting drafts and unsent e-mails were never sent to anyone but could be read
-- by the team and sat in backups: they stop working. Links already sent are left alone.
update founder_links set revoked_at = now()
where revoked_at is null and token_hash in (
  select encode(sha256(convert_to(m[1], 'UTF8')), 'hex')
  from founder_mail_drafts d,
       regexp_matches(d.text_body || ' ' || d.html_body, 'https?://[^[:space:]"''<>]+/postulacion/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])', 'g') as m
  where d.status = 'draft'
  union
  select encode(sha256(convert_to(m[1], 'UTF8')), 'hex')
  from outbox o,
       regexp_matches(o.text_body || ' ' || o.html_body, 'https?://[^[:space:]"''<>]+/postulacion/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])', 'g') as m
  where o.status = 'pending' and o.kind in ('founder_status', 'founder_link')
);

-- They hold the placeholder instead: the outbox worker puts a new link there as each e-mail leaves.
update founder_mail_drafts
set text_body = regexp_replace(text_body, 'https?://[^[:space:]"''<>]+/postulacion/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '[enlace personal]', 'g'),
    html_body = regexp_replace(html_body, 'https?://[^[:space:]"''<>]+/postulacion/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '[enlace personal]', 'g')
where status = 'draft';

update outbox
set text_body = regexp_replace(text_body, 'https?://[^[:space:]"''<>]+/postulacion/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '[enlace personal]', 'g'),
    html_body = regexp_replace(html_body, 'https?://[^[:space:]"''<>]+/postulacion/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])', '[enlace personal]', 'g'),
    redact_after_send = false
where status = 'pending' and kind in ('founder_status', 'founder_link');
