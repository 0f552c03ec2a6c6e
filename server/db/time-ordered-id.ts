/**
 * UUIDv7 (RFC 9562): a millisecond timestamp, then a counter, then random
 * bits. Stage changes, notes and audit entries are listed by (at, id); `at`
 * is the time the member acted and several records often share it (a
 * transition and its audit entry, two exports in one second), so the id must
 * keep the order in which they were written. Monotonic within a process;
 * Web Crypto only, so it runs on Deno too.
 */
let lastMs = 0
let counter = 0

export function timeOrderedId(): string {
  let ms = Date.now()
  if (ms <= lastMs) {
    counter++
    if (counter > 0xfff) {
      // 4096 ids in one millisecond: borrow the next one.
      lastMs++
      counter = 0
    }
    ms = lastMs
  } else {
    lastMs = ms
    counter = 0
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(ms / 2 ** (8 * (5 - i))) & 0xff
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from URLs: anything but a UUID cannot name a row (and would be an error on PostgreSQL). */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
