import { defineConfig } from '@playwright/test'
import { CHROMIUM_PATH, CHROMIUM_TEST_ARGS } from './e2e/chromium.ts'

// Walks: journeys a person takes through the product, in Chromium against the
// production build, leaving screenshots in e2e-artifacts/walks/ for people to
// look at. Not part of `npm test` (their assertions live in the specs); run
// with `npm run walks` after `npm run build`.
export default defineConfig({
  testDir: 'e2e/walks',
  testMatch: '**/*.walk.ts',
  outputDir: 'test-results/walks',
  workers: 1,
  retries: 0,
  timeout: 300_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_TEST_ARGS },
    locale: 'es-CO',
    actionTimeout: 15_000,
  },
})
