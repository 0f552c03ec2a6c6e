/** An agreement's facts for the tests of its template and its PDF: each printed value is written by hand in domain/agreements.test.ts. */
import type { AgreementFacts } from '../agreements.ts'

export const FACTS: AgreementFacts = {
  code: 'CMFE-7K3Q-9XPM',
  version: 2,
  template: { version: 0, sample: true },
  parties: { legalName: 'Recicla Ya S.A.S.', tradeName: 'Recicla Ya', nit: '900.123.456-8', representativeName: 'María José Núñez', representativeIdType: 'CC', representativeId: '1020304050', shares: 15000, shareClass: 'ordinarias', city: 'Medellín' },
  terms: {
    equityBp: 450,
    instrument: 'nota_convertible',
    discountBp: 2000,
    valuationUsdCents: 150_000_000,
    mediaValueCop: 1_500_000_000,
    investmentValueCop: 500_000_000,
    windowStart: '2027-01-15',
    windowMonths: 9,
    followUpStart: '2026-12-01',
    rateCardVersionId: null,
  },
  rateCardVersionNumber: 3,
  founderName: 'Laura Gómez',
  founderEmail: 'laura@reciclaya.co',
  documentsReceived: ['Pitch deck', 'Cap table'],
  issuedOn: '2026-12-04',
}

