import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  APPLICATION_FIELDS,
  EQUITY_PERCENTAGE_MAX,
  EQUITY_PERCENTAGE_MIN,
  FIELD_LABELS,
  FOUNDING_YEAR_MIN,
  currentYearInBogota,
  foundingYearMax,
  HIDDEN_FIELDS,
  INPUT_FIELDS,
  LEGAL_RESTRICTIONS,
  MAX_LENGTH,
  OPTIONAL_FIELDS,
  PRODUCT_STAGES,
  PRODUCT_STAGE_LABELS,
  LEGAL_RESTRICTION_LABELS,
  optionLabel,
  REQUIRED_FIELDS,
  emptyApplication,
  validateApplication,
  validateField,
  type Application,
  type ApplicationField,
  type ErrorCode,
} from './application.ts'
import { sampleApplication } from './sample-application.ts'

/** The error code of one field when everything else is valid (undefined when the value passes). */
function errorOf(field: ApplicationField, value: string): ErrorCode | undefined {
  const result = validateApplication(sampleApplication({ [field]: value }))
  if (result.ok) return undefined
  const others = Object.keys(result.errors).filter((f) => f !== field)
  expect(others, 'only the field under test may fail').toEqual([])
  // The per-field check the form uses must agree with the whole-object check.
  expect(validateField(field, value)).toBe(result.errors[field])
  return result.errors[field]
}

const FREE_TEXT_FIELDS = [
  'companyName',
  'tradeName',
  'city',
  'founderName',
  'position',
  'problemSolution',
  'valueProposition',
  'salesChannels',
  'mediaExpectations',
  'supportNeeded',
] as const satisfies readonly ApplicationField[]

describe('the Application model', () => {
  it('has the 21 fields of SPEC §3, 19 of them with an input', () => {
    expect(APPLICATION_FIELDS).toHaveLength(21)
    expect(new Set(APPLICATION_FIELDS).size).toBe(21)
    expect(INPUT_FIELDS).toHaveLength(19)
    expect(HIDDEN_FIELDS).toEqual(['foundersInfo', 'currentInvestors'])
    expect(INPUT_FIELDS).not.toContain('foundersInfo')
    expect(INPUT_FIELDS).not.toContain('currentInvestors')
  })

  it('makes every field but website, foundersInfo and currentInvestors required', () => {
    expect([...OPTIONAL_FIELDS].sort()).toEqual(['currentInvestors', 'foundersInfo', 'website'])
    expect(REQUIRED_FIELDS).toHaveLength(18)
    for (const field of REQUIRED_FIELDS) expect(OPTIONAL_FIELDS).not.toContain(field)
  })

  it('gives every field a Spanish label and a length limit', () => {
    for (const field of APPLICATION_FIELDS) {
      expect(FIELD_LABELS[field].length).toBeGreaterThan(0)
      expect(MAX_LENGTH[field]).toBeGreaterThanOrEqual(0)
    }
    expect(MAX_LENGTH.foundersInfo).toBe(0)
    expect(MAX_LENGTH.currentInvestors).toBe(0)
  })

  it('labels the enumerations in Spanish', () => {
    expect(PRODUCT_STAGES).toEqual(['mvp', 'beta', 'live', 'scaling'])
    expect(LEGAL_RESTRICTIONS).toEqual(['no', 'yes', 'partial'])
    expect(PRODUCT_STAGE_LABELS.live).toBe('Producto en vivo')
    expect(LEGAL_RESTRICTION_LABELS.partial).toBe('Algunas restricciones')
    expect([optionLabel('productStage', 'live'), optionLabel('legalRestrictions', 'partial')]).toEqual(['Producto en vivo', 'Algunas restricciones'])
    expect([optionLabel('productStage', 'unicorn'), optionLabel('city', 'live')]).toEqual(['unicorn', 'live'])
  })

  it('accepts the sample application and returns it unchanged', () => {
    const input = sampleApplication()
    expect(validateApplication(input)).toEqual({ ok: true, value: input })
  })

  it('accepts an application without a website', () => {
    expect(errorOf('website', '')).toBeUndefined()
  })

  it('reports every required field of an empty application as required, and nothing else', () => {
    const result = validateApplication(emptyApplication())
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.errors).sort()).toEqual([...REQUIRED_FIELDS].sort())
    expect(new Set(Object.values(result.errors))).toEqual(new Set(['required']))
  })
})

