// @vitest-environment happy-dom
/** Bad answers on friends, the guild and alliance boards and an alliance's page. See ./scene.tsx for the property. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { RequestError } from '../../../domain/api/errors'
import { SCENE_TIMEOUT_MS, type Scene, at, checkScene, ev, reenter, screenText } from './scene'

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob(['../../../src/{friends,guilds}/*.tsx'])).map((load) => load()))
})

const friends: Scene = {
  name: 'friends',
  features: ['friends'],
  events: [at('/mining/frens')],
  // Stats, list and invite load, fail and retry apart.
  calls: {
    referralStats: { shows: ['mining.frens.stats.failed'], forward: { tap: 'errors.retry' } },
    friends: { shows: ['mining.frens.list.failed'], forward: { tap: 'errors.retry' } },
    invite: { shows: ['mining.frens.invite.failed'], forward: { tap: 'errors.retry' } },
    miningUser: { shows: 'quiet', forward: { step: reenter('/mining/frens') } },
  },
  loaded(s) {
    expect(screenText(s)).toContain('Friend 3')
    expect(screenText(s)).toMatch(/123[.,]4567/)
  },
}

// guilds.24: board failures are said quietly (no alert), with Refresh.
const guilds: Scene = {
  name: 'guilds, the miners board',
  features: ['guilds'],
  events: [at('/mining/guilds')],
  calls: {
    guildLeaderboard: { shows: ['mining.guilds.load-failed'], forward: { tap: 'mining.guilds.refresh' } },
    miningUser: { shows: 'quiet', forward: { step: reenter('/mining/guilds') } },
  },
  loaded(s) {
    expect(screenText(s)).toContain('Ann')
  },
}

const allianceBoard: Scene = {
  name: 'guilds, the alliances board',
  features: ['guilds'],
  events: [ev('guilds/modeChanged', { mode: 'alliance' }), at('/mining/guilds')],
  calls: {
    allianceLeaderboard: { shows: ['mining.guilds.load-failed'], forward: { tap: 'mining.guilds.refresh' } },
    miningUser: { shows: 'quiet', forward: { step: reenter('/mining/guilds') } },
  },
  loaded(s) {
    expect(screenText(s)).toContain('Owls')
  },
}

const ALLIANCE = '/mining/guilds/alliance/wolves'
const alliance: Scene = {
  name: 'an alliance page',
  features: ['guilds'],
  events: [at('/mining/guilds'), at(ALLIANCE)],
  calls: {
    // guilds.24; a 404 is an alliance nobody has made yet, which joining makes (back, or open it again).
    alliance: {
      shows: ['mining.guilds.alliance.load-failed', (s) => s.t('mining.guilds.alliance.not-found', { name: 'wolves' })],
      forward: (error: RequestError) =>
        error.kind === 'rejected' && error.status === 404
          ? { step: reenter(ALLIANCE) }
          : { tap: 'mining.guilds.refresh' },
    },
  },
  loaded(s) {
    expect(screenText(s)).toContain('Wolves')
    expect(s.app.container.querySelector('[data-testid="alliance-users"]')?.textContent).toBe('42')
  },
}

describe('bad answers: friends, guilds and alliances', () => {
  for (const scene of [friends, guilds, allianceBoard, alliance])
    it(
      scene.name,
      async () => {
        await checkScene(scene)
      },
      SCENE_TIMEOUT_MS,
    )
})
