/**
 * The task catalogue against the spec's lists (tasks.8-9): every type and code the server answers
 * is one the spec names, and every code the spec names is in the catalogue (one seed file:
 * server/tasks/catalogue.ts); and the answer's task decodes with every field tasks.7 names.
 */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { Task } from '../../../domain/tasks/codecs'
import { TASKS } from '../../../server/tasks/catalogue'

/** tasks.8, as RULES.md writes it. */
const TYPES =
  'subscription, trade, memePhrase, autoclaim, sniping, nft, swap, swapHold, bigpump, staking, deposit, addAlliance, waitlist, group, claim, dailySwap, burn'.split(
    ', ',
  )
/** tasks.9, as RULES.md writes it (and the coinTask_* family). */
const CODES =
  'bums, boink, phraseTrade, phraseCreateCoin, memePhraseChannel, autoclaim, famFolder, dropee, openLeague, dejen, banano, seed, sniping, bits, agent, memeFolder, folder, kombat, trade, bigpumpChannel, duckCoop, bitgetWallet, bitgetChannel, bitgetSite, goats, tomarket, pigs, pigsChannel, roolz, firstBuy, firstCoin, createCoin, yesCoin, cube, duckChain, punkStaking, emoji, depositUSD, addAlliance, waitlist, group, dailyReward, dailySwap, depositPunk, layerZero, tsTon, subscription, subscriptionTwitter, burnFest, tonSwaps, arbSwaps, opSwaps, baseSwaps, zkSyncSwaps, ethSwaps, tonPunks, notcoin, addWallet'.split(
    ', ',
  )

describe('the task catalogue', () => {
  it("[tasks.8] every task's type is one of the spec's 17", () => {
    expect(TYPES).toHaveLength(17)
    for (const task of TASKS) expect(TYPES, task.code).toContain(task.type)
  })

  it("[tasks.9] every task's code is one the spec names (or coinTask_*), once, and every code the spec names is in the catalogue", () => {
    const codes = TASKS.map((task) => task.code)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(CODES.includes(code) || /^coinTask_\w+$/.test(code), code).toBe(true)
    expect(CODES.filter((code) => !codes.includes(code))).toEqual([])
    expect(codes.some((code) => code.startsWith('coinTask_'))).toBe(true)
  })

  it('[tasks.7] a task decodes with every field the spec names, each kept as sent', () => {
    const token = {
      symbol: 'PUNK',
      name: '$PUNK',
      chainId: 'TON',
      logoURI: 'https://example.com/punk.png',
      tokenAddress: 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq',
    }
    const full = {
      code: 'burnFest',
      type: 'burn',
      reward: 0.01,
      doneAmount: 1,
      maxAmount: 1,
      minAmount: 1,
      pendingAmount: 0,
      dttmUpdate: 1_800_000_000_000,
      currentAddSpeed: 2.5,
      startBonus: 0,
      token,
      toToken: { ...token, symbol: 'NOT' },
      fromToken: { ...token, symbol: 'TON', chainId: 42161 },
      amountToBuy: 10,
      rewardBatch: 5,
      volumeSize: 1000,
      minDepositUSD: 10,
      minStaking: 1000,
      transferTo: 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
      amount: 3,
      url: 'https://t.me/switch',
      rewardList: [10, 20, 30, 50],
      currentDay: 2,
      isCompleted: true,
    }
    expect(Object.keys(full)).toHaveLength(24)
    const decoded = Task.decode(full)
    expect(isRight(decoded) && decoded.right).toEqual(full)
    // dttmUpdate's Infinity (no deadline) comes as null
    const open = Task.decode({ ...full, dttmUpdate: null })
    expect(isRight(open) && open.right.dttmUpdate).toBeNull()
    // a field of the wrong kind is refused, not taken silently
    expect(isRight(Task.decode({ ...full, doneAmount: '1' }))).toBe(false)
    expect(isRight(Task.decode({ ...full, token: { ...token, symbol: 5 } }))).toBe(false)
  })
})