describe('required fields', () => {
  it.each(REQUIRED_FIELDS)('%s: empty or only spaces is required; one character is enough to pass the check', (field) => {
    expect(errorOf(field, '')).toBe('required')
    expect(errorOf(field, '   \n\t')).toBe('required')
  })

  it.each(FREE_TEXT_FIELDS)('%s: one character is accepted', (field) => {
    expect(errorOf(field, 'x')).toBeUndefined()
  })

  it('reports a missing key as missing_field, for a required and an optional field alike', () => {
    const { city: _city, website: _website, ...without } = sampleApplication()
    expect(validateApplication(without)).toEqual({ ok: false, errors: { city: 'missing_field', website: 'missing_field' } })
  })
})

describe('length limits (both sides of every limit)', () => {
  it.each(FREE_TEXT_FIELDS)('%s: accepts MAX_LENGTH characters and rejects one more', (field) => {
    const max = MAX_LENGTH[field]
    expect(errorOf(field, 'a'.repeat(max))).toBeUndefined()
    expect(errorOf(field, 'a'.repeat(max + 1))).toBe('too_long')
  })

  it('counts characters, not bytes: accents and ñ take one place each', () => {
    expect(errorOf('city', 'ñ'.repeat(MAX_LENGTH.city))).toBeUndefined()
  })

  it('website: accepts a URL of MAX_LENGTH characters and rejects one more', () => {
    const base = 'https://huertaviva.co/'
    expect(errorOf('website', base + 'a'.repeat(MAX_LENGTH.website - base.length))).toBeUndefined()
    expect(errorOf('website', base + 'a'.repeat(MAX_LENGTH.website - base.length + 1))).toBe('too_long')
  })

  it('email: accepts an address of MAX_LENGTH characters and rejects one more', () => {
    const domain = '@huertaviva.co'
    expect(errorOf('email', 'a'.repeat(MAX_LENGTH.email - domain.length) + domain)).toBeUndefined()
    expect(errorOf('email', 'a'.repeat(MAX_LENGTH.email - domain.length + 1) + domain)).toBe('too_long')
  })

  it('phone: accepts MAX_LENGTH characters and rejects one more', () => {
    const digits = '3001234567'
    expect(errorOf('phone', '+57' + ' '.repeat(MAX_LENGTH.phone - digits.length - 3) + digits)).toBeUndefined()
    expect(errorOf('phone', '+57' + ' '.repeat(MAX_LENGTH.phone - digits.length - 2) + digits)).toBe('too_long')
  })

  it('foundingYear: 4 characters pass, 5 do not', () => {
    expect(MAX_LENGTH.foundingYear).toBe(4)
    expect(errorOf('foundingYear', '2020')).toBeUndefined()
    expect(errorOf('foundingYear', '02020')).toBe('too_long')
  })

  it('activeUsers: MAX_LENGTH digits pass, one more does not', () => {
    expect(errorOf('activeUsers', '9'.repeat(MAX_LENGTH.activeUsers))).toBeUndefined()
    expect(errorOf('activeUsers', '9'.repeat(MAX_LENGTH.activeUsers + 1))).toBe('too_long')
  })

  it('revenue: MAX_LENGTH characters pass, one more does not', () => {
    const amount = (digits: number) => '0'.repeat(digits - 12) + '123456789.50'
    expect(errorOf('revenue', amount(MAX_LENGTH.revenue))).toBeUndefined()
    expect(errorOf('revenue', amount(MAX_LENGTH.revenue + 1))).toBe('too_long')
  })

  it('equityPercentage: MAX_LENGTH characters pass, one more does not', () => {
    expect(MAX_LENGTH.equityPercentage).toBe(5)
    expect(errorOf('equityPercentage', '12.50')).toBeUndefined()
    expect(errorOf('equityPercentage', '012.50')).toBe('too_long')
  })

  it('the enumerations are short enough for their longest option', () => {
    for (const option of PRODUCT_STAGES) expect(option.length).toBeLessThanOrEqual(MAX_LENGTH.productStage)
    for (const option of LEGAL_RESTRICTIONS) expect(option.length).toBeLessThanOrEqual(MAX_LENGTH.legalRestrictions)
  })
})

