import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { freshSqliteDatabase, harnessPerTest } from '../db/testing/store-databases.ts'
import type { ApplicationStore } from '../db/stores/application-store.ts'
import { newSubmission } from '../testing/fixtures.ts'
import { runApplicationsCommand } from './applications-command.ts'
import { spreadsheetSafe } from '../shared/spreadsheet.ts'
import { nodeArgs } from '../../e2e/fixtures/server.ts'

const database = harnessPerTest(freshSqliteDatabase)

async function storeWith(count: number, customise?: (i: number, s: ReturnType<typeof newSubmission>) => void) {
  const { dir, store } = await database()
  for (let i = 0; i < count; i++) {
    const s = newSubmission({ createdAt: new Date(Date.UTC(2026, 4, 1 + i, 15)) })
    customise?.(i, s)
    await store.saveSubmission(s)
  }
  return { store, dir }
}

async function run(store: ApplicationStore, ...argv: string[]) {
  let out = ''
  let err = ''
  const code = await runApplicationsCommand(argv, store, { out: (t) => void (out += t), err: (t) => void (err += t) })
  return { code, out, err }
}

describe('npm run applications', () => {
  it('list: one line per application with its reference and e-mail status', async () => {
    const { store } = await storeWith(2)
    const [first] = await store.listApplications()
    const { code, out } = await run(store, 'list')
    expect(code).toBe(0)
    const lines = out.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^REFERENCE\s+RECEIVED \(UTC\)\s+TRADE NAME\s+E-MAIL\s+E-MAILS$/)
    expect(lines[1]).toContain(first!.reference)
    expect(lines[1]).toContain('2026-05-01 15:00')
    expect(lines[1]).toMatch(/2 pending$/)
  })

  it('export --format json: every application with its consent evidence, to stdout', async () => {
    const { store } = await storeWith(3)
    const { code, out } = await run(store, 'export', '--format', 'json')
    expect(code).toBe(0)
    const exported = JSON.parse(out) as { reference: string; consent: { policyVersion: string }; formData: { email: string } }[]
    const stored = await store.listApplications()
    expect(exported.map((e) => e.reference)).toEqual(stored.map((a) => a.reference))
    expect(exported[0]!.formData).toEqual(stored[0]!.formData)
    expect(exported[0]!.consent.policyVersion).toBe(stored[0]!.consent.policyVersion)
  })

  it('export --format csv: BOM, CRLF, `;`, Spanish headers and accents, and no formula can run in Excel', async () => {
    const { store } = await storeWith(2, (i, s) => {
      if (i === 1) {
        s.application.formData.tradeName = '=HYPERLINK("http://evil.example","clic")'
        s.application.formData.problemSolution = 'Línea uno\nLínea "dos", con coma'
        s.application.formData.productStage = 'scaling'
      }
    })
    const { code, out } = await run(store, 'export', '--format', 'csv')
    expect(code).toBe(0)
    expect(out.startsWith('\uFEFF')).toBe(true)
    expect(out).toContain('\r\n')
    const header = out.slice(1, out.indexOf('\r\n')).split(';')
    expect(header).toContain('Razón social')
    expect(header).toContain('Año de fundación')
    expect(out).toContain('María José Pérez Núñez')
    // A leading tab inside the quoted cell keeps a formula text, with no apostrophe to show (ADR 0195).
    expect(out).toContain('"\t=HYPERLINK(""http://evil.example"",""clic"")"')
    expect(out).toContain('"Línea uno\nLínea ""dos"", con coma"')
    expect(out).toContain('Escalando')
    expect(out).toContain('"\t+57 300 123 4567"')
    expect(out).not.toContain("'")
    expect(out.trimEnd().split('\r\n')).toHaveLength(3)
  })

  it('show --email: everything held about that founder, whatever the case of the address', async () => {
    const { store } = await storeWith(3, (i, s) => {
      if (i !== 1) s.application.formData.email = 'fundadora@andina.example.co'
    })
    const { code, out } = await run(store, 'show', '--email', 'Fundadora@Andina.example.co')
    expect(code).toBe(0)
    const shown = JSON.parse(out) as { formData: { email: string }; emails: { kind: string; status: string }[] }[]
    expect(shown).toHaveLength(2)
    expect(shown.every((a) => a.formData.email === 'fundadora@andina.example.co')).toBe(true)
    expect(shown[0]!.emails.map((e) => e.status)).toEqual(['pending', 'pending'])
  })

  it('delete --email: removes that founder\'s applications and e-mails, says what it removed, keeps the others', async () => {
    const { store } = await storeWith(3, (i, s) => {
      if (i !== 1) s.application.formData.email = 'borrar@andina.example.co'
    })
    const doomed = await store.findByEmail('borrar@andina.example.co')
    const { code, out } = await run(store, 'delete', '--email', 'borrar@andina.example.co')
    expect(code).toBe(0)
    expect(out).toContain('Removed 2 application(s) for borrar@andina.example.co:')
    for (const a of doomed) expect(out).toContain(a.reference)
    expect(out).toContain('Removed 4 e-mail(s): 4 pending (will not be sent), 0 sent, 0 failed.')
    expect(await store.findByEmail('borrar@andina.example.co')).toEqual([])
    expect(await store.listApplications()).toHaveLength(1)
    expect(await store.listMessages()).toHaveLength(2)

    const again = await run(store, 'delete', '--email', 'borrar@andina.example.co')
    expect(again.out).toBe('No application found for borrar@andina.example.co; nothing was removed.\n')
  })

  it("delete --email with the founders' e-mail settings: queues the titular's confirmation, tied to no application", async () => {
    const { store } = await storeWith(1, (_i, s) => {
      s.application.formData.email = 'borrar@andina.example.co'
    })
    const [doomed] = await store.findByEmail('borrar@andina.example.co')
    const founderMail = {
      from: 'Catalítico <postulaciones@catalitico.example>',
      replyTo: 'postulaciones@catalitico.example',
      company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
      siteOrigin: 'https://catalitico.example',
    }
    let out = ''
    expect(await runApplicationsCommand(['delete', '--email', 'borrar@andina.example.co'], store, { out: (t) => void (out += t), err: () => {}, founderMail })).toBe(0)
    expect(out).toContain("Queued the titular's confirmation that their data was deleted")
    const [mail, ...more] = await store.listMessages()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'founder_data_deleted', applicationId: null, to: 'borrar@andina.example.co', status: 'pending' })
    expect(mail!.subject).toBe(`Eliminamos tus datos personales (${doomed!.reference})`)
  })

  it("show and delete --email: o'brien@… and josé@… as the form took them, however typed; a non-address is refused", async () => {
    const { store } = await storeWith(2, (i, s) => {
      s.application.formData.email = i === 0 ? "o'brien@ejemplo.co" : 'josé@ejemplo.co'
    })
    for (const typed of ["O'Brien@Ejemplo.co", 'JOSÉ@Ejemplo.co ']) {
      const { code, out } = await run(store, 'show', '--email', typed)
      expect(code, typed).toBe(0)
      expect((JSON.parse(out) as unknown[]).length, typed).toBe(1)
    }
    expect((await run(store, 'delete', '--email', 'jose\u0301@ejemplo.co')).out).toContain('Removed 1 application(s)')
    expect(await run(store, 'delete', '--email', 'todos')).toMatchObject({ code: 2, err: 'delete needs --email with one e-mail address, e.g. --email ana@example.co\n' })
    expect(await store.listApplications()).toHaveLength(1)
  })

  it('explains itself on a wrong command or a missing option, with exit code 2', async () => {
    const { store } = await storeWith(0)
    expect(await run(store, 'purge')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command: purge') })
    expect(await run(store, 'delete')).toMatchObject({ code: 2, err: 'delete needs --email ADDRESS\n' })
    expect(await run(store, 'export', '--format', 'xlsx')).toMatchObject({ code: 2, err: expect.stringContaining('needs --output FILE') })
    expect(await run(store, 'export', '--format', 'ods')).toMatchObject({ code: 2, err: 'export needs --format xlsx, --format csv or --format json\n' })
    expect(await run(store, '--help')).toMatchObject({ code: 0, out: expect.stringContaining('Usage: npm run applications') })
  })

  it('runs as `npm run applications` on the database in DATA_DIR', async () => {
    const { dir } = await storeWith(1)
    const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs('applications', 'bundle'), 'export', '--format', 'json'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    })
    expect(JSON.parse(stdout)).toHaveLength(1)
  })

  it('spreadsheetSafe leaves ordinary text alone and keeps a would-be formula text without an apostrophe', () => {
    expect(spreadsheetSafe('Medellín')).toBe('Medellín')
    expect(spreadsheetSafe('-1')).toBe('\t-1')
    expect(spreadsheetSafe('@SUM(A1)')).toBe('\t@SUM(A1)')
    expect(spreadsheetSafe('+57 300')).toBe('\t+57 300')
  })
})
