/**
 * «Firma del acuerdo» on an application's page (admins only, as the deal: ADR 0159): the share purchase
 * agreement drawn from the deal (domain/workspace-api/agreements.ts). It shows the version under way or
 * signed with its signatures and their evidence, the PDFs, the versions before it; it sends a version for
 * signature (the deal's fields and the parties'), signs for the programme (an admin given the right,
 * after the founder, with a code sent to their e-mail) and declines. Both signatures sealed move the
 * application to «Acuerdo firmado»: the «Acuerdo» section then shows the recorded deal.
 */
import { useId, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LIVE_AGREEMENT_STATUSES, type AgreementStatus } from '../../../../domain/agreements-records.ts'
import { MISSING_DOCUMENTS_REASON_MAX, missingRequiredDocuments } from '../../../../domain/documents.ts'
import { formatDateTime, formatTime } from '../../../../domain/format.ts'
import {
  agreementEndpoints as E,
  type Agreement,
  type AgreementAnswer,
  type AgreementPartiesBody,
  type CodeSentAnswer,
  type SendAgreementBody,
} from '../../../../domain/workspace-api/agreements.ts'
import { dealEndpoints } from '../../../../domain/workspace-api/deals.ts'
import { reviewEndpoints } from '../../../../domain/workspace-api/review.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { useRateCards } from '../../api/deal-queries.ts'
import { endpointHref } from '../../api/endpoints.ts'
import { useDocuments } from '../../api/queries.ts'
import { queriesOf } from '../../api/query-keys.ts'
import { endpointQuery, useInvalidate } from '../../api/read.ts'
import { submitOnce, useSubmissionKeys } from '../../api/submission-key.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { internal } from '../../components/field-audience.ts'
import { ActionError, Button, FieldError, Panel, QueryWaiting, inputClass, labelClass } from '../../components/ui.tsx'
import { DealFields, checkDeal, dealBody, dealErrorsOf, dealFormOf, newDealForm, type DealErrors, type DealForm } from '../deals/deal-fields.tsx'
import { CONSENT_TEXT } from './consent.ts'
import { AGREEMENT_STATUS_LABELS, SIGNER_ROLE_LABELS, SIGNING_METHOD_LABELS } from '../../../../domain/agreements.ts'
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { PasskeyChallenge } from '../../../../domain/workspace-api/team.ts'
import { call } from '../../api/endpoints.ts'
import { passkeyErrorMessage } from '../../lib/passkeys.ts'
import { PartiesFields, partiesErrorsOf, type PartiesErrors } from './parties-fields.tsx'

/** The panel's short word for a sample template (the document itself says domain/agreements.ts SAMPLE_NOTICE). */
const SAMPLE_NOTICE = 'Plantilla de muestra: el equipo jurídico debe reemplazarla.'

const LIVE: readonly AgreementStatus[] = LIVE_AGREEMENT_STATUSES
/** Still open to a new version or a decline: not once both signed (sealing, 409 `sealing`). */
const OPEN: readonly AgreementStatus[] = ['sent', 'founder_signed']
const CODE_LENGTH = 6
const DECLINE_REASON_MAX = 1000

/** The agreement's answer set in place after a write, and what a signature may have changed read again. */
function useAgreementWrite(applicationId: string) {
  const client = useQueryClient()
  const invalidate = useInvalidate()
  const keys = useSubmissionKeys()
  const settle = (answer: AgreementAnswer) => {
    client.setQueryData(endpointQuery(E.agreement, { id: applicationId }).queryKey, answer)
    // Both signed: the stage and the deal change on the server (ADR 0159).
    void invalidate(queriesOf(reviewEndpoints.application, { id: applicationId }), queriesOf(reviewEndpoints.applications), queriesOf(dealEndpoints.deal, { id: applicationId }))
  }
  return { keys, settle }
}

