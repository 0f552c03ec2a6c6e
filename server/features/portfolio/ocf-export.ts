/**
 * The Open Cap Format (OCF) export of one portfolio company's cap table as the programme knows it: the
 * programme's own securities, built from the holdings register (domain/holdings.ts), and the approved
 * valuation marks. The programme knows only the company's totals, not its other shareholders, so the
 * export lists the programme's securities (and the buyers of its secondary sales) and states the totals
 * in the manifest's comments.
 *
 * Pure: ocfFiles turns the register into the files' JSON; ocfZip packs them (the manifest carries each
 * file's MD5, computed over the exact text written into the zip: ocfText).
 */
import { createHash } from 'node:crypto'
import JSZip from 'jszip'
import { formatCount, formatIsoDay, formatMoney } from '../../../domain/format.ts'
import {
  D,
  type Dec,
  HOLDING_EVENT_LABELS,
  type HoldingEventRecord,
  MARK_METHOD_LABELS,
  PAYMENT_MODE_LABELS,
  type ValuationMarkRecord,
  formatPrice,
  liveHoldingEvents,
} from '../../../domain/holdings.ts'

export interface OcfCompany {
  applicationId: string
  legalName: string
  tradeName: string
  /** Colombian tax id, "900123456-7". */
  nit: string | null
  countryOfFormation: 'CO'
  city: string | null
  founderName: string | null
}
export interface OcfProgramme {
  /** e.g. 'Catalítico' */
  name: string
}
export interface OcfInput {
  company: OcfCompany
  programme: OcfProgramme
  events: readonly HoldingEventRecord[]
  marks: readonly ValuationMarkRecord[]
  deal: { mediaValueCop: number; investmentValueCop: number; signedOn: string }
  /** The application's reference, e.g. 'CAT-2026-0042'. */
  dealReference: string
  generatedAt: Date
}
export interface OcfFile {
  name: string
  json: unknown
}

/** The version the schemas pin (files/OCFManifestFile.schema.json, `ocf_version`'s const). */
export const OCF_VERSION = '1.2.1-alpha+main'
export const OCF_FILE_NAMES = {
  manifest: 'Manifest.ocf.json',
  stakeholders: 'Stakeholders.ocf.json',
  stockClasses: 'StockClasses.ocf.json',
  transactions: 'Transactions.ocf.json',
  valuations: 'Valuations.ocf.json',
} as const

export const PROGRAMME_STAKEHOLDER_ID = 'programa'
const FOUNDER_STAKEHOLDER_ID = 'fundador'
const CURRENCY = 'COP'

type Json = Record<string, unknown>

/** OCF's Numeric: a decimal string with at most 10 decimals (half-up beyond). */
const numeric = (value: number | Dec | string): string => new D(value).toDecimalPlaces(10, D.ROUND_HALF_UP).toFixed()
const money = (value: number | Dec | string): Json => ({ amount: numeric(value), currency: CURRENCY })
const pesos = (cop: number): string => formatMoney(cop, 'COP').replaceAll('\u00a0', ' ')
const count = (n: number | Dec): string => (new D(n).isInteger() ? formatCount(new D(n).toNumber()) : new D(n).toFixed().replace('.', ','))
const price = (p: string | Dec): string => formatPrice(new D(p).toFixed()).replaceAll('\u00a0', ' ')
/** An id fragment from free text: lowercase ASCII letters, digits and dashes. */
const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'x'

/** The text written into the zip for a file; the manifest's MD5 is over these exact bytes. */
export const ocfText = (json: unknown): string => `${JSON.stringify(json, null, 2)}\n`
const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex')

/** A security the programme (or a buyer) holds, followed through the events to size transfers and cancellations. */
interface OpenSecurity {
  securityId: string
  stakeholderId: string
  quantity: Dec
  sharePrice: Dec
  customId: string
}

/** An id per event that is stable across exports: derived from the event's id. */
const txId = (eventId: string, suffix = ''): string => `tx-${eventId}${suffix}`
const secId = (eventId: string, suffix = ''): string => `sec-${eventId}${suffix}`

