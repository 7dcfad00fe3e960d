/** Route tool logos (swap.39), drawn here and served from /logos/tools/<key>.svg. */
import { Hono } from 'hono'

const TOOL_LOGOS: Record<string, string> = {
  uniswap:
    '<circle cx="32" cy="32" r="32" fill="#FF007A"/><path d="M20 18v16a12 12 0 0 0 24 0V18h-7v16a5 5 0 0 1-10 0V18z" fill="#fff"/>',
  stargate:
    '<circle cx="32" cy="32" r="32" fill="#111"/><path d="M32 10l5.6 15.2L54 26l-12.8 10L45.6 52 32 43l-13.6 9 4.4-16L10 26l16.4-.8z" fill="#fff"/>',
  stonfi:
    '<circle cx="32" cy="32" r="32" fill="#0098EA"/><path d="M32 12l16 20-16 20-16-20z" fill="#fff"/><path d="M32 22l8 10-8 10-8-10z" fill="#0098EA"/>',
  dedust:
    '<circle cx="32" cy="32" r="32" fill="#1A1A1A"/><circle cx="24" cy="26" r="6" fill="#F9A825"/><circle cx="40" cy="26" r="6" fill="#F9A825"/><circle cx="32" cy="41" r="6" fill="#F9A825"/>',
}

/** The logo of a route tool (swap.39), drawn here: /logos/tools/<key>.svg; null for an unknown key. */
export function toolLogoSvg(key: string): string | null {
  const body = Object.hasOwn(TOOL_LOGOS, key) ? TOOL_LOGOS[key] : undefined
  return body === undefined
    ? null
    : `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${body}</svg>`
}

/** GET /logos/tools/<key>.svg: no init data, cached a day. */
export function toolLogoRoutes() {
  const app = new Hono()
  app.get('/logos/tools/:file', (c) => {
    const svg = toolLogoSvg(c.req.param('file').replace(/\.svg$/, ''))
    return svg === null
      ? c.json({ message: 'no such logo' }, 404)
      : c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
  })
  return app
}
