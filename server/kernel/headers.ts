/**
 * Headers every answer carries, whatever made it: a call's JSON, an error, a 404, a file of the
 * build, the page, a preflight. The request's context sets them (server/kernel/requests.ts).
 *
 * - `X-Content-Type-Options: nosniff`: a browser takes each answer as the type it is sent as, so
 *   text a caller put into an answer (a JSON error quoting a bad value) is never run as a script or
 *   read as a page.
 * - `Referrer-Policy: strict-origin-when-cross-origin`: a request from the page to another origin
 *   (a wallet's bridge, an icon host, a link opened) tells only which origin it came from, never
 *   the screen's path and query, and nothing at all over plain http. The path and query are all
 *   that could say something about the user; the origin is public and every cross-origin call
 *   carries it in its Origin header anyway, so `no-referrer` would protect nothing more, and could
 *   trip a wallet's bridge or a host that looks at where requests come from. It is what browsers
 *   do by default today; sent, it also holds in an older web view whose default sends whole URLs.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}
