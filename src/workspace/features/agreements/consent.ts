/**
 * The e-signature agreement the programme signer accepts before signing: the same words the founder
 * accepts on their status page (domain/agreements.ts ESIGN_CONSENT), which the server stores with each
 * signature.
 */
import { ESIGN_CONSENT } from '../../../../domain/agreements.ts'

export const CONSENT_TEXT = ESIGN_CONSENT.text
