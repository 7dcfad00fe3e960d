/**
 * The tasks' flows in the browser that tests/e2e/tasks.test.ts does not walk,
 * against the reference server in dev mode: a swap task completed by a real swap on the swap screen;
 * a PUNK burn through the server (the PUNK leaving the ledger, the 48 h boost) and a refusal in
 * Russian; the open-league boost's steps in Telegram's cloud storage (the harness's stand-in keeps
 * it over a new launch); the PUNK staking boost through every answer of its check; the daily reward's
 * grid claimed once a day and turning at 00:00 UTC on the server's clock, with the daily boost's
 * flag, in Russian. With RECORD_REPLAYS=1 the swap task, the burn, the open-league boost and the
 * daily reward are kept as recorded logs in tests/replays/.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { decodeLog } from '../../domain/log'
import { fold } from '../../domain/state'
import { grantBoost } from '../../server/mining/boosts'
import type { Task } from '../../domain/tasks/codecs'
import { isDone, taskByCode } from '../../domain/tasks/selectors'
import {
  type TestUser,
  callApi,
  choosePair,
  expectAccessible,
  expectNoOverflow,
  settle,
  newUser,
  openApp,
  openAppIn,
  pressBack,
  pressMainButton,
  telegramCalls,
  useStack,
} from './harness'
import { closeOnceRecorded, keepReplay, reportedLog, typesOf } from './journeyLog'

const stack = useStack('development')
/** A task of the list the client holds: done by its amounts or by the server's word. */
const done = (task: Task | undefined) => task !== undefined && (isDone(task) || task.state === 'done')

/** A miner already (a first visit to /mining would show the onboarding first). */
async function miner(over: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(over)
  await callApi(stack(), user, '/mining/user', {})
  return user
}

const HOUR = 3_600_000
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ETH = '0x0000000000000000000000000000000000000000'
const card = (page: Page, code: string) => page.locator(`[data-task="${code}"]`)
const held = async (user: TestUser, chainId: number | string, symbol: string) =>
  (
    await callApi<{ chainId: unknown; symbol: string; tokensAmount: string }[]>(stack(), user, '/balances', {
      accountIndex: 0,
    })
  ).find((b) => b.chainId === chainId && b.symbol === symbol)?.tokensAmount ?? '0'
type ServerTask = { code: string; state?: string; currentAddSpeed?: number; doneAmount?: number; currentDay?: number }
const serverTask = async (user: TestUser, code: string) =>
  Object.values(
    (
      await callApi<{ tasks: Record<string, ServerTask[] | undefined> }>(
        stack(),
        user,
        '/mining/tasks?boostType=general',
      )
    ).tasks,
  )
    .flatMap((g) => g ?? [])
    .find((t) => t.code === code)
/** The boosts the server granted the user (a task's, or a burn's), oldest first: speed in SWITCH units (1e9 a SWITCH/h) and hours. */
const taskBoosts = async (user: TestUser, prefix: string, source = 'task') =>
  (
    await stack().server.db.query<{ reference: string; speed: string; starts_at: Date; ends_at: Date }>(
      `SELECT reference, speed_units::text AS speed, starts_at, ends_at FROM mining_boosts WHERE user_id = $1 AND source = $3 AND reference LIKE $2 ORDER BY id`,
      [user.id, `${prefix}%`, source],
    )
  ).map((b) => ({
    reference: b.reference,
    speed: b.speed,
    hours: (b.ends_at.getTime() - b.starts_at.getTime()) / HOUR,
  }))
const serverClock = async () => ((await (await fetch(stack().server.url + '/dev/clock')).json()) as { now: number }).now
const moveServerClock = async (advanceMs: number) => {
  const res = await fetch(stack().server.url + '/dev/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  })
  expect(res.status).toBe(200)
}
/** Clicks, closing (Escape) a banner the mining screen may show over it first. */
async function pastBanners(page: Page, target: Locator) {
  for (let i = 0; i < 3; i++) {
    try {
      await target.click({ timeout: 3_000 })
      return
    } catch {
      const banner = page.locator('[data-banner]')
      if ((await banner.count()) > 0) await banner.first().press('Escape')
    }
  }
  await target.click({ timeout: 3_000 })
}
/** What the harness's Telegram stand-in holds in its cloud storage for this page's origin. */
const cloud = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('__tgCloud') ?? '{}') as Record<string, string>)

