/**
 * The founder's documents page, rendered on the server: readable without
 * JavaScript (what is in, what the team asked for); the upload forms appear
 * once the page's own script runs.
 */
import { DOCUMENT_STATUS_FOUNDER_LABELS, type DocumentStatus } from '../../../domain/documents.ts'
import { formatBytes, formatDateTime } from '../../../domain/format.ts'
import { pageStart } from '../../shared/http/page-start.ts'
import { NOTICE_CSS } from '../../shared/http/notice.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'

export interface DocumentsPageInput {
  base: string
  scriptPath: string
  reference: string
  canUpload: boolean
  maxBytes: number
  items: {
    key: string
    label: string
    optional: boolean
    document: { id: string; fileName: string; sizeBytes: number; uploadedAt: string; status: DocumentStatus; reviewNote: string | null } | null
  }[]
}

export function documentsPage(input: DocumentsPageInput): string {
  const e = escapeHtml
  const items = input.items
    .map((item) => {
      const d = item.document
      const state = d
        ? `<p><a href="${e(`${input.base}/api/documentos/${d.id}/archivo`)}">${e(d.fileName)}</a> · ${formatBytes(d.sizeBytes)} · ${e(formatDateTime(d.uploadedAt))}</p>
<p class="state state-${d.status}">${DOCUMENT_STATUS_FOUNDER_LABELS[d.status]}</p>${d.reviewNote ? `<p class="note">Nota del equipo: ${e(d.reviewNote)}</p>` : ''}`
        : `<p class="state">${item.optional ? 'Pendiente (si aplica)' : 'Pendiente'}</p>`
      const form = input.canUpload
        ? `<form data-item="${e(item.key)}" hidden><label>${d ? 'Reemplazar archivo' : 'Subir archivo'}
<input type="file" name="file" accept=".pdf,.png,.jpg,.jpeg,.webp,.heic,.tif,.tiff,.doc,.docx,.odt,.rtf,.txt,.xls,.xlsx,.ods,.csv,.ppt,.pptx,.odp"></label>
<progress max="1" value="0" hidden></progress><p role="status" aria-live="polite" data-upload-status></p><p class="notice error" role="alert" data-upload-error hidden></p></form>`
        : ''
      return `<li><h2>${e(item.label)}${item.optional ? ' <small>(si aplica)</small>' : ''}</h2>${state}${form}</li>`
    })
    .join('\n')
  const intro = input.canUpload
    ? `<p>Sube un archivo por documento: PDF, imagen, hoja de cálculo o documento, de hasta ${Math.floor(input.maxBytes / 1_048_576)} MB. Si se corta la conexión, vuelve a elegir el archivo y la subida continuará donde quedó.</p><noscript><p>Para subir archivos necesitas activar JavaScript.</p></noscript>`
    : `<p>Los documentos se suben en la etapa de due diligence. Te escribiremos cuando tu postulación llegue a ella.</p>`
  return `${pageStart('noindex')}<title>Documentos de due diligence · Catalítico</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1917;background:#fafaf9;margin:0;line-height:1.5}
main{max-width:44rem;margin:0 auto;padding:2rem 1rem}
ul{list-style:none;padding:0}li{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
h1{font-size:1.6rem}h2{font-size:1.05rem;margin:0 0 .25rem}.state{color:#57534e;margin:.25rem 0}
.state-accepted{color:#166534}.state-new_version_requested{color:#9a3412}.note{background:#fff7ed;padding:.5rem;border-radius:.5rem}
progress{width:100%;height:.75rem}a{color:#9a3412}
${NOTICE_CSS}
</style>
</head>
<body>
<main data-documents data-base="${e(input.base)}">
<p><a href="${e(input.base)}">← Volver a tu postulación</a></p>
<h1>Documentos de due diligence</h1>
<p>Postulación ${e(input.reference)}</p>
${intro}
<ul>
${items}
</ul>
</main>
${input.canUpload ? `<script src="${e(input.scriptPath)}" defer></script>` : ''}
</body>
</html>`
}
