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
    // The entry only imports the app after the first paint (src/main.tsx):
    // no preload helper or polyfill is needed for that one dynamic import.
    modulePreload: false,
    rolldownOptions: {
      treeshake: {
        // The landing copy modules only declare data. Saying so lets the browser
        // bundle drop them whole: their sections are static HTML that the
        // browser never re-renders (docs/decisions/0002).
        moduleSideEffects: [{ test: /[\\/]src[\\/]content[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    // `npm run dev` proxies the function to a locally running `npm start`.
    proxy: { '/functions': 'http://localhost:3000' },
  },
})
