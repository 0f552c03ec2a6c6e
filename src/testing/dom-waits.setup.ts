/**
 * Vitest setup for the browser's tests in jsdom (ADR 0173): Testing Library's `findBy…` and `waitFor`
 * wait up to 10 s instead of 1 s. What they wait for is real work (a lazily imported chart with d3, a
 * query answered by a stubbed fetch), and `npm test` runs Vitest beside Playwright on two cores (ADR
 * 0175): at a load of 10 a lazy chart took over a second to appear. A wait ends as soon as its element
 * is there, so a passing test is no slower; a missing element still fails, after 10 s.
 */
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 10_000 })
