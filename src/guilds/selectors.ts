/** The guild screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectGuilds = (s: RootState) => s.guilds

export const selectUserGuild = (s: RootState) => s.mining.record?.guild ?? 0
