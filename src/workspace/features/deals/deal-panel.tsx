/**
 * The "Acuerdo" section of a signed application: the deal in
 * Colombian figures, and its correction by an admin (audited with the fields
 * that changed). Admins only: a reviewer never sees the deal (ADR 0159),
 * and this section is not drawn for them.
 */
import { useId, useState } from 'react'
import { FOLLOW_UP_MONTHS, INSTRUMENT_LABELS, formatBp, formatCop, formatDay, formatUsdCents, mediaRate, monthsText, periodEnd } from '../../../../domain/deals.ts'
import { formatDateTime } from '../../../../domain/format.ts'
import type { Deal } from '../../../../domain/workspace-api/deals.ts'
import { notify } from '../../../lib/toast.tsx'
import { useCorrectDeal, useDeal, useRateCards, useSetDealOwner } from '../../api/deal-queries.ts'
import { useMembers } from '../../api/queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { ActionError, Button, Panel, QueryWaiting, inputClass, labelClass } from '../../components/ui.tsx'
import { DealFields, checkDeal, dealBody, dealErrorsOf, dealFormOf, type DealErrors, type DealForm } from './deal-fields.tsx'

export function DealPanel({ applicationId }: { applicationId: string }) {
  const answer = useDeal(applicationId)
  const rateCards = useRateCards()
  const correct = useCorrectDeal(applicationId)
  const [form, setForm] = useState<DealForm | null>(null)
  const [errors, setErrors] = useState<DealErrors>({})

  if (!answer.isSuccess) return <Panel title="Acuerdo"><QueryWaiting query={answer} /></Panel>
  const { deal, memberNames } = answer.data
  if (!deal) {
    return (
      <Panel title="Acuerdo">
        <p className="text-sm text-ink-600">Esta postulación se marcó como «Acuerdo firmado» antes de que el espacio de trabajo registrara acuerdos: no tiene uno.</p>
      </Panel>
    )
  }
  const published = (rateCards.data?.versions ?? []).filter((v) => v.status === 'published')

  function save() {
    if (!form) return
    const found = checkDeal(form, { previousFollowUpStart: deal!.followUpStart })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    correct.mutate(dealBody(form), {
      onSuccess: () => {
        setForm(null)
        notify('success', { title: 'Acuerdo corregido', description: 'El cambio quedó en la auditoría.' }, { action: 'deal-correction' })
      },
      onError: (err) => {
        const fieldErrors = dealErrorsOf(err)
        if (fieldErrors) setErrors(fieldErrors)
        notify('error', { title: 'No pudimos corregir el acuerdo', description: err.message }, { action: 'deal-correction' })
      },
    })
  }

  return (
    <Panel
      title="Acuerdo"
      actions={
        <Button
          onClick={() => {
            setErrors({})
            setForm(dealFormOf(deal))
          }}
        >
          Corregir acuerdo
        </Button>
      }
    >
      <DealSummary deal={deal} memberNames={memberNames} />
      <OwnerField applicationId={applicationId} ownerId={deal.ownerId} />
      <ConfirmDialog
        open={form !== null}
        title="Corregir el acuerdo"
        confirmLabel="Guardar corrección"
        pending={correct.isPending}
        extra={
          form && (
            <DealFields
              form={form}
              errors={errors}
              onChange={setForm}
              rateCards={published}
              previousFollowUpStart={deal.followUpStart}
              signedWithoutRateCard={deal.rateCardVersionId === null}
            />
          )
        }
        onConfirm={save}
        onClose={() => setForm(null)}
      >
        <p>La corrección reemplaza las cifras del acuerdo y queda en la auditoría con los campos que cambiaron.</p>
      </ConfirmDialog>
    </Panel>
  )
}

function DealSummary({ deal, memberNames }: { deal: Deal; memberNames: Record<string, string> }) {
  const who = (id: string | null) => (id ? (memberNames[id] ?? 'un miembro que ya no está en el equipo') : 'el sistema')
  const rows: [string, string][] = [
    ['Participación', `${formatBp(deal.equityBp)} · ${INSTRUMENT_LABELS[deal.instrument]}${deal.discountBp === null ? '' : ` con ${formatBp(deal.discountBp)} de descuento`}`],
    ['Valoración de referencia', formatUsdCents(deal.valuationUsdCents)],
    ['Pauta a tarifa', formatCop(deal.mediaValueCop)],
    ['Valor de inversión', formatCop(deal.investmentValueCop)],
    ['Relación pauta : inversión', mediaRate(deal.mediaValueCop, deal.investmentValueCop)],
    ['Exposición', `${formatDay(deal.windowStart)} al ${formatDay(periodEnd(deal.windowStart, deal.windowMonths))} (${monthsText(deal.windowMonths)})`],
    ['Seguimiento', `${formatDay(deal.followUpStart)} al ${formatDay(periodEnd(deal.followUpStart, FOLLOW_UP_MONTHS))} (${monthsText(FOLLOW_UP_MONTHS)})`],
    ['Tarifario', deal.rateCardVersionNumber === null ? 'Sin tarifario publicado' : `Versión ${deal.rateCardVersionNumber}`],
    ['Firmado', `${formatDateTime(deal.signedAt)}, por ${who(deal.signedBy)}`],
  ]
  if (deal.updatedAt !== deal.signedAt) rows.push(['Última corrección', `${formatDateTime(deal.updatedAt)}, por ${who(deal.updatedBy)}`])
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-600">{label}</dt>
          <dd className="mb-1 font-medium text-ink-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * «Responsable» (ADR 0162): the member whose daily reminder carries the deal when it falls behind its
 * media pace. Saved on change; the server refuses a member with a conflict, in Spanish, under the field.
 */
function OwnerField({ applicationId, ownerId }: { applicationId: string; ownerId: string | null }) {
  const members = useMembers()
  const setOwner = useSetDealOwner(applicationId)
  const id = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const active = (members.data?.members ?? []).filter((m) => m.active)
  return (
    <div className="mt-3">
      <label htmlFor={id} className={labelClass}>
        Responsable del acuerdo
      </label>
      <select
        id={id}
        className={`${inputClass} mt-1`}
        value={ownerId ?? ''}
        disabled={setOwner.isPending || members.isPending}
        aria-invalid={failure !== null}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          setFailure(null)
          setOwner.mutate(e.target.value === '' ? null : e.target.value, {
            onSuccess: () => notify('success', { title: 'Responsable guardado', description: 'El cambio quedó en la auditoría.' }),
            onError: (err) => setFailure(err.message),
          })
        }}
      >
        <option value="">Sin responsable</option>
        {active.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="mt-1 text-xs text-ink-600">
        Recibe el acuerdo en su recordatorio diario cuando el plan de medios va atrasado.
      </p>
      <ActionError message={failure} />
    </div>
  )
}
