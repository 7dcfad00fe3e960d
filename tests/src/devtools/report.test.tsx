// @vitest-environment happy-dom
/**
 * A refused report upload: the server answers 413 (over 2 MB) or 429 (over the
 * day's count) with a message; the Report screen says so in the user's language, with the
 * server's message, in English and in Russian.
 */
import { act } from 'react'
import { of } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { RequestError } from '../../../domain/api/errors'
import { createHttpClient } from '../../../streams/http/client'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

/** What the HTTP client makes of the server's answer to POST /bugReport (the messages of tests/server/devtools). */
function refusal(status: number, message: string): RequestError {
  const client = createHttpClient({
    servers: { wallet: ['https://a.example'], mining: ['https://a.example'] },
    initDataRaw: () => 'user=1&hash=x',
    transport: () => of({ status, body: JSON.stringify({ message }) }),
  })
  let error: RequestError | null = null
  client.call('bugReport', { log: {} }).subscribe({ error: (e: RequestError) => (error = e) })
  if (error === null) throw new Error('the call did not fail')
  return error
}

const TOO_LARGE = 'the request body is larger than 2 MB (2097152 bytes), the most this call takes'
const TOO_MANY = '20 reports a day is the most one user can send; try again in 5 h'

// The Report screen is a lazy chunk: load it once so Suspense resolves inside act().
beforeAll(async () => {
  await import('../../../src/devtools/Report')
})

async function reportScreen(languageCode: 'en' | 'ru', error: RequestError) {
  app = renderApp([
    { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'A', languageCode } }) },
    { type: 'app/navigated', payload: { to: '/report' } },
    { type: 'devtools/reportRequested', payload: {} },
    { type: 'devtools/reportFailed', payload: { error } },
  ])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app.container.querySelector('[role="alert"]')?.textContent ?? ''
}

describe('the Report screen after a refused upload', async () => {
  it('413: says the record is too large, with the server’s limit', async () => {
    expect(await reportScreen('en', refusal(413, TOO_LARGE))).toBe(
      `The report was not sent. The session record is too large to upload (${TOO_LARGE}).`,
    )
    app?.unmount()
    expect(await reportScreen('ru', refusal(413, TOO_LARGE))).toBe(
      `Отчёт не отправлен. Запись сессии слишком велика для отправки (${TOO_LARGE}).`,
    )
  })

  it('429: says the day’s reports are used up, with the server’s wait', async () => {
    expect(await reportScreen('en', refusal(429, TOO_MANY))).toBe(
      `The report was not sent. You have sent as many reports as one day allows (${TOO_MANY}).`,
    )
    app?.unmount()
    expect(await reportScreen('ru', refusal(429, TOO_MANY))).toBe(
      `Отчёт не отправлен. Вы уже отправили столько отчётов, сколько можно за сутки (${TOO_MANY}).`,
    )
  })

  it('any other refusal still shows the server’s message', async () => {
    expect(await reportScreen('en', refusal(400, 'unknown log format'))).toBe(
      'The report was not sent. The request was refused: unknown log format',
    )
  })
})
