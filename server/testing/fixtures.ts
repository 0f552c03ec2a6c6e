/**
 * Test data generators shared by the server's tests, the store contract and
 * the benchmarks: valid applications and submissions with unique values, so
 * no test depends on another's data.
 */
import type { Application } from '../../domain/application.ts'
import { PRIVACY_POLICY_VERSION } from '../../domain/privacy.ts'
import type { SubmissionBody } from '../../domain/submission.ts'
import type { NewOutboxMessage, NewSubmission } from '../db/stores/application-store.ts'
import type { Passkey } from '../db/stores/team-store.ts'

let counter = 0
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** A valid application; override any field. */
export function validApplication(overrides: Partial<Application> = {}): Application {
  const n = unique()
  return {
    companyName: `Soluciones Andinas ${n} S.A.S.`,
    tradeName: `Andina ${n}`,
    website: 'https://andina.example.co',
    city: 'Medellín',
    foundingYear: '2019',
    founderName: 'María José Pérez Núñez',
    position: 'CEO y cofundadora',
    email: `maria.${n}@andina.example.co`,
    phone: '+57 300 123 4567',
    problemSolution: 'Los tenderos no tienen crédito formal; damos microcrédito con datos de ventas.',
    valueProposition: 'Crédito en 24 horas, sin papeleo, para tiendas de barrio.',
    productStage: 'live',
    activeUsers: '1200',
    salesChannels: 'Fuerza de ventas propia y alianzas con distribuidores.',
    revenue: '85000.50',
    mediaExpectations: 'Llegar a tenderos de Bogotá y Cali con televisión y radio regional.',
    foundersInfo: '',
    currentInvestors: '',
    equityPercentage: '10',
    legalRestrictions: 'no',
    supportNeeded: 'Narrativa de marca y plan de medios.',
    ...overrides,
  }
}

/** A valid request body for the function. */
export function validBody(overrides: Partial<Application> = {}): SubmissionBody {
  return { formData: validApplication(overrides), consent: { accepted: true, policyVersion: PRIVACY_POLICY_VERSION } }
}

/** A submission as the store receives it, with two rendered e-mails. */
export function newSubmission(
  options: { createdAt?: Date; email?: string; reference?: string; idempotencyKey?: string; requestHash?: string } = {},
): NewSubmission {
  const id = crypto.randomUUID()
  const createdAt = options.createdAt ?? new Date()
  const formData = validApplication(options.email ? { email: options.email } : {})
  const message = (kind: NewOutboxMessage['kind'], to: string): NewOutboxMessage => ({
    id: crypto.randomUUID(),
    kind,
    messageId: `<${crypto.randomUUID()}@catalitico.example>`,
    from: 'Catalítico <postulaciones@catalitico.example>',
    to,
    ...(kind === 'team_notification' ? { replyTo: formData.email } : {}),
    subject: `Asunto de ${kind} para ${formData.tradeName}`,
    text: `Hola ${formData.founderName}`,
    html: `<p>Hola ${formData.founderName}</p>`,
  })
  return {
    application: {
      id,
      reference: options.reference ?? `CAT-TEST-${unique().toUpperCase()}`,
      createdAt,
      formData,
      consent: { policyVersion: PRIVACY_POLICY_VERSION, acceptedAt: createdAt },
    },
    messages: [message('applicant_confirmation', formData.email), message('team_notification', 'equipo@catalitico.example')],
    ...(options.idempotencyKey
      ? { idempotency: { key: options.idempotencyKey, requestHash: options.requestHash ?? 'hash-a' } }
      : {}),
  }
}

/** A passkey row for a test that needs one to exist (its key is never checked). */
export function storedPasskey(id: string, memberId: string, createdAt: Date): Passkey {
  return { id, memberId, publicKey: 'AAAA', counter: 0, transports: [], deviceType: 'singleDevice', backedUp: false, name: 'Llave', createdAt, lastUsedAt: null }
}
