import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts'

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
  // Generous: a 2-core CI machine runs two browsers and two servers at once.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'es-CO',
    trace: 'retain-on-failure',
  },
})
