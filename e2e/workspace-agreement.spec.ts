/**
 * The agreement's signature in Chromium against the real server (docs/decisions/0213, 0214), with a real
 * RFC 3161 timestamp authority on this machine (OpenSSL's `ts` behind a small HTTP handler): an admin gives
 * a colleague the right to sign and sends the agreement from the application's page; the founder, on a
 * 390 px phone, opens it from the link of their e-mail, reads it, asks for the code, types the code read
 * from the .eml outbox and signs; the programme signer signs from the workspace with their own code; the
 * stage is «Acuerdo firmado»; the signed PDF has two valid signatures with timestamps in poppler's pdfsig and
 * /verificar says it is intact; one byte changed and both say it was modified. Axe stays clean on the
 * founder's page, the panel and /verificar. Screenshots at 390 and 1280 px with `npm run screenshots`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { openWorkspaceStores } from '../server/db/stores/open-workspace-stores.ts'
import { openStore } from '../server/open-store.ts'
import { readConfig } from '../server/shared/env.ts'
import { stageMoves } from '../server/features/review/pipeline.ts'
import { readPdfSignatures } from '../server/shared/signing/verify.ts'
import { startTestTsa } from '../server/testing/tsa-server.ts'
import { expectAxeClean, expectFitsPhone } from './fixtures/checks.ts'
import { nthMail } from './fixtures/outbox-mail.ts'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { startServer, type RunningServer } from './fixtures/server.ts'
import { addMember, expect, fillDeal, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'

const PDFSIG = process.env.PDFSIG_PATH ?? '/usr/bin/pdfsig'

function pdfsig(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-agreement-')), 'acuerdo.pdf')
  writeFileSync(file, bytes)
  const run = spawnSync(PDFSIG, [file], { encoding: 'utf8' })
  if (run.error) throw new Error(`pdfsig is needed (poppler-utils): ${run.error.message}`)
  return run.stdout + run.stderr
}

/** The application moved to due diligence on the server's own stores, as the stage changes do. */
async function toDueDiligence(server: RunningServer, applicationId: string, adminEmail: string) {
  const store = await openStore(readConfig({ ...process.env, DATA_DIR: server.dataDir }).database)
  try {
    const stores = openWorkspaceStores(store)
    const admin = (await stores.team.listMembers()).find((m) => m.email === adminEmail)!
    const moves = stageMoves(stores.stageSteps)
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel'], ['sesion_panel', 'due_diligence']] as const) {
      expect((await moves.transition(applicationId, { from, to, reason: null, memberId: admin.id, at: new Date() })).status).toBe('moved')
    }
  } finally {
    await store.close()
  }
}

const codeOf = (text: string | undefined) => /es (\d{6})\./.exec(text ?? '')![1]!

