/**
 * The 19 inputs of the form (SPEC §3, §5), grouped as a founder thinks about
 * them. Names, limits, options and Spanish labels come from the shared
 * domain module; this file only adds what the browser needs: the control,
 * its constraint attributes and the hints where a founder would hesitate.
 */
import {
  EQUITY_PERCENTAGE_MAX,
  EQUITY_PERCENTAGE_MIN,
  FIELD_LABELS,
  FOUNDING_YEAR_MIN,
  INPUT_FIELDS,
  LEGAL_RESTRICTIONS,
  LEGAL_RESTRICTION_LABELS,
  MAX_LENGTH,
  OPTIONAL_FIELDS,
  PRODUCT_STAGES,
  PRODUCT_STAGE_LABELS,
  type ApplicationField,
} from '../../../domain/application.ts'
import { EMAIL_INPUT_PATTERN } from '../../../domain/email.ts'
import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react'

export type InputField = (typeof INPUT_FIELDS)[number]

interface BaseSpec {
  name: InputField
  label: string
  hint?: string
  autoComplete?: HTMLInputAutoCompleteAttribute
}

export interface InputSpec extends BaseSpec {
  control: 'input'
  /** Never 'number': see the number fields below (ADR 0135). */
  type: 'text' | 'url' | 'tel'
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  pattern?: string
  autoCapitalize?: 'none'
  spellCheck?: boolean
  placeholder?: string
}

export interface TextareaSpec extends BaseSpec {
  control: 'textarea'
  rows: number
}

export interface SelectSpec extends BaseSpec {
  control: 'select'
  options: readonly { value: string; label: string }[]
}

export type FieldSpec = InputSpec | TextareaSpec | SelectSpec

export interface FieldGroup {
  id: string
  legend: string
  description: string
  fields: readonly FieldSpec[]
}

/** Shown as the first option of each dropdown: the empty, not-yet-chosen value. */
export const SELECT_PLACEHOLDER = 'Selecciona…'

