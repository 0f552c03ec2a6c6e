import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{domain,src,server,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Storage and SMTP integration tests open real files, sockets and databases.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
