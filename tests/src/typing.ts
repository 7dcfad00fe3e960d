/**
 * Typing into a field as a person does, in happy-dom: each character added to what the field holds
 * (React sees one input event a keystroke, and a controlled field may refuse it), or a whole paste.
 */
import { act } from 'react'

const setValue = (input: HTMLInputElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Types `keys` one character at a time at the end of the field; resolves to what the field holds after. */
export function typeKeys(input: HTMLInputElement, keys: string): string {
  for (const key of keys) act(() => setValue(input, input.value + key))
  return input.value
}

/** Replaces the field's text with `text` in one change (a paste over a selection, an autofill). */
export function paste(input: HTMLInputElement, text: string): string {
  act(() => setValue(input, text))
  return input.value
}

/** Clears the field (select all, delete). */
export const clear = (input: HTMLInputElement) => paste(input, '')
