import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The team workspace's own build (src/workspace/, entry equipo.html), run by
// scripts/build.ts after the landing's into the same dist/client: a separate
// module graph, so no chunk is shared with the landing and the landing's
// bundle and budget do not change (docs/decisions/0070).
// `npx vite --config vite.workspace.config.ts` serves it in development
// (open /equipo.html; the API is proxied to `npm start` on :3000).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      input: 'equipo.html',
      output: {
        // The `equipo-` prefix lets tests and people tell the workspace's files from the landing's.
        entryFileNames: 'assets/equipo-[hash].js',
        chunkFileNames: 'assets/equipo-[name]-[hash].js',
        // The font keeps its name: the same bytes as the landing's file, cached once.
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css')) ? 'assets/equipo-[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: { '/equipo/api': 'http://localhost:3000' },
  },
})
