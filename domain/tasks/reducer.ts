/** How tasks events change the tasks slice (its shape: ./state.ts). */
import type { Handlers } from '../slice'
import { burnPreview, isDone } from './selectors'
import { BURN_BOOST_MS, HOUR_MS } from './completionRules'
import { OPEN_LEAGUE_CODE, PARTNER_WALLET_CODE, dailyRewardTask, taskByCode } from './selectors'
import { serverOffset } from '../mining/rules'
import { type TasksState, initialBurn } from './state'

export const tasksHandlers: Handlers<TasksState> = {
  'tasks/entered': (d, e) => {
    const { tab } = e.payload
    d.shown = tab
    if (tab === 'airdrops') d.airdrops.loading = d.airdrops.answer === null
    else d.lists[tab].loading = d.lists[tab].groups === null
  },
  'tasks/left': (d) => {
    d.shown = null
    delete d.daily.gained
    delete d.dailyBoost.gained
  },
  'tasks/gainDismissed': (d) => {
    delete d.daily.gained
    delete d.dailyBoost.gained
  },
  'tasks/retried': (d, e) => {
    const { tab } = e.payload
    if (tab === 'airdrops') {
      d.airdrops.loading = d.airdrops.answer === null
      d.airdrops.error = null
    } else {
      d.lists[tab].loading = d.lists[tab].groups === null
      d.lists[tab].error = null
    }
  },
  'tasks/received': (d, e) => {
    d.lists[e.payload.tab] = { groups: e.payload.groups, loading: false, error: null }
    // The server's answer now says whether today's reward was claimed.
    d.daily.claimed = false
    // tasks.60-61: the partner wallet's task done is connected at once; connected but not done goes back to downloaded.
    const listed = Object.values(e.payload.groups).flatMap((tasks) => tasks ?? [])
    // tasks.64: done goes back to trade while the task is not completed.
    const league = listed.find((t) => t.code === OPEN_LEAGUE_CODE)
    if (league !== undefined && d.openLeague.step === 'done' && !(isDone(league) || league.state === 'done'))
      d.openLeague.step = 'trade'
    const partner = listed.find((t) => t.code === PARTNER_WALLET_CODE)
    if (partner !== undefined && d.partnerWallet.step !== null) {
      if (isDone(partner) || partner.state === 'done') d.partnerWallet.step = 'connected'
      else if (d.partnerWallet.step === 'connected') d.partnerWallet.step = 'downloaded'
    }
  },
  'tasks/failed': (d, e) => {
    const l = d.lists[e.payload.tab]
    l.loading = false
    l.error = e.payload.error
  },
  'tasks/airdropsReceived': (d, e) => {
    d.airdrops = { answer: e.payload.answer, loading: false, error: null }
  },
  'tasks/airdropsFailed': (d, e) => {
    d.airdrops.loading = false
    d.airdrops.error = e.payload.error
  },
  'tasks/recordRead': (d, e) => {
    if (e.payload.speed !== null) d.speed = e.payload.speed
    if (e.payload.serverTime !== null) d.serverOffset = serverOffset(e.payload.serverTime, e.at)
    if (e.payload.confirmProve !== undefined) d.humanProved = e.payload.confirmProve
  },
  'tasks/boostFlagRead': (d, e) => {
    if (!d.dailyBoost.claiming) d.dailyBoost.flagged = e.payload.isNotifyForBoost
  },
  'tasks/dailyRewardRequested': (d) => {
    if (d.daily.claiming || d.daily.claimed) return
    d.daily.claiming = true
    d.daily.error = null
  },
  'tasks/dailyRewardClaimed': (d, e) => {
    d.daily = { claiming: false, claimed: true, error: null }
    // What it paid: the server's word, else the grid's cell for the day (tasks.21).
    const cell = dailyRewardTask(d.lists.boosts.groups)
    const day = e.payload.day ?? cell?.currentDay
    const reward = e.payload.reward ?? (day !== undefined ? cell?.rewardList?.[day - 1] : undefined)
    if (day !== undefined && reward !== undefined) d.daily.gained = { day, reward: String(reward) }
  },
  'tasks/dailyRewardFailed': (d, e) => {
    d.daily.claiming = false
    d.daily.error = e.payload.error
  },
  'tasks/dailyBoostRequested': (d) => {
    if (!d.dailyBoost.flagged || d.dailyBoost.claiming) return
    d.dailyBoost.claiming = true
    d.dailyBoost.error = null
  },
  // tasks.23: claimed, the flag clears.
  'tasks/dailyBoostActivated': (d, e) => {
    d.dailyBoost = {
      flagged: false,
      claiming: false,
      error: null,
      gained: { speed: e.payload.speed ?? null, hours: e.payload.hours ?? null },
    }
  },
  'tasks/dailyBoostFailed': (d, e) => {
    d.dailyBoost.claiming = false
    d.dailyBoost.error = e.payload.error
  },
  'tasks/verifyStarted': (d, e) => {
    const { code, endsAt } = e.payload
    d.timers = [...d.timers.filter((t) => t.code !== code), { code, endsAt }]
  },
  'tasks/timersRestored': (d, e) => {
    const known = new Set(d.timers.map((t) => t.code))
    d.timers.push(...e.payload.timers.filter((t) => !known.has(t.code)))
  },
  'tasks/verifyEnded': (d, e) => {
    d.timers = d.timers.filter((t) => t.code !== e.payload.code)
  },
  // tasks.19: once a session (a launch starts the state afresh).
  'tasks/boostToOpenFound': (d, e) => {
    if (d.boostOpened === null) d.boostOpened = e.payload.code
  },
  'tasks/burnOpened': (d, e) => {
    if (d.burn.step === 'sending') return
    d.burn = { ...initialBurn, code: e.payload.code }
  },
  'tasks/burnClosed': (d) => {
    // A burn under way goes on; its answer still lands (the sheet shows it if opened again).
    // A copy: the next keystroke writes into it, and the initial state is never written to.
    if (d.burn.step !== 'sending') d.burn = { ...initialBurn }
    else d.burn.code = null
  },
  'tasks/burnAmountChanged': (d, e) => {
    if (d.burn.step === 'sending') return
    d.burn.text = e.payload.text
    d.burn.step = 'entry'
    d.burn.error = null
  },
  'tasks/burnSent': (d, e) => {
    d.burn.step = 'sending'
    d.burn.amount = e.payload.amount
    d.burn.idempotencyKey = e.payload.idempotencyKey
    d.burn.error = null
  },
  'tasks/burned': (d, e) => {
    d.burn.step = 'burned'
    d.burn.amount = e.payload.amount
    d.burn.idempotencyKey = null
    // tasks.41: the server's speed and hours, else the preview's (amount times the reward an hour) for 48 h
    const task = d.burn.code === null ? undefined : taskByCode(d, d.burn.code)
    const speed =
      e.payload.speed ?? (task?.reward !== undefined ? burnPreview(e.payload.amount, task.reward) : undefined)
    if (speed !== undefined) d.burn.gained = { speed, hours: e.payload.hours ?? BURN_BOOST_MS / HOUR_MS }
  },
  'tasks/burnFailed': (d, e) => {
    d.burn.step = 'entry'
    d.burn.idempotencyKey = null
    d.burn.error = { ...e.payload }
  },
  'tasks/emojiRequested': (d) => {
    d.emoji = { checking: true, missing: false, error: null }
  },
  'tasks/emojiChecked': (d, e) => {
    d.emoji = { checking: false, missing: !e.payload.activated, error: null }
  },
  'tasks/emojiFailed': (d, e) => {
    d.emoji = { checking: false, missing: false, error: e.payload.error }
  },
  'tasks/walletRequested': (d) => {
    if (!d.wallet.busy) d.wallet = { busy: true, error: null }
  },
  // tasks.53: a wallet linked moves the staking boost on from not-connected.
  'tasks/walletSet': (d) => {
    d.wallet = { busy: false, error: null }
    if (d.punkStaking.step === 'not-connected') {
      d.punkStaking.step = 'connected'
      d.punkStaking.failure = null
    }
  },
  'tasks/walletDeclined': (d) => {
    d.wallet = { busy: false, error: null }
    d.partnerWallet.busy = false
  },
  'tasks/walletFailed': (d, e) => {
    d.wallet = {
      busy: false,
      error: e.payload.message,
      ...(e.payload.code !== undefined ? { code: e.payload.code } : {}),
    }
  },
  'tasks/punkStakingOpened': (d) => {
    d.punkStaking.open = true
  },
  'tasks/punkStakingClosed': (d) => {
    d.punkStaking.open = false
  },
  'tasks/punkStakingRestored': (d, e) => {
    d.punkStaking.step = e.payload.step
  },
  'tasks/punkStakeOpened': (d) => {
    if (d.punkStaking.step === 'connected') d.punkStaking.step = 'staked'
    d.punkStaking.failure = null
  },
  'tasks/punkStakingCheckRequested': (d) => {
    d.punkStaking.checking = true
    d.punkStaking.error = null
  },
  // tasks.55-57: no wallet goes back to not-connected; no or too little PUNK staked back to connected.
  'tasks/punkStakingChecked': (d, e) => {
    const p = d.punkStaking
    const { result } = e.payload
    p.checking = false
    if (result === 'ok') {
      p.step = 'checked'
      p.failure = null
    } else {
      p.failure = result
      if (result === 'no-wallet') p.step = 'not-connected'
      else if (result !== 'unknown') p.step = 'connected'
    }
  },
  'tasks/punkStakingCheckFailed': (d, e) => {
    d.punkStaking.checking = false
    d.punkStaking.error = e.payload.error
  },
  'tasks/partnerWalletOpened': (d) => {
    d.partnerWallet.open = true
    d.partnerWallet.step ??= 'started'
  },
  'tasks/partnerWalletClosed': (d) => {
    d.partnerWallet.open = false
  },
  'tasks/partnerWalletRestored': (d, e) => {
    d.partnerWallet.step = e.payload.step
  },
  'tasks/partnerWalletDownloaded': (d) => {
    if (d.partnerWallet.step === 'started' || d.partnerWallet.step === null) d.partnerWallet.step = 'downloaded'
  },
  'tasks/partnerWalletConnectRequested': (d) => {
    if (d.partnerWallet.busy) return
    d.partnerWallet.busy = true
    d.partnerWallet.refused = false
    d.partnerWallet.error = null
    delete d.partnerWallet.code
  },
  'tasks/partnerWalletConnected': (d) => {
    Object.assign(d.partnerWallet, { step: 'connected', busy: false, refused: false, error: null })
    delete d.partnerWallet.code
  },
  // tasks.62
  'tasks/partnerWalletRefused': (d) => {
    Object.assign(d.partnerWallet, { busy: false, refused: true, error: null })
    delete d.partnerWallet.code
  },
  'tasks/partnerWalletFailed': (d, e) => {
    Object.assign(d.partnerWallet, { busy: false, refused: false, error: e.payload.message })
    if (e.payload.code !== undefined) d.partnerWallet.code = e.payload.code
    else delete d.partnerWallet.code
  },
  'tasks/openLeagueOpened': (d) => {
    d.openLeague.open = true
  },
  'tasks/openLeagueClosed': (d) => {
    d.openLeague.open = false
  },
  'tasks/openLeagueRestored': (d, e) => {
    d.openLeague.step = e.payload.step
  },
  'tasks/openLeagueBadgeOpened': (d) => {
    if (d.openLeague.step === 'badge') d.openLeague.step = 'trade'
  },
  'tasks/openLeagueTradeOpened': (d) => {
    if (d.openLeague.step === 'trade') d.openLeague.step = 'done'
  },
}
