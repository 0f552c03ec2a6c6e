/**
 * Draws the PNG brand assets in public/ from the SVG logo, with the same
 * Chromium the tests use: favicon.ico (32 px), apple-touch-icon.png (180),
 * icon-192.png and icon-512.png (web manifest, JSON-LD logo) and the
 * 1200×630 og-image.jpg for link previews. The outputs are committed; run
 * this again after changing the logo or the preview text:
 *
 *   npx tsx scripts/generate-brand-assets.ts
 */
import { chromium } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts'
import { SEO } from '../src/content/seo.ts'
import { OG_IMAGE_SIZE } from '../src/lib/head.ts'

const favicon = readFileSync('public/favicon.svg', 'utf8')
const font = readFileSync('node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2').toString('base64')

const RINGS = [92, 150, 208, 266]
  .map((r, i) => `<circle r="${r}" fill="none" stroke="#aab6d2" stroke-width="1.5" opacity="${[0.5, 0.34, 0.22, 0.13][i]}"/>`)
  .join('')

const ogHtml = `<!doctype html><html><head><style>
@font-face { font-family: Manrope; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 200 800; }
* { margin: 0; box-sizing: border-box; }
body { width: ${OG_IMAGE_SIZE.width}px; height: ${OG_IMAGE_SIZE.height}px; font-family: Manrope; color: #fff; overflow: hidden;
  background: radial-gradient(700px 520px at 82% 50%, rgba(255,106,61,.14), transparent 65%), radial-gradient(900px 500px at 0% 100%, rgba(29,51,102,.6), transparent 70%), #060d1f; }
.wrap { position: absolute; left: 80px; top: 78px; width: 640px; }
.brand { display: flex; align-items: center; gap: 16px; font-size: 34px; font-weight: 800; letter-spacing: -0.02em; }
.brand svg { width: 56px; height: 56px; }
h1 { margin-top: 56px; font-size: 84px; line-height: 1; font-weight: 800; letter-spacing: -0.035em; }
h1 span { color: #ff8a5c; }
p { margin-top: 30px; font-size: 30px; line-height: 1.35; color: #d3dbeb; font-weight: 500; }
.rings { position: absolute; right: -60px; top: 35px; width: 560px; height: 560px; }
</style></head><body>
<div class="wrap">
  <div class="brand">${favicon.replace('<svg ', '<svg aria-hidden="true" ')}Catalítico</div>
  <h1>Catalítico<br><span>Media for Equity</span></h1>
  <p>Medios masivos y estrategia para startups en Colombia, a cambio de participación.</p>
</div>
<svg class="rings" viewBox="-300 -300 600 600">${RINGS}
  <path d="M-34 -120A125 125 0 0 1 120 -34" fill="none" stroke="#aab6d2" stroke-width="3" stroke-linecap="round" opacity=".7"/>
  <path d="M-62 -174A185 185 0 0 1 174 -62" fill="none" stroke="#aab6d2" stroke-width="3" stroke-linecap="round" opacity=".45"/>
  <circle r="34" fill="#ff6a3d" opacity=".18"/><circle r="22" fill="#ff6a3d"/>
</svg>
</body></html>`

/** An .ico holding one PNG image (supported by every browser since Vista-era IE). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18) // offset of the image data
  return Buffer.concat([header, png])
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  const icon = async (size: number, padding: number) => {
    await page.setViewportSize({ width: size, height: size })
    // Full-bleed square (no rounded corners): the platforms round icons themselves.
    const svg = favicon.replace('rx="9"', 'rx="0"')
    await page.setContent(
      `<body style="margin:0;background:#060d1f"><div style="padding:${padding}px">${svg.replace('<svg ', `<svg width="${size - 2 * padding}" height="${size - 2 * padding}" `)}</div></body>`,
    )
    return page.screenshot({ type: 'png' })
  }
  writeFileSync('public/apple-touch-icon.png', await icon(180, 14))
  writeFileSync('public/icon-192.png', await icon(192, 16))
  writeFileSync('public/icon-512.png', await icon(512, 42))
  await page.setViewportSize({ width: 32, height: 32 })
  await page.setContent(`<body style="margin:0">${favicon.replace('<svg ', '<svg width="32" height="32" ')}</body>`)
  writeFileSync('public/favicon.ico', icoFromPng(await page.screenshot({ type: 'png', omitBackground: true }), 32))

  await page.setViewportSize(OG_IMAGE_SIZE)
  await page.setContent(ogHtml)
  await page.evaluate(() => document.fonts.ready)
  writeFileSync('public/og-image.jpg', await page.screenshot({ type: 'jpeg', quality: 88 }))
  console.log(`brand assets written to public/ (${SEO.siteName})`)
} finally {
  await browser.close()
}
