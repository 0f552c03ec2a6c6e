/**
 * The e-signature agreement the programme signer accepts before signing (the same words the founder
 * accepts on their status page, stored with each signature).
 *
 * TODO: re-export ESIGN_CONSENT from domain/agreements.ts once that module lands
 * (`export const CONSENT_TEXT = ESIGN_CONSENT.text`): this placeholder only keeps the workspace compiling
 * meanwhile, and what the server stores with the signature is its own text, not this one.
 */
export const CONSENT_TEXT = 'Acepto firmar electrónicamente este acuerdo…'
