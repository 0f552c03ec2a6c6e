/**
 * A bare tus 1.0 client over app.request() or fetch, for tests and the
 * benchmarks: create, send bytes from an offset, ask the offset.
 */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>

export const tusHeaders = { 'Tus-Resumable': '1.0.0' }

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

export interface TusClient {
  create(input: { itemKey: string; fileName: string; length: number; origin?: string | null }): Promise<Response>
  patch(location: string, offset: number, bytes: Uint8Array, origin?: string | null): Promise<Response>
  head(location: string): Promise<Response>
  /** create + one PATCH; the final response. */
  upload(input: { itemKey: string; fileName: string; bytes: Uint8Array }): Promise<Response>
}

/** A founder's client on their link (`site`/postulacion/token), against an in-process app's `request`. */
export const founderTus = (app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, token: string, site: string): TusClient =>
  tusClient(async (url, init) => app.request(url, init), `${site}/postulacion/${token}`, site)

export function tusClient(fetcher: Fetcher, base: string, siteOrigin: string): TusClient {
  const originHeader = (origin: string | null | undefined): Record<string, string> =>
    origin === null ? {} : { Origin: origin ?? siteOrigin }
  const absolute = (location: string) => (location.startsWith('http') ? location : new URL(location, base).href)
  const client: TusClient = {
    create: ({ itemKey, fileName, length, origin }) =>
      fetcher(`${base}/api/subidas`, {
        method: 'POST',
        headers: {
          ...tusHeaders,
          ...originHeader(origin),
          'Upload-Length': String(length),
          'Upload-Metadata': `filename ${b64(fileName)},itemKey ${b64(itemKey)}`,
        },
      }),
    patch: (location, offset, bytes, origin) =>
      fetcher(absolute(location), {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          ...originHeader(origin),
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    head: (location) => fetcher(absolute(location), { method: 'HEAD', headers: tusHeaders }),
    async upload({ itemKey, fileName, bytes }) {
      const created = await client.create({ itemKey, fileName, length: bytes.byteLength })
      if (created.status !== 201) return created
      return client.patch(created.headers.get('location')!, 0, bytes)
    },
  }
  return client
}

/** Small files each kind of check recognises. */
export const samples = {
  pdf: (size = 2048) => {
    const bytes = Buffer.alloc(size, 0x20)
    bytes.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1')
    bytes.write('\n%%EOF\n', size - 7, 'latin1')
    return bytes
  },
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  csv: () => Buffer.from('accionista;participación\nFundadora;60 %\nFundador;40 %\n', 'utf8'),
  /** A Windows executable (MZ header, PE signature). */
  exe: () => {
    const bytes = Buffer.alloc(1024)
    bytes.write('MZ', 0, 'latin1')
    bytes.writeUInt32LE(0x80, 0x3c)
    bytes.write('PE\0\0', 0x80, 'latin1')
    return bytes
  },
}