/** The stored value of one field when it passes: the canonical reading (ADR 0135). */
function storedOf(field: ApplicationField, value: string): string {
  const result = validateApplication(sampleApplication({ [field]: value }))
  expect(result.ok, `${field}=${value} should pass`).toBe(true)
  return result.ok ? result.value[field] : ''
}

describe('foundingYear: from 2000 to the current year in Bogotá (ADR 0136)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it(`accepts ${FOUNDING_YEAR_MIN} and the current year, rejects the years just outside`, () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'))
    expect(FOUNDING_YEAR_MIN).toBe(2000)
    expect(foundingYearMax()).toBe(2026)
    expect(errorOf('foundingYear', '1999')).toBe('out_of_range')
    expect(errorOf('foundingYear', '2000')).toBeUndefined()
    expect(errorOf('foundingYear', '2025')).toBeUndefined()
    expect(errorOf('foundingYear', '2026')).toBeUndefined()
    expect(errorOf('foundingYear', '2027')).toBe('out_of_range')
  })

  it('moves with the clock, in Bogotá time: at 23:00 of 31 December in Bogotá, next year is still refused', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // 2031-01-01T04:00Z is 2030-12-31 23:00 in Bogotá (UTC−5).
    vi.setSystemTime(new Date('2031-01-01T04:00:00Z'))
    expect(currentYearInBogota()).toBe(2030)
    expect(errorOf('foundingYear', '2030')).toBeUndefined()
    expect(errorOf('foundingYear', '2031')).toBe('out_of_range')
    // An hour later it is 2031 in Bogotá too.
    vi.setSystemTime(new Date('2031-01-01T05:00:00Z'))
    expect(errorOf('foundingYear', '2031')).toBeUndefined()
    expect(errorOf('foundingYear', '2032')).toBe('out_of_range')
  })

  it('changes year at midnight in Bogotá to the millisecond, going forwards and back (the year is kept per UTC hour, ADR 0151)', () => {
    const newYear = Date.parse('2031-01-01T05:00:00Z') // 2031-01-01 00:00 in Bogotá
    for (const order of [[-1, 0, -1], [0, -1, 0]]) {
      for (const offset of order) expect(currentYearInBogota(new Date(newYear + offset))).toBe(offset < 0 ? 2030 : 2031)
    }
    expect(currentYearInBogota(new Date(newYear + 3_599_999))).toBe(2031)
    expect(currentYearInBogota(new Date('2027-06-01T12:00:00Z'))).toBe(2027)
  })

  it.each(['20.5', '2o2o', '-200', '2e3', 'año'])('rejects %j as not a whole number', (value) => {
    expect(errorOf('foundingYear', value)).toBe('invalid_integer')
  })
})

describe('equityPercentage', () => {
  it(`accepts ${EQUITY_PERCENTAGE_MIN} and ${EQUITY_PERCENTAGE_MAX}, rejects the values just outside`, () => {
    expect(EQUITY_PERCENTAGE_MIN).toBe(1)
    expect(EQUITY_PERCENTAGE_MAX).toBe(49)
    expect(errorOf('equityPercentage', '0.99')).toBe('out_of_range')
    expect(errorOf('equityPercentage', '1')).toBeUndefined()
    expect(errorOf('equityPercentage', '49')).toBeUndefined()
    expect(errorOf('equityPercentage', '49.01')).toBe('out_of_range')
    expect(errorOf('equityPercentage', '0')).toBe('out_of_range')
    expect(errorOf('equityPercentage', '50')).toBe('out_of_range')
  })

  it('accepts up to two decimals, with a dot or a comma', () => {
    expect(errorOf('equityPercentage', '12.5')).toBeUndefined()
    expect(errorOf('equityPercentage', '12,75')).toBeUndefined()
    expect(errorOf('equityPercentage', '1.125')).toBe('ambiguous_number')
  })

  it('reads a decimal comma as a decimal: "4,5" is stored as 4.5, never 45 (ADR 0135)', () => {
    expect(storedOf('equityPercentage', '4,5')).toBe('4.5')
    expect(storedOf('equityPercentage', '4.5')).toBe('4.5')
    expect(storedOf('equityPercentage', '7,5')).toBe('7.5')
    expect(storedOf('equityPercentage', '12,75')).toBe('12.75')
    expect(storedOf('equityPercentage', '10')).toBe('10')
  })

  it.each(['4.500', '4,500', '1.2,5'])('refuses %j as ambiguous: no silent thousands in a percentage', (value) => {
    expect(errorOf('equityPercentage', value)).toBe('ambiguous_number')
  })

  it.each(['-5', '10%', 'diez', '1e1', '.5'])('rejects %j as not a number', (value) => {
    expect(errorOf('equityPercentage', value)).toBe('invalid_number')
  })
})

