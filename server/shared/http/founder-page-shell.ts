/**
 * The frame every founder page is drawn in (the status page, the check-in, the data copy, the 404 and 429
 * pages): readable with no JavaScript, one request (the stylesheet is inlined and uses the system font), in
 * the landing page's colours (src/styles.css tokens). Every value is escaped.
 */
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { pageStart } from './page-start.ts'
import { NOTICE_CSS } from './notice.ts'
import { escapeHtml } from '../mail/templates.ts'

const e = escapeHtml

// The landing's tokens (ink, accent, paper); the system font avoids a font download on a phone.
const CSS = `
:root{--ink-950:#060d1f;--ink-700:#1d3366;--ink-600:#33466e;--ink-200:#d3dbeb;--ink-50:#f2f5fa;--accent-50:#fff3ed;--accent-700:#b93a12;--paper:#f7f6f2;--danger:#b42318}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink-950);font:16px/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:var(--ink-950);color:#fff;padding:1rem 1.25rem}
header p{margin:0;font-weight:700;letter-spacing:.02em}
main{max-width:42rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 1rem}
h2{font-size:1.15rem;margin:2rem 0 .75rem}
.eyebrow{color:var(--accent-700);font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;margin:0}
.card{background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:1rem 1.25rem}
.ref{font-size:1.25rem;font-weight:700;letter-spacing:.04em}
.status{background:var(--ink-50);border-left:4px solid var(--ink-700);padding:.75rem 1rem;border-radius:.25rem}
ol.steps{list-style:none;padding:0;margin:0}
ol.steps li{border:1px solid var(--ink-200);background:#fff;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 .5rem}
ol.steps li[aria-current=step]{border:2px solid var(--accent-700)}
.tag{display:inline-block;font-size:.8rem;font-weight:700;border-radius:999px;padding:.05rem .6rem;background:var(--ink-50);color:var(--ink-700)}
li[aria-current=step] .tag{background:var(--accent-700);color:#fff}
.muted{color:var(--ink-600)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:var(--ink-600)}dd{margin:0}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin:0 0 .5rem}}
.nowrap{white-space:nowrap}
a{color:var(--accent-700)}
form{margin:0 0 .75rem}
button,.button{font:inherit;font-weight:700;border-radius:.5rem;padding:.7rem 1.1rem;border:2px solid var(--ink-950);background:#fff;color:var(--ink-950);cursor:pointer;min-height:44px}
button.primary{background:var(--ink-950);color:#fff}
button.danger{border-color:var(--danger);color:var(--danger)}
label{display:block;font-weight:700;margin:0 0 .25rem}
input[name=email]{font:inherit;width:100%;padding:.6rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem}
footer{max-width:42rem;margin:0 auto;padding:0 1.25rem 2rem;font-size:.875rem;color:var(--ink-600)}
${NOTICE_CSS}
`

export function page(title: string, body: string, contactEmail: string, extraCss = ''): string {
  return `${pageStart('noindex, nofollow')}<meta name="referrer" content="no-referrer">
<title>${e(title)} · ${e(PROGRAMME_NAME)}</title>
<style>${CSS}${extraCss}</style>
</head>
<body>
<header><p>${e(PROGRAMME_NAME)}</p></header>
<main>
${body}
</main>
<footer>¿Preguntas? Escríbenos a <a href="mailto:${e(contactEmail)}">${e(contactEmail)}</a>.</footer>
</body>
</html>
`
}

/**
 * The page every founder route answers (404) for a link that is unknown, replaced or no longer available; the
 * same for each, so a guess learns nothing. Its likeliest reader holds the link of an old e-mail (only the
 * newest links work, ADR 0197): it says so first.
 */
export const invalidLinkPage = (contactEmail: string): string =>
  messagePage(
    'Este enlace no es válido',
    'Puede ser de un correo antiguo: solo funcionan los enlaces de los últimos correos que te enviamos, así que usa el del correo más reciente. También puede que el enlace no exista o que la postulación ya no esté disponible. Si postulaste, pide un enlace nuevo con tu correo.',
    contactEmail,
  )

/** The page the founder routes answer (429) when their rate limit refuses a request. */
export const tooManyAttemptsPage = (contactEmail: string): string =>
  messagePage('Demasiados intentos', 'Espera unos minutos y vuelve a intentarlo.', contactEmail)

export function messagePage(title: string, text: string, contactEmail: string): string {
  return page(
    title,
    `<h1>${e(title)}</h1>
<p>${e(text)}</p>
<p><a href="/postulacion">Pedir un enlace nuevo</a></p>`,
    contactEmail,
  )
}
