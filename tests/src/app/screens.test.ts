/** The route table: a path is a screen's when it is that screen's fixed path (any letter case, a trailing slash). */
import { describe, expect, it } from 'vitest'
import { hasScreen, screenFor } from '../../../src/app/routes'

describe('screenFor', () => {
  it('finds a screen by its path, in any letter case and with a trailing slash; an unknown path is home', () => {
    expect(screenFor('/swap').path).toBe('/swap')
    expect(screenFor('/Send/Info/').path).toBe('/send/info')
    expect(screenFor('/').path).toBe('/')
    expect(screenFor('/nowhere').path).toBe('/')
    expect(screenFor('/swap/extra').path).toBe('/')
    expect([hasScreen('/confirmSwap'), hasScreen('/confirmswap/'), hasScreen('/copyTrade/x')]).toEqual([true, true, false])
  })
})
