// @vitest-environment happy-dom
/**
 * A lazy screen (src/app/screenRoute.ts): preloaded, it renders at once with no fallback; opened
 * without a preload, it shows the fallback, then the screen, and keeps that one mount when the page
 * around it renders again.
 */
import { type ComponentType, Suspense, act, useEffect, useState } from 'react'
import { type Root, createRoot } from 'react-dom/client'
import { afterEach, expect, it } from 'vitest'
import { lazyScreen } from '../../../src/app/screenRoute'

// React's act() in this environment.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
let container: HTMLElement
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
})

/** A screen module whose screen counts its mounts and keeps what is typed in its own state. */
function screenModule() {
  const mounts = { count: 0 }
  function Typed() {
    const [text, setText] = useState('')
    useEffect(() => {
      mounts.count += 1
    }, [])
    return <input aria-label="typed" value={text} onChange={(e) => setText(e.target.value)} />
  }
  let release: () => void = () => undefined
  const loaded = new Promise<void>((resolve) => (release = resolve))
  const screen = lazyScreen(() => loaded.then(() => ({ Typed })), 'Typed')
  return { screen, mounts, release }
}

function Page({ Screen, tick }: { Screen: ComponentType; tick: number }) {
  return (
    <main data-tick={tick}>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </main>
  )
}

async function mount(Screen: ComponentType) {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  await act(async () => root!.render(<Page Screen={Screen} tick={0} />))
}

it('a preloaded screen renders at once: no fallback shows, not even for a moment', async () => {
  const { screen, release } = screenModule()
  release()
  await screen.preload()
  // Outside act(), as a page renders: every text the container ever held is seen.
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  try {
    container = document.createElement('div')
    document.body.append(container)
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''))
    observer.observe(container, { childList: true, subtree: true, characterData: true })
    root = createRoot(container)
    root.render(<Page Screen={screen} tick={0} />)
    await new Promise((resolve) => setTimeout(resolve, 100))
    observer.disconnect()
    expect(seen.some((text) => text.includes('loading'))).toBe(false)
    expect(container.querySelector('input[aria-label="typed"]')).not.toBeNull()
  } finally {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  }
})

it('a screen opened without a preload shows the fallback, then keeps its one mount and its state over later renders', async () => {
  const { screen, mounts, release } = screenModule()
  await mount(screen)
  expect(container.textContent).toContain('loading')
  await act(async () => {
    release()
    await screen.preload()
  })
  const input = () => container.querySelector('input[aria-label="typed"]') as HTMLInputElement
  expect(input()).not.toBeNull()
  expect(mounts.count).toBe(1)
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input(), 'kept')
    input().dispatchEvent(new Event('input', { bubbles: true }))
  })
  expect(input().value).toBe('kept')
  for (const tick of [1, 2]) await act(async () => root!.render(<Page Screen={screen} tick={tick} />))
  expect(mounts.count).toBe(1)
  expect(input().value).toBe('kept')
})
