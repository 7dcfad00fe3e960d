/** How events change the banners' state (domain/banners/state.ts); loaded with the banners' chunk. */
import type { Handlers } from '../slice'
import { mergeSaved } from './saved'
import type { BannersState } from './state'

export const bannersHandlers: Handlers<BannersState> = {
  'banners/restored': (d, e) => {
    d.saved = mergeSaved(mergeSaved(d.saved, e.payload.local), e.payload.cloud)
  },
  'banners/punkChecked': (d, e) => {
    d.punkListed = e.payload.listed
    d.ready = true
  },
  'banners/decided': (d, e) => {
    const { next } = e.payload
    if (next === 'finish') d.saved.current = 'finish'
    else if (next !== null) d.due = next
  },
  'banners/shown': (d, e) => {
    const { kind } = e.payload
    d.due = null
    d.showing = kind
    d.shownThisOpen = true
    d.saved.current = kind
    d.saved.shows[kind] = (d.saved.shows[kind] ?? 0) + 1
    d.saved.lastShownAt = e.at
    if (kind === 'districtClash') d.saved.districtClashSeenAt = e.at
  },
  'banners/closed': (d, e) => {
    d.showing = null
    d.saved.passed[e.payload.kind] = true
  },
  'banners/actionTaken': (d, e) => {
    d.showing = null
    d.saved.passed[e.payload.kind] = true
  },
  'banners/muteToggled': (d, e) => {
    d.saved.muted = e.payload.muted
    d.saved.mutedAt = e.at
  },
}
