/**
 * A data directory with one application in the panel stage and a founder
 * link whose token is printed, to measure the founder's status page:
 *
 *   DIR=$(mktemp -d) && TOKEN=$(npx tsx scripts/bench/seed-founder-page.ts $DIR)
 *   BENCH_DATA_DIR=$DIR BENCH_PATH=/postulacion/$TOKEN npm run bench:web
 */
import { join } from 'node:path'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'
import { randomToken, sha256Hex } from '../../server/shared/auth/tokens.ts'
import { engineOf } from '../../server/db/engine-of.ts'
import { stageMovesOn } from '../../server/db/testing/stage-moves.ts'

const dir = process.argv[2]
if (!dir) throw new Error('usage: seed-founder-page.ts <data dir>')
const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
await store.migrate()
const sub = newSubmission({ createdAt: new Date(Date.now() - 20 * 86_400_000) })
await store.saveSubmission(sub)
const reviews = stageMovesOn(engineOf(store))
const id = sub.application.id
await reviews.transition(id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: null, at: new Date(Date.now() - 10 * 86_400_000) })
await reviews.transition(id, { from: 'validacion_preliminar', to: 'sesion_panel', reason: null, memberId: null, at: new Date() })
const token = randomToken()
await store.write(() =>
  store.db.prepare('INSERT INTO founder_links (token_hash, application_id, created_at) VALUES (?, ?, ?)').run(sha256Hex(token), id, new Date().toISOString()),
)
await store.close()
console.log(token)
