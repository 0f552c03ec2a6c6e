import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{domain,src,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PostgreSQL test databases emptied and reused within a file, dropped after it (ADR 0173).
    setupFiles: ['server/db/testing/spare-databases.setup.ts'],
    // Storage and SMTP integration tests open real files, sockets and databases.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on this 2-core machine (Vitest's default is cores - 1 = one): most files wait on
    // disks, sockets and child processes, and the servers and command lines the tests start run from
    // the built bundle, not tsx (ADR 0133).
    maxWorkers: 2,
  },
})
