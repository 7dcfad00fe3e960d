// @vitest-environment happy-dom
/** Bad answers on staking, its deposits, proof of humanity and the banners. See ./scene.tsx for the property. */
import { beforeAll, describe, expect, it } from 'vitest'
import { BANNERS_STORAGE_KEY } from '../../../domain/banners/state'
import { BANNER_ORDER, PUNK_TOKEN, maxShows } from '../../../domain/banners/config'
import { selectPath } from '../../../src/app/selectors'
import { memoryStorage } from '../../streams/fakes'
import { NOW } from '../doubleSubmit/harness'
import { goodAnswers } from './answers'
import {
  LATER_TIMEOUT_MS,
  SCENE_TIMEOUT_MS,
  type Scene,
  type SceneApp,
  at,
  checkLaterScene,
  checkScene,
  reenter,
  screenText,
} from './scene'

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob(['../../../src/{staking,poh,banners}/*.tsx'])).map((load) => load()))
  // Browsers have it: the banners' chunk comes in when the first screen is idle, not after the 500 ms fallback.
  ;(window as { requestIdleCallback?: (run: () => void) => number }).requestIdleCallback ??= (run) =>
    window.setTimeout(run, 0)
})

/** staking.35: the other reads' failures are only logged; the screen works with what it has. */
const quietOn = (route: string) => ({ shows: 'quiet' as const, forward: { step: reenter(route) } })

const staking: Scene = {
  name: 'staking',
  features: ['staking'],
  events: [at('/mining/staking')],
  calls: {
    stakingConfigs: { shows: ['staking.load-failed'], forward: { tap: 'errors.retry' } },
    stakingTotal: quietOn('/mining/staking'),
    stakingDeposits: quietOn('/mining/staking'),
    stakingSbts: quietOn('/mining/staking'),
    miningUser: quietOn('/mining/staking'),
  },
  loaded(s) {
    expect(s.app.container.querySelector('input')).not.toBeNull()
    expect(screenText(s)).toMatch(/12[.,]34|7[.,]34/)
  },
}

const deposits: Scene = {
  name: 'staking deposits',
  features: ['staking'],
  events: [at('/mining/staking'), at('/mining/staking/deposits')],
  calls: {
    stakingDeposits: { shows: ['staking.load-failed'], forward: { tap: 'errors.retry' } },
    stakingConfigs: quietOn('/mining/staking/deposits'),
    stakingTotal: quietOn('/mining/staking/deposits'),
    stakingSbts: quietOn('/mining/staking/deposits'),
    miningUser: quietOn('/mining/staking/deposits'),
  },
  loaded(s) {
    expect(screenText(s)).toMatch(/100/)
  },
}

const poh: Scene = {
  name: 'proof of humanity',
  features: ['poh'],
  events: [at('/prove')],
  calls: {
    pohInfo: { shows: ['poh.load-failed'], forward: { tap: 'poh.retry' } },
    // poh.34: only logged.
    miningUser: { shows: 'quiet', forward: { step: reenter('/prove') } },
  },
  loaded(s) {
    expect(screenText(s)).toMatch(/0[.,]5 TON/)
  },
}

/**
 * The loader (poh.28-29): a verification in the queue; the info every 5 s and the user every 30 s.
 * poh.34: their failures are only logged; the loader stays with what it read.
 */
const pohLoader: Scene = {
  name: 'proof of humanity, the loader',
  features: ['poh'],
  events: [at('/prove')],
  answers: { pohInfo: { ...goodAnswers.pohInfo, inProgressStatus: 'internalInQueue' } },
  calls: poh.calls,
  polled: ['pohInfo', 'miningUser'],
  // The status the server reports picks the screen (poh.5-9): the code, the success, the failure.
  laterMoves: true,
  loaded(s) {
    expect(s.app.container.querySelector('[data-testid="poh-loader-status"]')?.textContent).toBe(
      s.t('poh.loader.queue'),
    )
  },
}

/** Every banner shown as often as it may be but the PUNK deposit, which is next once PUNK can be bought. */
const bannersSeen = JSON.stringify({
  current: 'earlyAirdrop',
  shows: Object.fromEntries(BANNER_ORDER.filter((k) => k !== 'punkDeposit').map((k) => [k, maxShows(k)])),
  passed: {},
  muted: true,
  mutedAt: 1,
  lastShownAt: NOW - 3 * 86_400_000,
  districtClashSeenAt: null,
})
const bannersDecided = async (s: SceneApp) => {
  for (let waited = 0; !s.app.store.getState().banners.ready && waited < 5_000; waited += 20) await s.app.quiet(20)
}
const banners: Scene = {
  name: 'banners',
  events: [],
  deps: () => ({ storage: memoryStorage({ [BANNERS_STORAGE_KEY]: bannersSeen }) }),
  act: bannersDecided,
  answers: {
    presetTokens: { from: null, to: { ...PUNK_TOKEN, decimals: 9, logoURI: '', name: 'PUNK', symbol: 'PUNK' } },
  },
  // banners.15: a banner whose check fails is skipped; the home goes on.
  calls: { presetTokens: { shows: 'quiet', forward: null } },
  loaded(s) {
    expect(s.app.store.getState().banners.showing).toBe('punkDeposit')
  },
  usable(s) {
    expect(s.app.store.getState().banners.showing).toBeNull()
    expect(selectPath(s.app.store.getState())).toBe('/')
    expect(s.app.container.querySelector('[data-testid="total-balance"]')).not.toBeNull()
  },
}

describe('bad answers: staking, proof of humanity and the banners', () => {
  for (const scene of [staking, deposits, poh, banners])
    it(
      scene.name,
      async () => {
        await checkScene(scene)
      },
      SCENE_TIMEOUT_MS,
    )

  it(
    'the PoH loader: a later poll of the info or the user answered badly, then well',
    async () => {
      await checkLaterScene(pohLoader)
    },
    LATER_TIMEOUT_MS,
  )
})
