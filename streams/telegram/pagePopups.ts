/**
 * The popups the page draws where no Telegram host answered (./host.ts): the same question as
 * Telegram's popup (title, message, the confirming button and Cancel, destructive or not), drawn by
 * src/ui/PagePopup.tsx over the screen, answered by a tap. One at a time, as Telegram's: a new one
 * takes the place of one still open, which counts as cancelled.
 */
import { BehaviorSubject, Observable } from 'rxjs'
import type { ConfirmPrompt } from '../deps'

export interface OpenPopup {
  readonly prompt: ConfirmPrompt
  /** The confirming button (true) or Cancel, a tap outside, Escape (false). */
  answer(ok: boolean): void
}

export interface PagePopups {
  /** The popup on screen now, or null. */
  readonly current$: Observable<OpenPopup | null>
  /** Shows the question; emits the answer once, then completes. Unsubscribing takes it away. */
  confirm(prompt: ConfirmPrompt): Observable<boolean>
}

/**
 * The page's popups: the bridge (lazily, where no host answered) and src/ui/PagePopup.tsx share
 * this one; tests make their own.
 */
export function createPagePopups(): PagePopups {
  const current = new BehaviorSubject<OpenPopup | null>(null)
  return {
    current$: current.asObservable(),
    confirm: (prompt) =>
      new Observable<boolean>((sub) => {
        current.value?.answer(false)
        let open = true
        const popup: OpenPopup = {
          prompt,
          answer: (ok) => {
            if (!open) return
            open = false
            if (current.value === popup) current.next(null)
            sub.next(ok)
            sub.complete()
          },
        }
        current.next(popup)
        return () => {
          open = false
          if (current.value === popup) current.next(null)
        }
      }),
  }
}

export const pagePopups: PagePopups = createPagePopups()
