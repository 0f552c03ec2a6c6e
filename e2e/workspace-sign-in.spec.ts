/**
 * Signing in to the team workspace in Chromium against the real server: the
 * first admin from the CLI, the e-mailed link (only a button press spends it),
 * a used link refused with a way to ask for a new one, the same answer for a
 * stranger, passkeys with Chromium's virtual authenticator, and signing out
 * everywhere.
 */
import {
  addMember,
  addVirtualAuthenticator,
  expect,
  inviteFromCli,
  newMemberContext,
  nextSignInMail,
  signInMailFiles,
  signInMailsSince,
  signInWithLink,
  test,
  uniqueEmail,
} from './fixtures/workspace.ts'

// The worker's server is shared: each test has its own admin.
let ADMIN = ''
test.beforeEach(() => {
  ADMIN = uniqueEmail('directora')
})

// The one test of the real CLI (`npm run team -- invite`); the others add members through the same team command in-process.
test('the first admin, created from the command line, signs in with the e-mailed link, which works once', async ({ page, ws, browser, origin }) => {
  const printed = await inviteFromCli(ws, ADMIN, 'admin', 'Directora Programa')
  const mail = await nextSignInMail(ws, ADMIN)
  // The CLI prints nothing secret.
  expect(printed).not.toContain(mail.token)

  await page.goto('/equipo')
  await expect(page).toHaveURL(/\/equipo\/entrar/)

  // Opening the link (as a mail scanner would) signs nobody in.
  await page.goto(`/equipo/entrar#token=${mail.token}`)
  const enter = page.getByRole('button', { name: 'Entrar al espacio del equipo' })
  await expect(enter).toBeVisible()
  await expect(page).not.toHaveURL(/token/)
  expect((await page.request.get('/equipo/api/session')).status()).toBe(401)

  await enter.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText('Directora Programa')
  await expect(page.getByRole('banner')).toContainText('Administrador')

  // The same link a second time: refused in plain Spanish, with the way to ask for a new one.
  const other = await newMemberContext(browser, origin)
  await other.page.goto(`/equipo/entrar#token=${mail.token}`)
  await other.page.getByRole('button', { name: 'Entrar al espacio del equipo' }).click()
  await expect(other.page.getByRole('alert')).toContainText('Este enlace ya no sirve')
  await expect(other.page.getByRole('alert')).toContainText('Pide uno nuevo')
  await expect(other.page.getByRole('button', { name: 'Enviarme un enlace' })).toBeVisible()
  expect((await other.page.request.get('/equipo/api/session')).status()).toBe(401)
  await other.context.close()
})

test('asking for a link answers the same for a stranger, and only the member gets an e-mail', async ({ page, ws }) => {
  await addMember(ws, ADMIN, 'admin')
  await nextSignInMail(ws, ADMIN)
  const before = await signInMailFiles(ws)
  const stranger = uniqueEmail('nadie', 'otra.example')

  for (const email of [stranger, ADMIN]) {
    await page.goto('/equipo/entrar')
    await page.getByLabel('Correo del equipo').fill(email)
    await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
    await expect(page.getByRole('status')).toContainText(`Si ${email} pertenece al equipo, te enviamos un enlace`)
  }
  await nextSignInMail(ws, ADMIN, new Set(before))
  // Other tests' e-mails may land on the shared server meanwhile: count the two addresses asked for.
  const after = (await signInMailsSince(ws, before)).filter((m) => m.to === ADMIN || m.to === stranger)
  expect(after.map((m) => m.to)).toEqual([ADMIN])
})

test('a member adds a passkey with Chromium’s virtual authenticator, then signs in with it alone', async ({ page, ws }) => {
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page)

  await page.getByRole('link', { name: 'Equipo', exact: true }).click()
  await expect(page.getByText('Aún no tienes passkeys.')).toBeVisible()
  await page.getByLabel('Nombre de la nueva passkey').fill('Portátil de prueba')
  await page.getByRole('button', { name: 'Agregar passkey' }).click()
  await expect(page.getByText('Passkey agregada')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Quitar la passkey Portátil de prueba' })).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.isResidentCredential).toBe(true)

  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).first().click()
  await expect(page.getByText('Cerraste sesión.')).toBeVisible()
  expect((await page.request.get('/equipo/api/session')).status()).toBe(401)

  await page.getByRole('button', { name: 'Entrar con passkey' }).click()
  await expect(page.getByRole('banner')).toContainText('Directora Programa')
  await expect(page).not.toHaveURL(/entrar/)

  // Removed, it no longer signs in.
  await page.goto('/equipo/miembros')
  await page.getByRole('button', { name: 'Quitar la passkey Portátil de prueba' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Quitar passkey' }).click()
  await expect(page.getByText('Aún no tienes passkeys.')).toBeVisible()
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).first().click()
  await page.getByRole('button', { name: 'Entrar con passkey' }).click()
  await expect(page.getByRole('alert')).toContainText('No reconocimos esa passkey')
})

test('“Cerrar sesión en todos los dispositivos” ends the member’s other sessions at once', async ({ page, ws, browser, origin }) => {
  await addMember(ws, ADMIN, 'admin')
  await signInWithLink(page, ws, ADMIN)
  const laptop = await newMemberContext(browser, origin)
  await signInWithLink(laptop.page, ws, ADMIN)
  await laptop.page.getByRole('link', { name: 'Postulaciones' }).click()
  await expect(laptop.page.getByRole('heading', { level: 1, name: 'Postulaciones' })).toBeVisible()

  await page.getByRole('link', { name: 'Equipo', exact: true }).click()
  await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click()
  await expect(page.getByText('Cerraste sesión en todos tus dispositivos.')).toBeVisible()

  // The other device's next request finds its session gone.
  await laptop.page.getByRole('link', { name: 'Resumen' }).click()
  await expect(laptop.page).toHaveURL(/\/equipo\/entrar/)
  await expect(laptop.page.getByRole('heading', { name: 'Entrar al espacio del equipo' })).toBeVisible()
  await laptop.context.close()
})
