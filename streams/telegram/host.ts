/**
 * Whether a Telegram host is around the page: a Telegram client that answers the Mini Apps
 * protocol. Launch data alone does not say so: the demo page carries signed launch data in a plain
 * browser. With a host the app uses Telegram's main, secondary and back buttons and popups; without
 * one the page draws them (src/ui/MainButton.tsx, src/app/PageBackButton.tsx, src/ui/PagePopup.tsx).
 * The answer is a launch fact (app/launched `telegramHost`), so a replay knows what the user had.
 *
 * A host is one of:
 * - the mobile and desktop clients, which inject `TelegramWebviewProxy` (its `postEvent`);
 * - the Windows Phone client, through `window.external.notify`;
 * - the web clients (Web A and Web K, served from https://web.telegram.org), which run the app in an
 *   iframe and speak the protocol by postMessage. A parent frame counts only if it answers: asked
 *   for the theme (`web_app_request_theme`, posted to Telegram's web origin only), a web client
 *   replies `theme_changed` at once, as @telegram-apps/sdk's isTMA('complete') relies on. Any other
 *   parent (a page that embeds the demo, a test runner's frame) never receives the question, so it
 *   is no host once HOST_ANSWER_MS has passed.
 */

/** Where Telegram's web clients live: a question posted to any other parent is never delivered. */
export const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org'
/** How long a parent frame has to answer; a web client answers in a few milliseconds. */
export const HOST_ANSWER_MS = 200

/** The parts of a window the decision reads (a real window, or a test's stand-in). */
export interface HostWindow {
  TelegramWebviewProxy?: unknown
  external?: unknown
  readonly self: unknown
  readonly parent: { postMessage(message: string, targetOrigin: string): void } | unknown
  addEventListener(type: 'message', listener: (e: { source: unknown; data: unknown }) => void): void
  removeEventListener(type: 'message', listener: (e: { source: unknown; data: unknown }) => void): void
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: never): void
}

const hasFunction = (o: unknown, name: string) => typeof (o as Record<string, unknown> | null)?.[name] === 'function'

/** Whether a message from the parent is Telegram's theme_changed (sent as JSON text, or as an object). */
function isThemeAnswer(data: unknown): boolean {
  try {
    return (
      (typeof data === 'string'
        ? (JSON.parse(data) as { eventType?: unknown })
        : (data as { eventType?: unknown } | null)
      )?.eventType === 'theme_changed'
    )
  } catch {
    return false
  }
}

/** Resolves whether a Telegram host answers around this page (see above); never rejects. */
export function telegramHostAnswers(w: HostWindow, waitMs = HOST_ANSWER_MS): Promise<boolean> {
  // A host that injected itself into the page needs no question.
  if (hasFunction(w.TelegramWebviewProxy, 'postEvent') || hasFunction(w.external, 'notify'))
    return Promise.resolve(true)
  const parent = w.parent as { postMessage(message: string, targetOrigin: string): void }
  if (parent === w.self || !hasFunction(parent, 'postMessage')) return Promise.resolve(false)
  return new Promise<boolean>((resolve) => {
    const done = (answered: boolean) => {
      w.removeEventListener('message', listen)
      w.clearTimeout(timer as never)
      resolve(answered)
    }
    const listen = (e: { source: unknown; data: unknown }) => {
      if (e.source === parent && isThemeAnswer(e.data)) done(true)
    }
    w.addEventListener('message', listen)
    const timer = w.setTimeout(() => done(false), waitMs)
    try {
      parent.postMessage(JSON.stringify({ eventType: 'web_app_request_theme', eventData: {} }), TELEGRAM_WEB_ORIGIN)
    } catch {
      done(false)
    }
  })
}
