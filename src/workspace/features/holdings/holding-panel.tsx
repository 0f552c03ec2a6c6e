/**
 * «Participación del programa» of a signed application (ADR 0215): the stake the programme holds (its
 * figures, what the pauta has paid of the subscription, what to review), the register of its events
 * (append-only: a correction voids an event, struck through), the forms that record the issuance and the
 * later events, a round modelled before it is recorded (the server's pro-forma, then the same fields
 * confirmed), and the valuation marks a second admin approves. Admins only, like the deal.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { formatBp, formatCop, formatDay } from '../../../../domain/deals.ts'
import { formatCount } from '../../../../domain/format.ts'
import {
  FAIR_VALUE_BASIS_TEXT,
  HOLDING_EVENT_LABELS,
  HOLDING_INSTRUMENT_LABELS,
  HOLDING_INSTRUMENTS,
  HOLDING_MESSAGES,
  MARK_METHOD_LABELS,
  MARK_METHODS,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_STATUS_LABELS,
  formatMoic,
  formatOwnership,
  formatPrice,
  type HoldingInstrument,
  type MarkMethod,
  type MarkStatus,
  type OwnershipFigures,
  type PaymentMode,
} from '../../../../domain/holdings.ts'
import { holdingEndpoints, type HoldingEventBody, type HoldingView, type RoundBody, type RoundPreview } from '../../../../domain/workspace-api/holdings.ts'
import { notify } from '../../../lib/toast.tsx'
import { endpointHref } from '../../api/endpoints.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { internal } from '../../components/field-audience.ts'
import { useMember } from '../../components/require-session.tsx'
import { ScrollArea } from '../../components/scroll-area.tsx'
import { ActionError, Button, FieldError, Panel, QueryWaiting, TextField, inputClass, labelClass } from '../../components/ui.tsx'
import { refusalOf, useHolding, useHoldingWrite, useRoundPreview, type Errors, type HoldingWrite } from './holding-queries.ts'

const TITLE = 'Participación del programa'
type HoldingEventView = HoldingView['events'][number]
type MarkView = HoldingView['marks'][number]

export const MARK_STATUS_LABELS: Record<MarkStatus, string> = { proposed: 'Propuesta', approved: 'Aprobada', rejected: 'Rechazada' }

/** A form's write to the register: field issues beside their fields, the message under the form. */
function useHoldingForm(applicationId: string) {
  const write = useHoldingWrite(applicationId)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  function send(input: HoldingWrite, saved: () => void) {
    setFailure(null)
    write.mutate(input, {
      onSuccess: () => {
        setErrors({})
        saved()
      },
      onError: (err) => {
        const r = refusalOf(err)
        setErrors(r.errors)
        setFailure(r.message)
      },
    })
  }
  return { pending: write.isPending, errors, failure, send, setErrors }
}

export function HoldingPanel({ applicationId }: { applicationId: string }) {
  const answer = useHolding(applicationId)
  if (!answer.isSuccess) return <Panel title={TITLE}><QueryWaiting query={answer} /></Panel>
  const holding = answer.data.holding
  if (!holding) {
    return (
      <Panel title={TITLE}>
        <p className="text-sm text-ink-600">{HOLDING_MESSAGES.noDeal}</p>
      </Panel>
    )
  }
  const issued = holding.events.some((e) => e.kind === 'issuance' && !e.voided)
  return (
    <Panel
      title={TITLE}
      actions={
        issued && (
          <a href={endpointHref(holdingEndpoints.ocf, { params: { id: applicationId } })} className="text-sm font-semibold underline underline-offset-2">
            Exportar en OCF
          </a>
        )
      }
    >
      <Figures holding={holding} />
      <Payment holding={holding} />
      <Flags holding={holding} />
      <Register applicationId={applicationId} holding={holding} />
      {issued ? (
        <>
          <EventForm applicationId={applicationId} holding={holding} />
          <RoundForm applicationId={applicationId} holding={holding} />
        </>
      ) : (
        <IssuanceForm applicationId={applicationId} holding={holding} />
      )}
      <Marks applicationId={applicationId} holding={holding} issued={issued} />
    </Panel>
  )
}

/** A figure's term and value in the panel's list of figures. */
function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-ink-600">{term}</dt>
      <dd className="font-medium text-ink-900">{children}</dd>
    </div>
  )
}

const figuresList = 'grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]'

