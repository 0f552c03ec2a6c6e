/**
 * The site's toasts (react-hot-toast, about 5 kB): one mount point and one
 * way to show the titled messages of SPEC §8. Errors are destructive (red)
 * and announced assertively; other toasts politely.
 */
import { Toaster, toast } from 'react-hot-toast'

const DANGER_700 = '#b42318'
const INK_950 = '#060d1f'

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      gutter={12}
      containerStyle={{ top: 20, left: 16, right: 16 }}
      toastOptions={{
        duration: 6000,
        style: {
          maxWidth: '28rem',
          padding: '14px 16px',
          borderRadius: '14px',
          background: '#ffffff',
          color: INK_950,
          boxShadow: '0 12px 32px -8px rgb(6 13 31 / 0.35)',
          fontFamily: 'inherit',
        },
        success: { iconTheme: { primary: '#067647', secondary: '#ffffff' } },
        error: {
          duration: 8000,
          ariaProps: { role: 'alert', 'aria-live': 'assertive' },
          style: { background: DANGER_700, color: '#ffffff' },
          iconTheme: { primary: '#ffffff', secondary: DANGER_700 },
        },
      }}
    />
  )
}

export interface TitledMessage {
  title: string
  description: string
}

/** The error toasts on screen per action (a stale error stayed beside the success that followed it). */
const errorsOf = new Map<string, Set<string>>()
// react-hot-toast gives each toast its own ariaProps (role=status) over the Toaster's per-type options: an error names its own.
const ALERT = { role: 'alert', 'aria-live': 'assertive' } as const

/**
 * Show a titled toast. The id makes a repeated message replace the one on
 * screen instead of stacking copies when the founder clicks again. `action`
 * names what the message is about: a success of an action dismisses the
 * errors that action left on screen (a success with no message of its own,
 * `null`, only dismisses them).
 */
export function notify(kind: 'success' | 'error', message: TitledMessage | null, { action }: { action?: string } = {}): void {
  const errors = action === undefined ? undefined : (errorsOf.get(action) ?? errorsOf.set(action, new Set()).get(action)!)
  if (kind === 'success' && errors) {
    for (const id of errors) toast.dismiss(id)
    errors.clear()
  }
  if (!message) return
  const content = (
    <span className="block text-left">
      <strong className="block text-[0.9375rem] font-bold">{message.title}</strong>
      <span className="mt-0.5 block text-sm leading-snug">{message.description}</span>
    </span>
  )
  const id = kind === 'error' ? toast.error(content, { id: message.title, ariaProps: ALERT }) : toast.success(content, { id: message.title })
  if (kind === 'error') errors?.add(id)
}
