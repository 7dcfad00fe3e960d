/**
 * The mining season (mining.12-16): when it ends (none by default; set by configuration, and in dev
 * mode by POST /dev/mining/season), and the results the finish screen shows. After the end nothing
 * accrues, nothing burns and no claim is taken: mining is read as of the end.
 */
import type { Db } from '../db'
import { readMiner } from './miner'
import { BURN_CUTOFF } from './seed'

export interface SeasonConfig {
  /** ISO time the season ends; null: it runs on. */
  endsAt: string | null
  /** ISO time after which the PoH appeal is hidden (mining.15-16); null: it stays open. */
  appealUntil: string | null
}

export const seasonEnded = (s: SeasonConfig, now: number) => s.endsAt !== null && now >= Date.parse(s.endsAt)
/** The moment mining is read at: now, or the season's end once it has passed. */
export const miningNow = (s: SeasonConfig, now: number) =>
  s.endsAt !== null ? Math.min(now, Date.parse(s.endsAt)) : now

export type Results =
  | { state: 'results'; totalMined: string; speed: string; stakingAmount: string }
  | { state: 'burned' | 'missed'; totalMined: '0'; speed: string; stakingAmount: string; burnedAmount: string }

/**
 * mining.13: a confirmed human keeps what they mined. mining.14: one without PoH who joined on or
 * after the cutoff sees 0 and the burned amount, with the appeal until its deadline (mining.15),
 * then the 'missed' message (mining.16). Others, who joined before the cutoff, keep theirs.
 */
export async function miningResults(
  db: Db,
  userId: number,
  season: SeasonConfig,
  now: number,
): Promise<Results | null> {
  const record = await readMiner(db, userId, miningNow(season, now))
  if (record === null) return null
  const base = { speed: record.speed, stakingAmount: record.lockAmount }
  const burned = !record.confirmProve && Date.parse(record.dttmAdded) >= Date.parse(BURN_CUTOFF)
  if (!burned) return { state: 'results', totalMined: record.gotAmount, ...base }
  const appealOpen = season.appealUntil === null || now < Date.parse(season.appealUntil)
  return { state: appealOpen ? 'burned' : 'missed', totalMined: '0', ...base, burnedAmount: record.gotAmount }
}
