/**
 * How the founder's server-rendered pages (server/features/founder-page/ and its sections, the
 * documents' page) say how an action went: a success is a green
 * notice with a ✓, announced politely (role=status); a refusal a red one
 * with a ⚠, announced at once (role=alert). Never by colour alone (WCAG
 * 1.4.1): the icon and the words say it too. Informational boxes («Qué
 * sigue») are the pages' own `.status`, in neutral ink: neither green nor red.
 */

/** The notices' styles, for a page's stylesheet (contrast ≥ 7:1 for the text on its tint). */
export const NOTICE_CSS =
  '.notice{display:flex;gap:.5rem;align-items:baseline;border-left:4px solid;border-radius:.25rem;padding:.75rem 1rem;margin:0 0 1rem}' +
  '.notice>span[aria-hidden]{font-weight:700}' +
  '.notice.ok{background:#ecfdf3;border-color:#067647;color:#054f31}' +
  '.notice.error{background:#fef3f2;border-color:#b42318;color:#7a271a}'

const ICONS = { ok: '✓', error: '⚠' } as const

/** A notice of `kind` holding `html` (already escaped). */
export function noticeHtml(kind: 'ok' | 'error', html: string): string {
  return `<p class="notice ${kind}" role="${kind === 'ok' ? 'status' : 'alert'}"><span aria-hidden="true">${ICONS[kind]}</span> <span>${html}</span></p>`
}
