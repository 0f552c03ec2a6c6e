import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts'

// End-to-end tests run against the production build served by the real
// server (`npm test` builds first). Each spec that needs a server starts its
// own on a free port with its own data directory (e2e/fixtures/server.ts).
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
