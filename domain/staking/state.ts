/**
 * Staking (doc 2 §2-4): the configs, the total staked, the user's deposits and soulbound
 * tokens, the SWITCH balance they are judged against, the deposit form and its payment, the
 * deposit claims and the token claim. The state's shape only; how events change it is
 * ./reducer.ts and what the screens derive is ./rules.ts, both loaded with the feature's chunk.
 */
import type { SbtPeriod, StakingConfigs, StakingDeposit, StakingPeriod } from './codecs'
import type { RequestError } from '../api/errors'
import type { StakingWay } from './events'

/** The deposit on the confirm screen, one step at a time (staking.29-32). */
export type DepositStep =
  | { step: 'idle' }
  /** The deposit call is out. */
  | { step: 'sending' }
  /** The invoice is open, the transfer runs, or the wallet is asked. */
  | { step: 'paying'; way: StakingWay; orderId: string }
  /** Paid: the order is asked after until the server has granted it. */
  | { step: 'waiting'; way: StakingWay; orderId: string; pending: boolean }
  | { step: 'success' }
  /** refused: the server's error (staking.32); cancelled: the invoice or the wallet closed, nothing paid. */
  | { step: 'failed'; reason: 'refused' | 'cancelled'; error: RequestError | null }

/** The soulbound token's claim (staking.47-50). */
export type SbtClaim =
  | { step: 'idle' }
  | { step: 'claiming'; stakingPeriod: SbtPeriod }
  | { step: 'waiting'; stakingPeriod: SbtPeriod; orderId: string }
  /** Granted: the token is minted to the wallet; the card says so, with the tokens held, until seen. */
  | { step: 'minted'; stakingPeriod: SbtPeriod }
  | { step: 'failed'; stakingPeriod: SbtPeriod | null; message: string | null; error?: RequestError }

export interface StakingState {
  configs: StakingConfigs['configs'] | null
  configsError: RequestError | null
  /** staking.4: everyone's total. */
  total: string | null
  deposits: StakingDeposit[] | null
  depositsError: RequestError | null
  sbts: SbtPeriod[] | null
  /** The server's clock minus the device's (the deposits' serverTime); null: the device's clock stands in. */
  serverOffset: number | null
  /** The user's SWITCH (the mining record's gotAmount and lockAmount). */
  balance: { got: string; locked: string } | null
  /** The draft form of doc 2 §3. */
  form: {
    amount: string
    amountPreset: number | null
    configPeriod: StakingPeriod | null
    paymentMethod: StakingWay | null
    /** The user typed or chose: no prefill any more (staking.11). */
    touched: boolean
  }
  deposit: DepositStep
  /** The deposit sent: its key (one deposit per tap) and what the success screen says. */
  request: { idempotencyKey: string; amount: string; period: StakingPeriod; way: StakingWay | null } | null
  /** The deposit detail drawer. */
  openDeposit: string | null
  claiming: string | null
  claimError: { id: string; error: RequestError } | null
  /** The deposit just claimed and what came back (the stake and the reward, exact), until the deposits are left. */
  claimedNow?: { id: string; stake: string; reward: string }
  sbtClaim: SbtClaim
}

export const initialStakingState: StakingState = {
  configs: null,
  configsError: null,
  total: null,
  deposits: null,
  depositsError: null,
  sbts: null,
  serverOffset: null,
  balance: null,
  form: { amount: '', amountPreset: null, configPeriod: null, paymentMethod: null, touched: false },
  deposit: { step: 'idle' },
  request: null,
  openDeposit: null,
  claiming: null,
  claimError: null,
  sbtClaim: { step: 'idle' },
}