async function upload(page: Page, bytes: Uint8Array) {
  await page.goto('/verificar')
  await page.getByLabel('El acuerdo en PDF').setInputFiles({ name: 'acuerdo.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) })
  await page.getByRole('button', { name: 'Verificar el documento' }).click()
}

test('an admin sends the agreement, the founder signs on a phone, the programme signer signs; the PDF verifies, and a changed byte does not', async ({ browser, request }) => {
  test.setTimeout(240_000)
  const tsa = await startTestTsa()
  const ws = await startServer({ RATE_LIMIT_MAX: '1000', SIGNING_TSA_URL: tsa.url }, { from: 'bundle' })
  try {
    const origin = ws.url.replace('127.0.0.1', 'localhost')
    const adminEmail = uniqueEmail('directora')
    const signerEmail = uniqueEmail('firmante')
    const founderEmail = uniqueEmail('fundadora.firma', 'startup.example')
    await addMember(ws, adminEmail, 'admin', 'Directora Acuerdos')
    await addMember(ws, signerEmail, 'admin', 'Sofía Firmante')
    const app = await submitApplication(request, origin, { tradeName: 'Recicla Ya', companyName: 'Recicla Ya S.A.S.', email: founderEmail })
    await toDueDiligence(ws, app.id, adminEmail)

    // The admin: the signing right to a colleague, then the agreement sent from the application's page.
    const adminContext = await browser.newContext({ baseURL: origin, locale: 'es-CO', viewport: { width: 1280, height: 900 } })
    const admin = await adminContext.newPage()
    await signInWithLink(admin, ws, adminEmail)
    await admin.goto('/equipo/miembros')
    const signers = admin.getByRole('region', { name: 'Firmantes del programa' })
    // The box shows what the server saved: it ticks once the answer comes.
    await signers.getByRole('listitem').filter({ hasText: 'Sofía Firmante' }).getByRole('checkbox').click()
    await expect(signers.getByRole('listitem').filter({ hasText: 'Sofía Firmante' }).getByRole('checkbox')).toBeChecked()
    await admin.goto(`/equipo/postulaciones/${app.id}`)
    const panel = admin.getByRole('region', { name: 'Firma del acuerdo' })
    await panel.getByRole('button', { name: 'Enviar acuerdo para firma' }).click()
    const dialog = admin.getByRole('dialog')
    await fillDeal(dialog)
    await dialog.getByLabel('NIT').fill('900.123.456-7')
    await dialog.getByLabel('Número de documento').fill('1020304050')
    await dialog.getByLabel('Representante legal').fill('María José Núñez')
    await dialog.getByLabel('Acciones suscritas (si se conocen)').fill('15.000')
    await dialog.getByLabel('Ciudad de firma').fill('Medellín')
    await dialog.getByRole('checkbox', { name: 'Confirmo que se envía el acuerdo sin estos documentos' }).check()
    await dialog.getByLabel(/Por qué se envía sin ellos/).fill('Llegan con la firma.')
    await dialog.getByRole('button', { name: 'Enviar para firma' }).click()
    // A NIT whose check digit is wrong is refused beside its field; corrected, it goes.
    await expect(dialog.getByText('El dígito de verificación no corresponde a ese NIT: revísalo en el RUT.', { exact: true })).toBeVisible()
    await dialog.getByLabel('NIT').fill('900.123.456-8')
    await dialog.getByRole('button', { name: 'Enviar para firma' }).click()
    await expect(dialog).toBeHidden()
    await expect(panel).toContainText('Enviado para firma')
    await expectAxeClean(admin, 'agreement panel, sent')
    await screenshotsAtWidths(admin, 'workspace-agreement-sent', [390, 1280])

    // The founder, on a phone: the link of the e-mail, the whole text, the code read from the outbox.
    const sent = await nthMail(ws, 'founder_agreement', founderEmail, 1)
    const link = new URL(/https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}\/acuerdo/.exec(sent.parsed.text ?? '')![0]).pathname
    const phone = await browser.newContext({ baseURL: origin, locale: 'es-CO', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const founder = await phone.newPage()
    await founder.goto(link)
    await expect(founder.getByRole('heading', { level: 1, name: 'Enviado para firma' })).toBeVisible()
    await expect(founder.getByText('una participación de 4,5\u00a0% de su capital')).toBeVisible()
    await expect(founder.getByText('Recicla Ya S.A.S., con nombre comercial Recicla Ya y NIT 900.123.456-8', { exact: false })).toBeVisible()
    await expectFitsPhone(founder, "the founder's agreement page")
    await expectAxeClean(founder, "the founder's agreement page")
    await screenshotsAtWidths(founder, 'founder-agreement-to-sign', [390])
    await founder.getByRole('button', { name: 'Enviarme el código' }).click()
    await expect(founder.getByText('Te enviamos un código a tu correo.')).toBeVisible()
    const founderCode = codeOf((await nthMail(ws, 'agreement_code', founderEmail, 1)).parsed.text)
    await founder.getByRole('checkbox', { name: /Acepto firmar este acuerdo por medios electrónicos/ }).check()
    await founder.getByLabel('Código que te enviamos por correo').fill(founderCode)
    await founder.getByRole('button', { name: 'Firmar el acuerdo' }).click()
    await expect(founder.getByText('Firmaste el acuerdo. Te avisaremos cuando firme el programa.')).toBeVisible()

    // The programme signer, from the workspace, with their own code.
    const signerContext = await browser.newContext({ baseURL: origin, locale: 'es-CO', viewport: { width: 1280, height: 900 } })
    const signer = await signerContext.newPage()
    await signInWithLink(signer, ws, signerEmail)
    await signer.goto(`/equipo/postulaciones/${app.id}`)
    const signerPanel = signer.getByRole('region', { name: 'Firma del acuerdo' })
    await expect(signerPanel).toContainText('Firmado por la persona fundadora')
    await signerPanel.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check()
    await signerPanel.getByRole('button', { name: 'Enviarme un código' }).click()
    await expect(signerPanel.getByText(/Te enviamos un código a/)).toBeVisible()
    const signerCode = codeOf((await nthMail(ws, 'agreement_code', signerEmail, 1)).parsed.text)
    await signerPanel.getByLabel('Código de 6 dígitos').fill(signerCode)
    await signerPanel.getByRole('button', { name: 'Firmar', exact: true }).click()
    await expect(signerPanel).toContainText('Firmado por ambas partes')
    await signer.reload()
    await expect(signer.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(signer.getByText('Acuerdo firmado').first()).toBeVisible()
    await expectAxeClean(signer, 'agreement panel, signed')
    await screenshotsAtWidths(signer, 'workspace-agreement-signed', [390, 1280])

    // The signed PDF: two valid signatures, each with a timestamp; /verificar says intact.
    const answer = (await (await signer.request.get(`/equipo/api/applications/${app.id}/agreement`)).json()) as { agreements: { id: string }[] }
    const pdf = new Uint8Array(await (await signer.request.get(`/equipo/api/applications/${app.id}/agreement/${answer.agreements[0]!.id}/document?version=signed`)).body())
    const report = pdfsig(pdf)
    expect(report.match(/Signature is Valid/g)?.length).toBe(2)
    expect(report).toContain('Total document signed')
    expect(readPdfSignatures(pdf).map((s) => s.timestamp?.imprintMatches)).toEqual([true, true])
    await founder.goto(link)
    await expect(founder.getByRole('link', { name: 'Descargar el acuerdo firmado (PDF)' })).toBeVisible()
    await screenshotsAtWidths(founder, 'founder-agreement-signed', [390])
    await upload(founder, pdf)
    await expect(founder.getByText('Documento íntegro: firmado a través del programa')).toBeVisible()
    await expectAxeClean(founder, '/verificar, intact')
    await screenshotsAtWidths(founder, 'verify-intact', [390, 1280])

    // One byte changed inside the signed text: /verificar and pdfsig both say it was modified.
    // One bit of the first page's text (inside its compressed stream): the file still opens, its content changed.
    const changed = new Uint8Array(pdf)
    const at = Buffer.from(changed).indexOf('stream\n') + 40
    expect(at).toBeGreaterThan(40)
    changed[at] = changed[at]! ^ 0x01
    await upload(founder, changed)
    await expect(founder.getByText('Documento modificado: no coincide con el acuerdo firmado')).toBeVisible()
    expect(pdfsig(changed)).not.toMatch(/Signature is Valid[\s\S]*Signature is Valid/)
    await screenshotsAtWidths(founder, 'verify-modified', [390])
    await Promise.all([adminContext.close(), phone.close(), signerContext.close()])
  } finally {
    await ws.stop()
    await tsa.close()
  }
})