describe('the edges: the last value a field accepts, and the first it refuses', () => {
  it.each([
    ['activeUsers', '0 and a negative count', '0', '-1', 'invalid_integer'],
    ['revenue', '0 and a negative amount', '0', '-1', 'invalid_number'],
    ['phone', '7 digits and 6', '6012345', '601234', 'invalid_phone'],
    ['phone', '15 digits and 16', '+' + '5'.repeat(15), '+' + '5'.repeat(16), 'invalid_phone'],
  ] as const)('%s: %s', (field, _edge, accepted, refused, code) => {
    expect(errorOf(field, accepted)).toBeUndefined()
    expect(errorOf(field, refused)).toBe(code)
  })
})

describe('activeUsers', () => {
  it.each(['12.5', '12,5', 'muchos', '1e3', '1 500', '1.5.00'])('rejects %j as not a whole number', (value) => {
    expect(errorOf('activeUsers', value)).toBe('invalid_integer')
  })
})

describe('revenue (USD, last 12 months)', () => {
  it('accepts whole amounts and up to two decimals', () => {
    expect(errorOf('revenue', '185000')).toBeUndefined()
    expect(errorOf('revenue', '1500.50')).toBeUndefined()
    expect(errorOf('revenue', '1500,5')).toBeUndefined()
  })

  it.each(['USD 100', '$100', '100k', '85 000', '1.5.0', '-85.000'])('rejects %j (symbols, words or stray separators)', (value) => {
    expect(errorOf('revenue', value)).toBe('invalid_number')
  })
})

describe('counts and amounts read the Colombian way (ADR 0135)', () => {
  const readings = {
    // Colombian thousands: "1.500" is 1500, "1.250.000" is 1250000.
    activeUsers: [['1.500', '1500'], ['1.250.000', '1250000'], ['1200', '1200']],
    // Thousands and decimal commas.
    revenue: [['85.000', '85000'], ['1.250.000', '1250000'], ['1.250.000,50', '1250000.50'], ['1500,5', '1500.5'], ['1500.50', '1500.50'], ['185000', '185000']],
  } as const
  const ambiguous = {
    // A comma is a decimal in Colombia: no whole count has one.
    activeUsers: ['1,500', '1,250,000', '1.250,000'],
    // Ambiguous or mixed separators.
    revenue: ['85,000', '1,500,000', '1,250.50', '1.250,000', '1,250.000'],
  } as const
  const fields = ['activeUsers', 'revenue'] as const

  it.each(fields.flatMap((field) => readings[field].map(([typed, stored]) => [field, typed, stored] as const)))('%s stores %j as %j', (field, typed, stored) => {
    expect(storedOf(field, typed)).toBe(stored)
  })

  it.each(fields.flatMap((field) => ambiguous[field].map((value) => [field, value] as const)))('%s refuses %j as ambiguous', (field, value) => {
    expect(errorOf(field, value)).toBe('ambiguous_number')
  })
})

describe('email', () => {
  it.each(['maria@huertaviva.co', 'maria.jose+postulacion@huerta-viva.com.co', 'ñandú@empresa.co'])('accepts %j', (value) => {
    expect(errorOf('email', value)).toBeUndefined()
  })

  it.each(['maria', 'maria@', '@huertaviva.co', 'maria@huertaviva', 'maria@huertaviva.c', 'maria jose@huertaviva.co', 'a@b@c.co', 'maria@huerta,viva.co'])(
    'rejects %j',
    (value) => {
      expect(errorOf('email', value)).toBe('invalid_email')
    },
  )
})

