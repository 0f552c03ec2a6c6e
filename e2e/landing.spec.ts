/**
 * The landing page of SPEC §1 against the production build and server:
 * content and order, prerendering, hydration, anchors under the sticky
 * header (with and without JavaScript), reduced motion, footer, origin.
 */
import type { Page } from '@playwright/test'
import { DEFAULT_COMPANY } from '../domain/company.ts'
import { PROGRAMME_NAME } from '../domain/programme.ts'
import { FORM_ANCHOR, PROCESS_ANCHOR } from '../src/content/anchors.ts'
import { test, expect } from './fixtures/test.ts'

/** The section headings of SPEC §1, in order (the value cards' heading is for screen readers). */
const SECTION_HEADINGS = [
  'Por qué Catalítico',
  'Medios Propios Disponibles',
  'A quién va dirigido',
  'Tres etapas, con fechas claras',
  'Lo que recibes si tu startup es seleccionada',
  'Un modelo probado en otros mercados',
  'Postula tu startup',
  '¿Listo para que todo el país conozca tu startup?',
]

/**
 * The heading is fully visible, below the sticky header, in the upper part of
 * the viewport, once scrolling has ended: polled until two reads 100 ms apart
 * find the page at rest there. A smooth scroll may start late and pause on the
 * way (a loaded machine's browser can take seconds to draw the frame that
 * starts a fragment navigation's scroll; the form's script may load meanwhile),
 * so the wait is the suite's, not a fixed sleep, and a read taken mid-scroll
 * never passes.
 */
async function expectBelowHeader(page: Page, headingId: string): Promise<void> {
  let lastY = -1
  await expect
    .poll(
      async () => {
        const now = await page.evaluate((id) => {
          const heading = document.getElementById(id)!.getBoundingClientRect()
          return {
            y: window.scrollY,
            headingTop: heading.top,
            headingBottom: heading.bottom,
            headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
            viewport: window.innerHeight,
          }
        }, headingId)
        const atRest = now.y === lastY
        lastY = now.y
        if (!atRest) return 'scrolling'
        if (now.headingTop < now.headerBottom) return `title hidden under the sticky header (${now.headingTop} < ${now.headerBottom})`
        if (now.headingBottom >= now.viewport / 2) return `title in the lower half (${now.headingBottom} of ${now.viewport})`
        return 'below the header'
      },
      { intervals: [100] },
    )
    .toBe('below the header')
}

test('the HTML served for / holds the whole landing page before any script runs', async ({ request }) => {
  const res = await request.get('/')
  expect(res.status()).toBe(200)
  const html = await res.text()
  for (const heading of SECTION_HEADINGS) expect(html).toContain(heading)
  expect(html).toContain('<h1 id="inicio-titulo"')
  expect(html).toContain('aria-label="Formulario de aplicación"')
  expect(html).toContain(`id="${PROCESS_ANCHOR}"`)
  expect(html).toContain(`id="${FORM_ANCHOR}"`)

  const head = html.slice(0, html.indexOf('</head>'))
  // Nothing blocks the first paint: styles inline, no stylesheet link, no executable script in <head>.
  expect(head).toContain('<style>')
  expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/)
  expect(head.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g)).toBeNull()
  // The one script is the inline entry, last in <body>, and the page fetches no other script.
  expect(html).toMatch(/<script type="module">(?:(?!<\/script>)[\s\S])+<\/script>\s*<\/body>/)
  expect(html).not.toMatch(/<script[^>]+\bsrc=/)
})

test('the inline entry is allowed by its hash, never by unsafe-inline', async ({ request }) => {
  const res = await request.get('/')
  const inline = (await res.text()).match(/<script type="module">([\s\S]+?)<\/script>/)![1]!
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(inline))
  const hash = `'sha256-${Buffer.from(digest).toString('base64')}'`
  const scriptSrc = res.headers()['content-security-policy']!.split('; ').find((d) => d.startsWith('script-src'))
  expect(scriptSrc).toBe(`script-src 'self' ${hash}`)
})

