/**
 * Partners by name (doc 2 §3: task and airdrop codes name their partner): what a card calls the
 * partner, and the campaign an airdrop is. The client's titles and the server's partner logos
 * (server/tasks/logos.ts) read the same names.
 */

/** A partner's name where its code does not spell it. */
const BRANDS: Readonly<Record<string, string>> = {
  yesCoin: 'Yescoin',
  duckChain: 'DuckChain',
  duckCoop: 'Duck Coop',
  bitgetChannel: 'Bitget',
  bitgetSite: 'Bitget',
  bitgetWallet: 'Bitget Wallet',
  pigsChannel: 'Pigs',
  tonPunks: 'TON Punks',
  layerZero: 'LayerZero',
  tsTon: 'tsTON',
  famFolder: 'Fam',
  memeFolder: 'Meme',
}

/** A partner's name from its code: coinTask_X is X; camelCase is spelt out, first letter up. */
export function brandName(code: string): string {
  if (Object.hasOwn(BRANDS, code)) return BRANDS[code]
  const base = code.startsWith('coinTask_') ? code.slice('coinTask_'.length) : code
  const words = base.replace(/([a-z])([A-Z])/g, '$1 $2')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** airdrops.3: each airdrop campaign by its partner's name (tston is Tonstakers' liquid TON, tsTON). */
const AIRDROP_NAMES: Readonly<Record<string, string>> = { tston: 'Tonstakers', xrocket: 'xRocket' }
export const airdropName = (code: string): string =>
  Object.hasOwn(AIRDROP_NAMES, code) ? AIRDROP_NAMES[code] : brandName(code)

/** The partner whose mark a task or an airdrop carries (the Bitget tasks share Bitget's). */
export const BITGET_CODES: ReadonlySet<string> = new Set(['bitgetChannel', 'bitgetSite', 'bitgetWallet'])

/** Two letters for a partner with no mark of its own: the initials of its name's first two words, or its first two letters. */
export function monogram(name: string): string {
  // Words by spaces and by a capital inside a word ('LayerZero' is L and Z; 'xRocket' is x and R).
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return '?'
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : words[0].slice(0, 2)
  return letters.toUpperCase()
}
