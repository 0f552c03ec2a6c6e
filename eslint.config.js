import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'

/**
 * The server's layers (docs/decisions/0125-server-layers.md, docs/decisions/0212-capabilities-as-folders.md),
 * lowest first: domain/ < server/db < server/shared < server/features/<capability> < the composition root
 * (server/*.ts, cli/, edge/). A layer imports only those below it; a capability imports only the
 * capabilities CAPABILITIES says it may, one way (a circle among them is refused below, and by
 * server/layers.test.ts). A folder under server/features/ that is not declared here stops the lint.
 */
export const CAPABILITIES = {
  // The team's workspace shell: sign-in, sessions, members, the members' mail, what founders did.
  team: [],
  sources: [],
  documents: [],
  submission: [],
  // The mail worker fills the source line of the submission's team notice as it leaves (submission/mails.ts).
  outbox: ['submission'],
  backup: [],
  retention: [],
  deals: [],
  'media-plan': [],
  metrics: ['team'],
  panel: ['team'],
  'follow-up': ['media-plan'],
  // The holdings register and «Portafolio»: reads the deals', media plans' and follow-ups' stores, imports no capability.
  portfolio: [],
  // The list, the review, the stage change (review/pipeline.ts) and the team's reminders.
  review: ['team', 'panel', 'deals'],
  // The agreement's signature: it ends with the stage change (review/pipeline.ts).
  agreements: ['team', 'review', 'deals'],
  'data-requests': ['team', 'review'],
  // The founder's page: the sections of the capabilities it shows.
  'founder-page': ['team', 'panel', 'review', 'data-requests'],
}
const FOLDERS = readdirSync('server/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
for (const name of FOLDERS) if (!(name in CAPABILITIES)) throw new Error(`server/features/${name} is not declared in CAPABILITIES (eslint.config.js)`)
for (const [name, uses] of Object.entries(CAPABILITIES)) {
  const seen = new Set([name])
  const visit = (n) => {
    for (const u of CAPABILITIES[n] ?? []) {
      if (u === name) throw new Error(`The capabilities import each other in a circle through ${n} -> ${name} (eslint.config.js)`)
      if (!seen.has(u)) {
        seen.add(u)
        visit(u)
      }
    }
  }
  visit(name)
  for (const u of uses) if (!(u in CAPABILITIES)) throw new Error(`${name} uses ${u}, which is not declared (eslint.config.js)`)
}
const here = (glob) => `${import.meta.dirname}/${glob}`
// The composition root: the server's own files, the command line, the edge function, the test helpers,
// and the entry point of a feature's child process (*-main.ts).
const ROOT = ['server/*.ts', 'server/cli/**', 'server/edge/**', 'server/testing/**', 'server/**/*-main.ts'].map(here)
const layerZones = [
  { target: './server/db', from: [here('server/shared/**'), here('server/features/**'), ...ROOT], message: 'server/db is the lowest layer: it imports domain/ only.' },
  // Stores return records whose types live in domain/ (not the HTTP contract), and none imports another:
  // what several share (outbox columns, the audit writer, the panel's steps) is a module of its own, and a
  // change over several stores' tables is composed above them (docs/decisions/0208-the-pipeline-owns-the-stage-change.md).
  { target: './server/db', from: [here('domain/workspace-api/**')], message: 'server/db returns records typed in domain/ (not domain/workspace-api/): move the record type to domain/ and re-export it from the API module.' },
  { target: here('server/db/stores/*-store.ts'), from: [here('server/db/stores/*-store.ts')], message: 'A store never imports another store: move what both need to a module of its own in server/db/, or compose their steps above them (server/features/review/pipeline.ts).' },
  { target: './server/shared', from: [here('server/features/**'), ...ROOT], message: 'server/shared may import server/db and domain/, never a capability or the composition root.' },
  ...Object.entries(CAPABILITIES).map(([name, uses]) => ({
    target: `./server/features/${name}`,
    from: [here('server/features/**'), ...ROOT],
    except: [name, ...uses].map((n) => here(`server/features/${n}/**`)),
    message: `${name} may import server/shared, server/db, domain/ and the capabilities it declares in eslint.config.js (${uses.join(', ') || 'none'}); never the composition root. Declare the use there (one way: no circle), or pass it in from server/compose.ts.`,
  })),
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'e2e-artifacts', 'data', 'supabase/functions/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code.
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
    },
  },
  {
    // Tests of the browser code run on Node and may start a real HTTP server to talk to; they ship nowhere.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The one test that holds the follow-up chart's two renderers equal (React here, the status page's
    // HTML string in server/features/founder/) imports both (docs/decisions/0176).
    files: ['src/workspace/features/follow-up/renderers-agree.test.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The shared domain module runs in the browser, on Node and on Deno: no Node, React, browser or
    // server code; of the packages, the validation library and the charts' d3-scale and d3-shape (pure).
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*', '**/src/**', '**/server/**'] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**'] }] },
  },
  {
    // Production code only: a test or a test helper may put any parts together.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/testing/**', 'server/**/*-contract.ts', 'server/**/*-main.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No import circle in the browser's code nor in domain/ either (ADR 0212): the whole tree is one-way.
    files: ['src/**/*.{ts,tsx}', 'domain/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
)
