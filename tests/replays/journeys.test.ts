/**
 * Every journey of both halves (the spec's two documents) has a recorded log in this folder (issue
 * 19), recorded at the end of the browser test that walks it, and its expected state (which
 * replays.test.ts checks the log folds to) shows the journey's outcome. The table below is the
 * index: each journey, its log, and what its expected state must hold; the table of
 * docs/features/devtools.md is the same list.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Task } from '../../domain/tasks/codecs'
import type { AppEvent } from '../../domain/events'
import { isMemberOf } from '../../domain/guilds/selectors'
import { decodeLog } from '../../domain/log'
import type { RootState } from '../../domain/state'
import { isDone, taskByCode } from '../../domain/tasks/selectors'

const DIR = 'tests/replays'
/** Small enough to read in a diff and to fold in a blink: the largest recorded session is 124 KB. */
const MAX_LOG_BYTES = 128 * 1024

type Outcome = (s: RootState, events: readonly AppEvent[]) => void
const count = (events: readonly AppEvent[], type: string) => events.filter((e) => e.type === type).length
const payloads = (events: readonly AppEvent[], type: string) =>
  events.filter((e) => e.type === type).map((e) => e.payload as Record<string, unknown>)
const done = (s: RootState, code: string) => {
  const task: Task | undefined = taskByCode(s.tasks, code)
  return task !== undefined && (isDone(task) || task.state === 'done')
}

