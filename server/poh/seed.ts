import { pohCodeComment } from '../../domain/poh/comment'
import { POH_MAX_WRONG_CODES } from '../../domain/poh/rules'

/**
 * Proof of humanity's configuration (doc 2 §3, §9; docs/features/poh.md, "Rules chosen where the
 * spec is silent"): the price, the code and its transaction, the wrong-code limit and the pipeline's timing.
 */

export const POH = {
  /** The price: TON in nanotons (the dollar estimate is this times the catalogue's TON price), and Telegram Stars. */
  price: { tonNano: 1_000_000_000n, stars: 150 },
  /** poh.20: the code has six digits. */
  codeLength: 6,
  /** What the code's transaction carries to the user's in-app TON wallet: 0.001 TON, a gift from the service wallet. */
  codeNano: 1_000_000n,
  /** The comment the code arrives in (the code screen asks the user to read it). */
  codeComment: pohCodeComment,
  /** Wrong codes a request takes: the last one fails it (internalError), and the user may pay again (domain/poh/rules.ts). */
  maxWrongCodes: POH_MAX_WRONG_CODES,
  /** From queued (internalInQueue) to the provider's send: the provider's queue, as seen on the loader. */
  queueDelayMs: 2_000,
  /** Runs of the send after its first that failed, before the request fails (internalError); 1 s, then 2 s apart. */
  sendRetries: 2,
  sendBackoffMs: 1_000,
  /** A provider that has not answered by then has failed this run. */
  providerTimeoutMs: 20_000,
} as const

/** The Stars invoice (title at most 32 characters, description 255). */
export const POH_INVOICE_TEXTS = {
  en: {
    title: 'Proof of humanity',
    description:
      'Verify that you are a person: +5 % to mined SWITCH and access to the closed beta. A six-digit code arrives in your wallet history.',
  },
  ru: {
    title: 'Подтверждение человечности',
    description:
      'Подтвердите, что вы человек: +5 % к добытым SWITCH и доступ к закрытой бете. Шестизначный код придёт в историю кошелька.',
  },
} as const
