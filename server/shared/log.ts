/**
 * Structured logs: one JSON object per line, on stdout (errors on stderr).
 * Entries carry ids only (application id, outbox id), never personal data.
 */
export type Log = (entry: Record<string, unknown>) => void

export const jsonLog: Log = (entry) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...entry })
  if (entry.level === 'error') console.error(line)
  else console.log(line)
}

