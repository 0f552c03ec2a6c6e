/** The notices a founder's page announces, as the tests read them (server/shared/http/notice.ts). */

export interface Notice {
  kind: 'ok' | 'error' | 'other'
  role: string | null
  icon: string | null
  text: string
}

/** Every notice a page announces (role=status or role=alert), as read: its kind by class, its role, its icon and its words. */
export function noticesIn(html: string): Notice[] {
  return [...html.matchAll(/<(p|div)\b([^>]*\brole="(?:status|alert)"[^>]*)>([\s\S]*?)<\/\1>/g)].map((m) => {
    const attrs = m[2]!
    const cls = / class="([^"]*)"/.exec(attrs)?.[1]?.split(' ') ?? []
    const body = m[3]!
    return {
      kind: cls.includes('notice') && cls.includes('ok') ? 'ok' : cls.includes('notice') && cls.includes('error') ? 'error' : 'other',
      role: / role="([^"]*)"/.exec(attrs)?.[1] ?? null,
      icon: /^<span aria-hidden="true">([^<]*)<\/span>/.exec(body)?.[1] ?? null,
      text: body.replace(/<[^>]+>/g, '').replace(/^[✓⚠]\s*/, '').trim(),
    }
  })
}