export function AgreementPanel({ applicationId }: { applicationId: string }) {
  const answer = useQuery(endpointQuery(E.agreement, { id: applicationId }))
  const [sending, setSending] = useState(false)
  // A signature or a decline takes away the form or the button that had the focus: it goes to the section.
  const top = useRef<HTMLDivElement>(null)
  const focusPanel = () => setTimeout(() => top.current?.focus(), 0)
  // Each opening starts from the answer of the moment: a fresh form.
  const [opening, setOpening] = useState(0)
  // Nothing drawn while it is read: most applications have no agreement, and then the section is not shown.
  if (answer.isPending) return null
  if (!answer.isSuccess) {
    return (
      <Panel title="Firma del acuerdo">
        <QueryWaiting query={answer} />
      </Panel>
    )
  }
  const data = answer.data
  const [latest, ...before] = data.agreements
  // The one under way or signed; a declined or expired last one goes with the versions before it.
  const current = latest && (LIVE.includes(latest.status) || latest.status === 'signed') ? latest : undefined
  const previous = current ? before : data.agreements
  if (!current && previous.length === 0 && !data.canSend) return null
  const resend = current !== undefined && OPEN.includes(current.status)
  const mayOpenForm = data.canSend && (current === undefined || resend)

  return (
    <Panel
      title="Firma del acuerdo"
      actions={
        mayOpenForm && (
          <Button
            variant={current ? 'secondary' : 'primary'}
            onClick={() => {
              setOpening((n) => n + 1)
              setSending(true)
            }}
          >
            {current ? 'Cambiar los números y enviar una versión nueva' : 'Enviar acuerdo para firma'}
          </Button>
        )
      }
    >
      <div ref={top} tabIndex={-1} role="group" aria-label="Estado del acuerdo" className="outline-none">
        {current ? (
          <CurrentAgreement applicationId={applicationId} agreement={current} data={data} onDone={focusPanel} />
        ) : (
          <p className="text-sm text-ink-700">
            {data.canSend
              ? 'Todavía no hay un acuerdo enviado. Envíalo con las cifras del trato y los datos de las partes: la persona fundadora lo firma desde su página de estado y después firma el programa.'
              : 'No hay un acuerdo en curso.'}
          </p>
        )}
        {previous.length > 0 && <PreviousVersions applicationId={applicationId} agreements={previous} memberNames={data.memberNames} />}
      </div>
      {mayOpenForm && <SendDialog key={opening} open={sending} applicationId={applicationId} data={data} current={resend ? current : undefined} onClose={() => setSending(false)} />}
    </Panel>
  )
}

function documentHref(applicationId: string, agreementId: string, version: 'sent' | 'signed') {
  return endpointHref(E.document, { params: { id: applicationId, agreementId }, query: `version=${version}` })
}

const linkClass = 'font-semibold text-ink-900 underline underline-offset-2'

