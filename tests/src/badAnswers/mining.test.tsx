// @vitest-environment happy-dom
/** Bad answers on mining, tasks and airdrops. See ./scene.tsx for the property. */
import { beforeAll, describe, expect, it } from 'vitest'
import { goodAnswers } from './answers'
import {
  LATER_TIMEOUT_MS,
  SCENE_TIMEOUT_MS,
  type Scene,
  at,
  checkCase,
  checkLaterScene,
  checkScene,
  reenter,
  screenText,
} from './scene'

beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob(['../../../src/{mining,tasks}/*.tsx'])).map((load) => load()))
})

const mining: Scene = {
  name: 'mining',
  features: ['mining'],
  events: [at('/mining')],
  calls: { miningUser: { shows: ['mining.load-failed'], forward: { tap: 'errors.retry' } } },
  // mining.6: every 30 s while a mining screen shows.
  polled: ['miningUser'],
  ticking: true,
  loaded(s) {
    expect(screenText(s)).toMatch(/12[.,]3456/)
  },
}

const tasks: Scene = {
  name: 'tasks',
  features: ['tasks'],
  events: [at('/mining/tasks/boosts')],
  calls: {
    tasks: { shows: ['mining.tasks.load-failed'], forward: { tap: 'errors.retry' } },
    // tasks.16, tasks.22: the speed and the daily boost flag; a failure leaves what was read before.
    miningUser: { shows: 'quiet', forward: { step: reenter('/mining/tasks/boosts') } },
    totalBalance: { shows: 'quiet', forward: { step: reenter('/mining/tasks/boosts') } },
  },
  // tasks.5: the tab's list every 30 s.
  polled: ['tasks'],
  loaded(s) {
    expect(s.app.container.querySelectorAll('.task, [data-testid^="task"]').length).toBeGreaterThan(0)
  },
}

const airdrops: Scene = {
  name: 'airdrops',
  features: ['tasks'],
  events: [at('/mining/tasks/airdrops')],
  calls: { airdrops: { shows: ['mining.tasks.airdrops.load-failed'], forward: { tap: 'errors.retry' } } },
  // airdrops.8: every 30 s.
  polled: ['airdrops'],
  loaded(s) {
    expect(screenText(s)).toMatch(/10[ ,.\u00a0]?000/)
  },
}

describe('bad answers: mining, tasks and airdrops', () => {
  for (const scene of [mining, tasks, airdrops])
    it(
      scene.name,
      async () => {
        await checkScene(scene)
      },
      SCENE_TIMEOUT_MS,
    )

  for (const scene of [mining, tasks, airdrops])
    it(
      `${scene.name}: a later poll answered badly, then well`,
      async () => {
        await checkLaterScene(scene)
      },
      LATER_TIMEOUT_MS,
    )

  it('no mining profile even after making one: the mining screen says it could not load, with a retry that brings it (not a loading screen for ever)', async () => {
    const none = { ...goodAnswers.miningUser, userMining: null }
    // Made just now: a first visit, which the onboarding greets (mining.10).
    const firstVisit: Scene = {
      ...mining,
      loaded: (s) => expect(screenText(s)).toContain(s.t('mining.onboarding.1.title')),
    }
    await checkCase(firstVisit, { name: 'miningUser', answer: { status: 200, text: JSON.stringify(none) } }, 'en', {
      kind: 'server',
      status: 200,
      message: 'no mining profile after making one',
    })
  })
})
