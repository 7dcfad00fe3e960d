/** The task screen's rules over what the server says: done, expired, speed, order, badges, burn preview, daily grid. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../domain/tasks/codecs'
import {
  TASK_GROUPS,
  burnAmount,
  burnPreview,
  dailyRows,
  groupBadge,
  isDone,
  isExpired,
  orderGroups,
  visibleAtSpeed,
} from '../../../domain/tasks/selectors'

const NOW = Date.UTC(2026, 10, 23, 12)
const task = (code: string, over: Partial<Task> = {}): Task => ({
  code,
  type: 'subscription',
  doneAmount: 0,
  maxAmount: 1,
  ...over,
})
const done = (code: string, over: Partial<Task> = {}) => task(code, { doneAmount: 1, maxAmount: 1, ...over })

describe('task display rules', () => {
  it('[tasks.10] a task is done when doneAmount equals or exceeds maxAmount', () => {
    expect(isDone(task('a', { doneAmount: 0, maxAmount: 2 }))).toBe(false)
    expect(isDone(task('a', { doneAmount: 1, maxAmount: 2 }))).toBe(false)
    expect(isDone(task('a', { doneAmount: 2, maxAmount: 2 }))).toBe(true)
    expect(isDone(task('a', { doneAmount: 3, maxAmount: 2 }))).toBe(true)
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (d, m) => {
        expect(isDone(task('a', { doneAmount: d, maxAmount: m }))).toBe(d >= m)
      }),
    )
  })

  it('[tasks.13] [tasks.14] a done task past its deadline is expired; not done, or no deadline (null or Infinity), never', () => {
    expect(isExpired(done('a', { dttmUpdate: NOW - 1 }), NOW)).toBe(true)
    expect(isExpired(done('a', { dttmUpdate: NOW + 1 }), NOW)).toBe(false)
    expect(isExpired(task('a', { dttmUpdate: NOW - 1 }), NOW)).toBe(false)
    expect(isExpired(done('a', { dttmUpdate: null }), NOW)).toBe(false)
    expect(isExpired(done('a', { dttmUpdate: Number.POSITIVE_INFINITY }), NOW)).toBe(false)
    expect(isExpired(done('a'), NOW)).toBe(false)
  })

  it('[tasks.16] a task with minSpeedToShow shows only at that speed or more, compared exactly', () => {
    expect(visibleAtSpeed(task('depositPunk', { minSpeedToShow: 0.7 }), '0.7')).toBe(true)
    expect(visibleAtSpeed(task('depositPunk', { minSpeedToShow: 0.7 }), '0.699999999')).toBe(false)
    expect(visibleAtSpeed(task('dailySwap', { minSpeedToShow: 1e6 }), '999999.999999999')).toBe(false)
    expect(visibleAtSpeed(task('dailySwap', { minSpeedToShow: 1e6 }), '1000000')).toBe(true)
    expect(visibleAtSpeed(task('group', { minSpeedToShow: 1e7 }), '1.5')).toBe(false)
    expect(visibleAtSpeed(task('bums', { minSpeedToShow: 1e8 }), '100000000.5')).toBe(true)
    expect(visibleAtSpeed(task('seed'), '0')).toBe(true)
  })

  it('[tasks.6] [tasks.11] groups in their order, empty ones left out; partner tasks not done first, the server order kept otherwise', () => {
    const ordered = orderGroups(
      {
        partner: [done('p1'), task('p2', { type: 'trade' }), done('p3'), task('p4', { type: 'trade' })],
        daily: [task('dailyReward', { type: 'claim' })],
        trade: [],
        pump: [task('bigpumpChannel')],
      },
      '1',
    )
    expect(ordered.map((g) => g.group)).toEqual(['daily', 'pump', 'partner'])
    expect(ordered.at(-1)?.tasks.map((t) => t.code)).toEqual(['p2', 'p4', 'p1', 'p3'])
    // every group of tasks.6, in order, when each has a task
    const all = Object.fromEntries(TASK_GROUPS.map((g) => [g, [task(`${g}-1`, { type: 'claim' })]]))
    expect(orderGroups(all, '1').map((g) => g.group)).toEqual([...TASK_GROUPS])
  })

  it('[tasks.12] the subscriptions group moves last once its subscription tasks are all done', () => {
    const groups = {
      subscriptions: [done('bigpumpChannel'), task('kombat')],
      connect: [task('addWallet', { type: 'claim' })],
      partner: [task('p', { type: 'trade' })],
    }
    expect(orderGroups(groups, '1').map((g) => g.group)).toEqual(['subscriptions', 'connect', 'partner'])
    const allDone = { ...groups, subscriptions: [done('bigpumpChannel'), done('kombat', { type: 'subscription' })] }
    expect(orderGroups(allDone, '1').map((g) => g.group)).toEqual(['connect', 'partner', 'subscriptions'])
  })

  it('[tasks.15] a group badge counts down to the earliest deadline still ahead; none without one', () => {
    expect(
      groupBadge(
        [task('a', { dttmUpdate: NOW + 5000 }), task('b', { dttmUpdate: NOW + 2000 }), task('c', { dttmUpdate: null })],
        NOW,
      ),
    ).toBe(NOW + 2000)
    expect(groupBadge([task('a', { dttmUpdate: NOW - 1 }), task('b', { dttmUpdate: NOW + 9000 })], NOW)).toBe(
      NOW + 9000,
    )
    expect(groupBadge([task('a'), task('b', { dttmUpdate: null })], NOW)).toBeNull()
  })

  it('[tasks.34] the burn amount is a number of at least 1', () => {
    expect(burnAmount('1')).toBe('1')
    expect(burnAmount('2,5')).toBe('2.5')
    expect(burnAmount(' 10 ')).toBe('10')
    for (const bad of ['', '0', '0.99', '-1', 'abc', '1e3', '1.2.3']) expect(burnAmount(bad)).toBeNull()
  })

  it('[tasks.35] the burn preview is amount times reward per hour, one decimal when not whole', () => {
    expect(burnPreview('3', 2)).toBe('6')
    expect(burnPreview('3', 0.5)).toBe('1.5')
    expect(burnPreview('2.5', 0.1)).toBe('0.2')
    expect(burnPreview('7', 0.00875)).toBe('0.0')
    expect(burnPreview('100', 0.00875)).toBe('0.8')
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1000 }), (amount, reward) => {
        expect(burnPreview(String(amount), reward)).toBe(String(amount * reward))
      }),
    )
  })

  it('[tasks.21] the daily reward grid has 4 cells a row', () => {
    expect(dailyRows([1, 2, 3, 4, 5, 6, 7])).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7],
    ])
    expect(dailyRows([])).toEqual([])
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cells) => {
        const rows = dailyRows(cells)
        expect(rows.flat()).toEqual(cells)
        expect(rows.every((r, i) => r.length === 4 || (i === rows.length - 1 && r.length > 0))).toBe(true)
      }),
    )
  })
})
