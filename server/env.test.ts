import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './env.ts'

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    expect(readConfig({})).toMatchObject({ PORT: 3000, HOST: '0.0.0.0' })
  })
  it('stops on a wrong value with a one-line error naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT /)
  })
})