// One page for what the landing shows as served: a page per check cost a context and a load of the landing each (ADR 0174).
test('every section is present, in the order of the SPEC; the lists of SPEC §1 are complete; the footer names the company and links to its website in a new tab; scrolling is smooth, except when the reader prefers reduced motion', async ({ page }) => {
  await page.goto('/')
  const sectionTitles = await page
    .locator('main section[aria-labelledby]')
    .evaluateAll((sections) =>
      sections
        .filter((s) => !s.parentElement?.closest('section'))
        .map((s) => document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent?.trim()),
    )
  expect(sectionTitles).toEqual([PROGRAMME_NAME, ...SECTION_HEADINGS])

  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Postula tu startup' })).toHaveAttribute('href', `#${FORM_ANCHOR}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROGRAMME_NAME)
  const hero = page.locator('#inicio')
  await expect(hero.getByRole('link', { name: 'Postula tu startup' })).toHaveAttribute('href', `#${FORM_ANCHOR}`)
  await expect(hero.getByRole('link', { name: 'Conoce el proceso' })).toHaveAttribute('href', `#${PROCESS_ANCHOR}`)
  await expect(page.getByRole('contentinfo')).toBeVisible()

  // The lists of SPEC §1 are complete.
  const cardTitles = (sectionId: string) => page.locator(`[aria-labelledby="${sectionId}"] h3`).allTextContents()

  expect(await cardTitles('propuesta-titulo')).toEqual(['Escalabilidad real', 'Acompañamiento', 'Inversión estratégica'])
  expect(await cardTitles('medios-titulo')).toHaveLength(5)
  await expect(page.locator('#medios')).toContainText('Más de 65 años de historia')
  await expect(page.locator('#medios')).toContainText('No es publicidad. Es posicionamiento con dirección.')
  expect(await cardTitles('perfil-titulo')).toHaveLength(5)

  const stages = page.locator(`#${PROCESS_ANCHOR} ol > li`)
  await expect(stages).toHaveCount(3)
  await expect(stages.nth(0)).toContainText('2 semanas')
  await expect(stages.nth(1)).toContainText('1 semana')
  await expect(stages.nth(2)).toContainText('Hasta 2 semanas')
  await expect(stages.nth(2)).toContainText('6 a 12 meses')
  await expect(stages.nth(2)).toContainText('acuerdo de compra de acciones')

  expect(await cardTitles('beneficios-titulo')).toEqual([
    'Presencia en medios masivos',
    'Campaña segmentada',
    'Acompañamiento estratégico',
    'Validación y seguimiento por 12 meses',
    'Compromiso de 12 meses',
  ])
  expect(await cardTitles('referentes-titulo')).toEqual(['España', 'Francia', 'Reino Unido', 'Brasil'])
  await expect(page.locator('#referentes')).toContainText('No son aliados ni socios de este programa')
  await expect(page.getByRole('complementary', { name: '¿Tienes preguntas?' })).toContainText('Nuestro equipo puede resolver tus dudas')

  // The footer names the company and links to its website in a new tab.
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText(DEFAULT_COMPANY.legalName)
  const website = footer.getByRole('link', { name: /Sitio web/ })
  await expect(website).toHaveAttribute('href', DEFAULT_COMPANY.website)
  await expect(website).toHaveAttribute('target', '_blank')
  await expect(website).toHaveAttribute('rel', /\bnoopener\b/)
  await expect(website).toHaveAccessibleName(/se abre en una pestaña nueva/)
  await expect(footer.locator('svg').first()).toBeVisible()

  // Scrolling is smooth, except when the reader prefers reduced motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')
})

