/**
 * End to end: a session recorded in the browser is uploaded from "Report a problem", the
 * support side fetches it by ticket, and replays it in a fresh browser with the API server stopped:
 * the same screen shows, and the time-travel panel steps back to earlier ones.
 * With RECORD_REPLAYS=1 the recorded logs are also written to tests/replays/ as regression cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import {
  type Stack,
  answerPopup,
  newUser,
  openApp,
  pressBack,
  startStack,
  pressMainButton,
  choosePair,
  homeSettled,
} from './harness'
import { REPLAY_LOG_PATH, serveReplay } from '../../scripts/replayServer'
import { decodeLog, type RecordedLog } from '../../domain/log'
import { fold } from '../../domain/state'

let stack: Stack
beforeAll(async () => {
  stack = await startStack('development')
})
afterAll(async () => {
  await stack?.browser.close()
})

/** Sends the session from the report screen and returns the ticket shown. */
async function report(page: Page, entry: string, send: string): Promise<string> {
  await homeSettled(page)
  await page.getByRole('button', { name: entry }).click()
  await pressMainButton(page, send)
  const ticket = page.getByTestId('ticket')
  await ticket.waitFor({ timeout: 15_000 })
  return (await ticket.textContent()) as string
}

async function fetchTicket(ticket: string): Promise<RecordedLog> {
  const res = await fetch(`${stack.server.url}/bugReport/${ticket}`)
  expect(res.status).toBe(200)
  const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
  if (!decoded.ok) throw new Error(decoded.error)
  return decoded.log
}

function keep(name: string, log: RecordedLog) {
  if (process.env.RECORD_REPLAYS !== '1') return
  writeFileSync(`tests/replays/${name}.log.json`, JSON.stringify(log, null, 1) + '\n')
  writeFileSync(`tests/replays/${name}.expected.json`, JSON.stringify(fold(log.events), null, 1) + '\n')
}

