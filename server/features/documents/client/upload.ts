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
    const status = form.querySelector<HTMLElement>('[role=status]')!
    form.hidden = false
    form.addEventListener('submit', (event) => event.preventDefault())
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (file) void send(file, form.dataset.item!, bar, status, input)
    })
  }

  async function send(file: File, itemKey: string, bar: HTMLProgressElement, status: HTMLElement, input: HTMLInputElement) {
    input.disabled = true
    bar.hidden = false
    bar.value = 0
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
        status.textContent = messageOf(error)
      },
      onSuccess() {
        status.textContent = 'Recibido. Actualizando la lista…'
        window.location.reload()
      },
    })
    const previous = await upload.findPreviousUploads()
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
    upload.start()
  }
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
