/**
 * A founder's personal link (/postulacion/<token>) is a key: it exists only
 * in the e-mail that leaves for the founder (ADR 0117). Everything stored
 * before that moment (drafts in "Correos por enviar", outbox rows, hence
 * backups) carries this placeholder instead, and the outbox worker puts a
 * link it creates at the moment of sending in its place.
 */

/** What the team reads in a draft where the founder's link will go. */
export const PERSONAL_LINK_PLACEHOLDER = '[enlace personal]'

/**
 * The e-mail kinds that go to the founder and get a personal link in place of
 * the placeholder. Only these: a team e-mail that quotes the founder's words
 * (which could hold the placeholder's text) never receives a link. The
 * submission's confirmation is one of them (ADR 0137): the founder
 * can follow their application from the first day.
 */
export const PERSONAL_LINK_KINDS = ['founder_status', 'founder_link', 'applicant_confirmation', 'founder_panel_invitation', 'founder_panel_reminder', 'founder_panel_times', 'founder_check_in', 'founder_agreement'] as const

export function carriesPersonalLink(kind: string): boolean {
  return (PERSONAL_LINK_KINDS as readonly string[]).includes(kind)
}

/** The placeholder replaced by `url` everywhere in a text (the plain-text part, or HTML with `url` escaped by the caller). */
export function fillPersonalLink(text: string, url: string): string {
  return text.split(PERSONAL_LINK_PLACEHOLDER).join(url)
}

/**
 * How many links of one application work at once (ADR 0197): each e-mail to the founder carries a
 * new one, and once it has left, the oldest beyond these are revoked. Ten is the last few weeks of e-mails
 * (a panel stage writes five or six: its stage, the times, the invitation, a change, the reminder), so the
 * e-mail a founder opens is nearly always one that works; an older one lands on the page that offers a new link.
 */
export const LIVE_LINKS_PER_APPLICATION = 10

/** Where the founder's pages live: /postulacion/<token>. */
export const STATUS_PAGE_PATH = '/postulacion'

/** The address of a founder's status page for a token: built only by the outbox worker, as the e-mail leaves. */
export function personalLinkUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}${STATUS_PAGE_PATH}/${token}`
}