describe('website (optional)', () => {
  it.each(['https://huertaviva.co', 'http://huertaviva.co', 'huertaviva.co', 'www.huerta-viva.com.co/nosotros?x=1#equipo', 'https://huertaviva.co:8443/', 'https://compañía.co'])(
    'accepts %j',
    (value) => {
      expect(errorOf('website', value)).toBeUndefined()
    },
  )

  it.each(['huertaviva', 'ftp://huertaviva.co', 'javascript:alert(1)', 'https://', 'https://huerta viva.co', 'https://-huerta.co'])('rejects %j', (value) => {
    expect(errorOf('website', value)).toBe('invalid_url')
  })
})

describe('phone', () => {
  it.each(['+57 300 123 4567', '(601) 234-5678', '300.123.4567'])('accepts the usual separators in %j', (value) => {
    expect(errorOf('phone', value)).toBeUndefined()
  })

  it.each(['300 123 45 67 ext', 'llámame', '+57 300 123 4567 / 2'])('rejects %j', (value) => {
    expect(errorOf('phone', value)).toBe('invalid_phone')
  })
})

describe('enumerations', () => {
  it.each(PRODUCT_STAGES)('productStage accepts %j', (value) => {
    expect(errorOf('productStage', value)).toBeUndefined()
  })

  it.each(LEGAL_RESTRICTIONS)('legalRestrictions accepts %j', (value) => {
    expect(errorOf('legalRestrictions', value)).toBeUndefined()
  })

  it.each(['MVP', 'Producto en vivo', 'growth'])('productStage rejects %j', (value) => {
    expect(errorOf('productStage', value)).toBe('invalid_option')
  })

  it.each(['No', 'sí', 'maybe'])('legalRestrictions rejects %j', (value) => {
    expect(errorOf('legalRestrictions', value)).toBe('invalid_option')
  })
})

describe('the two fields without an input', () => {
  it.each(HIDDEN_FIELDS)('%s accepts only the empty string', (field) => {
    expect(errorOf(field, '')).toBeUndefined()
    expect(errorOf(field, ' ')).toBe('must_be_empty')
    expect(errorOf(field, 'Ana y Luis')).toBe('must_be_empty')
  })

  it.each(HIDDEN_FIELDS)('%s must be present', (field) => {
    const input: Partial<Application> = sampleApplication()
    delete input[field]
    expect(validateApplication(input)).toEqual({ ok: false, errors: { [field]: 'missing_field' } })
  })
})

describe('shape and types', () => {
  it.each([null, undefined, 'texto', 42, [], [sampleApplication()]])('rejects %j as a whole', (input) => {
    expect(validateApplication(input)).toEqual({ ok: false, errors: {}, formError: 'invalid_type' })
  })

  it('rejects an unknown field', () => {
    const result = validateApplication({ ...sampleApplication(), isAdmin: 'true' })
    expect(result).toEqual({ ok: false, errors: {}, formError: 'unknown_field' })
  })

  it.each([2021, null, true, ['2021'], { year: 2021 }])('rejects a non-string value %j', (value) => {
    const result = validateApplication({ ...sampleApplication(), foundingYear: value })
    expect(result).toEqual({ ok: false, errors: { foundingYear: 'invalid_type' } })
  })

  it('rejects control characters but keeps tabs and line breaks in long answers', () => {
    expect(errorOf('companyName', 'Huerta\u0000Viva')).toBe('invalid_type')
    expect(errorOf('companyName', 'Huerta\u001bViva')).toBe('invalid_type')
    expect(errorOf('problemSolution', 'Problema:\n\tprecios bajos.\r\nSolución: venta directa.')).toBeUndefined()
  })

  it('reports one code per field, the first rule that fails', () => {
    const result = validateApplication(
      sampleApplication({ email: 'x'.repeat(MAX_LENGTH.email + 1), foundingYear: '1999', productStage: 'otro' }),
    )
    expect(result).toEqual({
      ok: false,
      errors: { email: 'too_long', foundingYear: 'out_of_range', productStage: 'invalid_option' },
    })
  })
})

describe('validateField', () => {
  it('agrees with validateApplication on every field of the sample and of an empty application', () => {
    const empty = validateApplication(emptyApplication())
    const emptyErrors = empty.ok ? {} : empty.errors
    for (const field of APPLICATION_FIELDS) {
      expect(validateField(field, sampleApplication()[field])).toBeUndefined()
      expect(validateField(field, '')).toBe(emptyErrors[field])
    }
  })
})
