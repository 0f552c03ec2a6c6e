import { defineConfig } from '@playwright/test'
import { CHROMIUM_PATH, CHROMIUM_TEST_ARGS } from './e2e/chromium.ts'

// End-to-end tests run against the production build served by the real
// server, bundled by `npm run build` into dist/server (`npm test` builds
// first). Each worker starts one server on a free port with its own data
// directory, shared by the specs it runs; the few specs that count the whole
// database start their own (e2e/fixtures/*.ts, ADR 0130). Screenshots for
// people are walks (playwright.walks.config.ts), not tests.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A guard against a hung test, not a speed target (speed is `npm test`'s printed time): the longest walks
  // take 40-90 s on a slow 2-core machine running two browsers, two servers and Vitest at once, and up to
  // 115 s when other work loads it as well (ADR 0181).
  timeout: 300_000,
  // Playwright's default of 5 s is a quiet machine's: loaded 2-core runs (a load of 10 and more) took
  // longer than that to reload a workspace page (ADR 0173). A wait still ends as soon as its condition holds.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_TEST_ARGS },
    locale: 'es-CO',
    // A failed test keeps its trace (actions, network, console, sources) without the screencast and the
    // DOM snapshots: recording those for every test, passed or not, cost 35-45 % of the browsers' CPU
    // (ADR 0173). The failure's page is still in its error-context.md (an ARIA snapshot).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
})
