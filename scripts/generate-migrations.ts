/**
 * `npm run migrations:generate`: writes the files the declared migrations
 * generate (server/db/migrations/declared.ts): each one's PostgreSQL file in
 * supabase/migrations/ and its SQLite rendering beside the declaration. Both
 * are checked in; server/db/migrations/declared.test.ts fails while one
 * differs from what the declarations generate (docs/decisions/0207).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkOrder, generatedFiles } from '../server/db/declare/generate.ts'
import { DECLARED_MIGRATIONS, LAST_HANDWRITTEN } from '../server/db/migrations/declared.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

checkOrder(DECLARED_MIGRATIONS, LAST_HANDWRITTEN)
let written = 0
for (const file of generatedFiles(DECLARED_MIGRATIONS)) {
  const path = join(root, file.path)
  if (existsSync(path) && readFileSync(path, 'utf8') === file.text) continue
  writeFileSync(path, file.text)
  console.log(`wrote ${file.path}`)
  written++
}
console.log(written ? `${written} file(s) written.` : `Every generated migration file is current (${DECLARED_MIGRATIONS.length} declared migration(s)).`)
