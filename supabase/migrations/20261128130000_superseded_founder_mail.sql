-- A later stage change supersedes the founder's e-mail still waiting in "Correos por enviar" (ADR 0138).
-- Set on a draft a later stage change replaced before anyone sent it: the stage the application moved
-- to. Such a draft is settled as 'discarded' (by the member who made the change, null for the founder's
-- withdrawal) and "Correos por enviar" says it was replaced, by which change.
alter table founder_mail_drafts add column superseded_to text;

-- Drafts already waiting beside a later change (issue 19: "avanzas a la sesión" and "no fuiste
-- seleccionada" for one founder) are superseded now, as of the application's current stage.
update founder_mail_drafts d
set status = 'discarded', text_body = '', html_body = '',
    superseded_to = a.stage,
    settled_at = coalesce(a.stage_entered_at, a.created_at)
from applications a
where a.id = d.application_id and d.status = 'draft'
  and d.kind in ('sesion_panel', 'due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada')
  and d.kind <> a.stage;
