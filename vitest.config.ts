import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{domain,src,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // PostgreSQL test databases emptied and reused within a file, dropped after it (ADR 0173); a file
    // that leaves the shared process changed (environment, fake timers) fails (ADR 0174); Testing Library's
    // waits in jsdom last up to 10 s on a loaded machine (src/testing/dom-waits.setup.ts); no toast outlives its file
    // (src/testing/toasts.setup.ts).
    setupFiles: ['server/db/testing/spare-databases.setup.ts', 'server/testing/shared-process.setup.ts', 'src/testing/dom-waits.setup.ts', 'src/testing/toasts.setup.ts'],
    // Storage and SMTP integration tests open real files, sockets and databases. A guard against a hung test,
    // not a speed target: on a slow, loaded 2-core machine some take 10-30 s (ADR 0181).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its process and modules instead of importing everything again per file:
    // importing was 83 of 211 CPU-s before (ADR 0174). server/testing/shared-process.setup.ts fails a file
    // that leaves the process changed.
    isolate: false,
    // Three workers on this 2-core machine (Vitest's default is cores - 1 = one): most files wait on
    // disks, sockets, PostgreSQL and child processes, and the servers and command lines the tests start run
    // from the built bundle, not tsx (ADR 0133). Three overlap those waits for the same CPU (ADR 0184).
    maxWorkers: 3,
  },
})
