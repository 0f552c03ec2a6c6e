/**
 * The documents page's own script (bundled alone by server/features/documents/upload-script.ts,
 * so the landing loads none of it): each checklist item's file goes up with
 * tus, resuming after a dropped connection or a reload, with a progress bar.
 */
import { Upload } from 'tus-js-client'

const CHUNK_BYTES = 4 * 1024 * 1024

const page = document.querySelector<HTMLElement>('[data-documents]')
if (page) {
  const base = page.dataset.base!
  for (const form of page.querySelectorAll<HTMLFormElement>('form[data-item]')) {
    const input = form.querySelector<HTMLInputElement>('input[type=file]')!
    const bar = form.querySelector<HTMLProgressElement>('progress')!
    // The progress and the success are read politely; a failure is an alert of its own, in red.
    const status = form.querySelector<HTMLElement>('[data-upload-status]')!
    const failure = form.querySelector<HTMLElement>('[data-upload-error]')!
    form.hidden = false
    form.addEventListener('submit', (event) => event.preventDefault())
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (file) void send(file, form.dataset.item!, bar, { status, failure }, input)
    })
  }

  async function send(file: File, itemKey: string, bar: HTMLProgressElement, { status, failure }: { status: HTMLElement; failure: HTMLElement }, input: HTMLInputElement) {
    input.disabled = true
    bar.hidden = false
    bar.value = 0
    failure.hidden = true
    failure.textContent = ''
    status.className = ''
    status.textContent = 'Subiendo…'
    const upload = new Upload(file, {
      endpoint: `${base}/api/subidas`,
      metadata: { filename: file.name, itemKey },
      // A phone that loses its connection retries for about a minute, then the
      // next attempt (even after a reload) resumes from the last byte kept.
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
      // Parts of 4 MB, each acknowledged: a proxy that drops a cut request body
      // loses at most one part, and no part meets a proxy's body limit.
      chunkSize: CHUNK_BYTES,
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        bar.value = total ? sent / total : 0
        status.textContent = `Subiendo… ${Math.floor((sent / total) * 100)} %`
      },
      onError(error) {
        input.disabled = false
        bar.hidden = true
        status.textContent = ''
        failure.replaceChildren(icon('⚠'), ' ', messageOf(error))
        failure.hidden = false
      },
      onSuccess() {
        status.className = 'notice ok'
        status.replaceChildren(icon('✓'), ' Recibido. Actualizando la lista…')
        window.location.reload()
      },
    })
    const previous = await upload.findPreviousUploads()
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
    upload.start()
  }
}

/** A notice's icon, for the eyes only: the words say it (server/shared/http/notice.ts). */
function icon(sign: string): HTMLElement {
  const span = document.createElement('span')
  span.setAttribute('aria-hidden', 'true')
  span.textContent = sign
  return span
}

function messageOf(error: Error): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody()
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown }
    if (typeof parsed.message === 'string') return parsed.message
  } catch {
    // not one of our answers: a network failure
  }
  return 'No pudimos terminar la subida. Revisa tu conexión y vuelve a elegir el archivo: continuará donde quedó.'
}
