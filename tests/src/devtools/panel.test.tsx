// @vitest-environment happy-dom
/** The time-travel panel draws its controls as SVG, never as font glyphs some systems cannot draw. */
import { afterEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { BehaviorSubject } from 'rxjs'
import Panel from '../../../src/devtools/Panel'
import type { TimeTravel, TimeTravelStatus } from '../../../streams/devtools/timeTravel'
import type { AppEvent } from '../../../domain/events'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const events = [
  { seq: 1, at: 0, type: 'app/navigated', payload: { to: '/send/info' } },
  { seq: 2, at: 5, type: 'app/backPressed', payload: {} },
] as unknown as AppEvent[]
const fake = {
  status$: new BehaviorSubject<TimeTravelStatus>({ length: 2, cursor: null, skipped: [], playing: null }),
  events: () => events,
  diff: () => [],
} as unknown as TimeTravel

let container: HTMLDivElement | undefined
afterEach(() => container?.remove())

describe('time-travel panel', () => {
  it('every control is an SVG icon or a word, with an accessible name; no glyph characters', () => {
    container = document.createElement('div')
    document.body.appendChild(container)
    const root = createRoot(container)
    act(() => root.render(<Panel timeTravel={fake} />))
    act(() => (container!.querySelector('button[aria-label="Time travel"]') as HTMLButtonElement).click())
    const buttons = [...container.querySelectorAll('button')]
    expect(buttons.length).toBeGreaterThan(8)
    for (const b of buttons) {
      const name = b.getAttribute('aria-label') ?? b.textContent ?? ''
      expect(name.trim(), b.outerHTML.slice(0, 80)).not.toBe('')
      if (!b.querySelector('svg')) expect(b.textContent, b.outerHTML.slice(0, 80)).toMatch(/^[\p{L}\p{N}\s.:/-]+$/u)
    }
    for (const label of ['Close panel', 'To start', 'Step back', 'Step forward', 'Skip event 1'])
      expect(container.querySelector(`button[aria-label="${label}"] svg`), label).not.toBeNull()
    expect(container.textContent).not.toMatch(/[\u2190-\u21ff\u2300-\u23ff\u25a0-\u25ff\u2700-\u27bf\u2295-\u2299]/u)
    act(() => root.unmount())
  })
})