export const JOURNEYS: readonly { half: 1 | 2; journey: string; log: string; outcome: Outcome }[] = [
  // Document 1: wallet, swap, send, deposit, copy trading
  {
    half: 1,
    journey: 'wallet home: total balance, the token list expanded',
    log: 'tokens-expanded',
    outcome: (s) => {
      expect(s.wallet.tokensExpanded).toBe(true)
      expect(s.wallet.totals[0].data).not.toBeNull()
    },
  },
  {
    half: 1,
    journey: 'wallet home: a launch in Russian on the wallet of the launch query',
    log: 'russian-launch-wallet-2',
    outcome: (s) => {
      expect(s.app.language).toBe('ru')
      expect(s.wallet.selectedIndex).toBe(1)
    },
  },
  {
    half: 1,
    journey: 'history: pages of 10 as the user scrolls, an entry opened, back to the list',
    log: 'wallet-history-pages-and-entry',
    outcome: (s, events) => {
      expect(s.wallet.history[0].entries.length).toBeGreaterThanOrEqual(20)
      expect(count(events, 'wallet/historyEntryOpened')).toBe(1)
    },
  },
  {
    half: 1,
    journey: 'send: USDT on Arbitrum, checked, sent',
    log: 'send-usdt-on-arbitrum',
    outcome: (s) => {
      expect(s.send).toMatchObject({
        amount: '3.25',
        isChecked: true,
        isSuccess: true,
        token: { symbol: 'USDT', chainId: 42161 },
      })
    },
  },
  {
    half: 1,
    journey: 'deposit (refill): method, asset, the QR of the address',
    log: 'deposit-to-qr',
    outcome: (s) => {
      expect(s.refill.token).toMatchObject({ symbol: 'USDT', chainId: 42161 })
    },
  },
  {
    half: 1,
    journey: 'swap on one chain: USDC to ETH on Arbitrum',
    log: 'swap-usdc-eth-arbitrum',
    outcome: (s, events) => {
      expect(s.swap.executed).toBe(true)
      expect(count(events, 'swap/executionStarted')).toBe(1)
    },
  },
  {
    half: 1,
    journey: 'swap to a TON token (simulate and swap), in Russian',
    log: 'swap-ton-tston-ru',
    outcome: (s) => {
      expect(s.swap.executed).toBe(true)
      expect(s.swap.to?.symbol).toBe('tsTON')
    },
  },
  {
    half: 1,
    journey: 'copy trading: start, a copied swap, stop',
    log: 'copy-trade-start-and-stop',
    outcome: (s) => {
      const id = s.copyTrade.started?._id as string
      expect(s.copyTrade.trades?.find((t) => t._id === id)?.dttmDeactivated).toBeTruthy()
      expect(s.copyTrade.swaps[id].data?.length).toBeGreaterThan(0)
    },
  },
  {
    half: 1,
    journey: 'settings: the wallet switched, the language changed',
    log: 'switch-wallet-and-language',
    outcome: (s) => {
      expect(s.wallet.selectedIndex).toBe(1)
      expect(s.app.language).toBe('ru')
    },
  },
  // Document 2: mining, tasks, airdrops, friends, guilds, staking, proof of humanity, banners
  {
    half: 2,
    journey: 'mining: first visit (profile, onboarding), then a claim',
    log: 'mining-first-visit-and-claim',
    outcome: (s) => {
      expect(s.mining.onboardingSeen).toBe(true)
      expect(s.mining.lastClaim?.outcome).toBe('claimed')
    },
  },
  {
    half: 2,
    journey: 'autoclaim paid in TON from this wallet (dry run, transfer)',
    log: 'mining-autoclaim-ton-from-wallet',
    outcome: (s, events) => {
      expect(s.mining.autoclaim.offer?.active).toBe(true)
      expect(count(events, 'mining/autoclaimTransferred')).toBe(1)
    },
  },
  {
    half: 2,
    journey: 'autoclaim paid in Stars (the invoice)',
    log: 'mining-autoclaim-stars',
    outcome: (s, events) => {
      expect(s.mining.autoclaim.offer?.active).toBe(true)
      expect(payloads(events, 'mining/autoclaimInvoiceClosed').map((p) => p.status)).toEqual(['paid'])
    },
  },
  {
    half: 2,
    journey: 'tasks, swap task: a swap on the screen the task leads to completes it',
    log: 'tasks-swap-task-arbitrum',
    outcome: (s) => {
      expect([done(s, 'arbSwaps'), done(s, 'dailySwap'), done(s, 'baseSwaps')]).toEqual([true, true, false])
    },
  },
  {
    half: 2,
    journey: 'tasks, burn: PUNK burned, the boost task done',
    log: 'tasks-burn-punk',
    outcome: (s, events) => {
      expect(done(s, 'burnFest')).toBe(true)
      expect(payloads(events, 'tasks/burned').map((p) => p.amount)).toEqual(['250'])
    },
  },
  {
    half: 2,
    journey: 'tasks, daily reward and daily boost: claimed, the day turning at 00:00 UTC',
    log: 'tasks-daily-reward-turn',
    outcome: (s, events) => {
      expect(s.tasks.lists.boosts.groups?.daily?.find((t) => t.code === 'dailyReward')?.currentDay).toBe(2)
      expect(count(events, 'tasks/dailyRewardClaimed')).toBe(2)
      expect(count(events, 'tasks/dailyBoostActivated')).toBe(1)
    },
  },
  {
    half: 2,
    journey: 'tasks, open league: badge, trade, taken back to trade by the list (three launches)',
    log: 'tasks-open-league-ru',
    outcome: (s, events) => {
      expect(s.tasks.openLeague.step).toBe('trade')
      expect(count(events, 'tasks/openLeagueTradeOpened')).toBe(1)
    },
  },
  {
    half: 2,
    journey: 'tasks, subscription: boostToOpen opens it, its verification timer starts',
    log: 'tasks-boost-to-open-timer',
    outcome: (s) => {
      expect(s.tasks.boostOpened).toBe('kombat')
      expect(s.tasks.timers.map((t) => t.code)).toEqual(['kombat'])
    },
  },
  {
    half: 2,
    journey: 'tasks, subscription: the timer kept over a reload, then verified done',
    log: 'tasks-subscription-verified',
    outcome: (s) => {
      expect(done(s, 'bitgetSite')).toBe(true)
      expect(s.tasks.timers).toEqual([])
    },
  },
  {
    half: 2,
    journey: 'tasks, PUNK staking: a TON wallet set (addWallet), staked, checked',
    log: 'tasks-add-wallet-and-punk-staking',
    outcome: (s) => {
      expect(s.tasks.punkStaking.step).toBe('checked')
      expect(done(s, 'addWallet')).toBe(true)
    },
  },
  {
    half: 2,
    journey: 'boosts: the partner wallet boost refuses another wallet app',
    log: 'tasks-partner-wallet-refused',
    outcome: (s) => {
      expect(s.tasks.partnerWallet).toMatchObject({ step: 'downloaded', refused: true })
    },
  },
  {
    half: 2,
    journey: 'airdrops: unlocked by the third friend, a task opened and confirmed',
    log: 'airdrops-unlocked-and-task-opened',
    outcome: (s, events) => {
      expect(s.tasks.airdrops.answer?.friendsAmount).toBe(3)
      expect(payloads(events, 'tasks/airdropTaskOpened')).toEqual([{ airdropId: 'tston', code: 'subscription' }])
    },
  },
  {
    half: 2,
    journey: "friends: the invite shared and copied, a friend's bonus",
    log: 'friends-invite-and-bonus',
    outcome: (s) => {
      expect(s.friends.stats?.ordinary_friends).toBe(1)
      expect(s.friends.list.friends).toHaveLength(1)
    },
  },
  {
    half: 2,
    journey: 'guilds: the rank board, alliance mode, a join by a typed link, its page',
    log: 'guilds-board-and-join-by-link',
    outcome: (s) => {
      expect(isMemberOf(s.guilds, 'night_owls')).toBe(true)
    },
  },
  {
    half: 2,
    journey: 'alliances: the start parameter joins, leave after the popup',
    log: 'guilds-alliance-join-leave',
    outcome: (s, events) => {
      expect(isMemberOf(s.guilds, 'ton_whales')).toBe(false)
      expect(count(events, 'guilds/joined')).toBe(1)
      expect(count(events, 'guilds/allianceLeft')).toBe(1)
    },
  },
  {
    half: 2,
    journey: 'staking: a free period deposited, matured, claimed',
    log: 'staking-deposit-and-claim',
    outcome: (s) => {
      expect(s.staking.deposits).toMatchObject([{ amount: '250', period: '3m' }])
      expect(s.staking.deposits?.[0].dttmClaimed).toBeTruthy()
      expect(s.staking.balance?.locked).toBe('0')
    },
  },
  {
    half: 2,
    journey: 'staking: a paid period by Stars, cancelled once, then paid',
    log: 'staking-paid-period-by-stars',
    outcome: (s, events) => {
      expect(s.staking.deposits).toMatchObject([{ amount: '300', period: '3mhp', dttmClaimed: null }])
      expect(payloads(events, 'staking/invoiceClosed').map((p) => p.status)).toEqual(['cancelled', 'paid'])
    },
  },
  {
    half: 2,
    journey: 'staking: the soulbound token claimed through a TON wallet',
    log: 'staking-sbt-claim',
    outcome: (s) => {
      expect(s.staking.sbts).toEqual(['3m'])
      expect(s.staking.sbtClaim).toEqual({ step: 'idle' })
    },
  },
  {
    half: 2,
    journey: 'proof of humanity, paid from this wallet: the prompt, a wrong code, the right one',
    log: 'poh-internal-code',
    outcome: (s, events) => {
      expect(s.poh.confirmed).toBe(true)
      expect(payloads(events, 'poh/wayChosen').map((p) => p.way)).toEqual(['internal'])
    },
  },
  {
    half: 2,
    journey: 'proof of humanity, paid in Stars (ru)',
    log: 'poh-stars-code-ru',
    outcome: (s, events) => {
      expect(s.poh.confirmed).toBe(true)
      expect(payloads(events, 'poh/wayChosen').map((p) => p.way)).toEqual(['star'])
    },
  },
  {
    half: 2,
    journey: 'proof of humanity, paid from another wallet over TonConnect',
    log: 'poh-external-wallet',
    outcome: (s, events) => {
      expect(s.poh.confirmed).toBe(true)
      expect(payloads(events, 'poh/wayChosen').map((p) => p.way)).toEqual(['external'])
    },
  },
  {
    half: 2,
    journey: "banners: a second device takes the banners' state from Telegram's cloud",
    log: 'banners-second-device',
    outcome: (s, events) => {
      expect(s.banners.saved?.passed).toMatchObject({ openLeagueIntro: true, bigPumpDecember: true })
      expect(count(events, 'banners/shown')).toBe(1)
    },
  },
]

