/**
 * A journey's recorded log (every journey of both halves has one in tests/replays/ that
 * folds to its expected state). The test that walks a journey ends by reporting the session as a
 * user does: the bottom menu's wallet home, Report a problem, Send report; then it reads the log
 * the server keeps for the ticket. With RECORD_REPLAYS=1 the log is written to tests/replays/ with
 * its fold beside it, the expected state that tests/replays/replays.test.ts checks on every run.
 */
import { writeFileSync } from 'node:fs'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import en from '../../locales/en.json'
import ru from '../../locales/ru.json'
import reportEn from '../../locales/report/en.json'
import reportRu from '../../locales/report/ru.json'
import { decodeLog, type RecordedLog } from '../../domain/log'
import { fold } from '../../domain/state'
import { type Stack, homeSettled, pressMainButton } from './harness'

/**
 * From a screen with the bottom menu: the wallet home, the report sent, and the log the server kept
 * for its ticket, checked to hold nothing that signs the user in.
 */
export async function reportedLog(page: Page, stack: Stack): Promise<RecordedLog> {
  const russian = (await page.evaluate(() => document.documentElement.lang)) === 'ru'
  const words = russian ? ru : en
  const report = russian ? reportRu : reportEn
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: words.menu.home, exact: true }).click()
  await homeSettled(page)
  await page.getByRole('button', { name: words.report.entry }).click()
  await pressMainButton(page, report.send)
  const ticket = page.getByTestId('ticket')
  await ticket.waitFor({ timeout: 15_000 })
  const res = await fetch(`${stack.server.url}/bugReport/${await ticket.textContent()}`)
  expect(res.status).toBe(200)
  const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
  if (!decoded.ok) throw new Error(decoded.error)
  expectRedacted(decoded.log)
  return decoded.log
}

/**
 * The events of type `type` the recorder has written so far (to IndexedDB, in 1 s batches;
 * streams/devtools/idbLogStore.ts), oldest first.
 */
export const storedEvents = (page: Page, type: string): Promise<{ type: string; payload: unknown }[]> =>
  page.evaluate(
    (want) =>
      new Promise<{ type: string; payload: unknown }[]>((resolve, reject) => {
        const open = indexedDB.open('switch-wallet-recorder')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('events')) return resolve([])
          const all = db.transaction('events', 'readonly').objectStore('events').getAll()
          all.onerror = () => reject(all.error)
          all.onsuccess = () => {
            resolve((all.result as { type: string; payload: unknown }[]).filter((e) => e.type === want))
            db.close()
          }
        }
      }),
    type,
  )

/**
 * Closes a page once the recorder has written `count` events of type `type`, so that the next
 * launch in the same Telegram (a new page of the same context) takes the events up to them into its
 * log.
 */
export async function closeOnceRecorded(page: Page, type: string, count = 1): Promise<void> {
  await expect
    .poll(async () => (await storedEvents(page, type)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count)
  await page.close()
}

/** No init-data hash or signature, raw init data or idempotency key in a log, as a string or under its key. */
export function expectRedacted(log: RecordedLog): void {
  const text = JSON.stringify(log)
  expect(text).not.toMatch(/(hash|signature|tgWebAppData)=(?!\[redacted\])/)
  expect(text).not.toMatch(/"(hash|signature|telegramRawData|initData|initDataRaw|idempotencyKey)":"(?!\[redacted\]")/)
}

/** The types of the log's events, each once, for `toEqual(expect.arrayContaining([...]))`. */
export const typesOf = (log: RecordedLog): string[] => [...new Set(log.events.map((e) => e.type))]

/** With RECORD_REPLAYS=1: the log and its fold (the expected state) into tests/replays/. */
export function keepReplay(name: string, log: RecordedLog): void {
  if (process.env.RECORD_REPLAYS !== '1') return
  writeFileSync(`tests/replays/${name}.log.json`, JSON.stringify(log, null, 1) + '\n')
  writeFileSync(`tests/replays/${name}.expected.json`, JSON.stringify(fold(log.events), null, 1) + '\n')
}