export const FIELD_GROUPS: readonly FieldGroup[] = [
  {
    id: 'empresa',
    legend: 'La empresa',
    description: 'Los datos legales y básicos de tu startup.',
    fields: [
      {
        control: 'input',
        type: 'text',
        name: 'companyName',
        label: FIELD_LABELS.companyName,
        hint: 'El nombre legal, como aparece en el certificado de existencia.',
        autoComplete: 'organization',
      },
      {
        control: 'input',
        type: 'text',
        name: 'tradeName',
        label: FIELD_LABELS.tradeName,
        hint: 'El nombre con el que te conocen tus clientes.',
        autoComplete: 'off',
      },
      {
        control: 'input',
        type: 'url',
        name: 'website',
        label: FIELD_LABELS.website,
        placeholder: 'https://tuempresa.com',
        inputMode: 'url',
        autoComplete: 'url',
      },
      {
        control: 'input',
        type: 'text',
        name: 'city',
        label: FIELD_LABELS.city,
        placeholder: 'Bogotá, Medellín, Cali…',
        autoComplete: 'address-level2',
      },
      {
        // Number fields are text inputs with a number keyboard: a browser's type="number" reads "4,5"
        // and "85.000" by its own locale (45, 85) before the form sees them; domain/numbers.ts reads
        // them instead, the same way as the server (ADR 0135).
        control: 'input',
        type: 'text',
        name: 'foundingYear',
        label: FIELD_LABELS.foundingYear,
        // The page is prerendered: the hint names no year, the check uses the current one (ADR 0136).
        hint: `Desde ${FOUNDING_YEAR_MIN} hasta el año en curso.`,
        inputMode: 'numeric',
        autoComplete: 'off',
      },
    ],
  },
  {
    id: 'fundador',
    legend: 'Persona fundadora y contacto',
    description: 'Quién lidera la startup y cómo te contactamos.',
    fields: [
      {
        control: 'input',
        type: 'text',
        name: 'founderName',
        label: FIELD_LABELS.founderName,
        autoComplete: 'name',
      },
      {
        control: 'input',
        type: 'text',
        name: 'position',
        label: FIELD_LABELS.position,
        placeholder: 'CEO, cofundadora…',
        autoComplete: 'organization-title',
      },
      {
        // A text input with the e-mail keyboard, not type="email": browsers refuse josé@… and
        // rewrite a non-ASCII domain as punycode; the pattern is the one rule of domain/email.ts.
        control: 'input',
        type: 'text',
        name: 'email',
        label: FIELD_LABELS.email,
        hint: 'Aquí te enviaremos la confirmación.',
        placeholder: 'nombre@tuempresa.com',
        inputMode: 'email',
        pattern: EMAIL_INPUT_PATTERN,
        autoCapitalize: 'none',
        spellCheck: false,
        autoComplete: 'email',
      },
      {
        control: 'input',
        type: 'tel',
        name: 'phone',
        label: FIELD_LABELS.phone,
        hint: 'Con indicativo si no es un número colombiano.',
        placeholder: '+57 300 123 4567',
        inputMode: 'tel',
        autoComplete: 'tel',
      },
    ],
  },
  {
    id: 'producto',
    legend: 'Producto y tracción',
    description: 'Qué resuelves, para quién y cómo te está yendo.',
    fields: [
      {
        control: 'textarea',
        name: 'problemSolution',
        label: '¿Qué problema resuelves y cómo lo solucionas?',
        hint: 'Cuéntalo como se lo contarías a un cliente.',
        rows: 5,
      },
      {
        control: 'textarea',
        name: 'valueProposition',
        label: FIELD_LABELS.valueProposition,
        hint: '¿Por qué te eligen a ti y no a otra alternativa?',
        rows: 4,
      },
      {
        control: 'select',
        name: 'productStage',
        label: FIELD_LABELS.productStage,
        options: PRODUCT_STAGES.map((value) => ({ value, label: PRODUCT_STAGE_LABELS[value] })),
      },
      {
        control: 'input',
        type: 'text',
        name: 'activeUsers',
        label: FIELD_LABELS.activeUsers,
        hint: 'Una cifra aproximada está bien, por ejemplo 1.500.',
        inputMode: 'numeric',
        autoComplete: 'off',
      },
      {
        control: 'textarea',
        name: 'salesChannels',
        label: FIELD_LABELS.salesChannels,
        hint: 'Por ejemplo: venta directa, e-commerce, distribuidores, alianzas.',
        rows: 3,
      },
      {
        control: 'input',
        type: 'text',
        name: 'revenue',
        label: FIELD_LABELS.revenue,
        hint: 'En dólares (USD), por ejemplo 85.000 o 1.250.000,50. Escribe 0 si aún no facturas.',
        inputMode: 'decimal',
        autoComplete: 'off',
      },
    ],
  },
  {
    id: 'inversion',
    legend: 'Inversión y acompañamiento',
    description: 'Qué esperas de los medios y qué ofreces a cambio.',
    fields: [
      {
        control: 'textarea',
        name: 'mediaExpectations',
        label: '¿Qué esperas de la exposición en medios?',
        hint: 'Audiencias, ciudades o resultados que te gustaría alcanzar.',
        rows: 4,
      },
      {
        control: 'input',
        type: 'text',
        name: 'equityPercentage',
        label: FIELD_LABELS.equityPercentage,
        hint: `Entre ${EQUITY_PERCENTAGE_MIN} % y ${EQUITY_PERCENTAGE_MAX} %, por ejemplo 4,5. Es una referencia: se define en el acuerdo.`,
        inputMode: 'decimal',
        autoComplete: 'off',
      },
      {
        control: 'select',
        name: 'legalRestrictions',
        label: '¿Hay restricciones legales para ceder participación?',
        hint: 'Por ejemplo, acuerdos de accionistas o inversionistas con derecho de veto.',
        options: LEGAL_RESTRICTIONS.map((value) => ({ value, label: LEGAL_RESTRICTION_LABELS[value] })),
      },
      {
        control: 'textarea',
        name: 'supportNeeded',
        label: '¿Qué acompañamiento necesitas?',
        hint: 'Marketing, narrativa, canales, alianzas…',
        rows: 4,
      },
    ],
  },
]

export const FIELD_SPECS: readonly FieldSpec[] = FIELD_GROUPS.flatMap((group) => group.fields)

export function isOptional(field: ApplicationField): boolean {
  return (OPTIONAL_FIELDS as readonly string[]).includes(field)
}

/** The id of a field's control; the error summary links to it. */
export function controlId(field: ApplicationField): string {
  return `application-${field}`
}

export function maxLengthOf(field: ApplicationField): number {
  return MAX_LENGTH[field]
}
