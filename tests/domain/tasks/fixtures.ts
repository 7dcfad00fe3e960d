/** Task lists and airdrops as the server answers them, for the tasks tests. */
import type { Task } from '../../../domain/tasks/codecs'
import type { Airdrops, Groups } from '../../../domain/tasks/events'

export const task = (over: Partial<Task> & Pick<Task, 'code' | 'type'>): Task => ({
  reward: 10,
  doneAmount: 0,
  maxAmount: 1,
  dttmUpdate: null,
  ...over,
})

/** 24 Nov 2026 00:00 UTC + 3 h: the test's "now" on the server. */
export const NOW = Date.UTC(2026, 10, 24, 3)

export const groups = (over: Groups = {}): Groups => ({
  daily: [
    task({
      code: 'dailyReward',
      type: 'claim',
      rewardList: [10, 20, 30, 40, 50, 60, 70],
      currentDay: 3,
      dttmUpdate: Date.UTC(2026, 10, 25),
    }),
    task({ code: 'dailySwap', type: 'dailySwap', dttmUpdate: Date.UTC(2026, 10, 24, 12), minSpeedToShow: 1e6 }),
  ],
  subscriptions: [
    task({ code: 'kombat', type: 'subscription', url: 'https://t.me/kombat' }),
    task({ code: 'goats', type: 'subscription', url: 'https://t.me/goats', doneAmount: 1 }),
  ],
  partner: [
    task({
      code: 'bitgetSite',
      type: 'subscription',
      url: 'https://bitget.example/',
      dttmUpdate: Date.UTC(2026, 10, 26),
    }),
  ],
  trade: [task({ code: 'burnFest', type: 'burn', reward: 0.25 })],
  ...over,
})

export const airdrops = (friendsAmount = 3): Airdrops => ({
  friendsAmount,
  tasks: [
    {
      code: 'tston',
      airDropSpeed: 0.5,
      dttmDeadline: '2026-12-01T00:00:00.000Z',
      pricePool: 10000,
      winnerAmount: 100,
      tasks: [
        { code: 'subscription', url: 'https://t.me/tston', doneAmount: 0, maxAmount: 1 },
        { code: 'deposit', doneAmount: 0, maxAmount: 1 },
      ],
      isCompleted: false,
    },
    {
      code: 'xrocket',
      airDropSpeed: 0.3,
      dttmDeadline: '2026-12-01T00:00:00.000Z',
      pricePool: '5000-20000',
      winnerAmount: 50,
      tasks: [{ code: 'subscriptionTwitter', url: 'https://x.com/xrocket', doneAmount: 1, maxAmount: 1 }],
      isCompleted: true,
    },
  ],
})
