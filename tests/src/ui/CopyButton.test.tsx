// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { of, throwError } from 'rxjs'
import '../../../src/i18n'
import { COPY_FEEDBACK_MS, CopyButton } from '../../../src/ui/CopyButton'
import en from '../../../locales/en.json'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: ReturnType<typeof createRoot>
beforeEach(() => {
  vi.useFakeTimers()
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.useRealTimers()
})

async function press(element: React.ReactElement) {
  act(() => root.render(element))
  await act(async () => {
    container.querySelector('button')!.click()
    await Promise.resolve()
  })
  return () => container.querySelector('[role=status]')?.textContent ?? null
}

describe('copy control', () => {
  it('[wallet.22] [wallet.24] a copy says copied for 1000 ms, then goes back', async () => {
    const copied: string[] = []
    const status = await press(<CopyButton text="0xabc" copy={(t) => (copied.push(t), of(undefined))} />)
    expect([status(), copied]).toEqual([en.copied, ['0xabc']])
    expect(COPY_FEEDBACK_MS).toBe(1000)
    act(() => vi.advanceTimersByTime(999))
    expect(status()).toBe(en.copied)
    act(() => vi.advanceTimersByTime(1))
    expect(status()).toBeNull()
  })

  it('[wallet.21] [wallet.25] with no text it says copy-error for 1 s', async () => {
    const status = await press(<CopyButton text="" copy={() => of(undefined)} />)
    expect(status()).toBe(en['copy-error'])
    act(() => vi.advanceTimersByTime(1000))
    expect(status()).toBeNull()
  })

  it('[wallet.23] an error while copying shows the generic message', async () => {
    const status = await press(<CopyButton text="0xabc" copy={() => throwError(() => new Error('denied'))} />)
    expect(status()).toBe(en.wallet.copy.failed)
  })

  it('[refill.11] copying an address when there is none says refill address copy fail for 1 s', async () => {
    const status = await press(<CopyButton text={null} copy={() => of(undefined)} failText={en['refill address copy fail']} />)
    expect(status()).toBe(en['refill address copy fail'])
    act(() => vi.advanceTimersByTime(1000))
    expect(status()).toBeNull()
  })

  it('[refill.12] a clipboard write failure on an address says refill address copy fail', async () => {
    const status = await press(<CopyButton text="0xabc" copy={() => throwError(() => new Error('denied'))} failText={en['refill address copy fail']} />)
    expect(status()).toBe(en['refill address copy fail'])
  })
})
