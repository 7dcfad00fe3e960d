/**
 * A screen's primary action (and its second one): Telegram's main and secondary buttons when
 * Telegram offers them, else the same control drawn at the bottom of the page, from this one
 * component. One MainButton (and one SecondaryButton) per screen.
 */
import { createContext, useContext, useEffect, useRef } from 'react'
import { type ButtonPort, type TelegramControls, pageControls } from '../../streams/telegram/controls'
import { Button } from './kit'

export const TelegramControlsContext = createContext<TelegramControls>(pageControls)

interface ActionProps {
  text: string
  onPress: () => void
  disabled?: boolean
  /** The request the action started is running: Telegram's spinner, or the kit's. */
  loading?: boolean
}

/** Drives a Telegram button from props: params on every change, hidden on unmount, presses to the latest onPress. */
function useNativeButton(port: ButtonPort, native: boolean, { text, onPress, disabled = false, loading = false }: ActionProps) {
  const press = useRef(onPress)
  press.current = onPress
  const enabled = !disabled
  useEffect(() => {
    if (!native) return
    port.set({ text, enabled, loading })
  }, [port, native, text, enabled, loading])
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
  return (
    <div className="main-action">
      <Button onClick={props.onPress} disabled={props.disabled} loading={props.loading}>
        {props.text}
      </Button>
    </div>
  )
}

export function SecondaryButton(props: ActionProps) {
  const controls = useContext(TelegramControlsContext)
  useNativeButton(controls.secondary, controls.native, props)
  if (controls.native) return null
  return (
    <div className="main-action main-action--secondary">
      <Button mode="secondary" onClick={props.onPress} disabled={props.disabled} loading={props.loading}>
        {props.text}
      </Button>
    </div>
  )
}