describe("the tasks' flows in the browser", () => {
  it('[tasks.65] a swap of $10 on Arbitrum completes nothing; one of $10.01, made on the swap screen the task leads to, completes arbSwaps and the daily swap: the server judges it from the swap and the boosts run 24 h', async () => {
    const user = await miner({ first_name: 'Sam' })
    // dailySwap shows from 1e6 SWITCH/h (tasks.17): a boost no ordinary miner has lifts this one past it
    const now = await serverClock()
    await stack().server.db.transaction((tx) =>
      grantBoost(
        tx,
        {
          userId: user.id,
          source: 'test',
          reference: 'fast',
          speed: 2n * 10n ** 16n,
          from: now,
          to: now + 365 * 24 * HOUR,
        },
        now,
      ),
    )
    // a swap of exactly $10 on Arbitrum first: not more than $10, it completes nothing
    const route = await callApi<{ route: { id: string } }>(stack(), user, '/fetchRoute', {
      amount: '10000000',
      from: USDC_ARB,
      to: ETH,
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    })
    expect(
      await callApi(stack(), user, '/swap', {
        routeId: route.route.id,
        accountIndex: 0,
        idempotencyKey: `ten-${user.id}`,
      }),
    ).not.toHaveProperty('error')
    expect(await held(user, 42161, 'USDC')).toBe('490')
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'dailySwap').waitFor()
    expect(await card(page, 'arbSwaps').textContent()).toContain('Start')
    expect(await card(page, 'dailySwap').textContent()).toContain('Start')
    expect((await serverTask(user, 'arbSwaps'))?.state).not.toBe('done')
    // a swap task has no link: its card leads to the swap screen
    await card(page, 'arbSwaps').getByRole('button').click()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await choosePair(page, ['ARB', 'USDC ARB'], [null, 'ETH ARB'])
    await page.getByRole('textbox', { name: 'Amount to swap' }).fill('10.01')
    await page.getByText('Minimum received').waitFor({ timeout: 10_000 })
    await pressMainButton(page, 'Review order')
    await pressMainButton(page, 'Confirm swap')
    await page.getByText('Swap sent').waitFor({ timeout: 10_000 })
    expect(await held(user, 42161, 'USDC')).toBe('479.99')
    await pressMainButton(page, 'Done')
    // back on the tasks (the swap closed the mini-app: a new launch of the same user): the server has judged both from the swap
    const context = page.context()
    await closeOnceRecorded(page, 'swap/executed')
    const tasks = await openAppIn(context, stack(), { user, path: '/mining/tasks/boosts' })
    await expect.poll(() => card(tasks, 'arbSwaps').textContent(), { timeout: 10_000 }).toContain('Done')
    expect(await card(tasks, 'dailySwap').textContent()).toContain('Done')
    expect(await card(tasks, 'arbSwaps').textContent()).toContain('+0.1 SWITCH/h')
    expect(await card(tasks, 'dailySwap').textContent()).toContain('+0.2 SWITCH/h')
    // a swap on another chain's task is not done by it
    expect(await card(tasks, 'baseSwaps').textContent()).toContain('Start')
    expect((await serverTask(user, 'arbSwaps'))?.state).toBe('done')
    expect((await serverTask(user, 'baseSwaps'))?.state).not.toBe('done')
    expect(await taskBoosts(user, 'arbSwaps')).toEqual([
      { reference: expect.stringMatching(/^arbSwaps:/), speed: '100000000', hours: 24 },
    ])
    expect(await taskBoosts(user, 'dailySwap')).toEqual([
      { reference: expect.stringMatching(/^dailySwap:/), speed: '200000000', hours: 24 },
    ])
    // the journey (both launches), reported from the wallet, is a recorded regression case
    await pressBack(tasks)
    const log = await reportedLog(tasks, stack())
    expect(log.events.filter((e) => e.type === 'app/launched')).toHaveLength(2)
    expect(log.events.filter((e) => e.type === 'swap/executed')).toHaveLength(1)
    const folded = fold(log.events).tasks
    expect(['arbSwaps', 'dailySwap'].map((code) => done(taskByCode(folded, code)))).toEqual([true, true])
    expect(done(taskByCode(folded, 'baseSwaps'))).toBe(false)
    keepReplay('tasks-swap-task-arbitrum', log)
    await context.close()
  }, 60_000)

  it('[tasks.37] [tasks.41] burning PUNK through the server (tasks.36): the preview, 250 PUNK and the gas leave the ledger, a 48 h boost of 2.5 SWITCH/h, the burned message, then done', async () => {
    const user = await miner({ first_name: 'Bea' })
    expect(await held(user, 'TON', 'PUNK')).toBe('1000')
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'burnFest').getByRole('button').click()
    const sheet = page.getByRole('dialog', { name: 'Burn PUNK' })
    await sheet.waitFor()
    await page.getByTestId('burn-amount').fill('250')
    expect(await page.getByTestId('burn-preview').textContent()).toBe('Boost: +2.5 SWITCH/h')
    const sent = page.waitForRequest((r) => r.url().endsWith('/mining/burn'))
    await sheet.getByRole('button', { name: 'Burn', exact: true }).click()
    expect((await sent).postDataJSON()).toEqual({ amount: '250', idempotencyKey: expect.any(String) })
    await expect
      .poll(
        () =>
          page
            .getByTestId('burn-done')
            .textContent({ timeout: 1_000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toContain('250 PUNK burned')
    // the PUNK left the ledger (nobody was credited) and 0.005 TON paid the gas
    expect(await held(user, 'TON', 'PUNK')).toBe('750')
    expect(await held(user, 'TON', 'TON')).toBe('49.995')
    const burns = await stack().server.db.query<{ reference: string; delta: string }>(
      `SELECT reference, delta::text AS delta FROM ledger WHERE user_id = $1 AND reason = 'burn'`,
      [user.id],
    )
    expect(burns).toEqual([{ reference: expect.stringMatching(/^burn-/), delta: '-250000000000' }])
    const [{ n }] = await stack().server.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger WHERE reference = $1 AND delta > 0`,
      [burns[0].reference],
    )
    expect(n).toBe('0')
    // tasks.41: 48 h of 250 x 0.01 SWITCH/h, from this burn
    expect(await taskBoosts(user, 'burn-', 'burn')).toEqual([
      { reference: burns[0].reference, speed: '2500000000', hours: 48 },
    ])
    await sheet.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    // the list was asked again: the card is done while the boost runs
    await expect.poll(() => card(page, 'burnFest').textContent(), { timeout: 10_000 }).toContain('Done')
    expect((await serverTask(user, 'burnFest'))?.state).toBe('done')
    // the journey, reported from the wallet, is a recorded regression case
    await pressBack(page)
    const log = await reportedLog(page, stack())
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'tasks/burnOpened',
        'tasks/burnAmountChanged',
        'tasks/burnTapped',
        'tasks/burnSent',
        'tasks/burned',
        'tasks/burnClosed',
      ]),
    )
    expect(log.events.filter((e) => e.type === 'tasks/burnSent')).toHaveLength(1)
    const folded = fold(log.events).tasks
    expect(done(taskByCode(folded, 'burnFest'))).toBe(true)
    expect(folded.burn.code).toBeNull()
    keepReplay('tasks-burn-punk', log)
    await page.context().close()
  }, 60_000)

  it('[tasks.40] a burn the server refuses, in Russian: more PUNK than held is said in Russian from its code 4002, nothing leaves the ledger, and the button goes to the swap', async () => {
    const user = await miner({ first_name: 'Вера', language_code: 'ru' })
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'burnFest').getByRole('button').click()
    const sheet = page.getByRole('dialog', { name: 'Сжечь PUNK' })
    await sheet.waitFor()
    expect(await sheet.textContent()).toContain('Комиссия сети около 0,005 TON')
    await page.getByTestId('burn-amount').fill('1000,5')
    expect(await page.getByTestId('burn-preview').textContent()).toBe('Буст: +10 SWITCH/ч')
    await sheet.getByRole('button', { name: 'Сжечь', exact: true }).click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('burn-error')
            .textContent({ timeout: 1_000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('У вас нет столько PUNK. Купите PUNK через обмен или сожгите меньше.')
    expect(await held(user, 'TON', 'PUNK')).toBe('1000')
    expect(await held(user, 'TON', 'TON')).toBe('50')
    expect(await taskBoosts(user, 'burn-', 'burn')).toEqual([])
    expect(await sheet.getByRole('button', { name: 'Сжечь', exact: true }).count()).toBe(0)
    await sheet.getByRole('button', { name: 'Перейти к обмену' }).click()
    await page.getByRole('heading', { name: 'Обмен' }).waitFor()
    await page.context().close()
  }, 60_000)

  it("[tasks.63] [tasks.64] the open-league boost in Russian: badge, trade, done, its step in Telegram's cloud storage read back by a new launch, and taken back to trade by a list whose task is not completed", async () => {
    const user = await miner({ first_name: 'Лев', language_code: 'ru' })
    const context = await stack().browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
    })
    // the card is expired (its campaign ended): boostToOpen is how the sheet opens
    const launch = () => openAppIn(context, stack(), { user, startParam: 'tab-boosts-boostToOpen-openLeague' })
    const page = await launch()
    const sheet = page.getByTestId('open-league')
    await sheet.waitFor()
    expect(await card(page, 'openLeague').textContent()).toContain('Истекло')
    expect(await sheet.getAttribute('data-step')).toBe('badge')
    expect(await sheet.textContent()).toContain('Получите бейдж Open League в её боте')
    // the one sheet the other tests' axe and overflow checks do not open
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 })
      await settle(page)
      await expectAccessible(page, `open league ru [${width} px]`)
      await expectNoOverflow(page, `open league ru [${width} px]`)
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await sheet.getByRole('button', { name: 'Получить бейдж' }).click()
    await expect
      .poll(async () =>
        (await telegramCalls(page)).some(
          (c) => c.type === 'web_app_open_tg_link' && String(c.data?.path_full).startsWith('/theopenleague_bot'),
        ),
      )
      .toBe(true)
    expect(await sheet.getAttribute('data-step')).toBe('trade')
    await expect.poll(async () => (await cloud(page)).openLeagueBoost).toBe('trade')
    // written once, as the step changed
    const saved = (await telegramCalls(page)).filter(
      (c) =>
        c.type === 'web_app_invoke_custom_method' &&
        c.data?.method === 'saveStorageValue' &&
        (c.data?.params as { key?: string })?.key === 'openLeagueBoost',
    )
    expect(saved.map((c) => c.data?.params)).toEqual([{ key: 'openLeagueBoost', value: 'trade' }])
    await closeOnceRecorded(page, 'tasks/openLeagueBadgeOpened')

    // a new launch reads the step back from the cloud
    const again = await launch()
    const sheet2 = again.getByTestId('open-league')
    await expect
      .poll(() => sheet2.getAttribute('data-step', { timeout: 1_000 }).catch(() => null), { timeout: 10_000 })
      .toBe('trade')
    await sheet2.getByRole('button', { name: 'Торговать' }).click()
    // the trade step leads to the swap, and the cloud holds done
    await again.getByRole('heading', { name: 'Обмен' }).waitFor()
    await expect.poll(async () => (await cloud(again)).openLeagueBoost).toBe('done')
    // back on the tasks the list says the task is not completed (expired): done goes back to trade
    await pressBack(again)
    await card(again, 'openLeague').waitFor()
    await expect.poll(async () => (await cloud(again)).openLeagueBoost, { timeout: 10_000 }).toBe('trade')
    // the list that took it back: the third of the log (one a launch, and this one)
    await closeOnceRecorded(again, 'tasks/received', 3)
    const third = await launch()
    await expect
      .poll(
        () =>
          third
            .getByTestId('open-league')
            .getAttribute('data-step', { timeout: 1_000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('trade')
    // the three launches, reported from the wallet, are a recorded regression case
    await third.keyboard.press('Escape')
    await expect.poll(() => third.getByTestId('open-league').count()).toBe(0)
    await pressBack(third)
    const log = await reportedLog(third, stack())
    expect(log.events.filter((e) => e.type === 'app/launched')).toHaveLength(3)
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'tasks/openLeagueOpened',
        'tasks/openLeagueRestored',
        'tasks/openLeagueBadgeOpened',
        'tasks/openLeagueTradeOpened',
      ]),
    )
    // before the third launch, the list had taken done back to trade
    const third0 = log.events.map((e) => e.type).lastIndexOf('app/launched')
    expect(fold(log.events.slice(0, third0)).tasks.openLeague.step).toBe('trade')
    expect(fold(log.events).tasks.openLeague).toEqual({ step: 'trade', open: false })
    keepReplay('tasks-open-league-ru', log)
    await context.close()
  }, 60_000)

  it('[tasks.53] [tasks.54] [tasks.55] [tasks.56] [tasks.57] the PUNK staking boost through every answer of its check: no wallet back to not-connected, no PUNK and too little back to connected with their texts, then checked and the boost on', async () => {
    const user = await miner({ first_name: 'Pia' })
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    const sheet = page.getByTestId('punk-staking')
    const error = page.getByTestId('punk-staking-error')
    const open = async () => {
      await card(page, 'punkStaking').getByRole('button').click()
      await sheet.waitFor()
    }
    const check = async () => {
      const asked = page.waitForResponse((r) => r.url().endsWith('/mining/checkPunkStaking'))
      await sheet.getByRole('button', { name: 'Check' }).click()
      const answer = await asked
      expect(answer.request().postData() ?? '').toBe('')
      return answer.json() as Promise<unknown>
    }
    const stake = async () => {
      await sheet.getByRole('button', { name: 'Stake PUNK in the staking bot' }).click()
      expect(await sheet.getAttribute('data-step')).toBe('staked')
    }
    // a step kept locally from before, with no wallet on the server: the check sends it back (tasks.55)
    await card(page, 'punkStaking').waitFor()
    await page.evaluate(() => localStorage.setItem('tasks.punkStaking', 'staked'))
    await page.reload()
    await open()
    expect(await sheet.getAttribute('data-step')).toBe('staked')
    expect(await check()).toEqual({ error: 'no-wallet' })
    await expect.poll(() => sheet.getAttribute('data-step')).toBe('not-connected')
    expect(await error.textContent()).toBe('No TON wallet is linked: connect one first')
    expect(await page.evaluate(() => localStorage.getItem('tasks.punkStaking'))).toBe('not-connected')

    // connected: the wallet over TonConnect
    await sheet.getByRole('button', { name: 'Connect a TON wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: /Connect to SWITCH Wallet\?/ })
    await wallet.waitFor({ timeout: 15_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => sheet.getAttribute('data-step'), { timeout: 15_000 }).toBe('connected')

    // no PUNK held (the server's stand-in for the PUNK staked): back to connected (tasks.56)
    const burnt = await callApi<Record<string, unknown>>(stack(), user, '/mining/burn', {
      amount: '1000',
      idempotencyKey: `staking-${user.id}`,
    })
    expect(burnt).not.toHaveProperty('errorCode')
    await stake()
    await expect
      .poll(
        async () =>
          (await telegramCalls(page)).filter(
            (c) => c.type === 'web_app_open_tg_link' && String(c.data?.path_full).startsWith('/punk_staking_bot'),
          ).length,
      )
      .toBe(1)
    expect(await check()).toEqual({ error: 'no-staking' })
    await expect.poll(() => sheet.getAttribute('data-step')).toBe('connected')
    expect(await error.textContent()).toBe('There is no PUNK in staking')

    // 999 PUNK, under the task's minStaking of 1000: back to connected (tasks.57)
    const deposited = await fetch(stack().server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 'TON', token: 'PUNK', amount: '999' }),
    })
    expect(deposited.status).toBe(200)
    await stake()
    expect(await check()).toEqual({ error: 'not-enough-staked' })
    await expect.poll(() => sheet.getAttribute('data-step')).toBe('connected')
    expect(await error.textContent()).toBe('Not enough PUNK is staked')
    expect((await serverTask(user, 'punkStaking'))?.state).not.toBe('done')
    expect(await taskBoosts(user, 'punkStaking')).toEqual([])

    // 1000 PUNK: checked, the task done and its 30-day boost on
    await fetch(stack().server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 'TON', token: 'PUNK', amount: '1' }),
    })
    await stake()
    expect(await check()).toEqual({ ok: true })
    await expect.poll(() => sheet.getAttribute('data-step')).toBe('checked')
    expect(await sheet.textContent()).toContain('Checked: your boost is on')
    expect(await error.count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('tasks.punkStaking'))).toBe('checked')
    expect((await serverTask(user, 'punkStaking'))?.state).toBe('done')
    expect(await taskBoosts(user, 'punkStaking')).toEqual([
      { reference: expect.stringMatching(/^punkStaking:/), speed: '200000000', hours: 30 * 24 },
    ])
    await page.keyboard.press('Escape')
    await expect.poll(() => card(page, 'punkStaking').textContent(), { timeout: 10_000 }).toContain('Done')
    await page.context().close()
  }, 90_000)
  // Last in the file: it moves the server's clock (forward only) past a 00:00 UTC.
  it("[tasks.21] [tasks.22] [tasks.23] the daily reward in Russian: 4 cells a row, claimed once a day, turning at 00:00 UTC on the server's clock; the daily boost's flag clears once claimed and comes back the next day", async () => {
    const user = await miner({ first_name: 'Дина', language_code: 'ru' })
    // The page's clock and the server's move together: the day turns without waiting for it.
    const context = await stack().browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
    })
    await context.clock.install()
    const page = await openAppIn(context, stack(), { user, path: '/mining/tasks/boosts' })
    const grid = page.getByTestId('daily-grid')
    await grid.waitFor()
    // tasks.21: 8 days, two rows of 4 cells side by side
    const cells = grid.locator('.daily-cell')
    expect(await cells.count()).toBe(8)
    const boxes = await cells.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).map((b) => ({ x: Math.round(b.x), y: Math.round(b.y) })),
    )
    expect(boxes.slice(0, 4).every((b) => b.y === boxes[0].y) && boxes.slice(4).every((b) => b.y === boxes[4].y)).toBe(
      true,
    )
    expect(boxes[4].y).toBeGreaterThan(boxes[0].y)
    expect(boxes.slice(0, 4).map((b) => b.x)).toEqual([...boxes.slice(0, 4).map((b) => b.x)].sort((a, b) => a - b))
    expect(boxes.slice(4).map((b) => b.x)).toEqual(boxes.slice(0, 4).map((b) => b.x))
    expect(await cells.allTextContents()).toEqual([
      'День 1+10',
      'День 2+20',
      'День 3+30',
      'День 4+50',
      'День 5+75',
      'День 6+100',
      'День 7+150',
      'День 8+250',
    ])

    // tasks.22-23: the server flags the daily boost; the claim is a POST with no body, and the flag clears
    const flag = async () =>
      (await callApi<{ isNotifyForBoost: boolean }>(stack(), user, '/totalBalance?boostNotification=1&accountIndex=0'))
        .isNotifyForBoost
    expect(await flag()).toBe(true)
    const boostClaim = page.waitForRequest((r) => r.url().endsWith('/mining/dailyBoost'))
    await page.getByRole('button', { name: 'Забрать ежедневный буст' }).click()
    expect((await boostClaim).postData() ?? '').toBe('')
    await expect.poll(() => page.getByRole('button', { name: 'Забрать ежедневный буст' }).count()).toBe(0)
    expect(await flag()).toBe(false)
    expect(await taskBoosts(user, 'dailyBoost')).toEqual([
      { reference: expect.stringMatching(/^dailyBoost:/), speed: '500000000', hours: 3 },
    ])
    // entering the tab again reads the flag again: still cleared
    await page.getByTestId('tab-bigpump').click()
    await card(page, 'trade').waitFor()
    await page.getByTestId('tab-boosts').click()
    await grid.waitFor()
    await page.waitForTimeout(500)
    expect(await page.getByRole('button', { name: 'Забрать ежедневный буст' }).count()).toBe(0)

    // today's reward, once: the cell is no longer a button once claimed
    const rewards = async () =>
      (
        await stack().server.db.query<{ delta: string }>(
          `SELECT delta::text AS delta FROM ledger WHERE user_id = $1 AND reason = 'task' AND reference LIKE 'dailyReward:%' ORDER BY id`,
          [user.id],
        )
      ).map((r) => r.delta)
    await page.getByRole('button', { name: 'Забрать день 1: +10' }).click()
    await expect.poll(() => page.getByTestId('daily-claimed').count(), { timeout: 10_000 }).toBe(1)
    expect(await page.getByTestId('daily-today').count()).toBe(0)
    expect(await rewards()).toHaveLength(1)
    expect((await serverTask(user, 'dailyReward'))?.state).toBe('done')

    // a minute before 00:00 UTC on the server's clock: the next poll still shows day 1 claimed
    const now = await serverClock()
    const midnight = Math.ceil((now + 1) / 86_400_000) * 86_400_000
    const polled = () =>
      page.waitForResponse((r) => r.url().includes('/mining/tasks?boostType=general'), { timeout: 10_000 })
    await moveServerClock(midnight - now - 60_000)
    let answered = polled()
    await page.clock.fastForward(midnight - now - 60_000)
    await answered
    await page.waitForTimeout(300)
    expect(await page.getByTestId('daily-today').count()).toBe(0)
    expect(await page.getByTestId('daily-claimed').count()).toBe(1)
    // half a minute past it: day 2 is today's, claimed once
    await moveServerClock(90_000)
    answered = polled()
    await page.clock.fastForward(90_000)
    await answered
    await expect
      .poll(
        () =>
          page
            .getByTestId('daily-today')
            .getAttribute('aria-label', { timeout: 1_000 })
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('Забрать день 2: +20')
    expect(await page.getByTestId('daily-claimed').count()).toBe(1)
    await page.getByTestId('daily-today').click()
    await expect.poll(() => page.getByTestId('daily-claimed').count(), { timeout: 10_000 }).toBe(2)
    expect(await rewards()).toHaveLength(2)
    expect((await serverTask(user, 'dailyReward'))?.currentDay).toBe(2)
    // the new day's boost is offered again, read on entering the tab
    expect(await flag()).toBe(true)
    await page.getByTestId('tab-bigpump').click()
    await card(page, 'trade').waitFor()
    await page.getByTestId('tab-boosts').click()
    await page.getByRole('button', { name: 'Забрать ежедневный буст' }).waitFor({ timeout: 10_000 })

    // the session, reported from the wallet, is a recorded regression case
    await pressBack(page)
    await pastBanners(page, page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Кошелёк' }))
    await pastBanners(page, page.getByRole('button', { name: 'Сообщить о проблеме' }))
    await pressMainButton(page, 'Отправить отчёт')
    const ticket = page.getByTestId('ticket')
    await ticket.waitFor({ timeout: 15_000 })
    const res = await fetch(`${stack().server.url}/bugReport/${await ticket.textContent()}`)
    const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
    if (!decoded.ok) throw new Error(decoded.error)
    const log = decoded.log
    expect(log.events.filter((e) => e.type === 'tasks/dailyRewardClaimed')).toHaveLength(2)
    expect(log.events.filter((e) => e.type === 'tasks/dailyBoostActivated')).toHaveLength(1)
    const folded = fold(log.events).tasks
    expect(folded.daily).toEqual({ claiming: false, claimed: false, error: null })
    expect(folded.dailyBoost.flagged).toBe(true)
    const daily = folded.lists.boosts.groups?.daily?.find((t) => t.code === 'dailyReward')
    expect(daily?.currentDay).toBe(2)
    if (process.env.RECORD_REPLAYS === '1') {
      writeFileSync('tests/replays/tasks-daily-reward-turn.log.json', JSON.stringify(log, null, 1) + '\n')
      writeFileSync(
        'tests/replays/tasks-daily-reward-turn.expected.json',
        JSON.stringify(fold(log.events), null, 1) + '\n',
      )
    }
    await context.close()
  }, 90_000)
})
