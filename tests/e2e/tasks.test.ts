/**
 * Tasks and airdrops in the browser, against the reference server in dev mode:
 * a partner subscription through its verification timer (link, start event, the countdown kept over
 * a reload, done by the server's state once it ends); the start parameters tab and boostToOpen
 * opening the burn card once; the screen in Russian; axe and overflow at 390 and 320 px in both
 * themes, on the boosts tab, the bigpump tab and the locked airdrops. With RECORD_REPLAYS=1 the
 * boostToOpen session, the verified subscription, the PUNK staking boost, the partner wallet's
 * refusal and the airdrops are kept as recorded logs in tests/replays/.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { decodeLog } from '../../domain/log'
import { fold } from '../../domain/state'
import type { Page } from 'playwright-core'
import { signInitData } from '../../server/kernel/auth'
import { DEMO_WALLET, demoWalletProof } from '../../server/standins/demoWallet'
import { inviteCodeOfUser, inviteParam } from '../../server/friends/referrals'
import type { Task } from '../../domain/tasks/codecs'
import { isDone, taskByCode } from '../../domain/tasks/selectors'
import { keepReplay, reportedLog, typesOf } from './journeyLog'
import {
  DARK_THEME,
  LIGHT_THEME,
  TEST_BOT_TOKEN,
  type TestUser,
  callApi,
  expectAccessible,
  expectNoOverflow,
  newPhoneContext,
  newUser,
  openApp,
  openAppIn,
  pressBack,
  pressMainButton,
  settle,
  telegramCalls,
  useStack,
  homeSettled,
} from './harness'

const stack = useStack('development')

/** A miner already (a first visit to /mining would show the onboarding first). */
async function miner(over: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(over)
  await callApi(stack(), user, '/mining/user', {})
  return user
}

/** A task of the list the client holds: done by its amounts or by the server's word. */
const done = (task: Task | undefined) => task !== undefined && (isDone(task) || task.state === 'done')
const card = (page: Page, code: string) => page.locator(`[data-task="${code}"]`)

async function accessibleAndFitting(page: Page, where: string) {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 })
    await settle(page)
    await expectAccessible(page, `${where} [${width} px]`)
    await expectNoOverflow(page, where)
  }
}

