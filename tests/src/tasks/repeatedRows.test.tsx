// @vitest-environment happy-dom
/**
 * A tasks (or airdrops) answer that lists one task twice, then a good one on the next poll (issue
 * 19, found by the later-poll bad answers): the cards are the new answer's, none of the old left
 * behind (React keeps a stale card when two siblings share a key).
 */
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { airdrops, groups, task } from '../../domain/tasks/fixtures'

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await import('../../../src/tasks/TasksScreen')
})
afterEach(() => {
  app?.unmount()
  app = null
})

const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
async function open(path: string) {
  app = renderApp([
    { type: 'app/launched', payload: launch() },
    { type: 'app/navigated', payload: { to: path } },
  ])
  await frames()
}
const text = () => (app!.container.textContent ?? '').replace(/\s+/g, ' ')
const subscriptions = (codes: string[]): EventInput => ({
  type: 'tasks/received',
  payload: {
    tab: 'subscriptions',
    groups: groups({
      subscriptions: codes.map((code, i) => task({ code, type: 'subscription', url: `https://t.me/${code}${i}` })),
    }),
  },
})

describe('a task list answered with a repeated task, then well', () => {
  it("the subscriptions: a task listed twice, then the list without it: only the new list's cards", async () => {
    await open('/mining/tasks/subscriptions')
    app!.dispatch(subscriptions(['wolfy', 'wolfy', 'kombat']))
    expect(app!.container.querySelectorAll('[data-task="wolfy"]')).toHaveLength(2)
    app!.dispatch(subscriptions(['kombat', 'goats']))
    const cards = [...app!.container.querySelectorAll('[data-group="subscriptions"] [data-task]')].map((c) =>
      c.getAttribute('data-task'),
    )
    expect(cards).toEqual(['kombat', 'goats'])
  })

  it('the airdrops: an airdrop and a task of it listed twice, then the list as it is', async () => {
    await open('/mining/tasks/airdrops')
    // Three friends invited: the airdrops show.
    const good = airdrops(3)
    const [first] = good.tasks
    const doubled = {
      ...good,
      tasks: [
        {
          ...first,
          code: 'wolfdrop',
          tasks: [
            ...first.tasks,
            { code: 'wolfjoin', doneAmount: 0, maxAmount: 1 },
            { code: 'wolfjoin', doneAmount: 0, maxAmount: 1 },
          ],
        },
        { ...first, code: 'wolfdrop' },
        ...good.tasks,
      ],
    }
    app!.dispatch({ type: 'tasks/airdropsReceived', payload: { answer: doubled } })
    await frames()
    const before = text()
    app!.dispatch({ type: 'tasks/airdropsReceived', payload: { answer: good } })
    await frames()
    expect(before).toMatch(/wolf/i)
    expect(text()).not.toMatch(/wolf/i)
  })
})
