/**
 * Supabase Edge Function entry: `supabase functions deploy send-application-email`.
 * Everything it does lives in shared modules; see edge-app.ts.
 */
import { createEdgeApp } from './edge-app.ts'

const app = createEdgeApp(Deno.env.toObject())

Deno.serve(app.fetch)
