/**
 * guilds.23: "An alliance gives a 5 % bonus per claim". The claimer is credited, on their own claim,
 * 5 % of what they claimed, while they are in an alliance; reason 'alliance', the claim's reference.
 * Written in the claim's transaction (a ClaimHook), so once per claim.
 */
import { allianceBonus } from '../../domain/guilds/rules'
import { type ClaimHook, switchEntry } from '../mining/miner'

export const ALLIANCE_REASON = 'alliance'

export const allianceBonusHook: ClaimHook = async (tx, { userId, claimed, reference }) => {
  const [me] = await tx.query<{ alliance: string | null }>(
    'SELECT alliance FROM mining_users WHERE user_id = $1',
    [userId],
    { name: 'guilds.allianceOf' },
  )
  const bonus = allianceBonus(claimed)
  return me?.alliance && bonus > 0n ? [switchEntry(userId, bonus, ALLIANCE_REASON, reference)] : []
}
