/**
 * The SQLite schema as versioned migrations: append only, never edit a
 * published one. Each runs in its own transaction and is recorded in
 * schema_migrations. PostgreSQL's equivalent is supabase/migrations/; the
 * drift test compares the two.
 *
 * Migrations may call search_key(text) and email_key(text), which the store
 * registers on its connection (domain/search.ts, domain/email.ts).
 */
import { checkOrder, sqliteSql } from '../declare/generate.ts'
import type { DeclaredMigration } from '../declare/declare.ts'
import { DECLARED_MIGRATIONS, LAST_HANDWRITTEN } from './declared.ts'

export interface SqliteMigration {
  version: number
  name: string
  sql: string
  /**
   * The tables whose text in sqlite_schema the migration edits (a widened CHECK, declare.ts
   * `widenCheck`): the runner lets it write there, then bumps schema_version and checks them.
   */
  editsSchemaOf?: readonly string[]
}

/**
 * Versions 1 to 30, written by hand in SQLite's own SQL: published, frozen. Later ones are declared
 * once for both engines (declared.ts; docs/decisions/0207-each-table-declared-once.md).
 */
const HANDWRITTEN: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'applications, outbox, idempotency keys',
    sql: `
      CREATE TABLE applications (
        id TEXT PRIMARY KEY,
        reference TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        -- normalised copy of form_data.email, for the founder's data requests (Ley 1581)
        email TEXT NOT NULL,
        form_data TEXT NOT NULL CHECK (json_valid(form_data)),
        consent_policy_version TEXT NOT NULL,
        consent_accepted_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX applications_email ON applications (email);
      CREATE INDEX applications_created_at ON applications (created_at);

      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('applicant_confirmation', 'team_notification')),
        message_id TEXT NOT NULL UNIQUE,
        sender TEXT NOT NULL,
        recipient TEXT NOT NULL,
        reply_to TEXT,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        claimed_by TEXT,
        lease_until TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        settled_at TEXT
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX outbox_application ON outbox (application_id);

      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        reference TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX idempotency_keys_application ON idempotency_keys (application_id);
    `,
  },
  {
    version: 2,
    name: 'created_at, id tie-breakers on the ordered indexes',
    // The same columns as the PostgreSQL indexes and as both stores' ORDER BY,
    // so that ties on the timestamp never depend on the query plan.
    sql: `
      DROP INDEX applications_created_at;
      CREATE INDEX applications_created_at ON applications (created_at, id);
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (next_attempt_at, created_at, id) WHERE status = 'pending';
    `,
  },
  {
    version: 3,
    name: 'team workspace: members, sessions, sign-in links, passkeys, pipeline, reviews, notes, audit log',
    // Mirrors supabase/migrations/20261123100000_team_workspace.sql. See docs/workspace.md.
    sql: `
      -- The outbox now also carries e-mails that belong to no application (sign-in
      -- links, invitations): application_id becomes nullable and the kind list
      -- moves to the code (store.ts MESSAGE_KINDS). SQLite cannot alter a column,
      -- so the table is rebuilt; nothing references it.
      CREATE TABLE outbox_v3 (
        id TEXT PRIMARY KEY,
        application_id TEXT REFERENCES applications (id) ON DELETE CASCADE,
        member_id TEXT REFERENCES team_members (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        message_id TEXT NOT NULL UNIQUE,
        sender TEXT NOT NULL,
        recipient TEXT NOT NULL,
        reply_to TEXT,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        -- 1: the body holds a secret (a sign-in link); blanked once sent or given up
        redact_after_send INTEGER NOT NULL DEFAULT 0 CHECK (redact_after_send IN (0, 1)),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        claimed_by TEXT,
        lease_until TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        settled_at TEXT
      ) STRICT;

      CREATE TABLE team_members (
        id TEXT PRIMARY KEY,
        -- normalised (trimmed, lower case)
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('admin', 'reviewer')),
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        invited_by TEXT REFERENCES team_members (id),
        deactivated_at TEXT,
        last_sign_in_at TEXT
      ) STRICT;

      INSERT INTO outbox_v3 (id, application_id, kind, message_id, sender, recipient, reply_to, subject, text_body, html_body,
                             status, attempts, next_attempt_at, claimed_by, lease_until, last_error, created_at, settled_at)
        SELECT id, application_id, kind, message_id, sender, recipient, reply_to, subject, text_body, html_body,
               status, attempts, next_attempt_at, claimed_by, lease_until, last_error, created_at, settled_at
        FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_v3 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (next_attempt_at, created_at, id) WHERE status = 'pending';
      CREATE INDEX outbox_application ON outbox (application_id);
      CREATE INDEX outbox_member ON outbox (member_id);

      -- Where each application stands in the pipeline (domain/pipeline.ts).
      ALTER TABLE applications ADD COLUMN stage TEXT NOT NULL DEFAULT 'recibida'
        CHECK (stage IN ('recibida', 'validacion_preliminar', 'sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada'));
      -- When it entered the current stage, and when that stage is due (NULL once closed).
      ALTER TABLE applications ADD COLUMN stage_entered_at TEXT;
      ALTER TABLE applications ADD COLUMN stage_due_at TEXT;
      -- Lower-case, accent-free company, trade name, founder, e-mail and reference, for the
      -- workspace search (domain/search.ts searchKey); written with the application.
      ALTER TABLE applications ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      UPDATE applications SET
        stage_entered_at = created_at,
        stage_due_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+14 days'),
        search_text = search_key(
          coalesce(json_extract(form_data, '$.companyName'), '') || ' ' || coalesce(json_extract(form_data, '$.tradeName'), '') || ' ' ||
          coalesce(json_extract(form_data, '$.founderName'), '') || ' ' || email || ' ' || reference);
      CREATE INDEX applications_stage_due ON applications (stage, stage_due_at);
      CREATE INDEX applications_due ON applications (stage_due_at) WHERE stage_due_at IS NOT NULL;

      CREATE TABLE team_sessions (
        -- SHA-256 (hex) of the cookie's token: the token itself is never stored
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
        -- sent back in X-CSRF-Token on every state-changing request
        csrf_token TEXT NOT NULL,
        auth_method TEXT NOT NULL CHECK (auth_method IN ('link', 'passkey')),
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        idle_expires_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX team_sessions_member ON team_sessions (member_id);

      CREATE TABLE team_sign_in_links (
        -- SHA-256 (hex) of the link's token
        token_hash TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT;
      CREATE INDEX team_sign_in_links_member ON team_sign_in_links (member_id);

      CREATE TABLE team_passkeys (
        -- the WebAuthn credential id, base64url
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
        -- COSE public key, base64url
        public_key TEXT NOT NULL,
        counter INTEGER NOT NULL DEFAULT 0,
        transports TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(transports)),
        device_type TEXT NOT NULL,
        backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT
      ) STRICT;
      CREATE INDEX team_passkeys_member ON team_passkeys (member_id);

      -- One WebAuthn ceremony in progress: the challenge is used once.
      CREATE TABLE webauthn_challenges (
        id TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        purpose TEXT NOT NULL CHECK (purpose IN ('register', 'authenticate')),
        member_id TEXT REFERENCES team_members (id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL
      ) STRICT;

      -- Fixed-window counters shared by every instance. Buckets are hashes
      -- (e.g. of an address or an IP), never the value itself.
      CREATE TABLE rate_limit_counters (
        bucket TEXT NOT NULL,
        window_start TEXT NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, window_start)
      ) STRICT;

      CREATE TABLE stage_changes (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        from_stage TEXT NOT NULL,
        to_stage TEXT NOT NULL,
        reason TEXT,
        -- NULL: the founder (withdrawal) or the system
        member_id TEXT REFERENCES team_members (id),
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX stage_changes_application ON stage_changes (application_id, at, id);
      CREATE INDEX stage_changes_at ON stage_changes (at, id);

      -- One review per member and application (domain/review.ts).
      CREATE TABLE application_reviews (
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        producto_validado INTEGER NOT NULL CHECK (producto_validado BETWEEN 1 AND 5),
        primeros_clientes INTEGER NOT NULL CHECK (primeros_clientes BETWEEN 1 AND 5),
        modelo_escalable INTEGER NOT NULL CHECK (modelo_escalable BETWEEN 1 AND 5),
        founders_comprometidos INTEGER NOT NULL CHECK (founders_comprometidos BETWEEN 1 AND 5),
        apertura_participacion INTEGER NOT NULL CHECK (apertura_participacion BETWEEN 1 AND 5),
        -- the per-criterion comments, {criterionKey: text}
        comments TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(comments)),
        recommendation TEXT NOT NULL CHECK (recommendation IN ('avanzar', 'discutir', 'no_avanzar')),
        overall_comment TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (application_id, member_id)
      ) STRICT;
      CREATE INDEX application_reviews_member ON application_reviews (member_id);

      CREATE TABLE application_notes (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX application_notes_application ON application_notes (application_id, created_at, id);

      -- Who did what to which record. Ids and actions only, never a founder's
      -- data; application_id has no foreign key so the trail outlives a deletion.
      CREATE TABLE audit_log (
        id TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        member_id TEXT REFERENCES team_members (id),
        action TEXT NOT NULL,
        application_id TEXT,
        detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
      ) STRICT;
      CREATE INDEX audit_log_at ON audit_log (at, id);
      CREATE INDEX audit_log_application ON audit_log (application_id);
    `,
  },
  {
    version: 4,
    name: 'workspace list: search, company order and due order on indexes',
    // Mirrors supabase/migrations/20261123120000_workspace_search_index.sql.
    // With them the search reads a narrow index instead of every wide row, and the
    // company and due orders come from an index without a sort (npm run bench:workspace).
    sql: `
      CREATE INDEX applications_search_order ON applications (search_text, created_at, id);
      -- Due date first, closed ones (NULL) last: the due_asc order, without a sort.
      CREATE INDEX applications_due_order ON applications (stage_due_at IS NULL, stage_due_at, created_at, id);
    `,
  },
  {
    version: 5,
    name: "founder's personal links",
    // Mirrors supabase/migrations/20261123130000_founder_links.sql.
    sql: `
      -- A founder's way into their status page (/postulacion/<token>), with no
      -- account: every status e-mail carries one. Only the token's SHA-256 (hex)
      -- is stored; a link works until it is revoked or its application is deleted.
      CREATE TABLE founder_links (
        token_hash TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      ) STRICT;
      CREATE INDEX founder_links_application ON founder_links (application_id);
    `,
  },
  {
    version: 6,
    name: 'review in depth: assignments, conflicts of interest, reminders, criterion weights, discussion flag',
    // Mirrors supabase/migrations/20261123140000_review_in_depth.sql.
    sql: `
      CREATE TABLE assignments (
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        -- who assigned it: an admin, or the member who took it
        assigned_by TEXT NOT NULL REFERENCES team_members (id),
        assigned_at TEXT NOT NULL,
        PRIMARY KEY (application_id, member_id)
      ) STRICT;
      CREATE INDEX assignments_member ON assignments (member_id);

      CREATE TABLE conflicts (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        kind TEXT NOT NULL CHECK (kind IN ('personal', 'comercial', 'competencia', 'otra')),
        note TEXT NOT NULL DEFAULT '',
        -- the member themself, or an admin recording it for them
        declared_by TEXT NOT NULL REFERENCES team_members (id),
        declared_at TEXT NOT NULL,
        -- only an admin lifts a conflict, with a reason
        lifted_at TEXT,
        lifted_by TEXT REFERENCES team_members (id),
        lift_reason TEXT
      ) STRICT;
      CREATE UNIQUE INDEX conflicts_active ON conflicts (application_id, member_id) WHERE lifted_at IS NULL;
      CREATE INDEX conflicts_member ON conflicts (member_id) WHERE lifted_at IS NULL;

      ALTER TABLE team_members ADD COLUMN reminder_frequency TEXT NOT NULL DEFAULT 'daily'
        CHECK (reminder_frequency IN ('daily', 'weekdays', 'off'));
      -- One row per member and Bogotá day once that day's reminder was decided:
      -- the primary key makes it exactly one, whichever instance gets there first.
      CREATE TABLE reminder_runs (
        member_id TEXT NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        -- the e-mail queued, or NULL when there was nothing to say
        outbox_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (member_id, day)
      ) STRICT;

      -- Weights of the five criteria (domain/programme.ts SELECTION_CRITERIA keys); a missing row weighs 1.
      CREATE TABLE criterion_weights (
        criterion TEXT PRIMARY KEY
          CHECK (criterion IN ('productoValidado', 'primerosClientes', 'modeloEscalable', 'foundersComprometidos', 'aperturaParticipacion')),
        weight REAL NOT NULL CHECK (weight > 0 AND weight <= 10),
        updated_by TEXT REFERENCES team_members (id),
        updated_at TEXT NOT NULL
      ) STRICT;

      -- "Para discutir" is computed from the reviews; an admin clearing it records when.
      ALTER TABLE applications ADD COLUMN discussion_cleared_at TEXT;
    `,
  },
  {
    version: 7,
    name: "founder's status e-mails (drafts, per-kind setting) and retention",
    // Mirrors supabase/migrations/20261123150000_founder_status_mail.sql.
    sql: `
      -- "Correos por enviar": the founder's e-mail of a stage change waits here
      -- until a member sends it (then it goes to the outbox) or discards it.
      CREATE TABLE founder_mail_drafts (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        -- the stage the application moved to (server/shared/pipeline/status-mail.ts)
        kind TEXT NOT NULL CHECK (kind IN ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')),
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'discarded')),
        created_at TEXT NOT NULL,
        edited_by TEXT REFERENCES team_members (id),
        edited_at TEXT,
        settled_by TEXT REFERENCES team_members (id),
        settled_at TEXT,
        -- the outbox message it became once sent
        outbox_id TEXT
      ) STRICT;
      CREATE INDEX founder_mail_drafts_waiting ON founder_mail_drafts (created_at, id) WHERE status = 'draft';
      CREATE INDEX founder_mail_drafts_application ON founder_mail_drafts (application_id, created_at);

      -- Kinds an admin chose to send straight away, without review; a missing row means review first.
      CREATE TABLE founder_mail_settings (
        kind TEXT PRIMARY KEY CHECK (kind IN ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')),
        send_immediately INTEGER NOT NULL CHECK (send_immediately IN (0, 1)),
        updated_by TEXT REFERENCES team_members (id),
        updated_at TEXT NOT NULL
      ) STRICT;

      -- Set when the retention job reduced a closed application to its reference, dates and outcome.
      ALTER TABLE applications ADD COLUMN anonymized_at TEXT;
      CREATE INDEX applications_retention ON applications (stage, stage_entered_at) WHERE anonymized_at IS NULL;
      `,
    },
    {
    version: 8,
    name: 'due-diligence documents',
    // Mirrors supabase/migrations/20261123160000_documents.sql.
    sql: `
      -- One current file per application and checklist item (domain/documents.ts
      -- keys); a replacement takes the place of the previous row. The bytes live
      -- on disk (DATA_DIR/documents) or in document_blobs (ADR 0095).
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        item_key TEXT NOT NULL,
        file_name TEXT NOT NULL,
        media_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
        sha256 TEXT NOT NULL,
        uploaded_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'accepted', 'new_version_requested')),
        -- the team's note asking for a new version; the founder sees it
        review_note TEXT,
        reviewed_by TEXT REFERENCES team_members (id),
        reviewed_at TEXT
      ) STRICT;
      CREATE UNIQUE INDEX documents_item ON documents (application_id, item_key);

      -- The bytes, when DOCUMENT_STORAGE=database (several instances on PostgreSQL).
      CREATE TABLE document_blobs (
        document_id TEXT PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
        content BLOB NOT NULL
      ) STRICT;
      `,
    },
    {
    version: 10,
    name: 'the scores an admin cleared for discussion',
    // Mirrors supabase/migrations/20261123180000_discussion_cleared_scores.sql.
    sql: `
      -- The reviewers' scores when an admin cleared "Para discutir" (domain/scoring.ts scoresFingerprint):
      -- a later review re-flags the application only if it changes them.
      ALTER TABLE applications ADD COLUMN discussion_cleared_scores TEXT;
    `,
  },
  {
    version: 11,
    name: 'backup runs',
    // Mirrors supabase/migrations/20261123190000_backup_runs.sql.
    sql: `
      -- One row per backup (server/features/backup/): the scheduled ones carry their interval's slot, whose
      -- uniqueness makes exactly one instance take each; a manual one (npm run backup) has none.
      CREATE TABLE backup_runs (
        id TEXT PRIMARY KEY,
        slot TEXT UNIQUE,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ok', 'failed')),
        size_bytes INTEGER,
        file TEXT,
        -- an operator's message, never personal data
        error TEXT
      ) STRICT;
      CREATE INDEX backup_runs_started ON backup_runs (started_at);
    `,
  },
  {
    version: 13,
    name: 'narrow indexes for Mis pendientes',
    // Mirrors supabase/migrations/20261123210000_pending_clock_indexes.sql (ADR 0108).
    sql: `
      -- "Mis pendientes" joins a member's assignments to their applications' clocks: both sides read
      -- from an index alone, never from the wide application rows (their form_data).
      CREATE INDEX applications_clock ON applications (id, stage, stage_due_at, created_at);
      DROP INDEX assignments_member;
      CREATE INDEX assignments_member ON assignments (member_id, application_id, assigned_at);
    `,
  },
  {
    version: 14,
    name: 'founder links leave with the e-mail',
    // Mirrors supabase/migrations/20261125100000_founder_links_leave_with_the_mail.sql (ADR 0117).
    // founder_link_hashes() and founder_link_placeholder() are registered by the store for this migration.
    sql: `
      -- Links that sat readable in waiting drafts and unsent e-mails were never sent to anyone but could be
      -- read by the team and sat in backups: they stop working. Links already sent are left alone.
      UPDATE founder_links SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE revoked_at IS NULL AND token_hash IN (
        SELECT h.value FROM founder_mail_drafts d, json_each(founder_link_hashes(d.text_body || ' ' || d.html_body)) h
        WHERE d.status = 'draft'
        UNION
        SELECT h.value FROM outbox o, json_each(founder_link_hashes(o.text_body || ' ' || o.html_body)) h
        WHERE o.status = 'pending' AND o.kind IN ('founder_status', 'founder_link')
      );
      -- They hold the placeholder instead: the outbox worker puts a new link there as each e-mail leaves.
      UPDATE founder_mail_drafts SET text_body = founder_link_placeholder(text_body), html_body = founder_link_placeholder(html_body)
      WHERE status = 'draft';
      UPDATE outbox SET text_body = founder_link_placeholder(text_body), html_body = founder_link_placeholder(html_body), redact_after_send = 0
      WHERE status = 'pending' AND kind IN ('founder_status', 'founder_link');
    `,
  },
  {
    version: 15,
    name: 'due-diligence uploads in progress',
    // Mirrors supabase/migrations/20261126100000_document_uploads.sql (ADR 0119).
    sql: `
      -- One row per tus upload from its creation until it is taken in, refused, replaced, ended or
      -- expired: the database, shared by every instance, counts them against the application's caps.
      -- Their bytes stay on the disk of the instance that received them (documents/incoming).
      CREATE TABLE document_uploads (
        -- tus's upload id (32 hex digits)
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        item_key TEXT NOT NULL,
        -- the Upload-Length the founder's client announced
        size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX document_uploads_application ON document_uploads (application_id, created_at);
    `,
  },
  {
    version: 16,
    name: 'addresses matched in Unicode NFC',
    // Mirrors supabase/migrations/20261127090000_email_nfc.sql (ADR 0121).
    sql: `
      -- Addresses are matched in Unicode NFC now (domain/email.ts normalizeEmail): the stored copies follow.
      -- A member whose address would collide with another's keeps it (never seen; the sign-in would say so).
      UPDATE applications SET email = email_key(email) WHERE email <> email_key(email);
      UPDATE team_members SET email = email_key(email)
        WHERE email <> email_key(email) AND NOT EXISTS (SELECT 1 FROM team_members t WHERE t.email = email_key(team_members.email));
    `,
  },
  {
    version: 17,
    name: 'the record of Ley 1581 data requests',
    // Mirrors supabase/migrations/20261127100000_data_requests.sql (ADR 0122).
    sql: `
      -- A titular's request under Ley 1581 (domain/data-requests.ts), opened today by a founder's deletion
      -- request from the status page and closed by an admin's deletion. The record outlives the application:
      -- its deletion leaves application_id NULL and the reference, dates and who closed it.
      CREATE TABLE data_requests (
        id TEXT PRIMARY KEY,
        application_id TEXT REFERENCES applications (id) ON DELETE SET NULL,
        reference TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('consulta', 'reclamo', 'supresion')),
        opened_at TEXT NOT NULL,
        -- the end of the last business day the law gives to answer (Bogotá)
        due_at TEXT NOT NULL,
        closed_at TEXT,
        -- NULL on a closed request: closed by the operator's command line
        closed_by TEXT REFERENCES team_members (id)
      ) STRICT;
      -- At most one open request of each kind per application: a second one finds the first.
      CREATE UNIQUE INDEX data_requests_open ON data_requests (application_id, kind) WHERE closed_at IS NULL;
      CREATE INDEX data_requests_due ON data_requests (due_at) WHERE closed_at IS NULL;
    `,
  },
  // Version 18 was never released (it was renumbered 21 before landing): the runner applies versions in
  // order and needs no unbroken sequence.
  {
    version: 19,
    name: "founders' activity told to the team (badge), and the founder's e-mail asking for a document's new version",
    // Mirrors supabase/migrations/20261128110000_founder_activity.sql (ADR 0142).
    sql: `
      -- A founder's e-mail kind that is no stage change: the team asked for a new version of a document.
      -- SQLite cannot alter a CHECK: both tables are rebuilt (nothing references them).
      CREATE TABLE founder_mail_drafts_v19 (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        -- the stage the application moved to, or documento_nueva_version (domain/founder-mail.ts)
        kind TEXT NOT NULL CHECK (kind IN ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada', 'documento_nueva_version')),
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'discarded')),
        created_at TEXT NOT NULL,
        edited_by TEXT REFERENCES team_members (id),
        edited_at TEXT,
        settled_by TEXT REFERENCES team_members (id),
        settled_at TEXT,
        outbox_id TEXT
      ) STRICT;
      INSERT INTO founder_mail_drafts_v19 SELECT id, application_id, kind, recipient, subject, text_body, html_body, status,
        created_at, edited_by, edited_at, settled_by, settled_at, outbox_id FROM founder_mail_drafts;
      DROP TABLE founder_mail_drafts;
      ALTER TABLE founder_mail_drafts_v19 RENAME TO founder_mail_drafts;
      CREATE INDEX founder_mail_drafts_waiting ON founder_mail_drafts (created_at, id) WHERE status = 'draft';
      CREATE INDEX founder_mail_drafts_application ON founder_mail_drafts (application_id, created_at);

      CREATE TABLE founder_mail_settings_v19 (
        kind TEXT PRIMARY KEY CHECK (kind IN ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada', 'documento_nueva_version')),
        send_immediately INTEGER NOT NULL CHECK (send_immediately IN (0, 1)),
        updated_by TEXT REFERENCES team_members (id),
        updated_at TEXT NOT NULL
      ) STRICT;
      INSERT INTO founder_mail_settings_v19 SELECT kind, send_immediately, updated_by, updated_at FROM founder_mail_settings;
      DROP TABLE founder_mail_settings;
      ALTER TABLE founder_mail_settings_v19 RENAME TO founder_mail_settings;

      -- What a founder did that the team should see (domain/founder-activity.ts): a badge on the application
      -- until each member concerned opens it. Part of the application: deleted with it.
      CREATE TABLE founder_activity (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('document_uploaded', 'withdrawn', 'deletion_requested')),
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX founder_activity_application ON founder_activity (application_id, at);
      -- When a member last opened an application: its activity before then is seen.
      CREATE TABLE founder_activity_seen (
        member_id TEXT NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (member_id, application_id)
      ) STRICT;
      `,
    },
    {
    version: 20,
    name: 'the workspace search covers the city',
    // Mirrors supabase/migrations/20261128120000_search_city.sql.
    sql: `
      -- applications.search_text now ends with the city (domain/search.ts applicationSearchText): the rows
      -- written before get it appended. Anonymised rows keep their reference only.
      UPDATE applications SET search_text = search_key(search_text || ' ' || coalesce(json_extract(form_data, '$.city'), ''))
        WHERE anonymized_at IS NULL AND coalesce(json_extract(form_data, '$.city'), '') <> '';
    `,
  },
  {
    version: 21,
    name: 'a later stage change supersedes the waiting founder e-mail',
    // Mirrors supabase/migrations/20261128130000_superseded_founder_mail.sql (ADR 0138).
    sql: `
      -- Set on a draft a later stage change replaced before anyone sent it: the stage the application
      -- moved to. Such a draft is settled as 'discarded' (by the member who made the change, NULL for
      -- the founder's withdrawal) and "Correos por enviar" says it was replaced, by which change.
      ALTER TABLE founder_mail_drafts ADD COLUMN superseded_to TEXT;
      -- Drafts already waiting beside a later change (issue 19: "avanzas a la sesión" and "no fuiste
      -- seleccionada" for one founder) are superseded now, as of the application's current stage.
      UPDATE founder_mail_drafts
        SET status = 'discarded', text_body = '', html_body = '',
            superseded_to = (SELECT a.stage FROM applications a WHERE a.id = founder_mail_drafts.application_id),
            settled_at = (SELECT coalesce(a.stage_entered_at, a.created_at) FROM applications a WHERE a.id = founder_mail_drafts.application_id)
        WHERE status = 'draft'
          AND kind IN ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')
          AND kind <> (SELECT a.stage FROM applications a WHERE a.id = founder_mail_drafts.application_id);
    `,
  },
  {
    version: 22,
    name: 'the panel session: offered times, the panel, the booked session and its calendar invitation',
    // Mirrors supabase/migrations/20261129100000_panel_sessions.sql (ADRs 0152-0156).
    sql: `
      -- An e-mail may carry an iCalendar invitation (RFC 5546): its text/calendar part, whose method= the
      -- sender reads from the file's own METHOD line (ADR 0153).
      ALTER TABLE outbox ADD COLUMN calendar TEXT;

      -- The times an admin offers the founder for the panel session (domain/panel-sessions.ts): one offer
      -- per application, replaced as a whole. Part of the application: deleted with it.
      CREATE TABLE panel_offers (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL UNIQUE REFERENCES applications (id) ON DELETE CASCADE,
        length_minutes INTEGER NOT NULL CHECK (length_minutes > 0),
        place_kind TEXT NOT NULL CHECK (place_kind IN ('video', 'address')),
        place TEXT NOT NULL,
        offered_by TEXT NOT NULL REFERENCES team_members (id),
        offered_at TEXT NOT NULL,
        -- the founder's "Ninguno me sirve" (at most 500 characters), until the next offer
        none_fits_note TEXT,
        none_fits_at TEXT
      ) STRICT;
      CREATE TABLE panel_offer_times (
        id TEXT PRIMARY KEY,
        offer_id TEXT NOT NULL REFERENCES panel_offers (id) ON DELETE CASCADE,
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX panel_offer_times_offer ON panel_offer_times (offer_id, starts_at);
      CREATE TABLE panel_offer_members (
        offer_id TEXT NOT NULL REFERENCES panel_offers (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        PRIMARY KEY (offer_id, member_id)
      ) STRICT;

      -- A booked session (or one called off): uid is the iCalendar UID of every invitation about it,
      -- sequence its SEQUENCE, raised on every change and on the cancellation.
      CREATE TABLE panel_sessions (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        uid TEXT NOT NULL UNIQUE,
        sequence INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('booked', 'cancelled')),
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        place_kind TEXT NOT NULL CHECK (place_kind IN ('video', 'address')),
        place TEXT NOT NULL,
        -- 'founder' or a member's id
        booked_by TEXT NOT NULL,
        booked_at TEXT NOT NULL,
        changed_by TEXT,
        changed_at TEXT,
        cancelled_at TEXT,
        -- the day-before reminder went out (set once, by whichever instance got there first)
        reminded_at TEXT
      ) STRICT;
      -- At most one booked session per application: a second tab's booking runs into it.
      CREATE UNIQUE INDEX panel_sessions_booked ON panel_sessions (application_id) WHERE status = 'booked';
      CREATE INDEX panel_sessions_due ON panel_sessions (starts_at) WHERE status = 'booked';
      CREATE TABLE panel_session_members (
        session_id TEXT NOT NULL REFERENCES panel_sessions (id) ON DELETE CASCADE,
        member_id TEXT NOT NULL REFERENCES team_members (id),
        PRIMARY KEY (session_id, member_id)
      ) STRICT;
      CREATE INDEX panel_session_members_member ON panel_session_members (member_id, session_id);

      -- Two founder activities more: "Ninguno me sirve", and a session the founder cancelled. SQLite cannot
      -- alter a CHECK: the table is rebuilt (nothing references it).
      CREATE TABLE founder_activity_v22 (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('document_uploaded', 'withdrawn', 'deletion_requested', 'panel_none_fits', 'panel_cancelled')),
        at TEXT NOT NULL
      ) STRICT;
      INSERT INTO founder_activity_v22 SELECT id, application_id, kind, at FROM founder_activity;
      DROP TABLE founder_activity;
      ALTER TABLE founder_activity_v22 RENAME TO founder_activity;
      CREATE INDEX founder_activity_application ON founder_activity (application_id, at);
    `,
  },
  // Version 22 is another change's (landed in parallel); versions need not be consecutive (9, 12 and 18 never were).
  {
    version: 23,
    name: 'the deal at the signature and the versioned rate card',
    // Mirrors supabase/migrations/20261129110000_deals.sql (ADRs 0157-0159).
    sql: `
      -- The rate card (tarifario): a version is a set of rows; once published it is never edited (a new
      -- price is a new version). Prices in whole pesos (ADR 0157).
      CREATE TABLE rate_card_versions (
        id TEXT PRIMARY KEY,
        number INTEGER NOT NULL UNIQUE CHECK (number > 0),
        note TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
        created_by TEXT NOT NULL REFERENCES team_members (id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        published_by TEXT REFERENCES team_members (id),
        published_at TEXT
      ) STRICT;
      CREATE TABLE rate_card_items (
        id TEXT PRIMARY KEY,
        version_id TEXT NOT NULL REFERENCES rate_card_versions (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        outlet TEXT NOT NULL CHECK (outlet IN ('diario_popular', 'medio_impreso_digital', 'tv_nacional', 'radio_regional', 'consultoria')),
        format TEXT NOT NULL,
        unit_price_cop INTEGER NOT NULL CHECK (unit_price_cop > 0)
      ) STRICT;
      CREATE INDEX rate_card_items_version ON rate_card_items (version_id, position);

      -- The deal recorded with the move to acuerdo_firmado (one per application, deleted with it).
      -- Percentages in hundredths of a point, USD in cents, COP in whole pesos (ADR 0157); days as AAAA-MM-DD.
      CREATE TABLE deals (
        application_id TEXT PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        equity_bp INTEGER NOT NULL CHECK (equity_bp > 0 AND equity_bp <= 10000),
        instrument TEXT NOT NULL CHECK (instrument IN ('acciones', 'nota_convertible')),
        discount_bp INTEGER CHECK (discount_bp >= 0 AND discount_bp <= 10000),
        valuation_usd_cents INTEGER NOT NULL CHECK (valuation_usd_cents > 0),
        media_value_cop INTEGER NOT NULL CHECK (media_value_cop > 0),
        investment_value_cop INTEGER NOT NULL CHECK (investment_value_cop > 0),
        window_start TEXT NOT NULL,
        window_months INTEGER NOT NULL CHECK (window_months BETWEEN 6 AND 12),
        follow_up_start TEXT NOT NULL,
        rate_card_version_id TEXT REFERENCES rate_card_versions (id),
        signed_by TEXT REFERENCES team_members (id),
        signed_at TEXT NOT NULL,
        updated_by TEXT REFERENCES team_members (id),
        updated_at TEXT NOT NULL,
        CHECK ((instrument = 'nota_convertible') = (discount_bp IS NOT NULL))
      ) STRICT;
      CREATE INDEX deals_rate_card_version ON deals (rate_card_version_id);
    `,
  },
  {
    version: 24,
    name: 'a team cancellation of the panel session says why',
    // Mirrors supabase/migrations/20261129120000_panel_cancel_reason.sql (ADR 0152).
    sql: `
      -- The «Motivo» an admin gives when the team cancels a session (at most 500 characters): the founder's
      -- page and e-mail, the panel's e-mail and the workspace show it. NULL: none given, or the founder's.
      ALTER TABLE panel_sessions ADD COLUMN cancel_reason TEXT;
    `,
  },
  {
    version: 27,
    name: 'sources: the outlets that bring applications, their visits per day',
    // Mirrors supabase/migrations/20261130120000_sources.sql (issue 22; ADRs 0168-0170).
    sql: `
      -- A source (fuente): one of the programme's outlets, reached through its short path (/radio-cali).
      -- The slug is written once: it is printed and drawn in QR codes (ADR 0170).
      CREATE TABLE sources (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        outlet TEXT NOT NULL CHECK (outlet IN ('diario', 'medio_digital', 'tv', 'radio', 'otro')),
        created_by TEXT REFERENCES team_members (id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      -- Visits through a short path: a count per source per Bogotá day (AAAA-MM-DD), nothing per visitor (ADR 0169).
      CREATE TABLE source_visits (
        source_id TEXT NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
        day TEXT NOT NULL,
        visits INTEGER NOT NULL CHECK (visits > 0),
        PRIMARY KEY (source_id, day)
      ) STRICT;

      -- Where an application came from, written once with it (ADR 0168): the known source its browser kept
      -- first, and the founder's answer to «¿Dónde nos conociste?». Deleted with the application.
      CREATE TABLE application_sources (
        application_id TEXT PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        source_id TEXT REFERENCES sources (id),
        heard_from TEXT CHECK (heard_from IN ('diario', 'medio_digital', 'tv', 'radio', 'otro')),
        CHECK (source_id IS NOT NULL OR heard_from IS NOT NULL)
      ) STRICT;
      CREATE INDEX application_sources_source ON application_sources (source_id);
    `,
  },
  // Version 25 is another change's (the media plan, landing in parallel); versions need not be consecutive.
  {
    version: 26,
    name: 'the twelve months of follow-up: monthly check-ins, milestones, the closing note, the check-in e-mails',
    // Mirrors supabase/migrations/20261130110000_follow_up.sql (issue 20; ADRs 0164-0167).
    sql: `
      -- A founder's monthly check-in (domain/follow-up.ts): month 1 to 12 of the follow-up, every version
      -- kept (a correction is version 2, 3…; the primary key is the compare-and-set of two tabs). Sales in
      -- US cents (ADR 0157); site_visits and leads NULL when the founder does not measure them.
      CREATE TABLE check_ins (
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
        version INTEGER NOT NULL CHECK (version >= 1),
        sales_usd_cents INTEGER NOT NULL CHECK (sales_usd_cents >= 0),
        active_customers INTEGER NOT NULL CHECK (active_customers >= 0),
        new_customers INTEGER NOT NULL CHECK (new_customers >= 0),
        site_visits INTEGER CHECK (site_visits >= 0),
        leads INTEGER CHECK (leads >= 0),
        team_size INTEGER NOT NULL CHECK (team_size >= 1),
        went_well TEXT NOT NULL,
        went_badly TEXT NOT NULL,
        needs TEXT NOT NULL,
        submitted_at TEXT NOT NULL,
        PRIMARY KEY (application_id, month, version)
      ) STRICT;

      -- The reviews with the team at months 3, 6 and 12: the day it was held, a note, who recorded it.
      CREATE TABLE follow_up_milestones (
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        month INTEGER NOT NULL CHECK (month IN (3, 6, 12)),
        held_on TEXT NOT NULL,
        note TEXT NOT NULL,
        recorded_by TEXT REFERENCES team_members (id),
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (application_id, month)
      ) STRICT;

      -- The closing note that ends the follow-up (no more check-in e-mails); written once.
      CREATE TABLE follow_up_closings (
        application_id TEXT PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        note TEXT NOT NULL,
        closed_by TEXT REFERENCES team_members (id),
        closed_at TEXT NOT NULL
      ) STRICT;

      -- The check-in e-mails decided (ADR 0165): one row per application, month and kind, whichever
      -- instance inserts it first queues the e-mail (outbox_id) in the same transaction.
      CREATE TABLE follow_up_mails (
        application_id TEXT NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        month INTEGER NOT NULL CHECK (month BETWEEN 1 AND 12),
        kind TEXT NOT NULL CHECK (kind IN ('invitation', 'reminder', 'late')),
        outbox_id TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (application_id, month, kind)
      ) STRICT;
    `,
  },
  {
    version: 28,
    name: 'the media plan and its append-only ledger',
    // Mirrors supabase/migrations/20261130130000_media_plan.sql (issue 20; ADRs 0160-0162). The media plan landed
    // as 28, not the 25 the note above kept for it.
    sql: `
      -- A line of a signed deal's media plan (domain/media-plan.ts): written once. The unit price is copied
      -- from the deal's frozen rate card version (whole pesos, ADR 0157); the flight is AAAA-MM-DD days.
      CREATE TABLE media_plan_lines (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES deals (application_id) ON DELETE CASCADE,
        number INTEGER NOT NULL CHECK (number > 0),
        outlet TEXT NOT NULL CHECK (outlet IN ('diario_popular', 'medio_impreso_digital', 'tv_nacional', 'radio_regional', 'consultoria')),
        format TEXT NOT NULL,
        units INTEGER NOT NULL CHECK (units > 0),
        unit_price_cop INTEGER NOT NULL CHECK (unit_price_cop > 0),
        flight_from TEXT NOT NULL,
        flight_to TEXT NOT NULL CHECK (flight_to >= flight_from),
        notes TEXT NOT NULL,
        created_by TEXT REFERENCES team_members (id),
        created_at TEXT NOT NULL,
        UNIQUE (application_id, number)
      ) STRICT;

      -- What happened to each line (ADR 0160): append-only; a correction is a 'void' entry naming the entry it
      -- cancels (voids), at most one per entry; a 'void' naming none withdraws the line.
      -- A proof of airing kept as a file (ADR 0163 addendum): content-checked like a document (PDF or image), its
      -- bytes in the database so that the file and the entry naming it are written in one transaction.
      CREATE TABLE media_plan_proofs (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES deals (application_id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        media_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
        sha256 TEXT NOT NULL,
        content BLOB NOT NULL,
        uploaded_by TEXT REFERENCES team_members (id),
        uploaded_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX media_plan_proofs_application ON media_plan_proofs (application_id);

      CREATE TABLE media_plan_entries (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL REFERENCES deals (application_id) ON DELETE CASCADE,
        line_id TEXT NOT NULL REFERENCES media_plan_lines (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('booked', 'ran', 'missed', 'make_good', 'moved', 'forfeited', 'void')),
        day TEXT NOT NULL,
        units INTEGER NOT NULL CHECK (units >= 0),
        proof_url TEXT,
        proof_document_id TEXT REFERENCES media_plan_proofs (id) ON DELETE CASCADE,
        reason TEXT,
        make_good_for TEXT REFERENCES media_plan_entries (id) ON DELETE CASCADE,
        to_line_id TEXT REFERENCES media_plan_lines (id) ON DELETE CASCADE,
        voids TEXT UNIQUE REFERENCES media_plan_entries (id) ON DELETE CASCADE,
        recorded_by TEXT REFERENCES team_members (id),
        recorded_at TEXT NOT NULL,
        CHECK (kind = 'void' OR units > 0),
        CHECK ((kind = 'ran') <= (proof_url IS NOT NULL OR proof_document_id IS NOT NULL)),
        CHECK ((kind = 'make_good') = (make_good_for IS NOT NULL)),
        CHECK ((kind = 'moved') = (to_line_id IS NOT NULL))
      ) STRICT;
      CREATE INDEX media_plan_lines_application ON media_plan_lines (application_id, number);
      CREATE INDEX media_plan_entries_application ON media_plan_entries (application_id, recorded_at);
      CREATE INDEX media_plan_entries_line ON media_plan_entries (line_id);

      -- What each deal delivered (domain/media-plan.ts Delivery, in whole pesos), written in the transaction of
      -- every entry from the whole ledger read there (ADR 0161): the paces of «Seguimiento», «Acuerdos
      -- atrasados» and the owners' reminders read it instead of every ledger. No row: nothing recorded yet.
      CREATE TABLE media_plan_totals (
        application_id TEXT PRIMARY KEY REFERENCES deals (application_id) ON DELETE CASCADE,
        ran_cop INTEGER NOT NULL CHECK (ran_cop >= 0),
        forfeited_cop INTEGER NOT NULL CHECK (forfeited_cop >= 0)
      ) STRICT;

      -- The deal's «Responsable» (ADR 0162): the member whose daily reminder carries the deal when it falls
      -- behind its pace. NULL: nobody named yet.
      ALTER TABLE deals ADD COLUMN owner_id TEXT REFERENCES team_members (id);
    `,
  },
  {
    version: 29,
    name: 'a stage change keeps or cancels the panel session on purpose',
    // Mirrors supabase/migrations/20261203090000_stage_change_session.sql (issue 32; ADR 0185).
    sql: `
      -- The admin who kept the session still ahead when the application moved past the panel stage, and when
      -- (domain/stage-effects.ts): NULL while nobody did. Its day-before reminder goes only if kept.
      ALTER TABLE panel_sessions ADD COLUMN kept_by TEXT REFERENCES team_members (id);
      ALTER TABLE panel_sessions ADD COLUMN kept_at TEXT;

      -- A stage e-mail waiting in «Correos por enviar» whose stage change cancelled the panel session: the
      -- founder's METHOD:CANCEL e-mail on its own (JSON: the outbox message, its calendar included). Sent, the
      -- draft carries the calendar; discarded or replaced, this goes instead. NULL: nothing to carry.
      ALTER TABLE founder_mail_drafts ADD COLUMN panel_cancel TEXT;
    `,
  },
  {
    version: 30,
    name: 'one write per submission: the keys of the workspace and founder forms',
    // Mirrors supabase/migrations/20261203100000_request_keys.sql (issue 32; ADR 0189).
    sql: `
      -- A form's key (domain/request-keys.ts) with the first answer given under it: the same key and body get
      -- that answer again and write nothing. Scoped to who sent it ('member:<id>' or 'founder:<application
      -- id>') and the route as registered (never the path: a founder's path holds their link). A claim is
      -- recorded before the route runs; written_at is set by the write's own transaction where the store
      -- takes the key (the media plan); the answer after the route answered. Kept a day.
      CREATE TABLE request_keys (
        principal TEXT NOT NULL,
        route TEXT NOT NULL,
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        application_id TEXT REFERENCES applications (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        written_at TEXT,
        answered_at TEXT,
        answer_status INTEGER,
        answer_type TEXT,
        answer_location TEXT,
        answer_body TEXT,
        PRIMARY KEY (principal, route, key)
      ) STRICT;
      CREATE INDEX request_keys_created ON request_keys (created_at);
      CREATE INDEX request_keys_application ON request_keys (application_id);
    `,
  },
]

checkOrder(DECLARED_MIGRATIONS, LAST_HANDWRITTEN)

/** A declared migration as the SQLite runner applies it: rendered, with the tables whose text a widened CHECK edits. */
export function sqliteMigrationOf(m: DeclaredMigration): SqliteMigration {
  const edited = m.steps.flatMap((s) => (s.step === 'widen-check' ? [s.table] : []))
  return { version: m.sqlite, name: m.title, sql: sqliteSql(m), ...(edited.length > 0 ? { editsSchemaOf: edited } : {}) }
}

/** Every migration in order: the hand-written ones, then the declared ones rendered for SQLite. */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  ...HANDWRITTEN,
  ...DECLARED_MIGRATIONS.map(sqliteMigrationOf),
]
