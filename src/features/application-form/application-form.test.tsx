// @vitest-environment jsdom
/**
 * The form's answers to what the call brings back, rendered as the page
 * renders it: a call that throws, and a 200 from a real HTTP server that
 * carries no reference.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SUBMIT_LABEL, TOASTS } from '../../../domain/messages.ts'
import { sampleApplication } from '../../../domain/sample-application.ts'
import type { SubmissionBody } from '../../../domain/submission.ts'
import { AppToaster } from '../../lib/toast.tsx'
import { ApplicationForm } from './application-form.tsx'
import { CONSENT_INPUT_NAME } from './consent-field.tsx'
import { writeInputs } from './form-values.ts'

beforeAll(() => {
  // jsdom has no layout: scrolling and media queries are no-ops here.
  Element.prototype.scrollIntoView = () => {}
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia
})

let server: Server | undefined
afterEach(async () => {
  cleanup()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  localStorage.clear()
  if (server) await new Promise((r) => server!.close(r))
  server = undefined
})

/** Render the form with the founder's answers filled in and the consent ticked. */
function filledForm(props: Parameters<typeof ApplicationForm>[0] = {}) {
  const { container } = render(
    <>
      <AppToaster />
      <ApplicationForm {...props} />
    </>,
  )
  const form = container.querySelector('form')!
  const answers = sampleApplication()
  writeInputs(form, answers)
  ;(form.elements.namedItem(CONSENT_INPUT_NAME) as HTMLInputElement).checked = true
  return { form, answers, submit: screen.getByRole('button', { name: SUBMIT_LABEL }) }
}

describe('the application form', () => {
  it('when the call throws: the error toast, the answers kept, the button back for a retry that reuses the Idempotency-Key', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('the client blew up')
    const calls: { body: SubmissionBody; key: string }[] = []
    const send = (body: SubmissionBody, key: string) => {
      calls.push({ body, key })
      return Promise.reject(failure)
    }
    const { form, answers, submit } = filledForm({ send })

    await act(async () => submit.click())

    expect(await screen.findByText(TOASTS.sendError.title)).toBeTruthy()
    expect(consoleError).toHaveBeenCalledWith('send-application-email failed:', 'network', '', failure)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.body.formData).toEqual(answers)
    expect(form.hidden).toBe(false)
    expect((form.elements.namedItem('companyName') as HTMLInputElement).value).toBe(answers.companyName)
    expect(screen.queryByRole('heading', { name: 'Recibimos tu postulación' })).toBeNull()
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false))
    expect(document.activeElement).toBe(submit)

    await act(async () => submit.click())
    expect(calls).toHaveLength(2)
    expect(calls[1]!.key).toBe(calls[0]!.key)
  })

  it('on a 200 without a reference: the confirmation without a reference number, the e-mail it went to, the form cleared', async () => {
    let received: unknown
    server = createServer((req, res) => {
      let text = ''
      req.on('data', (d) => (text += d))
      req.on('end', () => {
        received = JSON.parse(text)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '0b7c6f1e-3a4d-4c1b-9f5e-2d8a7b6c5e4f' }))
      })
    })
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
    vi.stubEnv('VITE_BACKEND_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    const { form, answers, submit } = filledForm()

    await act(async () => submit.click())

    const panel = await screen.findByRole('heading', { name: 'Recibimos tu postulación' })
    expect(panel).toBeTruthy()
    expect((received as SubmissionBody).formData).toEqual(answers)
    expect(screen.queryByText(/Tu número de referencia/)).toBeNull()
    expect(screen.getByText(answers.email)).toBeTruthy()
    // The way back to a lost personal link: the recovery page, linked from the panel.
    expect(screen.getByRole('link', { name: 'Pide un enlace nuevo' }).getAttribute('href')).toBe('/postulacion')
    expect(await screen.findByText(TOASTS.success.title)).toBeTruthy()
    expect(form.hidden).toBe(true)
    expect((form.elements.namedItem('companyName') as HTMLInputElement).value).toBe('')
  })
})
