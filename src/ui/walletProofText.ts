/**
 * What a user reads when a TON wallet is not linked (docs/payments.md, "Linking a TON wallet"): the
 * server's refusal of its ton_proof, or the client's own (no proof from the wallet), by its code
 * (wallet-proof.*). The tasks' wallet cards and the soulbound token's claim card use it; its texts
 * come with it (locales/walletProof), in the chunk of whichever loads it first.
 */
import en from '../../locales/walletProof/en.json'
import ru from '../../locales/walletProof/ru.json'
import type { TFunction } from 'i18next'
import { addTranslations, i18n } from '../i18n'

addTranslations('walletProof', { en, ru })

/** The reason a code names, or null for a code that is no wallet proof's (or none). */
export function walletProofReason(t: TFunction, code: string | undefined): string | null {
  if (code === undefined || !code.startsWith('wallet-proof.')) return null
  const key = `walletProof.${code}`
  return i18n.exists(key) ? t(key) : null
}

/** The whole sentence for a refused link ("The wallet was not linked: ..."), or null as above. */
export function walletProofText(t: TFunction, code: string | undefined): string | null {
  const reason = walletProofReason(t, code)
  return reason === null ? null : t('walletProof.failed', { reason })
}
