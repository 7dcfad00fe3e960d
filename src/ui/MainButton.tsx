/**
 * A screen's primary action (and its second one): Telegram's main and secondary buttons when
 * Telegram offers them, else the same control drawn at the bottom of the page, from this one
 * component. One MainButton (and one SecondaryButton) per screen.
 */
import { createContext, useContext, useEffect, useRef } from 'react'
import { type ButtonPort, type TelegramControls, pageControls } from '../../streams/telegram/controls'
import { Button } from './kit'
import { SpinnerIcon } from './icons'

export const TelegramControlsContext = createContext<TelegramControls>(pageControls)

interface ActionProps {
  text: string
  onPress: () => void
  disabled?: boolean
  /** The request the action started is running: Telegram's spinner, or the kit's. */
  loading?: boolean
  /** danger: the action cannot go ahead yet and says why, in the destructive colour. */
  tone?: 'primary' | 'danger'
}

/** Drives a Telegram button from props: params on every change, hidden on unmount, presses to the latest onPress. */
function useNativeButton(
  port: ButtonPort,
  native: boolean,
  { text, onPress, disabled = false, loading = false, tone = 'primary' }: ActionProps,
) {
  const press = useRef(onPress)
  press.current = onPress
  const enabled = !disabled
  useEffect(() => {
    if (!native) return
    port.set({ text, enabled, loading, tone })
  }, [port, native, text, enabled, loading, tone])
  useEffect(() => {
    if (!native) return
    const off = port.onPress(() => {
      if (enabled && !loading) press.current()
    })
    return off
  }, [port, native, enabled, loading])
  useEffect(() => (native ? () => port.set(null) : undefined), [port, native])
}

export function MainButton(props: ActionProps) {
  const controls = useContext(TelegramControlsContext)
  useNativeButton(controls.main, controls.native, props)
  if (controls.native) return null
  const tone = props.tone ?? 'primary'
  return (
    <div className="main-action">
      <button
        type="button"
        className={`button button--${tone}`}
        data-tone={tone}
        onClick={props.onPress}
        disabled={props.disabled || props.loading}
        aria-busy={props.loading || undefined}
      >
        {props.loading ? <SpinnerIcon size={20} /> : props.text}
      </button>
    </div>
  )
}

export function SecondaryButton(props: ActionProps) {
  const controls = useContext(TelegramControlsContext)
  const native = controls.secondaryNative ?? controls.native
  useNativeButton(controls.secondary, native, props)
  if (native) return null
  return (
    <div className="main-action main-action--secondary">
      <Button mode="secondary" onClick={props.onPress} disabled={props.disabled} loading={props.loading}>
        {props.text}
      </Button>
    </div>
  )
}
