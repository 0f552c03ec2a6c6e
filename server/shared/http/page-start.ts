/**
 * The opening of a page the server writes for a founder, in Spanish, up to
 * and including its robots rule; each page goes on with the rest of its head.
 */
export function pageStart(robots: 'noindex' | 'noindex, nofollow'): string {
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">
`
}
