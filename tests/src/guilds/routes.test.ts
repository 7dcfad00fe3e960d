/** The alliance page's route has a parameter (issue 15): one screen for every name; fixed paths stay as they were. */
import { describe, expect, it } from 'vitest'
import { hasScreen, screenFor } from '../../../src/app/routes'

describe('a route with a parameter', () => {
  it('/mining/guilds/alliance/<name> is one screen whatever the name; nothing more or less matches it', () => {
    const page = screenFor('/mining/guilds/alliance/ton_whales')
    expect(page.path).toBe('/mining/guilds/alliance/:name')
    expect(screenFor('/mining/guilds/alliance/Arb_Club/').path).toBe(page.path)
    expect(screenFor('/mining/guilds').path).toBe('/mining/guilds')
    expect(screenFor('/mining/guilds/alliance').path).toBe('/')
    expect(screenFor('/mining/guilds/alliance/a/b').path).toBe('/')
    expect(screenFor('/mining/guilds/alliance/:name').path).toBe(page.path)
    expect([hasScreen('/mining/guilds/alliance/x'), hasScreen('/mining/guilds/alliance/'), hasScreen('/mining/guilds/')]).toEqual([true, false, true])
    expect(page.feature).toBe('guilds')
  })
})