describe('tasks in the browser', () => {
  it('[tasks.24] [tasks.25] [tasks.26] a partner subscription: its link, the countdown kept over a reload, then done by the server once it ends', async () => {
    const user = await miner()
    // The page runs on a clock the test can move, and so does the server: the 52 s timer is not waited out.
    const context = await stack().browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
    })
    await context.clock.install()
    const page = await openAppIn(context, stack(), { user, path: '/mining/tasks/boosts' })
    const task = card(page, 'bitgetSite')
    await task.getByRole('button').click()
    // a link outside Telegram opens in the browser
    await expect
      .poll(async () =>
        (await telegramCalls(page)).some(
          (c) => c.type === 'web_app_open_link' && c.data?.url === 'https://web3.bitget.com/',
        ),
      )
      .toBe(true)
    await expect.poll(() => task.textContent()).toContain('Confirming in progress')
    const left = async () => {
      const [m, s] = ((await page.getByTestId('verify-bitgetSite').textContent()) ?? '').split(':').slice(1).map(Number)
      return m * 60 + s
    }
    // 52 s less the random 1-10 s: 42 to 51 s. The screen rounds up, and "now" is the page's clock plus the
    // server's offset, which carries a request's latency: a timer of 51 s can read 52 on the first tick.
    const first = await left()
    expect(first).toBeGreaterThanOrEqual(40)
    expect(first).toBeLessThanOrEqual(52)
    expect(await page.locator('[data-testid="verify-bitgetSite"].task-countdown--urgent').count()).toBe(1)
    // the server recorded the start
    const verifying = async () =>
      (
        await callApi<{ tasks: { partner: { code: string; state?: string }[] } }>(
          stack(),
          user,
          '/mining/tasks?boostType=general',
        )
      ).tasks.partner.find((t) => t.code === 'bitgetSite')?.state
    expect(await verifying()).toBe('verifying')
    // a reload keeps the countdown (local storage), never starting it again
    await page.waitForTimeout(2_000)
    await page.reload()
    await page.getByTestId('verify-bitgetSite').waitFor()
    expect(await left()).toBeLessThan(first)
    // when it ends, the list is asked again and the server's state shows: both clocks move past its end
    const moved = await fetch(stack().server.url + '/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 60_000 }),
    })
    expect(moved.status).toBe(200)
    await page.clock.fastForward(60_000)
    await expect.poll(() => task.textContent(), { timeout: 20_000, interval: 500 }).toContain('Done')
    expect(await page.getByTestId('verify-bitgetSite').count()).toBe(0)
    expect(await verifying()).toBe('done')
    // the journey, reload included, reported from the wallet, is a recorded regression case
    await pressBack(page)
    const log = await reportedLog(page, stack())
    expect(typesOf(log)).toEqual(
      expect.arrayContaining(['tasks/taskOpened', 'tasks/verifyStarted', 'tasks/timersRestored', 'tasks/verifyEnded']),
    )
    expect(log.events.filter((e) => e.type === 'tasks/verifyStarted')).toHaveLength(1)
    const folded = fold(log.events).tasks
    expect(done(taskByCode(folded, 'bitgetSite'))).toBe(true)
    expect(folded.timers).toEqual([])
    keepReplay('tasks-subscription-verified', log)
    await page.context().close()
  }, 60_000)

  it("[tasks.2] [tasks.18] the start parameters tab and boostToOpen open the tasks on that tab and the burn card's screen; moving between tabs does not open it again", async () => {
    const user = await miner()
    const page = await openApp(stack(), { user, startParam: 'tab-boosts-boostToOpen-burnFest' })
    const sheet = page.getByRole('dialog', { name: 'Burn PUNK' })
    await sheet.waitFor()
    expect(await page.locator('[role="tab"][aria-selected="true"]').textContent()).toBe('Boosts')
    expect(await card(page, 'burnFest').evaluate((el) => el.classList.contains('task-card--highlight'))).toBe(true)
    expect(await sheet.textContent()).toContain('Network fee about 0.005 TON')
    await sheet.getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('tab-bigpump').click()
    await card(page, 'trade').waitFor()
    await page.getByTestId('tab-boosts').click()
    await card(page, 'burnFest').waitFor()
    await page.waitForTimeout(500)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await page.context().close()
  })

  it('the screen in Russian, and the airdrops locked for a user without 3 invited friends', async () => {
    const user = await miner({ language_code: 'ru' })
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'kombat').waitFor()
    expect(await page.locator('[role="tab"]').allTextContents()).toEqual(['Big Pump', 'Бусты', 'Подписки', 'Аирдропы'])
    expect(await page.locator('h1').textContent()).toBe('Задания')
    expect(await card(page, 'kombat').textContent()).toContain('Подписка: Kombat')
    expect(await page.locator('.section__header').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Торговля'), expect.stringContaining('Партнёры')]),
    )
    await page.getByTestId('tab-airdrops').click()
    await expect
      .poll(() => page.getByTestId('airdrops-locked').textContent())
      .toContain('Аирдропы откроются, когда вы пригласите 3 друзей')
    expect(await page.getByTestId('airdrops-locked').textContent()).toContain('Приглашено: 0 из 3')
    await page.context().close()
  })

  it('a TON wallet over TonConnect (tasks.58) completes addWallet, and moves the staking boost on: the staking bot, then the check as the server answers it', async () => {
    const user = await miner()
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'punkStaking').getByRole('button').click()
    const sheet = page.getByTestId('punk-staking')
    expect(await sheet.getAttribute('data-step')).toBe('not-connected')
    expect(await sheet.getByRole('button', { name: 'Check' }).isDisabled()).toBe(true)
    await sheet.getByRole('button', { name: 'Connect a TON wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: /Connect to SWITCH Wallet\?/ })
    await wallet.waitFor({ timeout: 15_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => sheet.getAttribute('data-step'), { timeout: 15_000 }).toBe('connected')
    // on 200 the tasks were asked again: addWallet is done on the server and on the card
    await expect.poll(() => card(page, 'addWallet').textContent(), { timeout: 10_000 }).toContain('Done')
    // linked with the demo wallet's ton_proof, signed with its key for this page's host: the server proved the account
    const linked = await stack().server.db.query<{ raw_address: string; proven: boolean }>(
      'SELECT raw_address, proven_at IS NOT NULL AS proven FROM task_ton_wallets WHERE user_id = $1',
      [user.id],
    )
    expect(linked).toEqual([{ raw_address: DEMO_WALLET.raw, proven: true }])
    await sheet.getByRole('button', { name: 'Stake PUNK in the staking bot' }).click()
    await expect
      .poll(async () =>
        (await telegramCalls(page)).some(
          (c) => c.type === 'web_app_open_tg_link' && String(c.data?.path_full).startsWith('/punk_staking_bot'),
        ),
      )
      .toBe(true)
    expect(await sheet.getAttribute('data-step')).toBe('staked')
    // the step is kept locally: a reload opens the sheet on it
    await page.reload()
    await card(page, 'punkStaking').getByRole('button').click()
    await expect.poll(() => page.getByTestId('punk-staking').getAttribute('data-step')).toBe('staked')
    await page.getByTestId('punk-staking').getByRole('button', { name: 'Check' }).click()
    // the server judges from the PUNK the user holds with us: a dev user's starter 1000 PUNK is the task's minStaking
    const staking = page.getByTestId('punk-staking')
    await expect.poll(() => staking.getAttribute('data-step'), { timeout: 10_000 }).toBe('checked')
    expect(await staking.textContent()).toContain('Checked: your boost is on')
    const state = async () =>
      (
        await callApi<{ tasks: { connect: { code: string; state?: string }[] } }>(
          stack(),
          user,
          '/mining/tasks?boostType=general',
        )
      ).tasks.connect.find((t) => t.code === 'punkStaking')?.state
    expect(await state()).toBe('done')
    // the journey, reload included, reported from the wallet, is a recorded regression case
    await page.keyboard.press('Escape')
    await expect.poll(() => staking.count()).toBe(0)
    await pressBack(page)
    const log = await reportedLog(page, stack())
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'tasks/walletRequested',
        'tasks/walletSet',
        'tasks/punkStakeOpened',
        'tasks/punkStakingRestored',
        'tasks/punkStakingCheckRequested',
        'tasks/punkStakingChecked',
      ]),
    )
    const folded = fold(log.events).tasks
    expect(folded.punkStaking).toMatchObject({ step: 'checked', open: false, failure: null })
    expect(done(taskByCode(folded, 'addWallet'))).toBe(true)
    keepReplay('tasks-add-wallet-and-punk-staking', log)
    await page.context().close()
  }, 90_000)

  it("a wallet another account has linked is not linked: the demo wallet's real proof reaches the server, which refuses it, and the sheet says why", async () => {
    // another user links the demo wallet first, with its proof, as the browser would (a test before
    // may have linked it to its own user: one wallet, one account, so that one lets it go first)
    await stack().server.db.query('DELETE FROM task_ton_wallets WHERE raw_address = $1', [DEMO_WALLET.raw])
    const other = await miner()
    const { payload } = await callApi<{ payload: string }>(stack(), other, '/mining/tonProof/payload', {})
    const proof = demoWalletProof(new URL(stack().server.url).host, payload, stack().server.clock.now())
    expect(await callApi(stack(), other, '/mining/tonWallet', { walletAddress: DEMO_WALLET.friendly, proof })).toEqual({
      ok: true,
    })
    const user = await miner()
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'punkStaking').getByRole('button').click()
    const sheet = page.getByTestId('punk-staking')
    await sheet.getByRole('button', { name: 'Connect a TON wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: /Connect to SWITCH Wallet\?/ })
    await wallet.waitFor({ timeout: 15_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await sheet
      .getByText('Could not set the wallet: this wallet is linked to another account.')
      .waitFor({ timeout: 15_000 })
    expect(await sheet.getAttribute('data-step')).toBe('not-connected')
    const tasks = await callApi<{ tasks: { connect: { code: string; state?: string }[] } }>(
      stack(),
      user,
      '/mining/tasks?boostType=general',
    )
    expect(tasks.tasks.connect.find((t) => t.code === 'addWallet')?.state).not.toBe('done')
    // the wallet is disconnected: the next try asks the wallet again, for a new proof
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ton-connect-storage_bridge-connection')), {
        timeout: 10_000,
      })
      .toBeNull()
    // the other user lets it go (links another wallet): it is one account's again
    await stack().server.db.query('DELETE FROM task_ton_wallets WHERE user_id = $1', [other.id])
    await page.context().close()
  })

  it("[tasks.62] the partner wallet boost refuses a wallet app that is not the partner's: the demo wallet connects, is refused and disconnected, nothing is set", async () => {
    const user = await miner()
    const page = await openApp(stack(), { user, path: '/mining/tasks/boosts' })
    await card(page, 'bitgetWallet').getByRole('button').click()
    const sheet = page.getByTestId('partner-wallet')
    await sheet.getByRole('button', { name: 'Download Bitget Wallet' }).click()
    await expect
      .poll(async () =>
        (await telegramCalls(page)).some(
          (c) => c.type === 'web_app_open_link' && c.data?.url === 'https://web3.bitget.com/',
        ),
      )
      .toBe(true)
    expect(await sheet.getAttribute('data-step')).toBe('downloaded')
    await sheet.getByRole('button', { name: 'Connect Bitget Wallet' }).click()
    const wallet = page.getByRole('dialog', { name: 'Demo wallet' }).filter({ hasText: /Connect to SWITCH Wallet\?/ })
    await wallet.waitFor({ timeout: 15_000 })
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('partner-wallet-error')
            .textContent({ timeout: 500 })
            .catch(() => null),
        { timeout: 15_000 },
      )
      .toBe('That was another wallet app. The boost needs Bitget Wallet: connect Bitget Wallet instead.')
    expect(await sheet.getAttribute('data-step')).toBe('downloaded')
    const tasks = await callApi<{ tasks: { connect: { code: string; state?: string }[] } }>(
      stack(),
      user,
      '/mining/tasks?boostType=general',
    )
    expect(tasks.tasks.connect.find((t) => t.code === 'addWallet')?.state).not.toBe('done')
    // the journey, reported from the wallet, is a recorded regression case
    await page.keyboard.press('Escape')
    await expect.poll(() => sheet.count()).toBe(0)
    await pressBack(page)
    const log = await reportedLog(page, stack())
    expect(typesOf(log)).toEqual(
      expect.arrayContaining([
        'tasks/partnerWalletOpened',
        'tasks/partnerWalletDownloaded',
        'tasks/partnerWalletConnectRequested',
        'tasks/partnerWalletRefused',
      ]),
    )
    expect(log.events.some((e) => e.type === 'tasks/partnerWalletConnected')).toBe(false)
    expect(fold(log.events).tasks.partnerWallet).toMatchObject({ step: 'downloaded', open: false, refused: true })
    keepReplay('tasks-partner-wallet-refused', log)
    await page.context().close()
  }, 60_000)

  it("[airdrops.1] [airdrops.7] the airdrops are locked with 2 invited friends and open with the third; an airdrop task's tap opens its link, confirms it, and the airdrops are asked again 15 s later", async () => {
    const user = await miner()
    const startParam = inviteParam(await inviteCodeOfUser(stack().server.db, user.id))
    // a friend's first contact is a launch with the invite's start parameter
    const invite = (friend: TestUser) =>
      fetch(`${stack().server.url}/mining/user`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user: friend, startParam }),
        },
        body: '{}',
      })
    for (let i = 0; i < 2; i++) await invite(newUser({ first_name: `Friend ${i}` }))
    // The page's clock is the test's to move: the 15 s refresh is checked on it, not waited out.
    const context = await stack().browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
    })
    await context.clock.install()
    const page = await openAppIn(context, stack(), { user, path: '/mining/tasks/airdrops' })
    await expect
      .poll(() =>
        page
          .getByTestId('airdrops-locked')
          .textContent({ timeout: 1_000 })
          .catch(() => null),
      )
      .toContain('Invited: 2 of 3')
    await invite(newUser({ first_name: 'Friend 2' }))
    // entering the tab again asks at once
    await page.getByTestId('tab-boosts').click()
    await page.getByTestId('tab-airdrops').click()
    // the pools show while locked too (what there is to win); the answer asked again unlocks them
    await page.getByTestId('pool-tston').waitFor()
    await expect.poll(() => page.getByTestId('airdrops-locked').count()).toBe(0)
    const asked: number[] = []
    page.on('request', (r) => r.url().includes('/mining/tasks?boostType=airdrop') && asked.push(Date.now()))
    const confirmed = page.waitForRequest((r) => r.url().includes('/mining/confirmSubscription'))
    const task = page
      .locator('.section')
      .filter({ hasText: /tsTON/i })
      .getByRole('button', { name: /Subscribe to the channel/ })
    await task.click()
    expect((await confirmed).postDataJSON()).toEqual({ subscriptionType: 'subscription', airdropId: 'tston' })
    await expect.poll(async () => (await telegramCalls(page)).some((c) => c.type === 'web_app_open_tg_link')).toBe(true)
    // 14 s after the tap nothing is asked yet; at 15 s the airdrops are asked again
    await page.clock.fastForward(14_000)
    await page.waitForTimeout(500)
    expect(asked).toEqual([])
    const refreshed = page.waitForResponse((r) => r.url().includes('/mining/tasks?boostType=airdrop'))
    await page.clock.fastForward(1_000)
    await expect.poll(() => asked.length, { timeout: 5_000, interval: 100 }).toBeGreaterThan(0)
    // the journey, reported from the wallet, is a recorded regression case
    await refreshed
    await pressBack(page)
    const log = await reportedLog(page, stack())
    const answers = log.events
      .filter((e) => e.type === 'tasks/airdropsReceived')
      .map((e) => (e.payload as { answer: { friendsAmount: number } }).answer.friendsAmount)
    expect([answers[0], answers.at(-1)]).toEqual([2, 3])
    expect(answers.filter((n) => n === 3).length).toBeGreaterThanOrEqual(2)
    expect(log.events.filter((e) => e.type === 'tasks/airdropTaskOpened').map((e) => e.payload)).toEqual([
      { airdropId: 'tston', code: 'subscription' },
    ])
    expect(fold(log.events).tasks.airdrops.answer?.friendsAmount).toBe(3)
    keepReplay('airdrops-unlocked-and-task-opened', log)
    await page.context().close()
  }, 60_000)

  it('records boostToOpen opening a partner subscription and its timer as a regression case', async () => {
    const user = await miner({ first_name: 'Tia' })
    const page = await openApp(stack(), { user, startParam: 'tab-boosts-boostToOpen-kombat' })
    await page.getByTestId('verify-kombat').waitFor()
    await expect
      .poll(async () =>
        (await telegramCalls(page)).some(
          (c) => c.type === 'web_app_open_tg_link' && String(c.data?.path_full).startsWith('/hamster_kombat_bot'),
        ),
      )
      .toBe(true)
    // back to the mining screen under it, then the wallet's report
    await pressBack(page)
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Wallet' }).click()
    await homeSettled(page)
    await page.getByRole('button', { name: 'Report a problem' }).click()
    await pressMainButton(page, 'Send report')
    const ticket = page.getByTestId('ticket')
    await ticket.waitFor({ timeout: 15_000 })
    const res = await fetch(`${stack().server.url}/bugReport/${await ticket.textContent()}`)
    const decoded = decodeLog(((await res.json()) as { log: unknown }).log)
    if (!decoded.ok) throw new Error(decoded.error)
    const log = decoded.log
    const started = log.events.find((e) => e.type === 'tasks/verifyStarted')
    expect(started?.payload).toMatchObject({ code: 'kombat' })
    const { cutSeconds, endsAt } = started!.payload as { cutSeconds: number; endsAt: number }
    expect(cutSeconds).toBeGreaterThanOrEqual(1)
    expect(cutSeconds).toBeLessThanOrEqual(10)
    const folded = fold(log.events).tasks
    expect(folded.boostOpened).toBe('kombat')
    expect(folded.timers).toEqual([{ code: 'kombat', endsAt }])
    expect(folded.shown).toBeNull()
    if (process.env.RECORD_REPLAYS === '1') {
      writeFileSync('tests/replays/tasks-boost-to-open-timer.log.json', JSON.stringify(log, null, 1) + '\n')
      writeFileSync(
        'tests/replays/tasks-boost-to-open-timer.expected.json',
        JSON.stringify(fold(log.events), null, 1) + '\n',
      )
    }
    await page.context().close()
  })

  for (const theme of ['light', 'dark'] as const)
    it(`accessible and fitting at 390 and 320 px, ${theme}: the boosts tab with a timer, the bigpump tab, the airdrops, the burn, staking and partner wallet sheets, in English and Russian`, async () => {
      const context = await newPhoneContext(stack(), { colorScheme: theme })
      const themeParams = theme === 'light' ? LIGHT_THEME : DARK_THEME
      for (const language of ['en', 'ru']) {
        const user = await miner({ language_code: language })
        const page = await openAppIn(context, stack(), { user, theme: themeParams, path: '/mining/tasks/boosts' })
        await card(page, 'kombat').getByRole('button').click()
        await page.getByTestId('verify-kombat').waitFor()
        await accessibleAndFitting(page, `tasks boosts ${language} ${theme}`)
        await page.getByTestId('tab-bigpump').click()
        await card(page, 'trade').waitFor()
        await accessibleAndFitting(page, `tasks bigpump ${language} ${theme}`)
        await page.getByTestId('tab-airdrops').click()
        await page.getByTestId('airdrops-locked').waitFor()
        await accessibleAndFitting(page, `tasks airdrops ${language} ${theme}`)
        await page.getByTestId('tab-boosts').click()
        await card(page, 'burnFest').getByRole('button').click()
        await page.getByTestId('burn-amount').fill('2,5')
        await accessibleAndFitting(page, `tasks burn ${language} ${theme}`)
        await page.keyboard.press('Escape')
        await card(page, 'punkStaking').getByRole('button').click()
        await page.getByTestId('punk-staking').waitFor()
        await accessibleAndFitting(page, `tasks staking ${language} ${theme}`)
        await page.keyboard.press('Escape')
        await card(page, 'bitgetWallet').getByRole('button').click()
        await page.getByTestId('partner-wallet').waitFor()
        await accessibleAndFitting(page, `tasks partner wallet ${language} ${theme}`)
        await page.close()
      }
      await context.close()
    }, 120_000)
})