const logs = readdirSync(DIR)
  .filter((f) => f.endsWith('.log.json'))
  .map((f) => f.replace('.log.json', ''))

describe('every journey of both halves has a recorded log', () => {
  it('the table names each log in this folder once, and each log it names is here', () => {
    expect([...JOURNEYS.map((j) => j.log)].sort()).toEqual([...logs].sort())
  })

  for (const { journey, log, outcome } of JOURNEYS)
    it(`${log}: its expected state shows the outcome (${journey})`, () => {
      const decoded = decodeLog(readFileSync(join(DIR, `${log}.log.json`), 'utf8'))
      if (!decoded.ok) throw new Error(decoded.error)
      const expected = JSON.parse(readFileSync(join(DIR, `${log}.expected.json`), 'utf8')) as RootState
      outcome(expected, decoded.log.events)
    })

  it('each log is small and holds no init-data hash, signature or idempotency key', () => {
    for (const log of logs) {
      const file = join(DIR, `${log}.log.json`)
      expect(statSync(file).size, log).toBeLessThanOrEqual(MAX_LOG_BYTES)
      const text = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')))
      expect(text, log).not.toMatch(/(hash|signature|tgWebAppData)=(?!\[redacted\])/)
      expect(text, log).not.toMatch(
        /"(hash|signature|telegramRawData|initData|initDataRaw|idempotencyKey)":"(?!\[redacted\]")/,
      )
    }
  })

  it('the devtools page lists the same journeys', () => {
    const page = readFileSync('docs/features/devtools.md', 'utf8')
    const listed = [...page.matchAll(/^\| [^|]+ \| `tests\/replays\/([a-z0-9-]+)\.log\.json` +\|$/gm)].map((m) => m[1])
    expect(listed.sort()).toEqual([...JOURNEYS.map((j) => j.log)].sort())
  })
})
