import { describe, expect, it } from 'vitest'
import { displayHost } from './display-host.ts'

describe('displayHost', () => {
  it('drops the scheme, www. and the path', () => {
    expect(displayHost('https://www.catalitico.example/quienes-somos')).toBe('catalitico.example')
  })

  it('keeps other subdomains and a port', () => {
    expect(displayHost('http://media.catalitico.example:8080')).toBe('media.catalitico.example:8080')
  })
})
