import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { burnNeedsSwap, burnToSend, cardTap, taskByCode } from '../../../domain/tasks/selectors'
import { launch } from '../fixtures/events'
import { airdrops, groups } from './fixtures'

const log = (inputs: EventInput[]): AppEvent[] =>
  inputs.map((e, i) => ({ ...e, seq: i + 1, at: 1_000 * (i + 1) }) as AppEvent)
const tasksOf = (inputs: EventInput[]) => fold(log(inputs)).tasks
const offline = { kind: 'network', message: 'offline' } as const
const received: EventInput = { type: 'tasks/received', payload: { tab: 'boosts', groups: groups() } }

describe('the tasks slice', () => {
  it('entering a tab marks it shown and loading until its first answer; a failure keeps what was shown; leaving clears the tab', () => {
    let s = tasksOf([{ type: 'tasks/entered', payload: { tab: 'boosts' } }])
    expect(s.shown).toBe('boosts')
    expect(s.lists.boosts.loading).toBe(true)
    s = tasksOf([
      { type: 'tasks/entered', payload: { tab: 'boosts' } },
      received,
      { type: 'tasks/failed', payload: { tab: 'boosts', error: offline } },
    ])
    expect(s.lists.boosts.groups).toEqual(groups())
    expect(s.lists.boosts.error).toEqual(offline)
    s = tasksOf([
      { type: 'tasks/entered', payload: { tab: 'airdrops' } },
      { type: 'tasks/airdropsReceived', payload: { answer: airdrops() } },
      { type: 'tasks/left', payload: {} },
    ])
    expect(s.shown).toBeNull()
    expect(s.airdrops).toEqual({ answer: airdrops(), loading: false, error: null })
  })

  it("the server clock's offset is the record's serverTime less the event's time", () => {
    expect(tasksOf([{ type: 'tasks/recordRead', payload: { speed: '1.5', serverTime: 5_000 } }])).toMatchObject({
      speed: '1.5',
      serverOffset: 4_000,
    })
  })

  it("today's reward: one claim at a time, claimed until the list answers again", () => {
    const claim: EventInput = { type: 'tasks/dailyRewardRequested', payload: {} }
    expect(tasksOf([claim]).daily).toEqual({ claiming: true, claimed: false, error: null })
    expect(tasksOf([claim, { type: 'tasks/dailyRewardClaimed', payload: {} }, claim]).daily).toEqual({
      claiming: false,
      claimed: true,
      error: null,
    })
    expect(tasksOf([claim, { type: 'tasks/dailyRewardClaimed', payload: {} }, received]).daily.claimed).toBe(false)
    expect(tasksOf([claim, { type: 'tasks/dailyRewardFailed', payload: { error: offline } }]).daily).toEqual({
      claiming: false,
      claimed: false,
      error: offline,
    })
  })

  it('[tasks.23] the daily boost: claimable only while flagged; once activated its flag clears, and a stale read during the claim does not bring it back', () => {
    expect(tasksOf([{ type: 'tasks/dailyBoostRequested', payload: {} }]).dailyBoost.claiming).toBe(false)
    const flagged: EventInput = { type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: true } }
    const s = tasksOf([
      flagged,
      { type: 'tasks/dailyBoostRequested', payload: {} },
      { type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: false } },
    ])
    expect(s.dailyBoost).toEqual({ flagged: true, claiming: true, error: null })
    expect(
      tasksOf([
        flagged,
        { type: 'tasks/dailyBoostRequested', payload: {} },
        { type: 'tasks/dailyBoostActivated', payload: {} },
      ]).dailyBoost,
    ).toMatchObject({ flagged: false, claiming: false, error: null })
  })

  it("timers: a start replaces the code's timer; a restore adds only codes not running; an end removes it", () => {
    const s = tasksOf([
      { type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 1, endsAt: 10 } },
      { type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 2, endsAt: 20 } },
      {
        type: 'tasks/timersRestored',
        payload: {
          timers: [
            { code: 'kombat', endsAt: 99 },
            { code: 'cube', endsAt: 30 },
          ],
        },
      },
    ])
    expect(s.timers).toEqual([
      { code: 'kombat', endsAt: 20 },
      { code: 'cube', endsAt: 30 },
    ])
    expect(
      tasksOf([
        { type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 1, endsAt: 10 } },
        { type: 'tasks/verifyEnded', payload: { code: 'kombat' } },
      ]).timers,
    ).toEqual([])
  })

  it('[tasks.19] boostToOpen is used once a session; a new launch starts the session afresh', () => {
    const found = (code: string): EventInput => ({ type: 'tasks/boostToOpenFound', payload: { code } })
    expect(tasksOf([found('burnFest'), found('kombat')]).boostOpened).toBe('burnFest')
    expect(tasksOf([found('burnFest'), { type: 'app/launched', payload: launch() }]).boostOpened).toBeNull()
  })

  it('the burn: what a tap may send (tasks.34), one at a time, its answer, and the codes that go to the swap (tasks.40)', () => {
    const opened: EventInput[] = [received, { type: 'tasks/burnOpened', payload: { code: 'burnFest' } }]
    const typed = (text: string): EventInput => ({ type: 'tasks/burnAmountChanged', payload: { text } })
    expect(burnToSend(tasksOf([...opened, typed('0.99')]))).toBeNull()
    expect(burnToSend(tasksOf([...opened, typed('1')]))).toBe('1')
    expect(burnToSend(tasksOf([...opened, typed(' 12,50 ')]))).toBe('12.5')
    // a burn task the lists do not hold sends nothing
    expect(burnToSend(tasksOf([{ type: 'tasks/burnOpened', payload: { code: 'burnFest' } }, typed('3')]))).toBeNull()
    const sending = tasksOf([
      ...opened,
      typed('3'),
      { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } },
      typed('4'),
    ])
    expect(sending.burn).toMatchObject({ step: 'sending', text: '3', amount: '3', idempotencyKey: 'k' })
    expect(burnToSend(sending)).toBeNull()
    const failed = (errorCode: number) =>
      tasksOf([
        ...opened,
        typed('3'),
        { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } },
        { type: 'tasks/burnFailed', payload: { errorCode, errorMessage: 'x' } },
      ])
    expect(failed(4002).burn).toMatchObject({
      step: 'entry',
      idempotencyKey: null,
      error: { errorCode: 4002, errorMessage: 'x' },
    })
    expect([4001, 4002, 4003, 500].map((c) => burnNeedsSwap(failed(c).burn))).toEqual([false, true, true, false])
    // closing while it is out keeps the burn; its answer still lands
    const closed = tasksOf([
      ...opened,
      typed('3'),
      { type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } },
      { type: 'tasks/burnClosed', payload: {} },
      { type: 'tasks/burned', payload: { amount: '3' } },
    ])
    expect(closed.burn).toMatchObject({ code: null, step: 'burned', amount: '3' })
  })

  it("a card's tap: a burn opens its screen, the autoclaim its modal, a task with a link opens it, a code the lists do not hold does nothing", () => {
    const s = tasksOf([
      received,
      {
        type: 'tasks/received',
        payload: { tab: 'bigpump', groups: { trade: [{ code: 'autoclaim', type: 'autoclaim' }] } },
      },
    ])
    expect(cardTap(s, 'burnFest')).toEqual({ type: 'tasks/burnOpened', payload: { code: 'burnFest' } })
    expect(cardTap(s, 'autoclaim')).toEqual({ type: 'mining/autoclaimOpened', payload: {} })
    expect(cardTap(s, 'kombat')).toEqual({ type: 'tasks/taskOpened', payload: { code: 'kombat' } })
    expect(cardTap(s, 'dailySwap')).toEqual({ type: 'app/navigated', payload: { to: '/swap' } })
    expect(cardTap(s, 'nothing')).toBeNull()
    expect(taskByCode(s, 'autoclaim')?.type).toBe('autoclaim')
  })

  it('[tasks.53] the staking boost: not-connected, connected once a wallet is linked, staked once the bot is opened, checked once verified; a check with no wallet goes back to not-connected, with no or too little PUNK staked back to connected, each with its message', () => {
    const checked = (result: string): EventInput => ({
      type: 'tasks/punkStakingChecked',
      payload: { result: result as 'ok' },
    })
    const wallet: EventInput = { type: 'tasks/walletSet', payload: { address: 'UQ' } }
    const stake: EventInput = { type: 'tasks/punkStakeOpened', payload: {} }
    expect(tasksOf([]).punkStaking.step).toBe('not-connected')
    // the bot cannot be opened before a wallet is linked
    expect(tasksOf([stake]).punkStaking.step).toBe('not-connected')
    expect(tasksOf([wallet]).punkStaking.step).toBe('connected')
    expect(tasksOf([wallet, stake]).punkStaking.step).toBe('staked')
    expect(tasksOf([wallet, stake, checked('ok')]).punkStaking).toMatchObject({ step: 'checked', failure: null })
    expect(tasksOf([wallet, stake, checked('no-wallet')]).punkStaking).toMatchObject({
      step: 'not-connected',
      failure: 'no-wallet',
    })
    expect(tasksOf([wallet, stake, checked('no-staking')]).punkStaking).toMatchObject({
      step: 'connected',
      failure: 'no-staking',
    })
    expect(tasksOf([wallet, stake, checked('not-enough-staked')]).punkStaking).toMatchObject({
      step: 'connected',
      failure: 'not-enough-staked',
    })
    // an answer the spec does not name leaves the step
    expect(tasksOf([wallet, stake, checked('unknown')]).punkStaking).toMatchObject({
      step: 'staked',
      failure: 'unknown',
    })
    // opening the bot again clears the message
    expect(tasksOf([wallet, stake, checked('no-staking'), stake]).punkStaking).toMatchObject({
      step: 'staked',
      failure: null,
    })
    expect(tasksOf([{ type: 'tasks/punkStakingRestored', payload: { step: 'staked' } }]).punkStaking.step).toBe(
      'staked',
    )
  })

  it('the emoji check and the wallet: under way, then their answer', () => {
    expect(tasksOf([{ type: 'tasks/emojiRequested', payload: {} }]).emoji).toEqual({
      checking: true,
      missing: false,
      error: null,
    })
    expect(
      tasksOf([
        { type: 'tasks/emojiRequested', payload: {} },
        { type: 'tasks/emojiChecked', payload: { activated: false } },
      ]).emoji,
    ).toEqual({ checking: false, missing: true, error: null })
    expect(tasksOf([{ type: 'tasks/walletRequested', payload: {} }]).wallet).toEqual({ busy: true, error: null })
    expect(
      tasksOf([
        { type: 'tasks/walletRequested', payload: {} },
        { type: 'tasks/walletFailed', payload: { message: 'no' } },
      ]).wallet,
    ).toEqual({ busy: false, error: 'no' })
    expect(
      tasksOf([
        { type: 'tasks/walletRequested', payload: {} },
        { type: 'tasks/walletDeclined', payload: {} },
      ]).wallet,
    ).toEqual({ busy: false, error: null })
  })

  it('a card without a link goes where it is done: swaps to the swap, deposits to the refill, waitlist to friends, addAlliance to guilds; emoji, addWallet and punkStaking start their flows', () => {
    const s = tasksOf([
      {
        type: 'tasks/received',
        payload: {
          tab: 'boosts',
          groups: {
            trade: [
              { code: 'tonSwaps', type: 'swap' },
              { code: 'depositUSD', type: 'deposit' },
            ],
            connect: [
              { code: 'waitlist', type: 'waitlist' },
              { code: 'addAlliance', type: 'addAlliance' },
              { code: 'emoji', type: 'claim' },
              { code: 'addWallet', type: 'claim' },
              { code: 'punkStaking', type: 'staking', url: 'https://t.me/punk_staking_bot' },
            ],
          },
        },
      },
    ])
    expect(cardTap(s, 'tonSwaps')).toEqual({ type: 'app/navigated', payload: { to: '/swap' } })
    expect(cardTap(s, 'depositUSD')).toEqual({ type: 'app/navigated', payload: { to: '/refill/from' } })
    expect(cardTap(s, 'waitlist')).toEqual({ type: 'app/navigated', payload: { to: '/mining/frens' } })
    expect(cardTap(s, 'addAlliance')).toEqual({ type: 'app/navigated', payload: { to: '/mining/guilds' } })
    expect(cardTap(s, 'emoji')).toEqual({ type: 'tasks/emojiRequested', payload: {} })
    expect(cardTap(s, 'addWallet')).toEqual({ type: 'tasks/walletRequested', payload: {} })
    expect(cardTap(s, 'punkStaking')).toEqual({ type: 'tasks/punkStakingOpened', payload: {} })
  })

  it('[tasks.60] [tasks.61] the partner wallet boost: started, downloaded, connected (tasks.59, kept locally: streams); a list with its task done connects it at once, one with it not done takes a connected step back to downloaded', () => {
    const list = (done: boolean): EventInput => ({
      type: 'tasks/received',
      payload: {
        tab: 'boosts',
        groups: { connect: [{ code: 'bitgetWallet', type: 'claim', doneAmount: done ? 1 : 0, maxAmount: 1 }] },
      },
    })
    const opened: EventInput = { type: 'tasks/partnerWalletOpened', payload: {} }
    const downloaded: EventInput = { type: 'tasks/partnerWalletDownloaded', payload: {} }
    const connected: EventInput = { type: 'tasks/partnerWalletConnected', payload: { address: 'UQ' } }
    expect(tasksOf([]).partnerWallet.step).toBeNull()
    expect(tasksOf([opened]).partnerWallet).toMatchObject({ step: 'started', open: true })
    expect(tasksOf([opened, downloaded]).partnerWallet.step).toBe('downloaded')
    expect(tasksOf([opened, downloaded, connected]).partnerWallet.step).toBe('connected')
    expect(tasksOf([opened, downloaded, connected, list(true)]).partnerWallet.step).toBe('connected')
    expect(tasksOf([opened, downloaded, connected, list(false)]).partnerWallet.step).toBe('downloaded')
    expect(tasksOf([opened, list(true)]).partnerWallet.step).toBe('connected')
    // a list before the sheet was ever opened leaves it alone
    expect(tasksOf([list(true)]).partnerWallet.step).toBeNull()
    expect(
      tasksOf([
        opened,
        downloaded,
        { type: 'tasks/partnerWalletConnectRequested', payload: {} },
        { type: 'tasks/partnerWalletRefused', payload: { appName: 'tonkeeper' } },
      ]).partnerWallet,
    ).toMatchObject({ step: 'downloaded', busy: false, refused: true })
  })

  it('[tasks.63] [tasks.64] the open-league boost: badge, trade, done; done goes back to trade when a list has the task not completed, and stays with it completed', () => {
    const league = (done: boolean): EventInput => ({
      type: 'tasks/received',
      payload: {
        tab: 'boosts',
        groups: { connect: [{ code: 'openLeague', type: 'trade', doneAmount: done ? 1 : 0, maxAmount: 1 }] },
      },
    })
    const badge: EventInput = { type: 'tasks/openLeagueBadgeOpened', payload: {} }
    const trade: EventInput = { type: 'tasks/openLeagueTradeOpened', payload: {} }
    expect(tasksOf([]).openLeague.step).toBe('badge')
    expect(tasksOf([trade]).openLeague.step).toBe('badge')
    expect(tasksOf([badge]).openLeague.step).toBe('trade')
    expect(tasksOf([badge, trade]).openLeague.step).toBe('done')
    expect(tasksOf([badge, trade, league(false)]).openLeague.step).toBe('trade')
    expect(tasksOf([badge, trade, league(true)]).openLeague.step).toBe('done')
    expect(
      tasksOf([{ type: 'tasks/openLeagueRestored', payload: { step: 'done' } }, league(false)]).openLeague.step,
    ).toBe('trade')
  })
})
