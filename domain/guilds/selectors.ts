/** What the guild screens read of the guilds slice that takes the rules (loaded with the guilds chunk). */
import { allianceInviteLink, allianceKey, allianceNameOf } from './rules'
import type { AlliancePage, GuildsState } from './state'

/** guilds.11-12: the name the input holds, or null (Join disabled). */
export const inputName = (s: GuildsState) => allianceNameOf(s.input)

export const pageOf = (s: GuildsState, name: string): AlliancePage | undefined => s.pages[allianceKey(name)]

/** Whether the user is a member of `name`: the page's answer, corrected by joins and leaves since. */
export function isMemberOf(s: GuildsState, name: string): boolean {
  if (s.member !== undefined) return s.member !== null && allianceKey(s.member) === allianceKey(name)
  return pageOf(s, name)?.data?.member === true
}

/** guilds.18: the alliance's invite link, once the server's own is known. */
export const inviteLinkOf = (s: GuildsState, name: string) =>
  s.inviteLink === null ? null : allianceInviteLink(s.inviteLink, name)
