/** How guild and alliance events change the guilds slice (its shape: ./state.ts). */
import type { Handlers } from '../slice'
import { allianceKey, isGuildRank, wrapRank } from './rules'
import { type AlliancePage, type GuildsState, INVITE_COPY_TARGET, type Loaded } from './state'

const loading = <T>(entry: Loaded<T> | undefined): Loaded<T> => ({
  data: entry?.data ?? null,
  loading: true,
  failed: false,
})
const pageLoading = (entry: AlliancePage | undefined): AlliancePage => ({ ...loading(entry), notFound: false })

/** The board the screen shows now starts loading (keeping what it showed). */
function loadShown(d: GuildsState) {
  if (d.mode === 'individual') d.individual[d.rank] = loading(d.individual[d.rank])
  else d.alliances[d.rank] = loading(d.alliances[d.rank])
}

export const guildsHandlers: Handlers<GuildsState> = {
  'guilds/entered': (d, e) => {
    if (!d.rankChosen && isGuildRank(e.payload.userGuild)) d.rank = e.payload.userGuild
    loadShown(d)
  },
  'guilds/modeChanged': (d, e) => {
    if (d.mode === e.payload.mode) return
    d.mode = e.payload.mode
    loadShown(d)
  },
  // guilds.5: the carousel wraps at both ends.
  'guilds/carouselMoved': (d, e) => {
    d.rank = wrapRank(d.rank, e.payload.by)
    d.rankChosen = true
    loadShown(d)
  },
  'guilds/refreshRequested': (d) => loadShown(d),
  'guilds/leaderboardReceived': (d, e) => {
    d.individual[e.payload.rank] = { data: e.payload.board, loading: false, failed: false }
  },
  // guilds.24: silent; the last board stays.
  'guilds/leaderboardFailed': (d, e) => {
    d.individual[e.payload.rank] = { data: d.individual[e.payload.rank]?.data ?? null, loading: false, failed: true }
  },
  'guilds/allianceBoardReceived': (d, e) => {
    d.alliances[e.payload.rank] = { data: e.payload.board, loading: false, failed: false }
    d.member = e.payload.board.alliance?.name ?? null
  },
  'guilds/allianceBoardFailed': (d, e) => {
    d.alliances[e.payload.rank] = { data: d.alliances[e.payload.rank]?.data ?? null, loading: false, failed: true }
  },
  'guilds/inputChanged': (d, e) => {
    d.input = e.payload.text
    d.joinError = null
  },
  'guilds/joinRequested': (d, e) => {
    d.joining = e.payload.name
    d.joinError = null
  },
  'guilds/joined': (d, e) => {
    d.joining = null
    d.member = e.payload.name
    d.input = ''
    // Every alliance board is stale now (the user's alliance, its total); the pages too.
    d.alliances = {}
    for (const key of Object.keys(d.pages))
      if (key === allianceKey(e.payload.name) || d.pages[key].data?.member === true)
        d.pages[key] = pageLoading(d.pages[key])
  },
  'guilds/joinFailed': (d, e) => {
    d.joining = null
    d.joinError = { name: e.payload.name, error: e.payload.error }
  },
  'guilds/leaveRequested': (d, e) => {
    d.leaving = e.payload.name
    d.leaveError = null
  },
  'guilds/leaveDeclined': (d) => {
    d.leaving = null
  },
  'guilds/allianceLeft': (d, e) => {
    d.leaving = null
    d.member = null
    d.alliances = {}
    const key = allianceKey(e.payload.name)
    if (d.pages[key] !== undefined) d.pages[key] = pageLoading(d.pages[key])
  },
  'guilds/leaveFailed': (d, e) => {
    d.leaving = null
    d.leaveError = e.payload.error
  },
  'guilds/allianceOpened': (d, e) => {
    const key = allianceKey(e.payload.name)
    d.pages[key] = pageLoading(d.pages[key])
    d.leaveError = null
    if (d.joinError !== null && allianceKey(d.joinError.name) === key) d.joinError = null
  },
  'guilds/allianceReceived': (d, e) => {
    const { alliance } = e.payload
    d.pages[allianceKey(e.payload.name)] = { data: alliance, loading: false, failed: false, notFound: false }
    if (alliance.member === true) d.member = alliance.name
    else if (d.member !== undefined && d.member !== null && allianceKey(d.member) === allianceKey(alliance.name))
      d.member = null
  },
  'guilds/allianceFailed': (d, e) => {
    const key = allianceKey(e.payload.name)
    const { error } = e.payload
    d.pages[key] = {
      data: d.pages[key]?.data ?? null,
      loading: false,
      failed: true,
      notFound: error.kind === 'rejected' && error.status === 404,
    }
  },
  'guilds/inviteLinkReceived': (d, e) => {
    d.inviteLink = e.payload.link
  },
  'app/copied': (d, e) => {
    if (e.payload.target === INVITE_COPY_TARGET) d.inviteCopied = true
  },
  'guilds/inviteCopiedExpired': (d) => {
    d.inviteCopied = false
  },
}