function CurrentAgreement({ applicationId, agreement, data, onDone }: { applicationId: string; agreement: Agreement; data: AgreementAnswer; onDone: () => void }) {
  const who = (id: string | null) => (id ? (data.memberNames[id] ?? 'un miembro que ya no está en el equipo') : 'el sistema')
  const rows: [string, string][] = [
    ['Estado', AGREEMENT_STATUS_LABELS[agreement.status]],
    ['Versión', `Versión ${agreement.version}`],
    ['Código', agreement.code],
    ['Enviado', `${formatDateTime(agreement.sentAt)}, por ${who(agreement.sentBy)}`],
    ['Vence', formatDateTime(agreement.expiresAt)],
  ]
  return (
    <div>
      <dl aria-label={`Acuerdo, versión ${agreement.version}`} className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-600">{label}</dt>
            <dd className={`mb-1 font-medium break-words text-ink-900 sm:mb-0 ${label === 'Código' ? 'font-mono' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {agreement.templateSample && <Notice>{SAMPLE_NOTICE}</Notice>}
      <StatusNote agreement={agreement} />
      <Signatures agreement={agreement} />
      <ul aria-label="Documentos del acuerdo" className="mt-3 flex flex-col gap-1 text-sm">
        <li>
          <a href={documentHref(applicationId, agreement.id, 'sent')} className={linkClass} download>
            Descargar el PDF enviado (versión {agreement.version})
          </a>
        </li>
        {agreement.status === 'signed' && (
          <li>
            <a href={documentHref(applicationId, agreement.id, 'signed')} className={linkClass} download>
              Descargar el PDF firmado
            </a>
          </li>
        )}
      </ul>
      {agreement.status === 'founder_signed' &&
        (data.viewerCanSign ? <ProgrammeSignature applicationId={applicationId} hasPasskey={data.viewerHasPasskey} onSigned={onDone} /> : <Signers signers={data.signers} />)}
      {agreement.status === 'sent' && (
        <p className="mt-3 text-sm text-ink-700">
          {data.signers.length > 0
            ? `Después de la persona fundadora firma por el programa: ${data.signers.map((s) => s.name).join(', ')}.`
            : 'Nadie tiene todavía el derecho de firmar por el programa: un administrador lo da en «Equipo».'}
        </p>
      )}
      {OPEN.includes(agreement.status) && <DeclineButton applicationId={applicationId} agreement={agreement} onDeclined={onDone} />}
    </div>
  )
}

function Notice({ children, tone = 'warning' }: { children: string; tone?: 'warning' | 'info' }) {
  return (
    <p className={`mt-3 rounded-md border p-2.5 text-sm font-semibold ${tone === 'warning' ? 'border-accent-700 bg-accent-50 text-ink-900' : 'border-ink-200 bg-ink-50 text-ink-800'}`}>
      {children}
    </p>
  )
}

function StatusNote({ agreement }: { agreement: Agreement }) {
  switch (agreement.status) {
    case 'sent':
      return <Notice tone="info">Esperando la firma de la persona fundadora desde su página de estado.</Notice>
    case 'founder_signed':
      return <Notice tone="info">La persona fundadora ya firmó: falta la firma del programa.</Notice>
    case 'sealing':
      return (
        <div role="status" className="mt-3 rounded-md border border-ink-200 bg-ink-50 p-2.5 text-sm text-ink-800">
          <p className="font-semibold">Estamos sellando el documento…</p>
          <p className="mt-1">
            Las dos partes firmaron. Cuando el PDF quede sellado, la postulación pasa a «Acuerdo firmado» y el trato queda registrado.
            {agreement.sealError !== null &&
              ` El último intento de sellado no funcionó (${agreement.sealAttempts === 1 ? '1 intento' : `${agreement.sealAttempts} intentos`}); lo reintentamos solos${agreement.sealDueAt ? ` a partir del ${formatDateTime(agreement.sealDueAt)}` : ''}.`}
          </p>
        </div>
      )
    case 'signed':
      return <Notice tone="info">Firmado por ambas partes y sellado: la postulación está en «Acuerdo firmado» y el trato quedó registrado.</Notice>
    default:
      return null
  }
}

function Signatures({ agreement }: { agreement: Agreement }) {
  if (agreement.signatures.length === 0) return <p className="mt-3 text-sm text-ink-600">Todavía nadie lo ha firmado.</p>
  return (
    <div className="mt-3">
      <h3 className="text-sm font-bold text-ink-900">Firmas</h3>
      <ul aria-label="Firmas" className="mt-1 flex flex-col gap-2">
        {agreement.signatures.map((s) => (
          <li key={`${s.role}-${s.signedAt}`} className="rounded-md border border-ink-200 p-2.5 text-sm">
            <p>
              <strong className="text-ink-900">{s.name}</strong> · {SIGNER_ROLE_LABELS[s.role]}
            </p>
            <p className="text-ink-700">
              Firmó el {formatDateTime(s.signedAt)} · {SIGNING_METHOD_LABELS[s.method]}
            </p>
            {/* The evidence the evidence page prints: admins only read this section. */}
            <p className="mt-1 text-xs break-words text-ink-600">
              Evidencia: {s.email} · IP {s.ip} · Navegador: {s.userAgent || 'sin dato'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Signers({ signers }: { signers: AgreementAnswer['signers'] }) {
  return (
    <p className="mt-3 text-sm text-ink-700">
      {signers.length > 0
        ? `No tienes el derecho de firmar por el programa. Pueden firmar: ${signers.map((s) => s.name).join(', ')}.`
        : 'Nadie tiene todavía el derecho de firmar por el programa: un administrador lo da en «Equipo», en «Firmantes del programa».'}
    </p>
  )
}

/** The programme's signature: the consent, a code sent to the signer's e-mail, the code typed. */
function ProgrammeSignature({ applicationId, hasPasskey, onSigned }: { applicationId: string; hasPasskey: boolean; onSigned: () => void }) {
  const id = useId()
  const { keys, settle } = useAgreementWrite(applicationId)
  const codeInput = useRef<HTMLInputElement>(null)
  const [consent, setConsent] = useState(false)
  const [code, setCode] = useState('')
  const [sent, setSent] = useState<CodeSentAnswer | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string>()
  const requestCode = useMutation({ mutationFn: () => submitOnce(keys, E.requestCode, { params: { id: applicationId } }) })
  const sign = useMutation({ mutationFn: (body: { code: string; consent: boolean }) => submitOnce(keys, E.sign, { params: { id: applicationId }, body }) })
  // With a passkey: the ceremony for the member's own keys, then the signature with its assertion instead of a code.
  const signWithPasskey = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = (await call(E.passkeyOptions, { params: { id: applicationId }, body: undefined })) as PasskeyChallenge<PublicKeyCredentialRequestOptionsJSON>
      const response = await startAuthentication({ optionsJSON: options })
      return submitOnce(keys, E.sign, { params: { id: applicationId }, body: { code: '', consent: true, passkey: { challengeId, response } } })
    },
  })

  function passkeySign() {
    setFailure(null)
    if (!consent) {
      setFailure('Marca «Acepto firmar electrónicamente» para firmar.')
      return
    }
    signWithPasskey.mutate(undefined, {
      onSuccess: (answer) => {
        settle(answer)
        onSigned()
        notify('success', { title: 'Firmaste el acuerdo por el programa', description: 'Con tu llave de acceso. Estamos sellando el documento; cuando quede listo, la postulación pasa a «Acuerdo firmado».' }, { action: 'agreement-sign' })
      },
      onError: (err) => setFailure(passkeyErrorMessage(err) ?? err.message),
    })
  }

  function askCode() {
    setFailure(null)
    requestCode.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer)
        codeInput.current?.focus()
      },
      onError: (err) => setFailure(err.message),
    })
  }

  function submit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    if (!consent) {
      setFailure('Marca «Acepto firmar electrónicamente» para firmar.')
      return
    }
    if (code.length !== CODE_LENGTH) {
      setCodeError(`Escribe el código de ${CODE_LENGTH} dígitos que te enviamos.`)
      codeInput.current?.focus()
      return
    }
    setCodeError(undefined)
    sign.mutate(
      { code, consent },
      {
        onSuccess: (answer) => {
          settle(answer)
          onSigned()
          notify('success', { title: 'Firmaste el acuerdo por el programa', description: 'Estamos sellando el documento; cuando quede listo, la postulación pasa a «Acuerdo firmado».' }, { action: 'agreement-sign' })
        },
        onError: (err) => {
          // A spent or expired code cannot be typed again: the field empties for the next one.
          if (err instanceof ApiError && (err.code === 'too_many_attempts' || err.code === 'code_expired')) setCode('')
          setFailure(err.message)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-4 rounded-md border border-ink-300 p-3">
      <h3 id={`${id}-title`} className="text-sm font-bold text-ink-900">
        Firmar por el programa
      </h3>
      <div id={`${id}-consent`} tabIndex={0} role="region" aria-label="Acuerdo de firma electrónica" className="mt-2 max-h-48 overflow-y-auto rounded-md border border-ink-200 bg-ink-50 p-2.5 text-sm whitespace-pre-line text-ink-800">
        {CONSENT_TEXT}
      </div>
      <label htmlFor={`${id}-accept`} className="mt-3 flex items-start gap-2 text-sm font-semibold text-ink-800">
        <input id={`${id}-accept`} type="checkbox" className="mt-0.5 size-4" checked={consent} aria-describedby={`${id}-consent`} onChange={(e) => setConsent(e.target.checked)} />
        Acepto firmar electrónicamente
      </label>
      {hasPasskey && (
        <div className="mt-3">
          <Button variant="primary" onClick={passkeySign} disabled={signWithPasskey.isPending}>
            {signWithPasskey.isPending ? 'Firmando…' : 'Firmar con mi llave de acceso'}
          </Button>
          <p className="mt-1 text-sm text-ink-700">O con un código de un solo uso enviado a tu correo:</p>
        </div>
      )}
      <div className="mt-3">
        <Button onClick={askCode} disabled={requestCode.isPending}>
          {requestCode.isPending ? 'Enviando…' : sent ? 'Enviarme otro código' : 'Enviarme un código'}
        </Button>
        <p aria-live="polite" className="mt-1 min-h-5 text-sm text-ink-700">
          {sent && `Te enviamos un código a ${sent.sentTo}; vence a las ${formatTime(sent.expiresAt)}`}
        </p>
      </div>
      <div className="mt-2">
        <label htmlFor={`${id}-code`} className={labelClass}>
          Código de {CODE_LENGTH} dígitos
        </label>
        <input
          ref={codeInput}
          id={`${id}-code`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className={`${inputClass} mt-1 max-w-[10rem] font-mono tracking-widest`}
          value={code}
          aria-invalid={codeError !== undefined}
          aria-describedby={`${id}-code-error`}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
        <FieldError id={`${id}-code-error`} message={codeError} />
      </div>
      <Button type="submit" variant="primary" disabled={sign.isPending}>
        {sign.isPending ? 'Firmando…' : 'Firmar'}
      </Button>
      <ActionError message={failure} />
    </form>
  )
}

function DeclineButton({ applicationId, agreement, onDeclined }: { applicationId: string; agreement: Agreement; onDeclined: () => void }) {
  const { keys, settle } = useAgreementWrite(applicationId)
  const [open, setOpen] = useState(false)
  const decline = useMutation({ mutationFn: (reason: string) => submitOnce(keys, E.decline, { params: { id: applicationId }, body: { reason } }) })
  return (
    <div className="mt-4">
      <Button variant="danger" onClick={() => setOpen(true)}>
        Rechazar
      </Button>
      <ConfirmDialog
        open={open}
        title="¿Rechazar el acuerdo?"
        confirmLabel="Rechazar el acuerdo"
        variant="danger"
        closeLabel="Volver"
        reason={{ label: internal('Motivo', { optional: true }), required: false, maxLength: DECLINE_REASON_MAX }}
        pending={decline.isPending}
        onClose={() => setOpen(false)}
        onConfirm={(reason) =>
          decline.mutate(reason, {
            onSuccess: (answer) => {
              setOpen(false)
              settle(answer)
              onDeclined()
              notify('success', { title: 'Acuerdo rechazado', description: `La versión ${agreement.version} ya no se puede firmar.` }, { action: 'agreement-decline' })
            },
            onError: (err) => {
              setOpen(false)
              notify('error', { title: 'No pudimos rechazar el acuerdo', description: err.message }, { action: 'agreement-decline' })
            },
          })
        }
      >
        <p>
          La versión {agreement.version} ({agreement.code}) queda rechazada: nadie podrá firmarla. Para seguir con el trato habrá que enviar una versión nueva.
        </p>
      </ConfirmDialog>
    </div>
  )
}

function PreviousVersions({ applicationId, agreements, memberNames }: { applicationId: string; agreements: Agreement[]; memberNames: Record<string, string> }) {
  const who = (id: string | null) => (id ? (memberNames[id] ?? 'un miembro que ya no está en el equipo') : null)
  return (
    <div className="mt-4 border-t border-ink-200 pt-3">
      <h3 className="text-sm font-bold text-ink-900">Versiones anteriores</h3>
      <ul aria-label="Versiones anteriores" className="mt-1 flex flex-col gap-1.5 text-sm">
        {agreements.map((a) => {
          const by = who(a.closedBy)
          return (
            <li key={a.id} className="text-ink-700">
              <span className="font-semibold text-ink-900">Versión {a.version}</span> · <span className="font-mono">{a.code}</span> · {AGREEMENT_STATUS_LABELS[a.status]}
              {a.closedAt && ` el ${formatDateTime(a.closedAt)}`}
              {by && `, por ${by}`}
              {a.closeReason && ` · ${a.closeReason}`}
              {' · '}
              <a href={documentHref(applicationId, a.id, 'sent')} className={linkClass} download>
                PDF enviado
              </a>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

interface MissingDocument {
  key: string
  label: string
}

/** «Enviar acuerdo para firma» / a new version: the deal's fields, the parties', the missing documents' confirmation. */
function SendDialog({ open, applicationId, data, current, onClose }: { open: boolean; applicationId: string; data: AgreementAnswer; current: Agreement | undefined; onClose: () => void }) {
  const id = useId()
  const { keys, settle } = useAgreementWrite(applicationId)
  const send = useMutation({ mutationFn: (body: SendAgreementBody) => submitOnce(keys, E.send, { params: { id: applicationId }, body }) })
  const rateCards = useRateCards()
  const published = (rateCards.data?.versions ?? []).filter((v) => v.status === 'published')
  const latest = data.agreements[0]
  const [typedDeal, setDeal] = useState<DealForm>(() => (latest ? dealFormOf(latest.terms) : newDealForm(null)))
  // Opened before the rate cards arrived: the latest published version, once known (as the stage move does).
  const dealForm = typedDeal.rateCardVersionId === '' && published[0] ? { ...typedDeal, rateCardVersionId: published[0].id } : typedDeal
  const [parties, setParties] = useState<AgreementPartiesBody>(data.partiesDraft)
  const [dealErrors, setDealErrors] = useState<DealErrors>({})
  const [partyErrors, setPartyErrors] = useState<PartiesErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  // Required due-diligence documents missing (ADR 0139): known from the checklist, or from the server's 409.
  const documents = useDocuments(applicationId)
  const known = documents.data ? missingRequiredDocuments(documents.data.items.flatMap((i) => (i.document ? [{ itemKey: i.key, status: i.document.status }] : []))) : []
  const [refused, setRefused] = useState<MissingDocument[] | null>(null)
  const missing: MissingDocument[] = refused ?? known.map((d) => ({ key: d.key, label: d.label }))
  const [missingConfirmed, setMissingConfirmed] = useState(false)
  const [missingReason, setMissingReason] = useState('')

  function confirm() {
    setFailure(null)
    const found = checkDeal(dealForm, { previousFollowUpStart: latest?.terms.followUpStart ?? null })
    setDealErrors(found)
    setPartyErrors({})
    if (Object.keys(found).length > 0) {
      setFailure('Hay cifras del trato que no pudimos leer: mira los mensajes junto a cada campo.')
      return
    }
    if (missing.length > 0 && (!missingConfirmed || missingReason.trim() === '')) {
      setFailure('Marca la casilla y escribe por qué se envía sin esos documentos.')
      return
    }
    const body: SendAgreementBody = {
      deal: dealBody(dealForm),
      parties,
      ...(missing.length > 0 ? { missingDocuments: { confirmed: true as const, reason: missingReason.trim() } } : {}),
    }
    send.mutate(body, {
      onSuccess: (answer) => {
        settle(answer)
        onClose()
        const sentNow = answer.agreements[0]
        notify('success', {
          title: sentNow ? `Versión ${sentNow.version} enviada para firma` : 'Acuerdo enviado para firma',
          description: 'La persona fundadora lo firma desde su página de estado; le avisamos por correo.',
        }, { action: 'agreement-send' })
      },
      onError: (err) => {
        const dealFound = dealErrorsOf(err)
        const partiesFound = partiesErrorsOf(err)
        if (dealFound) setDealErrors(dealFound)
        if (partiesFound) setPartyErrors(partiesFound)
        if (err instanceof ApiError && err.code === 'documents_missing') {
          const listed = (err.body as { missing?: MissingDocument[] } | null)?.missing
          setRefused(listed && listed.length > 0 ? listed : missing)
        }
        setFailure(dealFound || partiesFound ? `${err.message} Mira los mensajes junto a cada campo.` : err.message)
      },
    })
  }

  return (
    <ConfirmDialog
      open={open}
      title={current ? 'Cambiar los números y enviar una versión nueva' : 'Enviar acuerdo para firma'}
      confirmLabel="Enviar para firma"
      pending={send.isPending}
      onConfirm={confirm}
      onClose={onClose}
      extra={
        <>
          <DealFields form={dealForm} errors={dealErrors} onChange={setDeal} rateCards={published} previousFollowUpStart={latest?.terms.followUpStart ?? null} />
          <PartiesFields form={parties} errors={partyErrors} onChange={setParties} />
          {missing.length > 0 && (
            <div className="mt-4 rounded-md border border-danger-700 bg-white p-3 text-sm">
              <p className="font-semibold text-danger-700">Faltan documentos obligatorios de due diligence:</p>
              <ul className="mt-1 list-disc pl-5">
                {missing.map((d) => (
                  <li key={d.key}>{d.label}</li>
                ))}
              </ul>
              <label htmlFor={`${id}-missing`} className="mt-3 flex items-start gap-2 font-semibold text-ink-800">
                <input id={`${id}-missing`} type="checkbox" className="mt-0.5 size-4" checked={missingConfirmed} onChange={(e) => setMissingConfirmed(e.target.checked)} />
                Confirmo que se envía el acuerdo sin estos documentos
              </label>
              <label htmlFor={`${id}-missing-reason`} className="mt-3 block font-semibold text-ink-800">
                {internal('Por qué se envía sin ellos')} <span className="font-normal text-ink-600">· queda en la auditoría</span>
              </label>
              <textarea
                id={`${id}-missing-reason`}
                className={`${inputClass} mt-1`}
                rows={2}
                maxLength={MISSING_DOCUMENTS_REASON_MAX}
                value={missingReason}
                onChange={(e) => setMissingReason(e.target.value)}
              />
            </div>
          )}
          <ActionError message={failure} />
        </>
      }
    >
      {current ? (
        <p>
          <strong>La versión {current.version} ({current.code}) queda anulada</strong> y le avisamos a la persona fundadora por correo
          {current.status === 'founder_signed' ? ': su firma de esa versión deja de valer y tendrá que firmar la nueva.' : '.'} La versión nueva sale con estas cifras y estos datos.
        </p>
      ) : (
        <p>El acuerdo sale con estas cifras y estos datos en un PDF que ya no cambia: la persona fundadora lo firma desde su página de estado y después firma el programa.</p>
      )}
      {data.template.sample && <p className="mt-2 font-semibold text-ink-900">{SAMPLE_NOTICE}</p>}
    </ConfirmDialog>
  )
}
