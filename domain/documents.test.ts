import { describe, expect, it } from 'vitest'
import { FILE_NAME_MAX, servedFileName } from './documents.ts'

const PDF = 'application/pdf'

describe('servedFileName (ADR 0120)', () => {
  it('ends with the checked type\'s extension, whatever chain of extensions the founder\'s name had', () => {
    expect(servedFileName('estados_financieros.pdf.bat', PDF)).toBe('estados_financieros.pdf')
    for (const ext of ['html', 'hta', 'svg', 'exe', 'cmd', 'js', 'lnk', 'pdf.exe', 'pdf.html', 'docx.scr']) {
      expect(servedFileName(`estados_financieros.${ext}`, PDF), ext).toBe('estados_financieros.pdf')
    }
    expect(servedFileName('x.html', 'image/png')).toBe('x.png')
    expect(servedFileName('cap.csv.exe', 'text/csv')).toBe('cap.csv')
    expect(servedFileName('Acta final', PDF)).toBe('Acta final.pdf')
  })

  it("keeps the founder's own extension when it names the type, and the dots that are not extensions", () => {
    expect(servedFileName('foto.JPEG', 'image/jpeg')).toBe('foto.JPEG')
    expect(servedFileName('foto.jpg', 'image/jpeg')).toBe('foto.jpg')
    expect(servedFileName('scan.tiff', 'image/tiff')).toBe('scan.tiff')
    expect(servedFileName('Contrato Acme S.A.S.pdf', PDF)).toBe('Contrato Acme S.A.S.pdf')
    expect(servedFileName('Informe v2.3.pdf', PDF)).toBe('Informe v2.3.pdf')
    expect(servedFileName('Pitch deck é.pdf', PDF)).toBe('Pitch deck é.pdf')
  })

  it('leaves no trailing dot or space before the extension, and never an empty name', () => {
    expect(servedFileName('rut.pdf .bat', PDF)).toBe('rut.pdf')
    expect(servedFileName('rut. . .exe', PDF)).toBe('rut.pdf')
    expect(servedFileName('.pdf', PDF)).toBe('pdf.pdf')
    expect(servedFileName('.exe', PDF)).toBe('exe.pdf')
    expect(servedFileName('...', PDF)).toBe('documento.pdf')
    expect(servedFileName('', PDF)).toBe('documento.pdf')
  })

  it('removes bidi overrides and bounds the length without cutting a character in two', () => {
    expect(servedFileName('fdp\u202eexe.pdf', PDF)).toBe('fdpexe.pdf')
    const long = servedFileName('a'.repeat(FILE_NAME_MAX + 50) + '.pdf.bat', PDF)
    expect(long.length).toBeLessThanOrEqual(FILE_NAME_MAX)
    expect(long.endsWith('.pdf')).toBe(true)
    // An emoji (two UTF-16 units) across the bound: dropped whole, so encodeURIComponent still works.
    for (let pad = 110; pad < 120; pad++) {
      const name = servedFileName('a'.repeat(pad) + '😀'.repeat(10) + '.pdf', PDF)
      expect(() => encodeURIComponent(name), String(pad)).not.toThrow()
      expect(name.length).toBeLessThanOrEqual(FILE_NAME_MAX)
    }
  })

  it('is idempotent, so names stored before are mended the same way on every read', () => {
    for (const [name, type] of [['estados_financieros.pdf.bat', PDF], ['x.html', 'image/png'], ['a'.repeat(200) + '.exe', PDF], ['foto.JPEG', 'image/jpeg']] as const) {
      const once = servedFileName(name, type)
      expect(servedFileName(once, type)).toBe(once)
    }
  })
})
