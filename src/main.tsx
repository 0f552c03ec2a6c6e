import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import './styles.css'

const root = document.getElementById('root')!
// In production the HTML is prerendered (scripts/prerender.ts) and React
// hydrates it; `npm run dev` serves an empty root and renders on the client.
if (root.firstElementChild) hydrateRoot(root, <App />)
else createRoot(root).render(<App />)
