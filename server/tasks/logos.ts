/**
 * Partner logos for the task and airdrop cards, served by this server (never hot-linked):
 * /logos/partners/<code>.svg. A partner whose mark @web3icons/core ships (MIT; docs/licences/web3icons.txt)
 * gets that mark: Bitget's, for the Bitget tasks. Every other partner gets a neutral monogram drawn
 * here from its name, never a made-up brand mark. Only the catalogue's codes and the airdrops' are
 * answered; anything else is a 404, so a request's text never reaches the file system.
 */
import { BITGET_CODES, airdropName, brandName, monogram } from '../../domain/tasks/brands'
import { readMark } from '../kernel/logos'
import { AIRDROPS } from '../airdrops/airdrops'
import { type TaskDef, TASKS } from './catalogue'

/** The partners among the tasks: the partner group, the partners' channels and apps. The project's own tasks carry no partner logo. */
const PARTNER_CODES: ReadonlySet<string> = new Set([
  'bitgetChannel',
  'pigsChannel',
  'bitgetWallet',
  'openLeague',
  'layerZero',
])
const isPartner = (def: TaskDef) => def.group === 'partner' || PARTNER_CODES.has(def.code)

/** A neutral round monogram of a name: its initials on a muted colour taken from the name. */
export function monogramSvg(name: string): string {
  let h = 0
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360
  const text = monogram(name).replace(/[<>&"]/g, '')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${h} 28% 46%)"/><text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700" font-size="24" fill="#fff">${text}</text></svg>`
}

const partnerPath = (code: string) => `/logos/partners/${encodeURIComponent(code)}.svg`

/**
 * The logo a task's card shows: a swap task its network's mark, a task about a token that token's
 * logo, a partner's task the partner's logo; none for the project's own tasks (the app shows its own mark).
 */
export function taskLogoURI(def: TaskDef): string | undefined {
  if (def.rule.kind === 'swap' && def.rule.chainId !== undefined)
    return `/logos/networks/${encodeURIComponent(def.rule.chainId)}.svg`
  if (isPartner(def)) return partnerPath(def.code)
  const token = def.toToken ?? def.token
  if (token !== undefined && def.code !== 'punkStaking') return `/logos/${encodeURIComponent(token.symbol)}.svg`
  return undefined
}

export const airdropLogoURI = (code: string) => partnerPath(code)

export interface PartnerLogos {
  /** The SVG for a partner's code, or null for a code that is no partner's. */
  svg(code: string): string | null
}

/** Reads Bitget's mark once and draws the monograms of every partner and airdrop. */
export async function loadPartnerLogos(): Promise<PartnerLogos> {
  const bitget = await readMark('exchanges/branded/bitget')
  const logos = new Map<string, string>()
  for (const def of TASKS)
    if (isPartner(def))
      logos.set(def.code, BITGET_CODES.has(def.code) && bitget !== null ? bitget : monogramSvg(brandName(def.code)))
  for (const a of AIRDROPS) logos.set(a.code, monogramSvg(airdropName(a.code)))
  return { svg: (code) => logos.get(code) ?? null }
}
