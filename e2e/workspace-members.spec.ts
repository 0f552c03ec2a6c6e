/**
 * Admins manage the team in the workspace: a deactivated member is locked
 * out at once (their open page's next request lands on the sign-in page) and
 * cannot ask for a new link; reactivated, they can again. A reviewer who
 * opens an admin page is told they have no permission.
 */
import { addMember, expect, newMemberContext, nextSignInMail, signInMailFiles, signInMailsSince, signInWithLink, test, uniqueEmail } from './fixtures/workspace.ts'

test('a deactivated member is locked out at once; reactivated, they can sign in again', async ({ page, ws, browser, origin }) => {
  // The worker's server is shared: this test's own members.
  const ADMIN = uniqueEmail('directora')
  const REVIEWER = uniqueEmail('evaluadora')
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await addMember(ws, REVIEWER, 'reviewer', 'Evaluadora Dos')
  await nextSignInMail(ws, REVIEWER)
  await signInWithLink(page, ws, ADMIN)

  const reviewer = await newMemberContext(browser, origin)
  await signInWithLink(reviewer.page, ws, REVIEWER)
  await reviewer.page.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  await expect(reviewer.page.getByRole('heading', { level: 1, name: 'Postulaciones' })).toBeVisible()

  // A reviewer on an admin page: told plainly, not shown a broken screen.
  await reviewer.page.goto('/equipo/auditoria')
  await expect(reviewer.page.getByRole('heading', { name: 'No tienes permiso' })).toBeVisible()
  await reviewer.page.goto('/equipo/postulaciones')

  await page.getByRole('link', { name: 'Equipo', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: REVIEWER })
  await row.getByRole('button', { name: 'Desactivar a Evaluadora Dos' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Sus sesiones terminan ahora mismo')
  await dialog.getByRole('button', { name: 'Desactivar' }).click()
  await expect(row).toContainText('Desactivado')

  // The reviewer's open page: its next request ends on the sign-in page.
  await reviewer.page.getByLabel('Etapa', { exact: true }).selectOption('recibida')
  await expect(reviewer.page).toHaveURL(/\/equipo\/entrar\?volver=/)
  await expect(reviewer.page.getByRole('heading', { name: 'Entrar al espacio del equipo' })).toBeVisible()

  // Asking for a link gets the same neutral answer, and no e-mail.
  const before = await signInMailFiles(ws)
  await reviewer.page.getByLabel('Correo del equipo').fill(REVIEWER)
  await reviewer.page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  await expect(reviewer.page.getByText('Revisa tu correo')).toBeVisible()

  // Reactivated, the same request sends a link that works.
  await row.getByRole('button', { name: 'Reactivar a Evaluadora Dos' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivar' }).click()
  await expect(row).toContainText('Activo')
  expect((await signInMailsSince(ws, before)).filter((m) => m.to === REVIEWER)).toEqual([])
  await signInWithLink(reviewer.page, ws, REVIEWER)
  await reviewer.context.close()
})

test.describe('alone on its own server', () => {
  // "The last admin" needs a team with one admin: not the worker's shared server.
  test.use({ ownServer: true })

  test('the last active admin is offered neither a demotion nor a deactivation, and is told why', async ({ page, ws }) => {
    // The server refuses both too (409 last_admin: server/features/team/members.test.ts); the page used to offer them.
    const ADMIN = 'directora@catalitico.example'
    await addMember(ws, ADMIN, 'admin', 'Directora Programa')
    await signInWithLink(page, ws, ADMIN)
    await page.getByRole('link', { name: 'Equipo', exact: true }).click()
    const row = page.getByRole('row').filter({ hasText: ADMIN })
    await expect(row).toContainText('Única persona administradora activa')
    await expect(row.getByRole('button')).toHaveCount(0)
    await expect(row).toContainText('Activo')
  })
})
