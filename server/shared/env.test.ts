import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import { backupDir, CONFIG_VARIABLES, ConfigError, connectSources, readConfig, siteOrigin } from './env.ts'

describe('readConfig', () => {
  it('uses the documented defaults: embedded SQLite in ./data, files for e-mail', () => {
    expect(readConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      database: { kind: 'sqlite', path: resolve('data/catalitico.sqlite') },
      TEAM_EMAIL: DEFAULT_COMPANY.contactEmail,
      ALLOWED_ORIGINS: [],
      RATE_LIMIT_MAX: 10,
      RATE_LIMIT_WINDOW_SECONDS: 600,
      OUTBOX_MAX_ATTEMPTS: 8,
      TRUST_PROXY: 0,
      COMPANY_LEGAL_NAME: DEFAULT_COMPANY.legalName,
    })
    expect(readConfig({}).SMTP_URL).toBeUndefined()
  })

  it('without VITE_SITE_URL, the site (and every e-mailed link) follows PORT; with it, VITE_SITE_URL (issue 19)', () => {
    expect(siteOrigin(readConfig({}))).toBe('http://localhost:3000')
    expect(siteOrigin(readConfig({ PORT: '4000' }))).toBe('http://localhost:4000')
    expect(siteOrigin(readConfig({ PORT: '4000', VITE_SITE_URL: '' }))).toBe('http://localhost:4000')
    expect(siteOrigin(readConfig({ PORT: '4000', VITE_SITE_URL: 'https://catalitico.co' }))).toBe('https://catalitico.co')
    expect(siteOrigin(readConfig({ PORT: '4000', VITE_SITE_URL: 'http://localhost:3000' }))).toBe('http://localhost:3000')
  })

  it('reads lists, URLs and numbers', () => {
    const config = readConfig({
      DATA_DIR: '/var/lib/catalitico',
      ALLOWED_ORIGINS: 'https://catalitico.co, https://www.catalitico.co/',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      DATABASE_URL: 'postgres://app@db.internal:5432/catalitico',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '5',
    })
    expect(config.ALLOWED_ORIGINS).toEqual(['https://catalitico.co', 'https://www.catalitico.co'])
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app@db.internal:5432/catalitico' })
    expect(config.TRUST_PROXY).toBe(1)
    expect(config.RATE_LIMIT_MAX).toBe(5)
    expect(readConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ kind: 'sqlite', path: '/tmp/x.sqlite' })
  })

  it('stops on a wrong value with a one-line error naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT /)
    const cases: [string, string][] = [
      ['SMTP_URL', 'http://mail.example'],
      ['MAIL_FROM', 'Equipo <equipo@x.co>\r\nBcc: a@b.co'],
      ['TEAM_EMAIL', 'equipo'],
      ['ALLOWED_ORIGINS', 'https://catalitico.co/path'],
      ['DATABASE_URL', 'mysql://x'],
      ['RATE_LIMIT_MAX', '0'],
      ['TRUST_PROXY', 'yes'],
      ['COMPANY_WEBSITE', 'catalitico.co'],
      ['PUBLIC_ANON_KEY', 'short'],
      ['BACKUP_INTERVAL_HOURS', '0'],
      ['BACKUP_KEEP', 'all'],
      ['BACKUP_KEY', 'hunter2'],
    ]
    for (const [name, value] of cases) {
      let message = ''
      try {
        readConfig({ [name]: value })
      } catch (err) {
        message = (err as Error).message
      }
      expect(message, name).toMatch(new RegExp(`^Invalid configuration: ${name} `))
      expect(message).not.toContain('\n')
    }
  })

  it('never prints a URL that may hold a password', () => {
    expect(() => readConfig({ SMTP_URL: 'ftp://user:s3cret@host' })).toThrow(/^(?!.*s3cret)/)
  })

  it('never prints the backups\' key, and reads the backups\' defaults', () => {
    expect(() => readConfig({ BACKUP_KEY: 'AGE-SECRET-KEY-1-not-quite-right' })).toThrow(/^Invalid configuration: BACKUP_KEY must be an age secret key .*\(value hidden\)$/)
    const config = readConfig({ DATA_DIR: '/srv/data' })
    expect([config.BACKUP_INTERVAL_HOURS, config.BACKUP_KEEP, backupDir(config)]).toEqual([24, 14, '/srv/data/backups'])
    expect(backupDir(readConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/mnt/backups' }))).toBe('/mnt/backups')
  })

  it('lets the page call a function on another origin when the site was built for one', () => {
    expect(connectSources(readConfig({}))).toEqual([])
    expect(connectSources(readConfig({ VITE_BACKEND_URL: 'https://abcd.supabase.co/' }))).toEqual(['https://abcd.supabase.co'])
  })

  it('.env.example documents every variable, and its values are valid', () => {
    const example = readFileSync('.env.example', 'utf8')
    for (const name of CONFIG_VARIABLES) expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'))
    const set = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    expect(() => readConfig(set)).not.toThrow()
  })
})
