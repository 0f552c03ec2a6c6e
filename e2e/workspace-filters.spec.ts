/**
 * After a search the list's filter panel is drawn once, holding
 * the text searched for. A key on the search text drew a new panel on every
 * search (the reported double panel; here, the searcher's focus was lost
 * with the old one); the text follows the URL on back and "Quitar filtros".
 */
import { expect, inviteFromCli, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'

const ADMIN = 'buscadora@catalitico.example'

test('a search leaves one filter panel, holding the searched text', async ({ page, ws, origin, request }) => {
  // Names of this test alone: the server (one per worker) keeps the other tests' applications.
  const tag = Date.now().toString(36)
  const [huerta, radio] = [`Huerta${tag}`, `Radio${tag}`]
  await submitApplication(request, origin, { tradeName: huerta })
  await submitApplication(request, origin, { tradeName: radio })
  await inviteFromCli(ws, ADMIN, 'admin', 'Buscadora')
  await signInWithLink(page, ws, ADMIN)
  await page.goto('/equipo/postulaciones')
  await expect(page.getByRole('search')).toHaveCount(1)
  for (const text of [huerta, radio]) {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(text)
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    await expect(page.getByText('1 postulación con estos filtros.')).toBeVisible()
    await expect(page.getByRole('search')).toHaveCount(1)
    await expect(page.getByRole('searchbox')).toHaveCount(1)
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(text)
  }
  // With Enter, with no result, back and forward. Each search has landed once its URL and its answer show.
  for (const [text, answer] of [
    ['Nada parecido', 'Ninguna postulación coincide con estos filtros.'],
    [huerta, '1 postulación con estos filtros.'],
  ] as const) {
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(text)
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`))
    await expect(page.getByText(answer)).toBeVisible()
    await expect(page.getByRole('search')).toHaveCount(1)
    // The same panel, not a new one drawn in its place: the searcher stays where they typed.
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeFocused()
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(text)
  }
  await page.goBack()
  await expect(page).toHaveURL(/q=Nada\+parecido/)
  await expect(page.getByText('Ninguna postulación coincide con estos filtros.')).toBeVisible()
  await expect(page.getByRole('search')).toHaveCount(1)
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Nada parecido')
  await page.getByRole('button', { name: 'Quitar filtros' }).click()
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('')
  await expect(page.getByRole('search')).toHaveCount(1)
})