function Figures({ holding }: { holding: HoldingView }) {
  const f = holding.figures
  if (!f) return <p className="mb-4 text-sm text-ink-600">Todavía no hay emisión registrada: la participación empieza con ella.</p>
  return (
    <dl className={`mb-4 ${figuresList}`}>
      <Figure term="Acciones">{formatCount(f.shares)}</Figure>
      <Figure term="Participación emitida">{formatOwnership(f.ownershipIssued)}</Figure>
      <Figure term="Participación totalmente diluida">{formatOwnership(f.ownershipFullyDiluted)}</Figure>
      <Figure term="Costo (valor invertido)">
        {formatCop(f.costCop)} <span className="font-normal text-ink-600">· a tarifa: {formatCop(f.rateCardCop)}</span>
      </Figure>
      <Figure term="Valor razonable">
        {formatCop(f.fairValueCop)} <span className="font-normal text-ink-600">· {FAIR_VALUE_BASIS_TEXT(f.basis)}</span>
      </Figure>
      {f.proceedsCop > 0 && <Figure term="Recibido por ventas">{formatCop(f.proceedsCop)}</Figure>}
      <Figure term="MOIC">{formatMoic(f.moic)}</Figure>
    </dl>
  )
}

function Payment({ holding }: { holding: HoldingView }) {
  const p = holding.payment
  const headingId = useId()
  if (!p) return null
  return (
    <section aria-labelledby={headingId} className="mb-4 border-t border-ink-200 pt-3">
      <h3 id={headingId} className="mb-2 text-sm font-bold text-ink-900">Pagado con pauta</h3>
      <dl className={figuresList}>
        <Figure term="Suscrito">{formatCop(p.subscribedCop)}</Figure>
        <Figure term="Pagado">{formatCop(p.paidCop)}</Figure>
        <Figure term="Por pagar">{formatCop(p.unpaidCop)}</Figure>
        <Figure term="Plazo">{p.deadline ? `hasta el ${formatDay(p.deadline)}` : '—'}</Figure>
        <Figure term="Estado">{PAYMENT_STATUS_LABELS[p.status]}</Figure>
      </dl>
      {p.consequence && <p className="mt-2 text-sm text-ink-800">{p.consequence}</p>}
    </section>
  )
}

function Flags({ holding }: { holding: HoldingView }) {
  const flags = [
    ...(holding.staleSince ? [`Sin valoración desde el ${formatDay(holding.staleSince)}: revisar`] : []),
    ...(holding.impairment.length > 0 ? [`Revisar deterioro: ${holding.impairment.join('; ')}`] : []),
  ]
  if (flags.length === 0) return null
  return (
    <ul className="mb-4 space-y-1">
      {flags.map((flag) => (
        <li key={flag} className="rounded-md border border-danger-700/50 bg-danger-700/5 px-3 py-2 text-sm font-semibold text-danger-700">
          <span aria-hidden="true">⚠ </span>
          {flag}
        </li>
      ))}
    </ul>
  )
}

/** What an event did, in words: «Semilla: $ 5.000 por acción, 200.000 acciones nuevas». */
export function eventText(e: HoldingEventView, all: readonly HoldingEventView[]): string {
  switch (e.kind) {
    case 'issuance': {
      const what =
        e.instrument === 'nota_convertible'
          ? `principal de ${formatCop(e.subscribedCop)}${e.discountBp !== null ? `, descuento del ${formatBp(e.discountBp)}` : ''}${e.capCop !== null ? `, tope de ${formatCop(e.capCop)}` : ', sin tope'}`
          : `${formatCount(e.shares)} acciones ${e.shareClass ? `${e.shareClass.toLowerCase()} ` : ''}por ${formatCop(e.subscribedCop)}${e.targetBp !== null ? `, ${formatBp(e.targetBp)} fijo` : ''}`
      return `${HOLDING_INSTRUMENT_LABELS[e.instrument]}: ${what}`
    }
    case 'round':
      return `${e.name}: ${formatPrice(e.price)} por acción, ${formatCount(e.newShares)} acciones nuevas${e.joined ? `; el programa invirtió ${formatCop(e.programmeCashCop)} (${formatCount(e.programmeShares)} acciones)` : '; el programa no participó'}`
    case 'conversion':
      return `Conversión: ${formatCount(e.shares)} acciones a ${formatPrice(e.price)}`
    case 'top_up':
      return `${formatCount(e.shares)} acciones para mantener el porcentaje fijo`
    case 'split':
      return `Cada ${formatCount(e.from)} ${e.from === 1 ? 'acción pasa' : 'acciones pasan'} a ser ${formatCount(e.to)}`
    case 'secondary_sale':
      return `${formatCount(e.shares)} acciones a ${formatPrice(e.price)} por acción${e.buyer ? `, a ${e.buyer}` : ''}`
    case 'write_down':
      return `Nuevo precio: ${formatPrice(e.price)} por acción`
    case 'write_off':
      return 'La participación pasa a valer $ 0'
    case 'void': {
      const target = all.find((x) => x.id === e.voids)
      return `Anula ${target ? `«${HOLDING_EVENT_LABELS[target.kind]}» del ${formatDay(target.day)}` : 'un evento'}: ${e.reason}`
    }
  }
}