test('React hydrates the prerendered page with no error or warning', async ({ page, consoleErrors }) => {
  const warnings: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text())
  })
  await page.goto('/')
  // The form's markup goes in place when its section nears the viewport (docs/decisions/0085).
  await page.locator('#formulario').scrollIntoViewIfNeeded()
  // React marks each hydrated element; the form is the last part of the page to hydrate.
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('form') ?? {}).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true)
  // The static parts are still there after hydration (docs/decisions/0002).
  await expect(page.getByRole('heading', { name: 'Medios Propios Disponibles' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText(DEFAULT_COMPANY.legalName)
  expect(consoleErrors).toEqual([])
  expect(warnings).toEqual([])
})

const APP_SCRIPT = /\/assets\/hydrate-[^/]+\.js$/

test('no application script loads until the reader nears the form', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts).toEqual([])
  // The form's prerendered markup waits inert in a template until then (docs/decisions/0085).
  await expect(page.locator('form')).toHaveCount(0)
  await page.mouse.wheel(0, 400)
  // Scrolled, and two frames rendered since: the intersection observers have reported what the scroll brought into view.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  expect(scripts, 'a little scrolling in the hero loads nothing').toEqual([])
  await expect(page.locator('form')).toHaveCount(0)

  await page.locator('#referentes').scrollIntoViewIfNeeded()
  await expect.poll(() => scripts.some((url) => APP_SCRIPT.test(url))).toBe(true)
  await expect(page.locator('form')).toHaveCount(1)
})

/**
 * Has the page's own world record every callback its scripts have the browser run later: timers,
 * frame and idle callbacks, observers and event listeners, by kind (Playwright's scripts run in a
 * world of their own). Read with `pageCallbacks`.
 */
function recordPageCallbacks(): void {
  const ran: string[] = []
  Object.defineProperty(window, '__pageCallbacks', { value: ran })
  type Callback = (...args: unknown[]) => unknown
  const counted = (what: (args: unknown[]) => string, callback: Callback) =>
    function (this: unknown, ...args: unknown[]) {
      ran.push(what(args))
      return callback.apply(this, args)
    }
  const scope = window as unknown as Record<string, unknown>
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback']) {
    const original = scope[name] as (callback: unknown, ...rest: unknown[]) => number
    scope[name] = (callback: unknown, ...rest: unknown[]) =>
      original.call(window, typeof callback === 'function' ? counted(() => name, callback as Callback) : callback, ...rest)
  }
  for (const name of ['IntersectionObserver', 'PerformanceObserver', 'MutationObserver', 'ResizeObserver']) {
    const Original = scope[name] as new (callback: Callback, options?: unknown) => object
    const Counted = class extends Original {
      constructor(callback: Callback, options?: unknown) {
        super(counted(() => name, callback), options)
      }
    }
    Object.defineProperty(Counted, 'supportedEntryTypes', { get: () => (Original as unknown as Record<string, unknown>).supportedEntryTypes })
    scope[name] = Counted
  }
  const wrappers = new WeakMap<Callback, Callback>()
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (typeof listener !== 'function') return add.call(this, type, listener, options)
    let wrapper = wrappers.get(listener as Callback)
    if (!wrapper) wrappers.set(listener as Callback, (wrapper = counted((args) => `${(args[0] as Event).type} listener`, listener as Callback)))
    return add.call(this, type, wrapper as EventListener, options)
  }
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const wrapper = typeof listener === 'function' ? wrappers.get(listener as Callback) : undefined
    return remove.call(this, type, (wrapper as EventListener | undefined) ?? listener, options)
  }
}

const pageCallbacks = (page: Page) => page.evaluate(() => [...(window as unknown as { __pageCallbacks: string[] }).__pageCallbacks])

test('during the load the page runs nothing of its own after its evaluation: no observer, timer or listener until the reader scrolls or interacts', async ({ page }) => {
  // Each task of its own on a busy phone can be a long one (Lighthouse's Total Blocking Time, docs/decisions/0204).
  await page.addInitScript(recordPageCallbacks)
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(await pageCallbacks(page), 'callbacks the page ran during its load').toEqual([])

  // The reader scrolls a little: the page starts watching how near the form is, and loads nothing yet.
  await page.mouse.wheel(0, 400)
  await expect.poll(() => pageCallbacks(page)).toContain('IntersectionObserver')
  await expect(page.locator('form')).toHaveCount(0)
})