describe('recorded sessions', () => {
  let switchLog: RecordedLog

  it('records a session (switch wallet, open and close the chooser, change language) and uploads it for a ticket', async () => {
    const page = await openApp(stack, { user: newUser({ first_name: 'Rita' }) })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: /Wallet 1/ }).click()
    await page
      .getByRole('dialog', { name: 'Wallets' })
      .getByRole('button', { name: /Wallet 2/ })
      .click()
    await page.getByRole('button', { name: /Wallet 2/ }).click()
    await page.getByRole('dialog', { name: 'Wallets' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: /Language/ }).click()
    await page.getByRole('dialog', { name: 'Language' }).getByRole('button', { name: 'Русский' }).click()
    await page.getByText('Общий баланс').waitFor()
    const ticket = await report(page, 'Сообщить о проблеме', 'Отправить отчёт')
    expect(ticket).toMatch(/^SW-[A-Z2-9]{8}$/)
    switchLog = await fetchTicket(ticket)
    const types = switchLog.events.map((e) => e.type)
    for (const t of [
      'app/launched',
      'wallet/walletSelected',
      'wallet/chooserClosed',
      'app/languageChanged',
      'devtools/reportRequested',
    ])
      expect(types).toContain(t)
    // Redaction on a real session: no init-data hash or signature, while the user's own data stays.
    const text = JSON.stringify(switchLog)
    expect(text).not.toMatch(/hash=|signature=|tgWebAppData|telegramRawData/)
    expect(text).toContain('Rita')
    keep('switch-wallet-and-language', switchLog)
    await page.context().close()
  })

  it('records two more sessions as regression cases: tokens expanded, and a Russian launch', async () => {
    const a = await openApp(stack, { user: newUser({ first_name: 'Tom' }) })
    await a.getByTestId('total-balance').waitFor()
    await a.getByRole('button', { name: /Show all/ }).click()
    await a.getByRole('button', { name: 'Hide' }).click()
    await a.getByRole('button', { name: /Show all/ }).click()
    keep('tokens-expanded', await fetchTicket(await report(a, 'Report a problem', 'Send report')))
    await a.context().close()

    const b = await openApp(stack, {
      user: newUser({ first_name: 'Лена', language_code: 'ru' }),
      path: '/?selectedWalletIndex=1',
    })
    await b.getByText('Общий баланс').waitFor()
    await b.getByTestId('total-balance').waitFor()
    keep('russian-launch-wallet-2', await fetchTicket(await report(b, 'Сообщить о проблеме', 'Отправить отчёт')))
    await b.context().close()
  })
  it('records the deposit and the send journeys as regression cases', async () => {
    const a = await openApp(stack, { user: newUser({ first_name: 'Dee' }) })
    await a.getByTestId('total-balance').waitFor()
    await a.getByRole('button', { name: 'Deposit' }).click()
    await a.getByRole('button', { name: /Deposit a specific token/ }).click()
    await a.getByRole('button', { name: /From an external wallet/ }).click()
    await a.getByRole('searchbox', { name: 'Search coin' }).fill('usdt')
    await a.getByRole('button', { name: 'ARB', exact: true }).click()
    await a.getByRole('button', { name: 'USDT ARB' }).click()
    await a.getByText('Deposit USDT · ARB').waitFor()
    for (let i = 0; i < 3; i++) await pressBack(a)
    await a.getByTestId('total-balance').waitFor()
    const deposit = await fetchTicket(await report(a, 'Report a problem', 'Send report'))
    expect(deposit.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['picker/queryChanged', 'picker/networkChanged', 'picker/tokenPicked']),
    )
    keep('deposit-to-qr', deposit)
    await a.context().close()

    const b = await openApp(stack, { user: newUser({ first_name: 'Sam' }) })
    await b.getByTestId('total-balance').waitFor()
    await b.getByRole('button', { name: 'Send', exact: true }).click()
    await b.getByRole('button', { name: 'ARB', exact: true }).click()
    await b.getByRole('button', { name: 'USDT ARB' }).click()
    await b.getByRole('textbox', { name: 'Recipient address' }).fill('0x52908400098527886E0F7030069857D2E4169EE7')
    await b.getByRole('textbox', { name: 'Amount' }).fill('3,25')
    await pressMainButton(b, 'Continue')
    await pressMainButton(b, 'Send')
    await pressMainButton(b, 'Done')
    await b.getByTestId('history-row').first().waitFor()
    const send = await fetchTicket(await report(b, 'Report a problem', 'Send report'))
    expect(send.events.map((e) => e.type)).toEqual(expect.arrayContaining(['send/checkPassed', 'send/sent']))
    expect(JSON.stringify(send)).not.toMatch(/idempotencyKey":"[0-9a-f]{32}/)
    keep('send-usdt-on-arbitrum', send)
    await b.context().close()
  })

  it('records swap journeys as regression cases: an Arbitrum swap, and a TON swap in Russian', async () => {
    const a = await openApp(stack, { user: newUser({ first_name: 'Sia' }) })
    await a.getByTestId('total-balance').waitFor()
    await a.getByRole('button', { name: 'Swap', exact: true }).click()
    await choosePair(a, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await a.getByRole('textbox', { name: 'Amount to swap' }).fill('1')
    await a.getByRole('textbox', { name: 'Amount to swap' }).fill('12,5')
    await a.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await pressMainButton(a, 'Review order')
    await pressMainButton(a, 'Confirm swap', 'main', 2)
    await a.getByText('Swap sent').waitFor({ timeout: 10_000 })
    await pressMainButton(a, 'Done')
    await a.getByTestId('history-row').first().waitFor()
    const swap = await fetchTicket(await report(a, 'Report a problem', 'Send report'))
    expect(swap.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['swap/quoteRequested', 'swap/quoteReceived', 'swap/executionStarted', 'swap/executed']),
    )
    expect(swap.events.filter((e) => e.type === 'swap/executionStarted')).toHaveLength(1)
    keep('swap-usdc-eth-arbitrum', swap)
    await a.context().close()

    const b = await openApp(stack, { user: newUser({ first_name: 'Ива', language_code: 'ru' }) })
    await b.getByTestId('total-balance').waitFor()
    await b.getByRole('button', { name: 'Обменять', exact: true }).click()
    await b.getByRole('button', { name: 'Что отдаёте' }).click()
    await b.getByRole('button', { name: 'TON', exact: true }).click()
    await b.getByRole('button', { name: 'TON TON', exact: true }).click()
    await b.getByRole('button', { name: 'Что получаете' }).click()
    await b.getByRole('button', { name: 'tsTON TON', exact: true }).click()
    await b.getByRole('textbox', { name: 'Сумма обмена' }).fill('3')
    await b.getByText('Минимум к получению').waitFor({ timeout: 10_000 })
    await pressMainButton(b, 'Проверить заявку')
    await pressMainButton(b, 'Подтвердить обмен')
    await b.getByText('Обмен отправлен').waitFor({ timeout: 10_000 })
    await pressMainButton(b, 'Готово')
    await b.getByTestId('history-row').first().waitFor()
    const ton = await fetchTicket(await report(b, 'Сообщить о проблеме', 'Отправить отчёт'))
    expect(ton.events.map((e) => e.type)).toEqual(expect.arrayContaining(['swap/quoteReceived', 'swap/executed']))
    keep('swap-ton-tston-ru', ton)
    await b.context().close()
  })

  it('records the copy-trade journey as a regression case: start, a copied swap, stop', async () => {
    const user = newUser({ first_name: 'Kit' })
    const a = await openApp(stack, { user })
    await homeSettled(a)
    await a.getByRole('button', { name: 'Copy trading' }).click()
    await a.getByRole('textbox', { name: 'Trader wallet address' }).fill('0x8ba1f109551bD432803012645Ac136ddd64DBA72')
    await pressMainButton(a, 'Continue')
    await a.getByRole('button', { name: 'Optimism', exact: true }).click()
    await a.getByRole('button', { name: 'USDC OP' }).click()
    await a.getByRole('textbox', { name: 'Deposit, USD' }).fill('120')
    await a.getByRole('slider', { name: 'Amount per trade' }).fill('30')
    await pressMainButton(a, 'Start copy trade')
    await a.getByText('Copy trading started successfully').waitFor({ timeout: 10_000 })
    await fetch(`${stack.server.url}/admin/copyFeed/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ followedAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', chainId: 10 }),
    })
    await a.getByRole('button', { name: 'View details' }).click()
    await a.getByTestId('history-row').first().waitFor({ timeout: 10_000 })
    await a.getByRole('button', { name: 'Stop copy trading' }).click()
    await answerPopup(a, 1, 'ok')
    await a.getByText('Stopped', { exact: true }).waitFor({ timeout: 10_000 })
    await pressBack(a)
    await a.getByTestId('trade-finished').waitFor()
    await pressBack(a)
    await a.getByTestId('total-balance').waitFor()
    const log = await fetchTicket(await report(a, 'Report a problem', 'Send report'))
    expect(log.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['copyTrade/started', 'copyTrade/swapsReceived', 'copyTrade/stopped']),
    )
    keep('copy-trade-start-and-stop', log)
    await a.context().close()
  })

  it('the recorded log survives a reload of the web-view; a corrupt one is dropped with a notice', async () => {
    const page = await openApp(stack, { user: newUser({ first_name: 'Ada' }) })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: /Show all/ }).click()
    await page.waitForTimeout(1_500) // the recorder writes to IndexedDB in 1 s batches
    await page.reload()
    await page.getByTestId('total-balance').waitFor()
    const log = await fetchTicket(await report(page, 'Report a problem', 'Send report'))
    const types = log.events.map((e) => e.type)
    expect(types.filter((t) => t === 'app/launched')).toHaveLength(2)
    expect(types.indexOf('wallet/tokensExpanded')).toBeLessThan(types.lastIndexOf('app/launched'))
    expect(log.events.every((e, i) => i === 0 || e.seq === log.events[i - 1].seq + 1)).toBe(true)

    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('switch-wallet-recorder', 1)
          open.onsuccess = () => {
            const tx = open.result.transaction('events', 'readwrite')
            tx.objectStore('events').put({ seq: 999_999, type: 'garbage', payload: 'not an object' })
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }
        }),
    )
    await page.reload()
    await page.getByText('The saved session record could not be read and was cleared.').waitFor()
    await page.getByTestId('total-balance').waitFor()
    await page.context().close()
  })

  it('replays the ticket with the API server stopped: same screen, then earlier screens in the panel', async () => {
    await stack.server.close()
    const replayed = await serveReplay(switchLog, 0, process.env.DIST_DIR ?? 'dist')
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
    try {
      await page.goto(replayed.url + '/')
      // The last recorded event: the report being sent (its button busy), in Russian.
      await page.getByText('Сообщить о проблеме').waitFor()
      expect(await page.locator('button[aria-busy="true"]').count()).toBe(1)
      await page.getByRole('button', { name: 'Time travel' }).click()
      // Step back to before the report screen was opened (its navigation, and the home leaving).
      const back = page.getByRole('button', { name: 'Step back' })
      for (let steps = 0; steps < 10 && !(await page.getByText('Общий баланс').count()); steps++) await back.click()
      await page.getByText('Общий баланс').waitFor()
      await page.getByRole('button', { name: /Кошелёк 2/ }).waitFor()
      // Back before the language change: English again.
      const languageAt = switchLog.events.findIndex((e) => e.type === 'app/languageChanged')
      const position = page.getByTestId('tt-position')
      for (let steps = 0; steps < 20 && !(await page.getByText('Total balance').count()); steps++) await back.click()
      expect(await position.textContent()).toBe(`${languageAt} / ${switchLog.events.length}`)
      await page.getByRole('button', { name: /Wallet 2/ }).waitFor()
      // No request left for an API: only the page and its assets.
      // (and the log itself, which the replay server hands to the page at REPLAY_LOG_PATH)
      expect(
        requests.filter(
          (p) =>
            p !== '/' &&
            p !== REPLAY_LOG_PATH &&
            !p.startsWith('/assets/') &&
            !p.startsWith('/logos/') &&
            p !== '/favicon.svg',
        ),
      ).toEqual([])
    } finally {
      await context.close()
      await replayed.close()
    }
  })
})
