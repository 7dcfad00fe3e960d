/** Turns an endpoint and its request object into the HTTP request that goes on the wire. */
import type { Endpoint } from '../../domain/api/endpoint'
import { APP_VERSION } from '../../domain/app/version'

export interface HttpRequest {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

/** app.5: the fixed client header every request carries beside the init data. */
export const CLIENT_HEADER = ['x-client', `switch-miniapp/${APP_VERSION}`] as const
export const INIT_DATA_HEADER = 'telegramRawData'

const joinUrl = (base: string, path: string) => base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '')

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

export function buildRequest(
  endpoint: Endpoint<unknown, unknown>,
  request: unknown,
  base: string,
  initDataRaw: string,
): HttpRequest {
  const fields: Record<string, unknown> = { ...((endpoint.request.encode(request) as Record<string, unknown>) ?? {}) }
  const headers: Record<string, string> = { [INIT_DATA_HEADER]: initDataRaw, [CLIENT_HEADER[0]]: CLIENT_HEADER[1] }

  const path = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = fields[name]
    delete fields[name]
    return encodeURIComponent(value === undefined || value === null ? '' : asText(value))
  })
  for (const name of endpoint.headerFields ?? []) {
    if (fields[name] !== undefined && fields[name] !== null) headers[name] = asText(fields[name])
    delete fields[name]
  }

  let url = joinUrl(base, path)
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) query.set(k, asText(v))
    const qs = query.toString()
    if (qs) url += '?' + qs
    return { url, method: 'GET', headers }
  }
  const query = new URLSearchParams()
  for (const name of endpoint.queryFields ?? []) {
    if (fields[name] !== undefined && fields[name] !== null) query.set(name, asText(fields[name]))
    delete fields[name]
  }
  const qs = query.toString()
  if (qs) url += '?' + qs
  if (endpoint.noBody) return { url, method: 'POST', headers }
  headers['content-type'] = 'application/json'
  return { url, method: 'POST', headers, body: JSON.stringify(fields) }
}
