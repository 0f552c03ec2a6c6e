/**
 * Structured logs: one JSON object per line, on stdout (errors on stderr).
 * Entries carry ids only (application id, outbox id), never personal data.
 */
export type Log = (entry: Record<string, unknown>) => void

/**
 * On Node, the line goes straight to the stream: console.log would write the
 * same bytes after formatting its arguments first (some 10 µs a line, one
 * line a request). Deno (the edge function) keeps console, which its
 * platform collects.
 */
const node = typeof process === 'object' && typeof process.stdout?.write === 'function' && !('Deno' in globalThis)
const out = node ? (line: string) => void process.stdout.write(`${line}\n`) : (line: string) => console.log(line)
const err = node ? (line: string) => void process.stderr.write(`${line}\n`) : (line: string) => console.error(line)

export const jsonLog: Log = (entry) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...entry })
  if (entry.level === 'error') err(line)
  else out(line)
}