/** Conversions and top-ups come from their round: voiding the round voids them. */
const voidable = (e: HoldingEventView) => !e.voided && e.kind !== 'void' && e.kind !== 'conversion' && e.kind !== 'top_up'

function Register({ applicationId, holding }: { applicationId: string; holding: HoldingView }) {
  const { pending, failure, send } = useHoldingForm(applicationId)
  const [voiding, setVoiding] = useState<HoldingEventView | null>(null)
  const headingId = useId()
  function voidEvent(reason: string) {
    if (!voiding) return
    const label = HOLDING_EVENT_LABELS[voiding.kind]
    const eventId = voiding.id
    setVoiding(null)
    send({ what: 'void', eventId, reason }, () => notify('success', { title: 'Evento anulado', description: `«${label}» queda tachado en el registro.` }))
  }
  return (
    <section aria-labelledby={headingId} className="mb-4 border-t border-ink-200 pt-3">
      <h3 id={headingId} className="mb-2 text-sm font-bold text-ink-900">Registro de eventos</h3>
      {holding.events.length === 0 ? (
        <p className="text-sm text-ink-600">Sin eventos todavía.</p>
      ) : (
        <ScrollArea label="Registro de eventos, desplazable">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Eventos de la participación</caption>
            <thead>
              <tr className="border-b border-ink-200 text-ink-700">
                <th scope="col" className="py-1 pr-2">Fecha</th>
                <th scope="col" className="py-1 pr-2">Evento</th>
                <th scope="col" className="py-1 pr-2">Detalle</th>
                <th scope="col" className="py-1 pr-2">Documento</th>
                <th scope="col" className="py-1 pr-2">Registró</th>
                <th scope="col" className="py-1"><span className="sr-only">Acciones</span></th>
              </tr>
            </thead>
            <tbody>
              {holding.events.map((e) => (
                <tr key={e.id} className={e.voided ? 'border-b border-ink-100 text-ink-500' : 'border-b border-ink-100'}>
                  <td className="py-1 pr-2 whitespace-nowrap">{formatDay(e.day)}</td>
                  <th scope="row" className="py-1 pr-2 font-semibold">
                    <span className={e.voided ? 'line-through' : ''}>{HOLDING_EVENT_LABELS[e.kind]}</span>
                    {e.voided && <span className="ml-1 rounded border border-ink-400 px-1 text-xs font-bold text-ink-700">Anulado</span>}
                  </th>
                  <td className="py-1 pr-2">
                    <span className={e.voided ? 'block min-w-[14rem] line-through' : 'block min-w-[14rem]'}>{eventText(e, holding.events)}</span>
                    {e.note && <span className="block text-xs text-ink-600">{e.note}</span>}
                  </td>
                  <td className="py-1 pr-2">
                    {e.documentId ? (
                      <a href={endpointHref(holdingEndpoints.document, { params: { id: applicationId, documentId: e.documentId } })} className="font-semibold underline">
                        {e.documentName ?? 'Documento'}
                      </a>
                    ) : (
                      <span className="text-ink-600">—</span>
                    )}
                  </td>
                  <td className="py-1 pr-2">{e.recordedByName ?? 'el sistema'}</td>
                  <td className="py-1 text-right">
                    {voidable(e) && (
                      <Button variant="ghost" aria-label={`Anular «${HOLDING_EVENT_LABELS[e.kind]}» del ${formatDay(e.day)}`} disabled={pending} onClick={() => setVoiding(e)}>
                        Anular
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <ActionError message={failure} />
      <ConfirmDialog
        open={voiding !== null}
        title={voiding ? `¿Anular «${HOLDING_EVENT_LABELS[voiding.kind]}» del ${formatDay(voiding.day)}?` : ''}
        confirmLabel="Anular el evento"
        variant="danger"
        pending={pending}
        reason={{ label: internal('Motivo de la anulación'), required: true, maxLength: 500 }}
        onConfirm={voidEvent}
        onClose={() => setVoiding(null)}
      >
        {voiding && (
          <p>
            {eventText(voiding, holding.events)}. Queda tachado en el registro, con tu nombre y el motivo; {voiding.kind === 'round' ? 'sus conversiones y ajustes se anulan con la ronda.' : 'nada se borra.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  )
}

/** A form in a disclosure, as the panel's other forms are: its summary names it. */
function Disclosure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="mb-3 rounded-md border border-ink-200 px-3 py-1.5">
      <summary className="cursor-pointer py-1 text-sm font-semibold text-ink-900">{title}</summary>
      <div className="pt-2">{children}</div>
    </details>
  )
}

function Select<T extends string>({ id, label, value, options, error, onValue }: { id: string; label: string; value: T; options: readonly (readonly [T, string])[]; error: string | undefined; onValue: (v: T) => void }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <select id={id} className={`${inputClass} mt-1`} value={value} aria-invalid={error !== undefined} aria-describedby={`${id}-error`} onChange={(e) => onValue(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>{text}</option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}

function FileField({ id, label, error, inputRef, onFile }: { id: string; label: string; error: string | undefined; inputRef: RefObject<HTMLInputElement | null>; onFile: (f: File | null) => void }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,.webp,.xlsx,.docx,.ods,.odt"
        className={`${inputClass} mt-1`}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}

const grid = 'grid grid-cols-1 gap-x-3 sm:grid-cols-2'

function IssuanceForm({ applicationId, holding }: { applicationId: string; holding: HoldingView }) {
  const { pending, errors, failure, send } = useHoldingForm(applicationId)
  const id = useId()
  const d = holding.issuanceDefaults
  const [instrument, setInstrument] = useState<HoldingInstrument>(d.instrument)
  const [day, setDay] = useState(d.day)
  const [shareClass, setShareClass] = useState(d.shareClass)
  const [shares, setShares] = useState(d.shares)
  const [subscribedCop, setSubscribed] = useState(d.subscribedCop)
  const [discountPercent, setDiscount] = useState(d.discountPercent)
  const [capCop, setCap] = useState('')
  const [targetPercent, setTarget] = useState('')
  const [companyShares, setCompanyShares] = useState('')
  const [fullyDilutedShares, setFullyDiluted] = useState('')
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('especie_pauta')
  const [termMonths, setTerm] = useState(d.termMonths)
  const [note, setNote] = useState('')
  const [document, setDocument] = useState<File | null>(null)
  const file = useRef<HTMLInputElement>(null)
  const isNote = instrument === 'nota_convertible'

  function submit(event: FormEvent) {
    event.preventDefault()
    const body: HoldingEventBody = {
      kind: 'issuance',
      day,
      instrument,
      shareClass,
      ...(isNote ? { discountPercent, capCop } : { shares }),
      ...(instrument === 'porcentaje_fijo' ? { targetPercent } : {}),
      subscribedCop,
      companyShares,
      fullyDilutedShares,
      paymentMode,
      termMonths,
      note,
    }
    send({ what: 'event', body, document }, () => notify('success', { title: 'Emisión registrada', description: 'La participación del programa empieza con ella.' }))
  }
  const f = (name: string) => `${id}-${name}`
  return (
    <Disclosure title="Registrar la emisión">
      <form aria-label="Registrar la emisión" onSubmit={submit} noValidate className={grid}>
        <div>
          <Select id={f('instrument')} label="Instrumento" value={instrument} options={HOLDING_INSTRUMENTS.map((k) => [k, HOLDING_INSTRUMENT_LABELS[k]] as const)} error={errors.instrument} onValue={setInstrument} />
        </div>
        <div>
          <TextField id={f('day')} label="Fecha de la emisión" type="date" max={holding.today} value={day} error={errors.day} onValue={setDay} />
        </div>
        <div>
          <TextField id={f('class')} label={isNote ? 'Clase en la que convierte (si se sabe)' : 'Clase de acciones'} value={shareClass} error={errors.shareClass} onValue={setShareClass} />
        </div>
        <div>
          <TextField id={f('subscribed')} label={isNote ? 'Principal de la nota (pesos)' : 'Valor suscrito (pesos)'} inputMode="numeric" value={subscribedCop} error={errors.subscribedCop} onValue={setSubscribed} />
        </div>
        {isNote ? (
          <>
            <div>
              <TextField id={f('discount')} label="Descuento en la conversión (%)" inputMode="decimal" value={discountPercent} error={errors.discountPercent} onValue={setDiscount} />
            </div>
            <div>
              <TextField id={f('cap')} label="Tope de valoración, pre-money (pesos; opcional)" inputMode="numeric" value={capCop} error={errors.capCop} onValue={setCap} />
            </div>
          </>
        ) : (
          <div>
            <TextField id={f('shares')} label="Acciones emitidas al programa" inputMode="numeric" value={shares} error={errors.shares} onValue={setShares} />
          </div>
        )}
        {instrument === 'porcentaje_fijo' && (
          <div>
            <TextField id={f('target')} label="Porcentaje fijo (%)" inputMode="decimal" value={targetPercent} error={errors.targetPercent} onValue={setTarget} />
          </div>
        )}
        <div>
          <TextField id={f('company')} label="Acciones en circulación de la compañía, después de la emisión" inputMode="numeric" value={companyShares} error={errors.companyShares} onValue={setCompanyShares} />
        </div>
        <div>
          <TextField id={f('diluted')} label="Acciones totalmente diluidas, después de la emisión" inputMode="numeric" value={fullyDilutedShares} error={errors.fullyDilutedShares} onValue={setFullyDiluted} />
        </div>
        <div>
          <Select id={f('mode')} label="Cómo se paga la suscripción" value={paymentMode} options={PAYMENT_MODES.map((k) => [k, PAYMENT_MODE_LABELS[k]] as const)} error={errors.paymentMode} onValue={setPaymentMode} />
        </div>
        <div>
          <TextField id={f('term')} label="Plazo para pagarla (meses)" inputMode="numeric" value={termMonths} error={errors.termMonths} onValue={setTerm} />
        </div>
        <div>
          <TextField id={f('note')} label={internal('Nota', { optional: true })} value={note} error={errors.note} onValue={setNote} />
        </div>
        <div>
          <FileField id={f('document')} label="Documento de soporte (opcional)" error={errors.document} inputRef={file} onFile={setDocument} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={pending}>Registrar la emisión</Button>
          <ActionError message={failure} />
        </div>
      </form>
    </Disclosure>
  )
}

const EVENT_KINDS = ['split', 'secondary_sale', 'write_down', 'write_off'] as const
type EventKind = (typeof EVENT_KINDS)[number]

function EventForm({ applicationId, holding }: { applicationId: string; holding: HoldingView }) {
  const { pending, errors, failure, send } = useHoldingForm(applicationId)
  const id = useId()
  const [kind, setKind] = useState<EventKind>('split')
  const [day, setDay] = useState(holding.today)
  const [splitFrom, setFrom] = useState('1')
  const [splitTo, setTo] = useState('')
  const [shares, setShares] = useState('')
  const [price, setPrice] = useState('')
  const [buyer, setBuyer] = useState('')
  const [note, setNote] = useState('')
  const [document, setDocument] = useState<File | null>(null)
  const file = useRef<HTMLInputElement>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const body: HoldingEventBody = {
      kind,
      day,
      note,
      ...(kind === 'split' ? { splitFrom, splitTo } : {}),
      ...(kind === 'secondary_sale' ? { shares, price, buyer } : {}),
      ...(kind === 'write_down' ? { price } : {}),
    }
    const label = HOLDING_EVENT_LABELS[kind]
    send({ what: 'event', body, document }, () => {
      setNote('')
      setDocument(null)
      if (file.current) file.current.value = ''
      notify('success', { title: 'Evento registrado', description: `«${label}» quedó en el registro.` })
    })
  }
  const f = (name: string) => `${id}-${name}`
  return (
    <Disclosure title="Registrar un evento">
      <form aria-label="Registrar un evento" onSubmit={submit} noValidate className={grid}>
        <div>
          <Select id={f('kind')} label="Qué pasó" value={kind} options={EVENT_KINDS.map((k) => [k, HOLDING_EVENT_LABELS[k]] as const)} error={errors.kind} onValue={setKind} />
        </div>
        <div>
          <TextField id={f('day')} label="Fecha" type="date" max={holding.today} value={day} error={errors.day} onValue={setDay} />
        </div>
        {kind === 'split' && (
          <>
            <div>
              <TextField id={f('from')} label="Cada (acciones antes)" inputMode="numeric" value={splitFrom} error={errors.splitFrom} onValue={setFrom} />
            </div>
            <div>
              <TextField id={f('to')} label="Pasan a ser (acciones después)" inputMode="numeric" value={splitTo} error={errors.splitTo} onValue={setTo} />
            </div>
          </>
        )}
        {kind === 'secondary_sale' && (
          <>
            <div>
              <TextField id={f('shares')} label="Acciones vendidas" inputMode="numeric" value={shares} error={errors.shares} onValue={setShares} />
            </div>
            <div>
              <TextField id={f('buyer')} label="Comprador" value={buyer} error={errors.buyer} onValue={setBuyer} />
            </div>
          </>
        )}
        {(kind === 'secondary_sale' || kind === 'write_down') && (
          <div>
            <TextField id={f('price')} label={kind === 'write_down' ? 'Nuevo precio por acción (pesos)' : 'Precio por acción (pesos)'} inputMode="decimal" value={price} error={errors.price} onValue={setPrice} />
          </div>
        )}
        <div>
          <TextField id={f('note')} label={internal('Nota', { optional: true })} value={note} error={errors.note} onValue={setNote} />
        </div>
        <div>
          <FileField id={f('document')} label="Documento de soporte (opcional)" error={errors.document} inputRef={file} onFile={setDocument} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={pending}>Registrar el evento</Button>
          <ActionError message={failure} />
        </div>
      </form>
    </Disclosure>
  )
}

function RoundForm({ applicationId, holding }: { applicationId: string; holding: HoldingView }) {
  const { pending, errors, failure, send, setErrors } = useHoldingForm(applicationId)
  const preview = useRoundPreview(applicationId)
  const id = useId()
  const [day, setDay] = useState(holding.today)
  const [name, setName] = useState('')
  const [preMoneyCop, setPreMoney] = useState('')
  const [price, setPrice] = useState('')
  const [amountCop, setAmount] = useState('')
  const [newShares, setNewShares] = useState('')
  const [poolShares, setPool] = useState('')
  const [joined, setJoined] = useState(false)
  const [programmeCashCop, setCash] = useState('')
  const [note, setNote] = useState('')
  // The pro-forma and the fields it was computed from: «Confirmar la ronda» sends those, and a change hides it.
  const [shown, setShown] = useState<{ body: RoundBody; result: RoundPreview } | null>(null)
  const [previewFailure, setPreviewFailure] = useState<string | null>(null)

  const body = (): RoundBody => ({
    day,
    name,
    ...(preMoneyCop.trim() ? { preMoneyCop } : {}),
    ...(price.trim() ? { price } : {}),
    amountCop,
    ...(newShares.trim() ? { newShares } : {}),
    ...(poolShares.trim() ? { poolShares } : {}),
    joined,
    ...(joined ? { programmeCashCop } : {}),
    note,
  })
  /** A field's setter that also hides a pro-forma computed from other figures. */
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v)
    setShown(null)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const sent = body()
    setPreviewFailure(null)
    preview.mutate(sent, {
      onSuccess: (result) => {
        setErrors({})
        setShown({ body: sent, result })
      },
      onError: (err) => {
        const r = refusalOf(err)
        setErrors(r.errors)
        setPreviewFailure(r.message)
        setShown(null)
      },
    })
  }
  function confirm() {
    if (!shown) return
    const roundName = shown.body.name
    send({ what: 'round', body: shown.body }, () => {
      setShown(null)
      notify('success', { title: 'Ronda registrada', description: `«${roundName}» quedó en el registro con sus conversiones y ajustes.` })
    })
  }
  const f = (n: string) => `${id}-${n}`
  return (
    <Disclosure title="Modelar una ronda">
      <form aria-label="Modelar una ronda" onSubmit={submit} noValidate className={grid}>
        <p className="mb-2 text-sm text-ink-700 sm:col-span-2">Escribe la ronda y mira su efecto antes de registrarla: el pro-forma no guarda nada. Escribe la valoración pre-money o el precio por acción.</p>
        <div>
          <TextField id={f('name')} label="Nombre de la ronda" value={name} error={errors.name} onValue={edit(setName)} />
        </div>
        <div>
          <TextField id={f('day')} label="Fecha" type="date" max={holding.today} value={day} error={errors.day} onValue={edit(setDay)} />
        </div>
        <div>
          <TextField id={f('premoney')} label="Valoración pre-money (pesos)" inputMode="numeric" value={preMoneyCop} error={errors.preMoneyCop} onValue={edit(setPreMoney)} />
        </div>
        <div>
          <TextField id={f('price')} label="o precio por acción (pesos)" inputMode="decimal" value={price} error={errors.price} onValue={edit(setPrice)} />
        </div>
        <div>
          <TextField id={f('amount')} label="Monto de la ronda (pesos)" inputMode="numeric" value={amountCop} error={errors.amountCop} onValue={edit(setAmount)} />
        </div>
        <div>
          <TextField id={f('new')} label="Acciones nuevas (opcional: del monto y el precio)" inputMode="numeric" value={newShares} error={errors.newShares} onValue={edit(setNewShares)} />
        </div>
        <div>
          <TextField id={f('pool')} label="Acciones reservadas, pool (opcional)" inputMode="numeric" value={poolShares} error={errors.poolShares} onValue={edit(setPool)} />
        </div>
        <div className="flex items-center gap-2 pb-4 sm:pt-6 sm:pb-0">
          <input
            id={f('joined')}
            type="checkbox"
            checked={joined}
            onChange={(e) => {
              setJoined(e.target.checked)
              setShown(null)
            }}
          />
          <label htmlFor={f('joined')} className="text-sm font-semibold text-ink-800">El programa participa con caja</label>
        </div>
        {joined && (
          <div>
            <TextField id={f('cash')} label="Caja que pone el programa (pesos)" inputMode="numeric" value={programmeCashCop} error={errors.programmeCashCop} onValue={edit(setCash)} />
          </div>
        )}
        <div>
          <TextField id={f('note')} label={internal('Nota', { optional: true })} value={note} error={errors.note} onValue={edit(setNote)} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={preview.isPending}>Ver el efecto</Button>
          <ActionError message={previewFailure} />
        </div>
      </form>
      {shown && (
        <div className="mt-3 border-t border-ink-200 pt-3">
          <RoundEffect preview={shown.result} />
          <Button variant="primary" className="mt-3" disabled={pending} onClick={confirm}>Confirmar la ronda</Button>
          <ActionError message={failure} />
        </div>
      )}
    </Disclosure>
  )
}

function RoundEffect({ preview }: { preview: RoundPreview }) {
  const { before, after } = preview
  const rows: [string, (o: OwnershipFigures) => string][] = [
    ['Acciones del programa', (o) => formatCount(o.shares)],
    ['Participación emitida', (o) => formatOwnership(o.ownershipIssued)],
    ['Participación totalmente diluida', (o) => formatOwnership(o.ownershipFullyDiluted)],
    ['Valor a precio de la ronda', (o) => formatCop(o.valueCop)],
  ]
  return (
    <>
      <p className="mb-2 text-sm text-ink-800">
        {`Precio por acción: ${formatPrice(preview.price)} (pre-money ${formatCop(preview.preMoneyCop)}); ${formatCount(preview.newShares)} acciones nuevas${preview.programmeShares > 0 ? `, ${formatCount(preview.programmeShares)} para el programa` : ''}.`}
      </p>
      <ScrollArea label="Efecto de la ronda, desplazable">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Efecto de la ronda: antes y después</caption>
          <thead>
            <tr className="border-b border-ink-200 text-ink-700">
              <th scope="col" className="py-1 pr-2"><span className="sr-only">Cifra</span></th>
              <th scope="col" className="py-1 pr-2 text-right">Antes</th>
              <th scope="col" className="py-1 text-right">Después</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="border-b border-ink-100">
                <th scope="row" className="py-1 pr-2 font-semibold">{label}</th>
                <td className="py-1 pr-2 text-right whitespace-nowrap">{before ? value(before) : '—'}</td>
                <td className="py-1 text-right font-semibold whitespace-nowrap">{value(after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      {(preview.conversions.length > 0 || preview.topUp > 0) && (
        <ul className="mt-2 list-disc pl-5 text-sm text-ink-800">
          {preview.conversions.map((c) => (
            <li key={c.noteId}>{`Conversión de la nota (${formatCop(c.principalCop)}): ${formatCount(c.shares)} acciones a ${formatPrice(c.price)}`}</li>
          ))}
          {preview.topUp > 0 && <li>{`Ajuste del porcentaje fijo: ${formatCount(preview.topUp)} acciones`}</li>}
        </ul>
      )}
    </>
  )
}

function Marks({ applicationId, holding, issued }: { applicationId: string; holding: HoldingView; issued: boolean }) {
  const me = useMember()
  const { pending, failure, send } = useHoldingForm(applicationId)
  const headingId = useId()
  function decide(mark: MarkView, what: 'approve' | 'reject') {
    send({ what, markId: mark.id }, () =>
      notify('success', { title: what === 'approve' ? 'Valoración aprobada' : 'Valoración rechazada', description: `${MARK_METHOD_LABELS[mark.method]}, ${formatDay(mark.day)}.` }),
    )
  }
  return (
    <section aria-labelledby={headingId} className="border-t border-ink-200 pt-3">
      <h3 id={headingId} className="mb-2 text-sm font-bold text-ink-900">Valoraciones</h3>
      {holding.marks.length === 0 ? (
        <p className="mb-3 text-sm text-ink-600">Sin valoraciones todavía: la participación se valora al costo.</p>
      ) : (
        <ScrollArea label="Valoraciones, desplazable" className="mb-3">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Valoraciones propuestas y decididas</caption>
            <thead>
              <tr className="border-b border-ink-200 text-ink-700">
                <th scope="col" className="py-1 pr-2">Estado</th>
                <th scope="col" className="py-1 pr-2">Método</th>
                <th scope="col" className="py-1 pr-2">Fecha</th>
                <th scope="col" className="py-1 pr-2 text-right whitespace-nowrap">Precio por acción</th>
                <th scope="col" className="py-1 pr-2">Evidencia</th>
                <th scope="col" className="py-1 pr-2">Propuso</th>
                <th scope="col" className="py-1 pr-2">Decidió</th>
                <th scope="col" className="py-1"><span className="sr-only">Acciones</span></th>
              </tr>
            </thead>
            <tbody>
              {holding.marks.map((m) => (
                <tr key={m.id} className="border-b border-ink-100">
                  <th scope="row" className="py-1 pr-2 font-semibold">{MARK_STATUS_LABELS[m.status]}</th>
                  <td className="py-1 pr-2">
                    {MARK_METHOD_LABELS[m.method]}
                    {m.note && <span className="block text-xs text-ink-600">{m.note}</span>}
                  </td>
                  <td className="py-1 pr-2 whitespace-nowrap">{formatDay(m.day)}</td>
                  <td className="py-1 pr-2 text-right whitespace-nowrap">{formatPrice(m.price)}</td>
                  <td className="py-1 pr-2">
                    <a href={endpointHref(holdingEndpoints.document, { params: { id: applicationId, documentId: m.documentId } })} className="font-semibold underline">
                      {m.documentName ?? 'Evidencia'}
                    </a>
                  </td>
                  <td className="py-1 pr-2">{m.proposedByName ?? '—'}</td>
                  <td className="py-1 pr-2">{m.decidedByName ?? '—'}</td>
                  <td className="py-1">
                    {m.status === 'proposed' &&
                      (m.proposedBy === me.id ? (
                        <span className="text-xs text-ink-600">Otra persona administradora la decide</span>
                      ) : (
                        <span className="flex gap-1">
                          <Button variant="primary" disabled={pending} aria-label={`Aprobar la valoración del ${formatDay(m.day)}`} onClick={() => decide(m, 'approve')}>Aprobar</Button>
                          <Button disabled={pending} aria-label={`Rechazar la valoración del ${formatDay(m.day)}`} onClick={() => decide(m, 'reject')}>Rechazar</Button>
                        </span>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <ActionError message={failure} />
      {issued && <MarkForm applicationId={applicationId} holding={holding} />}
    </section>
  )
}

function MarkForm({ applicationId, holding }: { applicationId: string; holding: HoldingView }) {
  const { pending, errors, failure, send, setErrors } = useHoldingForm(applicationId)
  const id = useId()
  const [method, setMethod] = useState<MarkMethod>('ronda_reciente')
  const [day, setDay] = useState(holding.today)
  const [price, setPrice] = useState('')
  const [note, setNote] = useState('')
  const [document, setDocument] = useState<File | null>(null)
  const file = useRef<HTMLInputElement>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    // The evidence is required: said beside its field, nothing sent.
    if (!document) return setErrors({ document: HOLDING_MESSAGES.markNoEvidence })
    send({ what: 'mark', body: { method, day, price, note }, document }, () => {
      setPrice('')
      setNote('')
      setDocument(null)
      if (file.current) file.current.value = ''
      notify('success', { title: 'Valoración propuesta', description: 'Otra persona administradora debe aprobarla.' })
    })
  }
  const f = (n: string) => `${id}-${n}`
  return (
    <Disclosure title="Proponer una valoración">
      <form aria-label="Proponer una valoración" onSubmit={submit} noValidate className={grid}>
        <div>
          <Select id={f('method')} label="Método" value={method} options={MARK_METHODS.map((k) => [k, MARK_METHOD_LABELS[k]] as const)} error={errors.method} onValue={setMethod} />
        </div>
        <div>
          <TextField id={f('day')} label="Fecha de la valoración" type="date" max={holding.today} value={day} error={errors.day} onValue={setDay} />
        </div>
        <div>
          <TextField id={f('price')} label="Precio por acción (pesos)" inputMode="decimal" value={price} error={errors.price} onValue={setPrice} />
        </div>
        <div>
          <TextField id={f('note')} label={internal('Nota', { optional: true })} value={note} error={errors.note} onValue={setNote} />
        </div>
        <div className="sm:col-span-2">
          <FileField id={f('document')} label="Evidencia (PDF, hoja de cálculo o imagen)" error={errors.document} inputRef={file} onFile={setDocument} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={pending}>Proponer la valoración</Button>
          <ActionError message={failure} />
        </div>
      </form>
    </Disclosure>
  )
}