test('a window made tall enough after the load brings the form in place without a scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await expect(page.locator('form')).toHaveCount(0)
  // The form's section starts about 5,100 px down at this width: within a screen of a 2,600 px tall window.
  await page.setViewportSize({ width: 1280, height: 2600 })
  await expect(page.locator('form')).toHaveCount(1)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('a reload that puts the reader back near the form starts the application without a scroll', async ({ page }) => {
  await page.goto('/')
  await page.locator('#referentes').scrollIntoViewIfNeeded()
  await expect(page.locator('form')).toHaveCount(1)
  await page.reload()
  // The browser restores the scroll position: the form is within a screen again, and goes in place and hydrates.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('form') ?? {}).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true)
})

test('any interaction starts the application at once', async ({ page }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const appScript = page.waitForRequest(APP_SCRIPT)
  await page.keyboard.press('Tab')
  await appScript
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('form')!).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true)
})

test('a malformed address fragment does not stop the page script', async ({ page, consoleErrors }) => {
  await page.goto('/#%E0')
  await page.waitForLoadState('networkidle')
  const appScript = page.waitForRequest(APP_SCRIPT)
  await page.keyboard.press('Tab')
  await appScript
  await expect(page.locator('form')).toHaveCount(1)
  expect(consoleErrors).toEqual([])
})

test('the 404 page starts its script right after the first paint', async ({ page }) => {
  const appScript = page.waitForRequest(APP_SCRIPT)
  await page.goto('/no-existe')
  await appScript
})

test('the page paints before any application script is fetched', async ({ page }) => {
  // Landing on the form: the app is wanted at once, and still waits for the first paint.
  await page.goto('/#formulario')
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/hydrate-[^/]+\.js$/.test(e.name))))
    .toBe(true)
  const { paint, appScript } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    appScript: performance.getEntriesByType('resource').find((e) => /\/assets\/hydrate-[^/]+\.js$/.test(e.name))!.startTime,
  }))
  expect(appScript).toBeGreaterThan(paint)
})

test('the header button brings the form section into view below the header', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Postula tu startup' }).click()
  await expect(page).toHaveURL(/#formulario$/)
  await expectBelowHeader(page, 'formulario-titulo')
})

test('the hero buttons bring the form and the process into view below the header', async ({ page }) => {
  await page.goto('/')
  await page.locator('#inicio').getByRole('link', { name: 'Conoce el proceso' }).click()
  await expect(page).toHaveURL(/#proceso$/)
  await expectBelowHeader(page, 'proceso-titulo')

  await page.goto('/')
  await page.locator('#inicio').getByRole('link', { name: 'Postula tu startup' }).click()
  await expectBelowHeader(page, 'formulario-titulo')
})

test('landing on an anchor never hides the section title under the header', async ({ page }) => {
  for (const [anchor, heading] of [
    ['proceso', 'proceso-titulo'],
    ['formulario', 'formulario-titulo'],
  ] as const) {
    await page.goto(`/#${anchor}`)
    await expectBelowHeader(page, heading)
  }
})

test('anchors work with JavaScript disabled', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/')
  await page.locator('#inicio').getByRole('link', { name: 'Conoce el proceso' }).click()
  await expectBelowHeader(page, 'proceso-titulo')
  await page.getByRole('banner').getByRole('link', { name: 'Postula tu startup' }).click()
  await expectBelowHeader(page, 'formulario-titulo')
  // Only JavaScript can send the form, so it stays inert (docs/decisions/0085): a line says why instead.
  // Playwright's text locators skip <noscript>, so the line is found by its place.
  const noScriptLine = page.locator('#formulario noscript p')
  await expect(noScriptLine).toBeVisible()
  expect(await noScriptLine.textContent()).toBe('Activa JavaScript en tu navegador para enviar tu postulación.')
  await expect(page.locator('form')).toHaveCount(0)
  await context.close()
})

test('no request leaves the site origin', async ({ page, baseURL }) => {
  const requests: string[] = []
  page.on('request', (req) => requests.push(req.url()))
  await page.goto('/')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForLoadState('networkidle')
  expect(requests.length).toBeGreaterThan(1)
  expect(requests.filter((url) => !url.startsWith(baseURL!) && !url.startsWith('data:'))).toEqual([])
  // The web font is one of them, served by the site itself.
  expect(requests.some((url) => url.endsWith('.woff2'))).toBe(true)
})
