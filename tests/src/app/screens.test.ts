/** The route table as react-router matches it: any letter case, a trailing slash; an unknown path is home. */
import { type RouteObject, matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SCREEN_ROUTES } from '../../../src/app/routes'
import { Home } from '../../../src/wallet/Home'

const screenAt = (path: string) =>
  matchRoutes([...SCREEN_ROUTES] as RouteObject[], path)?.at(-1)?.route as (typeof SCREEN_ROUTES)[number] | undefined

describe('the screen of a path', () => {
  it('is found in any letter case and with a trailing slash; an unknown path is home', () => {
    expect(screenAt('/swap')?.path).toBe('/swap')
    expect(screenAt('/Send/Info/')?.path).toBe('/send/info')
    expect(screenAt('/')?.screen).toBe(Home)
    expect(screenAt('/nowhere')?.screen).toBe(Home)
    expect(screenAt('/swap/extra')?.screen).toBe(Home)
    expect(screenAt('/confirmswap/')?.path).toBe('/confirmSwap')
    expect(screenAt('/copyTrade/x')?.screen).toBe(Home)
  })

  it('each path is declared once, by one feature', () => {
    const paths = SCREEN_ROUTES.map((r) => r.path.toLowerCase())
    expect(new Set(paths).size).toBe(paths.length)
  })
})
