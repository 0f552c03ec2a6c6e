/**
 * Vitest setup: the toasts one test file showed are gone before the next file runs. react-hot-toast
 * keeps them in a module-level store, and under `isolate: false` (ADR 0174) the files of a worker share
 * its modules: a later file that rendered the landing (with its <AppToaster />) drew an earlier file's
 * toasts, asked a jsdom window without `matchMedia` for the reduced-motion preference, and failed or
 * passed by the order the files ran in.
 */
import { toast } from 'react-hot-toast'
import { afterAll } from 'vitest'

afterAll(() => toast.remove())
