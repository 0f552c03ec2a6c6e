/** A URL as people say it: 'https://www.catalitico.example/' reads 'catalitico.example'. */
export function displayHost(url: string): string {
  return new URL(url).host.replace(/^www\./, '')
}
