/**
 * Telegram's own controls: the main button and the secondary button that sit under the web-view.
 * A screen's primary action is drawn there when a Telegram host answers (./host.ts); without one
 * (the demo in a plain browser, which has launch data all the same), in a replay, or on a client
 * without the buttons, `native` is false and the page draws the same control (src/ui/MainButton.tsx).
 * Every call is guarded like the bridge's.
 */
import type { TelegramSdk } from './sdk'

export interface ButtonParams {
  text: string
  enabled: boolean
  /** Telegram's progress spinner on the button, while the request it started runs. */
  loading: boolean
  /** danger: the action cannot go ahead yet and says why (copyTrade.24-28), in the destructive colour. */
  tone?: 'primary' | 'danger'
}

export interface ButtonPort {
  /** Shows the button with these params; null hides it. */
  set(params: ButtonParams | null): void
  onPress(listener: () => void): () => void
}

export interface TelegramControls {
  /** Whether Telegram draws the buttons; false: the page draws them. */
  readonly native: boolean
  readonly main: ButtonPort
  readonly secondary: ButtonPort
  /** Whether Telegram draws the secondary button (clients before Bot API 7.10 have none). Unset: as `native`. */
  readonly secondaryNative?: boolean
  /**
   * Whether Telegram draws the back button (streams/app/epics.ts drives it); false: the page draws
   * its own (src/app/PageBackButton.tsx). Unset: as `native`.
   */
  readonly back?: boolean
  /** Whether Telegram draws popups (Bot API 6.2); false: the page draws them (src/ui/PagePopup.tsx). Unset: as `back`. */
  readonly popups?: boolean
}

/** The button's colours from the theme (the page's CSS variables follow Telegram's theme). */
function colours(tone: 'primary' | 'danger'): { backgroundColor?: `#${string}`; textColor?: `#${string}` } {
  const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  const hex = (v: string): `#${string}` | undefined => (/^#[0-9a-f]{6}$/i.test(v) ? (v as `#${string}`) : undefined)
  const background =
    hex(css(tone === 'danger' ? '--tg-theme-destructive-text-color' : '--tg-theme-button-color')) ??
    (tone === 'danger' ? '#ff3b30' : undefined)
  const text = tone === 'danger' ? '#ffffff' : hex(css('--tg-theme-button-text-color'))
  return {
    ...(background ? { backgroundColor: background } : {}),
    ...(text ? { textColor: text as `#${string}` } : {}),
  }
}

const warn = (what: string, e: unknown) =>
  console.warn(`telegram: ${what} unavailable (${e instanceof Error ? e.name : String(e)})`)

/** The page draws every control: a plain browser, a replay, a test without Telegram. */
export const pageControls: TelegramControls = {
  native: false,
  back: false,
  popups: false,
  main: { set: () => {}, onPress: () => () => {} },
  secondary: { set: () => {}, onPress: () => () => {} },
}

function port(
  mount: { ifAvailable(): unknown; isAvailable(): boolean },
  setParams: { ifAvailable(p: Record<string, unknown>): unknown },
  onClick: { ifAvailable(fn: () => void): [boolean, VoidFunction?] | [false] | unknown },
  name: string,
): ButtonPort | null {
  try {
    if (!mount.isAvailable()) return null
    mount.ifAvailable()
  } catch (e) {
    warn(name, e)
    return null
  }
  return {
    set: (p) => {
      try {
        setParams.ifAvailable(
          p === null
            ? { isVisible: false, isLoaderVisible: false }
            : {
                text: p.text,
                isEnabled: p.enabled && !p.loading,
                isLoaderVisible: p.loading,
                isVisible: true,
                ...colours(p.tone ?? 'primary'),
              },
        )
      } catch (e) {
        warn(name, e)
      }
    },
    onPress: (listener) => {
      try {
        const [called, off] = onClick.ifAvailable(listener) as [boolean, VoidFunction | undefined]
        return called && off ? off : () => {}
      } catch (e) {
        warn(name, e)
        return () => {}
      }
    },
  }
}

/**
 * Telegram's controls where a Telegram host answered (its SDK given, after the SDK's init, which
 * the bridge does); the page's everywhere else (null). The back button is Telegram's wherever a host is.
 */
export function createTelegramControls(sdk: TelegramSdk | null): TelegramControls {
  if (sdk === null) return pageControls
  const { mountMainButton, mountSecondaryButton, onMainButtonClick, onSecondaryButtonClick, openPopup } = sdk
  const { setMainButtonParams, setSecondaryButtonParams } = sdk
  let popups = false
  try {
    popups = openPopup.isAvailable()
  } catch (e) {
    warn('popup', e)
  }
  const main = port(mountMainButton, setMainButtonParams, onMainButtonClick, 'main button')
  if (main === null) return { ...pageControls, back: true, popups }
  const secondary = port(mountSecondaryButton, setSecondaryButtonParams, onSecondaryButtonClick, 'secondary button')
  return {
    native: true,
    main,
    secondary: secondary ?? pageControls.secondary,
    secondaryNative: secondary !== null,
    back: true,
    popups,
  }
}
