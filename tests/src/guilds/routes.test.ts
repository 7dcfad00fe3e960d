/** The alliance page's route has a parameter: one screen for every name; fixed paths stay as they were. */
import { type RouteObject, matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SCREEN_ROUTES } from '../../../src/app/routes'
import { Home } from '../../../src/wallet/Home'

const matchAt = (path: string) => matchRoutes([...SCREEN_ROUTES] as RouteObject[], path)?.at(-1)
const screenAt = (path: string) => matchAt(path)?.route as (typeof SCREEN_ROUTES)[number] | undefined

describe('a route with a parameter', () => {
  it('/mining/guilds/alliance/<name> is one screen whatever the name; nothing more or less matches it', () => {
    const page = screenAt('/mining/guilds/alliance/ton_whales')
    expect(page?.path).toBe('/mining/guilds/alliance/:name')
    expect(matchAt('/mining/guilds/alliance/ton_whales')?.params.name).toBe('ton_whales')
    expect(screenAt('/mining/guilds/alliance/Arb_Club/')?.path).toBe(page?.path)
    expect(matchAt('/mining/guilds/alliance/Arb_Club/')?.params.name).toBe('Arb_Club')
    expect(screenAt('/mining/guilds')?.path).toBe('/mining/guilds')
    expect(screenAt('/mining/guilds/')?.path).toBe('/mining/guilds')
    expect(screenAt('/mining/guilds/alliance')?.screen).toBe(Home)
    expect(screenAt('/mining/guilds/alliance/')?.screen).toBe(Home)
    expect(screenAt('/mining/guilds/alliance/a/b')?.screen).toBe(Home)
    expect(page?.feature).toBe('guilds')
  })
})