export function ocfFiles(input: OcfInput): OcfFile[] {
  const { company, programme, deal, dealReference } = input
  const live = liveHoldingEvents(input.events)
  const issuance = live.find((e) => e.kind === 'issuance')
  const shareClassName = issuance?.kind === 'issuance' ? issuance.shareClass : 'Ordinarias'
  const stockClassId = `clase-${slug(shareClassName)}`
  const asOf = formatIsoDay(input.generatedAt)

  // ---- Transactions (the register's live events in the order they took effect)
  const transactions: Json[] = []
  const stakeholders: Json[] = [
    {
      object_type: 'STAKEHOLDER',
      id: PROGRAMME_STAKEHOLDER_ID,
      name: { legal_name: programme.name },
      stakeholder_type: 'INSTITUTION',
      current_relationships: ['INVESTOR'],
      comments: [`Programa de inversión de pauta por participación (media for equity): acuerdo ${dealReference}.`],
    },
  ]
  if (company.founderName) {
    stakeholders.push({
      object_type: 'STAKEHOLDER',
      id: FOUNDER_STAKEHOLDER_ID,
      name: { legal_name: company.founderName },
      stakeholder_type: 'INDIVIDUAL',
      current_relationships: ['FOUNDER'],
      comments: ['El programa no registra las acciones de quien funda la compañía: no hay transacciones a su nombre.'],
    })
  }
  const manifestComments: string[] = [
    `Tabla de capitalización según el registro de participaciones del programa ${programme.name} (acuerdo ${dealReference}): solo los valores del programa y de quienes le compraron acciones; el programa no conoce a los demás accionistas.`,
  ]
  let open: OpenSecurity[] = []
  const notes = new Map<string, { securityId: string; triggerId: string; customId: string; principalCop: number }>()
  let counter = 0
  const nextCustomId = () => `${dealReference}-${++counter}`
  const eventComments = (e: HoldingEventRecord): string[] => [
    `Evento del registro: ${HOLDING_EVENT_LABELS[e.kind]} (${e.id}).`,
    ...(e.note.trim() !== '' ? [e.note.trim()] : []),
    ...(e.documentName ? [`Documento: ${e.documentName}`] : []),
  ]
  const stockIssuance = (p: { id: string; securityId: string; stakeholderId: string; date: string; quantity: Dec | number; sharePrice: Dec | string; consideration: string; costBasis: number | null; comments: string[] }): Json => {
    const customId = nextCustomId()
    const quantity = new D(p.quantity)
    if (p.stakeholderId === PROGRAMME_STAKEHOLDER_ID) open.push({ securityId: p.securityId, stakeholderId: p.stakeholderId, quantity, sharePrice: new D(p.sharePrice), customId })
    return {
      object_type: 'TX_STOCK_ISSUANCE',
      id: p.id,
      date: p.date,
      security_id: p.securityId,
      custom_id: customId,
      stakeholder_id: p.stakeholderId,
      stock_class_id: stockClassId,
      share_price: money(p.sharePrice),
      quantity: numeric(quantity),
      ...(p.costBasis === null ? {} : { cost_basis: money(p.costBasis) }),
      consideration_text: p.consideration,
      security_law_exemptions: [],
      stock_legend_ids: [],
      comments: p.comments,
    }
  }
  const programmeOpen = () => open.filter((s) => s.stakeholderId === PROGRAMME_STAKEHOLDER_ID && s.quantity.gt(0))

  for (const e of live) {
    switch (e.kind) {
      case 'issuance': {
        const consideration =
          `Pauta en medios por ${pesos(e.subscribedCop)} (a tarifa: ${pesos(e.rateCardCop)}), acuerdo ${dealReference}. ` +
          `${PAYMENT_MODE_LABELS[e.paymentMode]}; plazo de pago: ${e.termMonths} meses.`
        manifestComments.push(`Al ${e.day} la compañía tenía ${count(e.companyShares)} acciones emitidas y ${count(e.fullyDilutedShares)} totalmente diluidas (según el registro del programa).`)
        if (e.instrument === 'nota_convertible') {
          const customId = nextCustomId()
          const triggerId = `trig-${e.id}`
          notes.set(e.id, { securityId: secId(e.id), triggerId, customId, principalCop: e.subscribedCop })
          transactions.push({
            object_type: 'TX_CONVERTIBLE_ISSUANCE',
            id: txId(e.id),
            date: e.day,
            security_id: secId(e.id),
            custom_id: customId,
            stakeholder_id: PROGRAMME_STAKEHOLDER_ID,
            convertible_type: 'NOTE',
            investment_amount: money(e.subscribedCop),
            consideration_text: consideration,
            security_law_exemptions: [],
            // The register knows no ranking among the company's convertibles: the programme's note is the only one it knows.
            seniority: 1,
            conversion_triggers: [
              {
                trigger_id: triggerId,
                type: 'AUTOMATIC_ON_CONDITION',
                nickname: 'Conversión en la siguiente ronda',
                trigger_condition: 'La nota convierte en la siguiente ronda de financiación con emisión de acciones.',
                trigger_description:
                  'Precio de conversión: el menor entre el precio de la ronda menos el descuento y el tope de valoración ÷ las acciones totalmente diluidas antes de la ronda; acciones: principal ÷ ese precio, redondeado hacia abajo.',
                conversion_right: {
                  type: 'CONVERTIBLE_CONVERSION_RIGHT',
                  converts_to_future_round: true,
                  converts_to_stock_class_id: stockClassId,
                  conversion_mechanism: {
                    type: 'CONVERTIBLE_NOTE_CONVERSION',
                    // The programme's notes bear no interest (the media is the principal): the schema requires the
                    // interest fields, so they are given with no rate at all.
                    interest_rates: [],
                    day_count_convention: 'ACTUAL_365',
                    interest_payout: 'DEFERRED',
                    interest_accrual_period: 'ANNUAL',
                    compounding_type: 'SIMPLE',
                    conversion_discount: numeric(new D(e.discountBp ?? 0).div(10_000)),
                    ...(e.capCop === null ? {} : { conversion_valuation_cap: money(e.capCop) }),
                    capitalization_definition: 'Acciones totalmente diluidas de la compañía antes de la ronda.',
                  },
                },
              },
            ],
            comments: [...eventComments(e), `Acciones de la compañía: ${e.companyShares} emitidas, ${e.fullyDilutedShares} totalmente diluidas.`],
          })
        } else {
          const extra =
            e.instrument === 'porcentaje_fijo' && e.targetBp !== null ? [`Porcentaje fijo: ${new D(e.targetBp).div(100).toFixed()} % (se ajusta en cada ronda).`] : []
          transactions.push(
            stockIssuance({
              id: txId(e.id),
              securityId: secId(e.id),
              stakeholderId: PROGRAMME_STAKEHOLDER_ID,
              date: e.day,
              quantity: e.shares,
              // The subscription's price per share: what the media was invested at, divided by the shares.
              sharePrice: new D(e.subscribedCop).div(e.shares),
              consideration,
              costBasis: e.subscribedCop,
              comments: [...eventComments(e), ...extra, `Acciones de la compañía: ${e.companyShares} emitidas, ${e.fullyDilutedShares} totalmente diluidas.`],
            }),
          )
        }
        break
      }
      case 'round': {
        // A round is the company's; OCF would need every investor's issuance. The programme records only
        // its own purchase, and states the round in the manifest's comments.
        manifestComments.push(
          `Ronda «${e.name}» del ${e.day}: precio ${price(e.price)} por acción, pre-money ${pesos(e.preMoneyCop)}, monto ${pesos(e.amountCop)}, ` +
            `${count(e.newShares)} acciones nuevas${e.poolShares > 0 ? ` y ${count(e.poolShares)} reservadas` : ''}; ` +
            (e.joined ? `el programa compró ${count(e.programmeShares)} acciones por ${pesos(e.programmeCashCop)}.` : 'el programa no participó.'),
        )
        if (e.joined && e.programmeShares > 0) {
          transactions.push(
            stockIssuance({
              id: txId(e.id),
              securityId: secId(e.id),
              stakeholderId: PROGRAMME_STAKEHOLDER_ID,
              date: e.day,
              quantity: e.programmeShares,
              sharePrice: e.price,
              consideration: `Aporte en efectivo de ${pesos(e.programmeCashCop)} en la ronda «${e.name}» a ${price(e.price)} por acción.`,
              costBasis: e.programmeCashCop,
              comments: eventComments(e),
            }),
          )
        }
        break
      }
      case 'conversion': {
        const note = notes.get(e.noteId)
        if (!note) break
        const round = live.find((r) => r.id === e.roundId)
        const roundName = round?.kind === 'round' ? `«${round.name}»` : e.roundId
        transactions.push({
          object_type: 'TX_CONVERTIBLE_CONVERSION',
          id: txId(e.id),
          date: e.day,
          security_id: note.securityId,
          trigger_id: note.triggerId,
          reason_text: `Conversión de la nota ${note.customId} en la ronda ${roundName} a ${price(e.price)} por acción (principal ${pesos(e.principalCop)}).`,
          resulting_security_ids: [secId(e.id)],
          comments: eventComments(e),
        })
        transactions.push(
          stockIssuance({
            id: txId(e.id, '-acciones'),
            securityId: secId(e.id),
            stakeholderId: PROGRAMME_STAKEHOLDER_ID,
            date: e.day,
            quantity: e.shares,
            sharePrice: e.price,
            consideration: `Conversión de la nota convertible ${note.customId} (principal ${pesos(e.principalCop)}, acuerdo ${dealReference}).`,
            costBasis: e.principalCop,
            comments: eventComments(e),
          }),
        )
        notes.delete(e.noteId)
        break
      }
      case 'top_up': {
        const round = live.find((r) => r.id === e.roundId)
        transactions.push(
          stockIssuance({
            id: txId(e.id),
            securityId: secId(e.id),
            stakeholderId: PROGRAMME_STAKEHOLDER_ID,
            date: e.day,
            quantity: e.shares,
            // Issued to keep the fixed percentage: no further consideration.
            sharePrice: '0',
            consideration: `Ajuste del porcentaje fijo pactado en el acuerdo ${dealReference}${round?.kind === 'round' ? ` tras la ronda «${round.name}»` : ''}: sin aporte adicional.`,
            costBasis: null,
            comments: eventComments(e),
          }),
        )
        break
      }
      case 'split': {
        transactions.push({
          object_type: 'TX_STOCK_CLASS_SPLIT',
          id: txId(e.id),
          date: e.day,
          stock_class_id: stockClassId,
          split_ratio: { numerator: numeric(e.to), denominator: numeric(e.from) },
          comments: eventComments(e),
        })
        const ratio = new D(e.to).div(e.from)
        open = open.map((s) => ({ ...s, quantity: s.quantity.times(ratio), sharePrice: s.sharePrice.div(ratio) }))
        break
      }
      case 'secondary_sale': {
        // A sale to a third party is a transfer in OCF (a repurchase would mean the company bought the
        // shares back): the transferred shares become a new security of the buyer, the rest a new
        // security of the programme. The register does not say which of the programme's securities were
        // sold: the oldest go first.
        const buyerId = `comprador-${e.id}`
        stakeholders.push({
          object_type: 'STAKEHOLDER',
          id: buyerId,
          name: { legal_name: e.buyer },
          // The register keeps only the buyer's name, not whether it is a person or a company.
          stakeholder_type: 'INSTITUTION',
          comments: [`Compró ${count(e.shares)} acciones al programa el ${e.day}; el programa no registra si es persona natural o jurídica.`],
        })
        let left = new D(e.shares)
        let part = 0
        for (const s of programmeOpen()) {
          if (left.lte(0)) break
          const taken = D.min(left, s.quantity)
          const rest = s.quantity.minus(taken)
          part += 1
          const suffix = `-${part}`
          const buyerSecurity = secId(e.id, `${suffix}-comprador`)
          const balanceSecurity = rest.gt(0) ? secId(e.id, `${suffix}-saldo`) : null
          transactions.push({
            object_type: 'TX_STOCK_TRANSFER',
            id: txId(e.id, suffix),
            date: e.day,
            security_id: s.securityId,
            quantity: numeric(taken),
            resulting_security_ids: [buyerSecurity],
            ...(balanceSecurity ? { balance_security_id: balanceSecurity } : {}),
            consideration_text: `Venta secundaria a ${e.buyer}: ${count(taken)} acciones a ${price(e.price)} por acción (${pesos(new D(e.price).times(taken).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber())}).`,
            comments: eventComments(e),
          })
          s.quantity = new D(0)
          transactions.push(
            stockIssuance({
              id: txId(e.id, `${suffix}-comprador`),
              securityId: buyerSecurity,
              stakeholderId: buyerId,
              date: e.day,
              quantity: taken,
              sharePrice: e.price,
              consideration: `Compra al programa ${programme.name} (valor ${s.customId}) a ${price(e.price)} por acción.`,
              costBasis: null,
              comments: eventComments(e),
            }),
          )
          if (balanceSecurity) {
            transactions.push(
              stockIssuance({
                id: txId(e.id, `${suffix}-saldo`),
                securityId: balanceSecurity,
                stakeholderId: PROGRAMME_STAKEHOLDER_ID,
                date: e.day,
                quantity: rest,
                sharePrice: s.sharePrice,
                consideration: `Saldo del valor ${s.customId} del programa tras la venta secundaria del ${e.day}.`,
                costBasis: null,
                comments: eventComments(e),
              }),
            )
          }
          left = left.minus(taken)
        }
        break
      }
      case 'write_down':
        // An impairment is a price, not a transaction: it goes to the valuations below.
        break
      case 'write_off': {
        // The programme writes its stake off: its remaining securities are cancelled, so the export
        // shows the programme holding nothing from that day.
        const reason = `Baja total de la participación registrada por el programa ${programme.name} el ${e.day}${e.note.trim() !== '' ? `: ${e.note.trim()}` : ''}.`
        let part = 0
        for (const s of programmeOpen()) {
          part += 1
          transactions.push({ object_type: 'TX_STOCK_CANCELLATION', id: txId(e.id, `-${part}`), date: e.day, security_id: s.securityId, quantity: numeric(s.quantity), reason_text: reason, comments: eventComments(e) })
          s.quantity = new D(0)
        }
        for (const [noteId, note] of notes) {
          part += 1
          transactions.push({ object_type: 'TX_CONVERTIBLE_CANCELLATION', id: txId(e.id, `-${part}`), date: e.day, security_id: note.securityId, amount: money(note.principalCop), reason_text: reason, comments: eventComments(e) })
          notes.delete(noteId)
        }
        break
      }
      case 'void':
        break
    }
  }

  // ---- Valuations: the approved marks and the register's write-downs.
  // OCF's ValuationType allows only "409A" (a US appraisal): it is the one value the schema accepts; the
  // comments say what the valuation really is.
  const valuationNote = 'valuation_type «409A» es el único valor que admite el esquema OCF: no es una valoración 409A.'
  const valuations: (Json & { effective_date: string })[] = [
    ...input.marks
      .filter((m) => m.status === 'approved')
      .map((m) => ({
        object_type: 'VALUATION',
        id: `val-${m.id}`,
        provider: programme.name,
        stock_class_id: stockClassId,
        price_per_share: money(m.price),
        effective_date: m.day,
        valuation_type: '409A',
        comments: [
          `Valoración aprobada por el programa: ${MARK_METHOD_LABELS[m.method]}.`,
          ...(m.note.trim() !== '' ? [m.note.trim()] : []),
          ...(m.decidedByName ? [`Aprobada por ${m.decidedByName}${m.decidedAt ? ` el ${formatIsoDay(m.decidedAt)}` : ''}.`] : []),
          valuationNote,
        ],
      })),
    ...live.flatMap((e) =>
      e.kind === 'write_down'
        ? [
            {
              object_type: 'VALUATION',
              id: `val-${e.id}`,
              provider: programme.name,
              stock_class_id: stockClassId,
              price_per_share: money(e.price),
              effective_date: e.day,
              valuation_type: '409A',
              comments: [`Deterioro registrado por el programa.`, ...(e.note.trim() !== '' ? [e.note.trim()] : []), valuationNote],
            },
          ]
        : [],
    ),
  ].sort((a, b) => a.effective_date.localeCompare(b.effective_date))

  // ---- Stock classes: the one class the register names.
  const stockClasses: Json[] = [
    {
      object_type: 'STOCK_CLASS',
      id: stockClassId,
      name: shareClassName,
      class_type: /prefer|privilegi/i.test(shareClassName) ? 'PREFERRED' : 'COMMON',
      default_id_prefix: `${dealReference}-`,
      // The programme does not record the company's authorized capital.
      initial_shares_authorized: 'NOT APPLICABLE',
      votes_per_share: '1',
      seniority: '1',
      comments: [
        'El programa no registra el capital autorizado de la compañía ni los derechos de la clase: un voto por acción y prelación 1 son supuestos.',
        'Las rondas y conversiones registradas por el programa se emiten en esta clase.',
      ],
    },
  ]

  const files: OcfFile[] = [
    { name: OCF_FILE_NAMES.stakeholders, json: { file_type: 'OCF_STAKEHOLDERS_FILE', items: stakeholders } },
    { name: OCF_FILE_NAMES.stockClasses, json: { file_type: 'OCF_STOCK_CLASSES_FILE', items: stockClasses } },
    { name: OCF_FILE_NAMES.transactions, json: { file_type: 'OCF_TRANSACTIONS_FILE', items: transactions } },
    ...(valuations.length > 0 ? [{ name: OCF_FILE_NAMES.valuations, json: { file_type: 'OCF_VALUATIONS_FILE', items: valuations } }] : []),
  ]
  const entry = (name: string) => {
    const file = files.find((f) => f.name === name)
    return file ? [{ filepath: `./${name}`, md5: md5(ocfText(file.json)) }] : []
  }

  // OCF requires a formation date; the register does not know it. The earliest day the programme knows
  // the company existed is used (the issuance's, else the signature's), and the issuer's comments say so.
  const formationDate = issuance?.day ?? deal.signedOn
  const issuer: Json = {
    object_type: 'ISSUER',
    id: `emisor-${company.applicationId}`,
    legal_name: company.legalName,
    ...(company.tradeName.trim() !== '' && company.tradeName.trim() !== company.legalName.trim() ? { dba: company.tradeName.trim() } : {}),
    formation_date: formationDate,
    country_of_formation: company.countryOfFormation,
    ...(company.nit ? { tax_ids: [{ tax_id: company.nit, country: 'CO' }] } : {}),
    ...(company.city ? { address: { address_type: 'LEGAL', city: company.city, country: company.countryOfFormation } } : {}),
    comments: [`formation_date: el programa no conoce la fecha de constitución; se usa la de ${issuance ? 'la emisión al programa' : 'la firma del acuerdo'} (${formationDate}).`],
  }
  const manifest = {
    ocf_version: OCF_VERSION,
    file_type: 'OCF_MANIFEST_FILE',
    issuer,
    as_of: asOf,
    generated_at: input.generatedAt.toISOString(),
    comments: manifestComments,
    stock_plans_files: [],
    stock_legend_templates_files: [],
    stock_classes_files: entry(OCF_FILE_NAMES.stockClasses),
    vesting_terms_files: [],
    valuations_files: entry(OCF_FILE_NAMES.valuations),
    transactions_files: entry(OCF_FILE_NAMES.transactions),
    stakeholders_files: entry(OCF_FILE_NAMES.stakeholders),
  }
  return [{ name: OCF_FILE_NAMES.manifest, json: manifest }, ...files]
}

/** The OCF files in a zip, each written as ocfText (the manifest's MD5s match these bytes). */
export async function ocfZip(input: OcfInput): Promise<Uint8Array> {
  const zip = new JSZip()
  // A fixed date per entry keeps the zip's bytes a function of the input.
  for (const f of ocfFiles(input)) zip.file(f.name, ocfText(f.json), { date: input.generatedAt })
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}
