/**
 * Walk: a founder's link is a key. A founder with an address the
 * old rules refused applies on a phone; an admin moves the application and
 * reads its e-mail in "Correos por enviar" ([enlace personal], no link); a
 * reviewer with a conflict finds the draft withheld; the founder opens the
 * link read from the .eml outbox, asks twice for deletion; a second admin
 * with a conflict looks the founder up under Ley 1581. Screenshots at 390
 * and 1280 px in e2e-artifacts/walks/founder-link/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import PostalMime from 'postal-mime'
import type { RunningServer } from '../fixtures/server.ts'
import { expect, inviteFromCli, newMemberContext, signInWithLink, submitApplication, test } from '../fixtures/workspace.ts'

const OUT = 'e2e-artifacts/walks/founder-link'
const FOUNDER = `josé.o'brien.${Date.now()}@ejemplo.co`

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true })
  }
}

async function founderMails(dataDir: string) {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml') && (f.includes('founder_') || f.includes('team_notification'))).sort()
  return Promise.all(files.map(async (f) => ({ file: f, mail: await PostalMime.parse(readFileSync(join(dir, f), 'utf8')) })))
}

/** A member signed in in a browser of their own, who declares a conflict of interest (`kind`) on application `id`. */
async function memberWithConflict(browser: Browser, origin: string, ws: RunningServer, email: string, id: string, kind: 'personal' | 'comercial') {
  const member = await newMemberContext(browser, origin)
  await signInWithLink(member.page, ws, email)
  await member.page.goto(`/equipo/postulaciones/${id}`)
  const panel = member.page.getByRole('region', { name: 'Conflicto de interés' })
  await panel.getByLabel('Tipo').selectOption(kind)
  await panel.getByRole('button', { name: 'Declarar conflicto' }).click()
  await member.page.getByRole('dialog').getByRole('button', { name: 'Declarar conflicto' }).click()
  return member
}

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

test('founder link walk', async ({ page, ws, origin, request, browser }) => {
  const { id, reference } = await submitApplication(request, origin, { email: FOUNDER, tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })

  // The admin and a reviewer, from the command line; the reviewer declares a conflict.
  await inviteFromCli(ws, 'directora@catalitico.example', 'admin', 'Directora Programa')
  await inviteFromCli(ws, 'evaluador@catalitico.example', 'reviewer', 'Evaluador Uno')
  await inviteFromCli(ws, 'socia@catalitico.example', 'admin', 'Socia Dos')
  const reviewer = await memberWithConflict(browser, origin, ws, 'evaluador@catalitico.example', id, 'personal')

  await signInWithLink(page, ws, 'directora@catalitico.example')
  await page.goto(`/equipo/postulaciones/${id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')
  await page.getByRole('link', { name: 'Correos por enviar' }).click()
  const card = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${reference}` })
  await card.getByText('Leer el correo').click()
  await expect(card.locator('pre')).toContainText('[enlace personal]')
  await shoot(page, '1-admin-draft')

  await reviewer.page.goto('/equipo/correos-por-enviar')
  await expect(reviewer.page.getByText('Hay 1 correo de una postulación con la que tienes un conflicto de interés')).toBeVisible()
  await shoot(reviewer.page, '2-reviewer-with-conflict')

  await card.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(page.getByText('No hay correos por enviar.')).toBeVisible()
  let link = ''
  await expect
    .poll(async () => {
      const status = (await founderMails(ws.dataDir)).find((m) => m.file.includes('founder_status'))
      const url = /https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(status?.mail.text ?? '')?.[0]
      // The e-mail's origin is the site's configured URL (VITE_SITE_URL), not this test server's port.
      link = url ? `${origin}${new URL(url).pathname}` : ''
      return link
    })
    .not.toBe('')

  // The founder, on a phone, opens the link from the e-mail and asks for deletion twice.
  const founder = await browser.newContext({ locale: 'es-CO', viewport: { width: 390, height: 844 } })
  const fp = await founder.newPage()
  await fp.goto(link)
  await expect(fp.getByText(reference).first()).toBeVisible()
  await shoot(fp, '3-founder-status')
  for (let i = 0; i < 2; i++) {
    await fp.goto(`${link}/supresion`)
    await fp.getByRole('button', { name: 'Sí, pedir que borren mis datos' }).click()
  }
  await expect(fp.getByText('ya está registrada')).toBeVisible()
  await shoot(fp, '4-founder-deletion-twice')
  await expect
    .poll(async () => (await founderMails(ws.dataDir)).filter((m) => m.file.includes('team_notification') && m.mail.subject?.includes('supresión')).length)
    .toBe(1)

  // A second admin with a conflict looks the founder up under Ley 1581.
  const partner = await memberWithConflict(browser, origin, ws, 'socia@catalitico.example', id, 'comercial')
  await partner.page.goto('/equipo/datos-personales')
  await partner.page.getByLabel(/correo/i).first().fill(FOUNDER.toUpperCase())
  await partner.page.getByRole('button', { name: 'Consultar' }).click()
  await expect(partner.page.getByText(reference).first()).toBeVisible()
  await shoot(partner.page, '5-conflicted-admin-lookup')

  // Every e-mail the founder got carries a link that opens their page; the team never saw one.
  for (const { mail } of (await founderMails(ws.dataDir)).filter((m) => m.mail.to?.[0]?.address === FOUNDER)) {
    const url = /https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
    if (url) expect((await request.get(`${origin}${new URL(url).pathname}`)).status()).toBe(200)
  }
  await founder.close()
})
