import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { freshSqliteDatabase, harnessPerTest } from '../db/testing/store-databases.ts'
import { openWorkspaceStores } from '../db/stores/open-workspace-stores.ts'
import { tokenFromMail } from '../testing/workspace-harness.ts'
import { runTeamCommand } from './team-command.ts'
import { nodeArgs } from '../../e2e/fixtures/server.ts'

const database = harnessPerTest(freshSqliteDatabase)

const MAIL = { from: 'Catalítico <equipo@catalitico.example>', siteOrigin: 'https://catalitico.example' }

async function setUp() {
  const { dir, store } = await database()
  const { team, review } = openWorkspaceStores(store)
  const run = async (...argv: string[]) => {
    let out = ''
    let err = ''
    const code = await runTeamCommand(argv, { team, mail: MAIL }, { out: (t) => void (out += t), err: (t) => void (err += t) })
    return { code, out, err }
  }
  return { dir, store, team, review, run }
}

describe('npm run team', () => {
  it('invite: adds the member and queues the invitation, printing nothing secret', async () => {
    const { store, team, review, run } = await setUp()
    const { code, out, err } = await run('invite', '--email', ' Ana@Catalitico.example ', '--role', 'admin', '--name', 'Ana Pérez')
    expect(code).toBe(0)
    expect(out).toBe('Invitation sent to ana@catalitico.example (admin); the invitation expires in 7 days.\n')
    const member = await team.findMemberByEmail('ana@catalitico.example')
    expect(member).toMatchObject({ name: 'Ana Pérez', role: 'admin', active: true })
    const [mail] = await store.listMessages()
    expect(mail).toMatchObject({ kind: 'team_sign_in', memberId: member!.id, applicationId: null, status: 'pending' })
    const token = tokenFromMail(mail!.text)
    expect(mail!.text).toContain('https://catalitico.example/equipo/entrar#token=')
    expect(out + err).not.toContain(token)
    expect((await review.listAudit(1, 10)).items).toMatchObject([{ action: 'member.invited', member: null }])
  })

  it('invite: defaults the name to the address before the @, and refuses an address already in the team', async () => {
    const { team, run } = await setUp()
    expect((await run('invite', '--email', 'beto@catalitico.example', '--role', 'reviewer')).code).toBe(0)
    expect(await team.findMemberByEmail('beto@catalitico.example')).toMatchObject({ name: 'beto', role: 'reviewer' })
    expect(await run('invite', '--email', 'BETO@catalitico.example', '--role', 'admin')).toEqual({
      code: 1,
      out: '',
      err: 'A member with the address beto@catalitico.example already exists.\n',
    })
  })

  it('exits non-zero with a one-line error on bad input, changing nothing', async () => {
    const { store, team, run } = await setUp()
    for (const argv of [
      ['invite', '--role', 'admin'],
      ['invite', '--email', 'not-an-address', '--role', 'admin'],
      ['invite', '--email', 'a@b.co', '--role', 'owner'],
      ['invite', '--email', 'a@b.co'],
      ['invite', '--email', 'a@b.co', '--role', 'admin', '--name', ' '],
      ['invite', '--bogus'],
      ['deactivate'],
      ['deactivate', '--email', 'nadie@catalitico.example'],
      ['purge'],
    ]) {
      const { code, out, err } = await run(...argv)
      expect(code, argv.join(' ')).toBeGreaterThan(0)
      expect(out).toBe('')
      expect(err.trimEnd().split('\n'), argv.join(' ')).toHaveLength(1)
    }
    expect(await team.listMembers()).toEqual([])
    expect(await store.listMessages()).toEqual([])
  })

  it('list and deactivate, refusing the last active admin', async () => {
    const { team, review, run } = await setUp()
    await run('invite', '--email', 'ana@catalitico.example', '--role', 'admin', '--name', 'Ana')
    await run('invite', '--email', 'beto@catalitico.example', '--role', 'reviewer', '--name', 'Beto')
    const listed = await run('list')
    expect(listed.code).toBe(0)
    expect(listed.out.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^E-MAIL\s+NAME\s+ROLE\s+STATUS\s+LAST SIGN-IN \(UTC\)$/),
      expect.stringMatching(/^ana@catalitico.example\s+Ana\s+admin\s+active\s+never$/),
      expect.stringMatching(/^beto@catalitico.example\s+Beto\s+reviewer\s+active\s+never$/),
    ])
    expect(await run('deactivate', '--email', 'ana@catalitico.example')).toMatchObject({ code: 1, err: expect.stringContaining('last active admin') })
    expect(await run('deactivate', '--email', 'beto@catalitico.example')).toMatchObject({ code: 0 })
    const beto = await team.findMemberByEmail('beto@catalitico.example')
    expect(beto).toMatchObject({ active: false })
    // The command line's entry: nobody signed in did it; it names the member by id only.
    expect((await review.listAudit(1, 10, { action: 'member.deactivated' })).items).toEqual([
      expect.objectContaining({ member: null, action: 'member.deactivated', applicationId: null, detail: { memberId: beto!.id } }),
    ])
  })

  it('runs as `npm run team` on the database in DATA_DIR', async () => {
    const { dir, store } = await setUp()
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...nodeArgs('team', 'bundle'), 'invite', '--email', 'ana@catalitico.example', '--role', 'admin'],
      { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', VITE_SITE_URL: 'https://catalitico.example' } },
    )
    expect(stdout).toContain('the invitation expires in 7 days')
    const [mail] = await store.listMessages()
    expect(stdout).not.toContain(tokenFromMail(mail!.text))
    const failed = await promisify(execFile)(process.execPath, [...nodeArgs('team', 'bundle'), 'invite', '--email', 'x'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    }).catch((e: { code: number; stderr: string }) => e)
    expect(failed).toMatchObject({ code: 2, stderr: 'invite needs --email with one e-mail address, e.g. --email ana@example.co\n' })
  })
})
