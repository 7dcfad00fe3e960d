/**
 * How the task screen orders and marks what the server says (doc 2 §2, §4; issue 16). The server
 * decides each task's state and amounts; these rules only show them: done and expired, which tasks
 * show at the user's speed, the groups' order and badges, the partner tasks first, the burn preview
 * and the daily grid.
 */
import type { Task } from '../api/codecs/mining'
import { fromUnits, toUnits } from '../money'

/** tasks.6: the groups, in the order the screen lists them. */
export const TASK_GROUPS = ['daily', 'pump', 'trade', 'subscriptions', 'connect', 'partner'] as const
export type TaskGroup = (typeof TASK_GROUPS)[number]
export type TaskGroups = Partial<Record<TaskGroup, readonly Task[]>>

/** tasks.10: done when doneAmount reaches maxAmount; a task without amounts is done when the server says it is completed. */
export function isDone(task: Task): boolean {
  if (task.doneAmount !== undefined && task.maxAmount !== undefined) return task.doneAmount >= task.maxAmount
  return task.isCompleted === true
}

/** tasks.14: the deadline in ms; none (null, absent, or Infinity as the product writes it) means none. */
export const deadlineOf = (task: Task): number | null => (task.dttmUpdate === undefined || task.dttmUpdate === null || !Number.isFinite(task.dttmUpdate) ? null : task.dttmUpdate)

/** tasks.13: a done task whose deadline has passed shows as expired (at `now`, the server's time). */
export function isExpired(task: Task, now: number): boolean {
  const deadline = deadlineOf(task)
  return isDone(task) && deadline !== null && deadline < now
}

/** The speed thresholds are SWITCH an hour, compared exactly (tasks.17: 1e8, 1e7, 1e6, 0.7). */
const SPEED_DECIMALS = 9
const speedUnits = (value: number | string): bigint | null => toUnits(typeof value === 'number' ? value.toFixed(SPEED_DECIMALS) : value, SPEED_DECIMALS)

/** tasks.16: a task with minSpeedToShow shows only at a current speed of at least that. */
export function visibleAtSpeed(task: Task, speed: string): boolean {
  if (task.minSpeedToShow === undefined) return true
  const need = speedUnits(task.minSpeedToShow)
  const have = speedUnits(speed)
  if (need === null) return true
  return have !== null && have >= need
}

/** Telegram and social subscriptions: the tasks whose being done moves the subscriptions group last (tasks.12). */
const isSubscription = (task: Task) => task.type === 'subscription'

/**
 * tasks.11, tasks.12, tasks.16: the groups to show, in order, each with its visible tasks; in the
 * partner group the tasks not yet done come first (the server's order kept otherwise); the
 * subscriptions group goes last once its subscription tasks are all done. Empty groups are left out.
 */
export function orderGroups(groups: TaskGroups, speed: string): { group: TaskGroup; tasks: Task[] }[] {
  const shown = TASK_GROUPS.map((group) => {
    const tasks = (groups[group] ?? []).filter((t) => visibleAtSpeed(t, speed))
    return { group, tasks: group === 'partner' ? [...tasks.filter((t) => !isDone(t)), ...tasks.filter(isDone)] : tasks }
  }).filter((g) => g.tasks.length > 0)
  const subscriptions = shown.find((g) => g.group === 'subscriptions')
  if (subscriptions !== undefined) {
    const subs = subscriptions.tasks.filter(isSubscription)
    if (subs.length > 0 && subs.every(isDone)) return [...shown.filter((g) => g !== subscriptions), subscriptions]
  }
  return shown
}

/** tasks.15: a group's badge counts down to the earliest deadline still ahead in it; none without one. */
export function groupBadge(tasks: readonly Task[], now: number): number | null {
  let earliest: number | null = null
  for (const task of tasks) {
    const deadline = deadlineOf(task)
    if (deadline !== null && deadline > now && (earliest === null || deadline < earliest)) earliest = deadline
  }
  return earliest
}

/** tasks.34: the burn amount is a number of at least 1 (a comma reads as the decimal point), or nothing. */
export function burnAmount(text: string): string | null {
  const value = text.trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(value)) return null
  const units = toUnits(value, SPEED_DECIMALS)
  return units !== null && units >= 10n ** BigInt(SPEED_DECIMALS) ? fromUnits(units, SPEED_DECIMALS) : null
}

/**
 * tasks.35: the preview is the amount times the reward an hour, exactly, with one decimal when it
 * is not whole (cut, never rounded up: it does not promise more than the boost gives).
 */
export function burnPreview(amount: string, rewardPerHour: number): string {
  const a = toUnits(amount, SPEED_DECIMALS)
  const r = speedUnits(rewardPerHour)
  if (a === null || r === null) return '0'
  const product = (a * r) / 10n ** BigInt(SPEED_DECIMALS)
  const one = 10n ** BigInt(SPEED_DECIMALS)
  const whole = product / one
  const tenth = (product % one) / (one / 10n)
  return product % one === 0n ? whole.toString() : `${whole}.${tenth}`
}

/** tasks.21: the daily reward's grid, 4 cells a row. */
export function dailyRows<T>(cells: readonly T[], perRow = 4): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < cells.length; i += perRow) rows.push(cells.slice(i, i + perRow))
  return rows
}
