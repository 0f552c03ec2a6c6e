/**
 * The only reader of process.env. Configuration is read and validated once,
 * at start-up; a wrong value stops the process with a one-line error naming
 * the variable. Every variable is documented in .env.example.
 */
import * as v from 'valibot'

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(0, 'must be 0-65535'),
  v.maxValue(65535, 'must be 0-65535'),
)

const EnvSchema = v.object({
  PORT: v.optional(port, '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '0.0.0.0'),
  /** Where `npm run build` put the site; the server serves DIST_DIR/client. */
  DIST_DIR: v.optional(v.string(), 'dist'),
})

export type Config = v.InferOutput<typeof EnvSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parse a configuration from an environment (process.env by default). */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = v.safeParse(EnvSchema, present)
  if (result.success) return result.output
  const issue = result.issues[0]
  const name = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment'
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(issue.input)})`)
}
