/**
 * The programme's signing certificate as the configuration gives it (SIGNING_CERT, SIGNING_KEY,
 * SIGNING_KEY_PASSPHRASE; a self-signed one generated in DATA_DIR/signing without them) and the
 * timestamp authority (SIGNING_TSA_URL), loaded once per process when first needed (the server loads it
 * at start, so a bad certificate stops it there and the self-signed warning is in the first lines of
 * its log). A failed load is not kept: the next use tries again.
 */
import { loadSigningIdentity, type SigningIdentity } from '../../shared/signing/identity.ts'
import type { Log } from '../../shared/log.ts'
import type { SigningService } from './service.ts'
import type { AgreementStore } from '../../db/stores/agreement-store.ts'

export interface SigningOptions {
  cert?: string | undefined
  key?: string | undefined
  passphrase?: string | undefined
  dataDir: string
  tsaUrl?: string | undefined
  log: Log
}

export function signingFrom(options: SigningOptions): SigningService & { state(): SigningState } {
  let loaded: Promise<SigningIdentity> | null = null
  let identity: SigningIdentity | null = null
  return {
    tsaUrl: options.tsaUrl ?? null,
    identity(): Promise<SigningIdentity> {
      if (loaded) return loaded
      const loading = loadSigningIdentity({
        ...(options.cert ? { cert: options.cert } : {}),
        ...(options.key ? { key: options.key } : {}),
        ...(options.passphrase ? { passphrase: options.passphrase } : {}),
        dataDir: options.dataDir,
        log: (line: string) => options.log({ level: 'warn', event: 'signing.self_signed', message: line }),
      }).then(
        (id: SigningIdentity) => (identity = id),
        (error: unknown) => {
          loaded = null
          throw error
        },
      )
      loaded = loading
      return loading
    },
    state: () => ({ loaded: identity !== null, selfSigned: identity?.selfSigned ?? null, subject: identity?.subjectName ?? null, notAfter: identity ? identity.certificate.validity.notAfter : null, timestamped: options.tsaUrl !== undefined && options.tsaUrl !== '' }),
  }
}

/** What «Estado del sistema» says of the signature: self-signed or not, and whether a timestamp authority is set. */
export interface SigningState {
  loaded: boolean
  selfSigned: boolean | null
  subject: string | null
  notAfter: Date | null
  timestamped: boolean
}

/** «Estado del sistema»'s part on the signature: the certificate, the timestamp authority, the sealing under way. */
export function signatureStateOf(signing: ReturnType<typeof signingFrom>, agreements: Pick<AgreementStore, 'sealingState'>) {
  return async () => {
    // Loaded here if no agreement was signed yet: a self-signed certificate is reported from the first look.
    const loadError = await signing.identity().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    const state = signing.state()
    const sealing = await agreements.sealingState()
    return {
      certificate: { loaded: state.loaded, selfSigned: state.selfSigned, subject: state.subject, notAfter: state.notAfter?.toISOString() ?? null, ...(loadError ? { error: loadError } : {}) },
      timestamped: state.timestamped,
      sealing: { waiting: sealing.waiting, failing: sealing.failing, lastError: sealing.lastError, nextTryAt: sealing.nextTryAt?.toISOString() ?? null },
      attention: !state.loaded || state.selfSigned === true || !state.timestamped || sealing.failing > 0,
    }
  }
}
