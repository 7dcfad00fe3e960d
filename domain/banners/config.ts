/**
 * The banners' choices in one place (doc 2 §2, §4, §9; banners.*): the order the scheduler walks,
 * the show caps, the spacing, each banner's eligibility, the campaign link format and the bots the
 * calls-to-action open. The spec names the banners' purposes, not their addresses: chosen here once
 * (docs/features/banners.md, "Rules chosen where the spec is silent").
 */
import type { ChainId } from '../app/chains'

export type BannerKind =
  | 'openLeagueIntro'
  | 'bigPumpDecember'
  | 'sniping'
  | 'earlyAirdrop'
  | 'punkDeposit'
  | 'inviteContest'
  | 'newTradeFlow'
  | 'districtClash'

/** banners.2, banners.14: the kinds in the order the scheduler walks them, wrapping. */
export const BANNER_ORDER: readonly BannerKind[] = [
  'openLeagueIntro',
  'bigPumpDecember',
  'sniping',
  'earlyAirdrop',
  'punkDeposit',
  'inviteContest',
  'newTradeFlow',
  'districtClash',
]

export const isBannerKind = (value: unknown): value is BannerKind =>
  (BANNER_ORDER as readonly unknown[]).includes(value)

/** banners.17 (doc 2 §9): the default max shows, and districtClash's. */
export const DEFAULT_MAX_SHOWS = 1
export const MAX_SHOWS: Readonly<Partial<Record<BannerKind, number>>> = { districtClash: 1000 }
export const maxShows = (kind: BannerKind): number => MAX_SHOWS[kind] ?? DEFAULT_MAX_SHOWS

/** banners.13 (doc 2 §9): at most one banner per 24 h. */
export const BANNER_SPACING_MS = 24 * 60 * 60 * 1000

/** banners.7 (doc 2 §9): the district clash music's volume. */
export const BANNER_VOLUME = 0.05
/** banners.6: the loop, made by scripts/banner-music.ts and served from public/. */
export const DISTRICT_CLASH_MUSIC = '/banners/district-clash.wav'

/** banners.10 (doc 2 §9): the open league airdrop runs until this day. */
export const OPEN_LEAGUE_AIRDROP_DATE = '2024-12-17'
/** doc 2 §9: the invite contest ends here (friends' countdown reads the same instant). */
export const INVITE_CONTEST_END_MS = Date.parse('2025-05-01T23:59:59Z')
/** banners.12: the staking-related banner's reading of the invite-contest prize (friends.8 is the other). */
export const INVITE_CONTEST_PRIZE = { stablecoin: '15000', stablecoinSymbol: 'USDT', switch: '1500000' } as const

/** The PUNK jetton (../shared/data/tokens.json), which the PUNK deposit banner's swap buys. */
export const PUNK_TOKEN: { chainId: ChainId; address: string } = {
  chainId: 'TON',
  address: 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq',
}
/**
 * banners.5: the swap with PUNK to receive, as a preset swap's start parameter (app.16's format:
 * swapTo is PUNK's address in base64 with '_' for '/' and no padding). The preset call answers it
 * with PUNK when the server lists PUNK, and that answer is the banner's eligibility as well.
 */
export const PUNK_SWAP_START_PARAM =
  'swapTo-RVFDZHB6NlFoSnREdG0yczkta3JWMnlnbDQ1UHdsLUtKSkNWMS1YclAtWHV1eG9x-chainId-TON'

/** What eligibility reads, gathered when the scheduler decides. */
export interface BannerFacts {
  /** The decision's time (epoch ms). */
  now: number
  /** The swap can preselect PUNK: the server's preset call knows the token. */
  punkListed: boolean
}

/**
 * banners.15: each banner's eligibility (our choice, docs/features/banners.md, "Eligibility"): PUNK deposit only while
 * PUNK can be bought in the swap; the invite contest only until it ends; the others (campaigns
 * with no end the spec names) always.
 */
export const ELIGIBILITY: Readonly<Record<BannerKind, (facts: BannerFacts) => boolean>> = {
  openLeagueIntro: () => true,
  bigPumpDecember: () => true,
  sniping: () => true,
  earlyAirdrop: () => true,
  punkDeposit: (f) => f.punkListed,
  inviteContest: (f) => f.now <= INVITE_CONTEST_END_MS,
  newTradeFlow: () => true,
  districtClash: () => true,
}

/**
 * banners.4: campaign tracking rides in the bot's start parameter, written as the app's own start
 * parameters are (app.16: dash-separated key/value pairs, [A-Za-z0-9_-], at most 64 characters):
 * `https://t.me/<bot>?start=source-<source>-medium-<medium>-content-<content>`.
 */
export const CAMPAIGN_SOURCE = 'miniapp'
export const CAMPAIGN_MEDIUM = 'banner'

/** The bot each banner's call-to-action opens (usernames, without '@'). */
export const BANNER_BOTS: Readonly<Record<BannerKind, string>> = {
  openLeagueIntro: 'switch_wallet_bot',
  bigPumpDecember: 'bigpump_bot',
  sniping: 'switch_sniper_bot',
  earlyAirdrop: 'switch_wallet_bot',
  punkDeposit: 'switch_wallet_bot',
  inviteContest: 'switch_wallet_bot',
  newTradeFlow: 'switch_wallet_bot',
  districtClash: 'district_clash_bot',
}
/** banners.9: the open league banner's second link, the badge-claim bot. */
export const BADGE_BOT = 'openleague_badge_bot'

export function campaignLink(bot: string, content: string): string {
  return `https://t.me/${bot}?start=source-${CAMPAIGN_SOURCE}-medium-${CAMPAIGN_MEDIUM}-content-${content}`
}

/** Where a call-to-action goes: a bot link (with its campaign), or the swap (banners.5). */
export type BannerTarget = 'bot' | 'badge' | 'swap'
export const bannerLink = (kind: BannerKind, target: 'bot' | 'badge'): string =>
  target === 'badge' ? campaignLink(BADGE_BOT, `${kind}Badge`) : campaignLink(BANNER_BOTS[kind], kind)
