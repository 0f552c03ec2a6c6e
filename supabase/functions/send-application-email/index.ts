/**
 * Supabase Edge Function entry: `supabase functions deploy send-application-email`.
 * Everything it does lives in shared, type-checked modules: server/edge/supabase-function.ts.
 */
import { createSupabaseFunction } from '../../../server/edge/supabase-function.ts'

const app = createSupabaseFunction(Deno.env.toObject())

Deno.serve(app.fetch)
