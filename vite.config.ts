import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The browser build. `scripts/build.ts` runs it twice: once for the client
// bundle (dist/client) and once as an SSR build of src/entry-server.tsx that
// prerenders the HTML.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    // `npm run dev` proxies the function to a locally running `npm start`.
    proxy: { '/functions': 'http://localhost:3000' },
  },
})
