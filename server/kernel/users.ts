/**
 * Users appear on their first authenticated call, with three wallets. In dev mode a new user also
 * gets a starter balance on every chain, booked as deposits.
 */
import type { Db } from '../db'
import type { InitDataUser } from './auth'
import { evmAddress, tonAddress } from './addresses'
import { type Catalogue, type ChainId, logoURI } from './catalogue'
import { addHistory, post } from './ledger'
import { toUnits } from './money'

export const WALLET_COUNT = 3

/** Dev mode's demo user: whom a plain browser opens the app as (server/kernel/static.ts demoLaunchScript). */
export const DEMO_USER: InitDataUser = { id: 1_000_001, first_name: 'Demo', language_code: 'en' }

/** What a new dev-mode user holds: wallet 0 gets most, wallets 1 and 2 a little. */
export const STARTER_BALANCES: readonly { accountIndex: number; chainId: ChainId; symbol: string; amount: string }[] = [
  ...([1, 10, 42161, 8453, 324] as const).flatMap((chainId) => [
    { accountIndex: 0, chainId, symbol: 'ETH', amount: '0.5' },
    { accountIndex: 0, chainId, symbol: 'USDC', amount: '500' },
    { accountIndex: 0, chainId, symbol: 'USDT', amount: '500' },
  ]),
  { accountIndex: 0, chainId: 1, symbol: 'DAI', amount: '100' },
  { accountIndex: 0, chainId: 42161, symbol: 'ZRO', amount: '50' },
  { accountIndex: 0, chainId: 'TON', symbol: 'TON', amount: '50' },
  { accountIndex: 0, chainId: 'TON', symbol: 'USDT', amount: '100' },
  { accountIndex: 0, chainId: 'TON', symbol: 'tsTON', amount: '20' },
  { accountIndex: 0, chainId: 'TON', symbol: 'PUNK', amount: '1000' },
  { accountIndex: 1, chainId: 42161, symbol: 'ETH', amount: '0.1' },
  { accountIndex: 1, chainId: 'TON', symbol: 'TON', amount: '5' },
  { accountIndex: 2, chainId: 42161, symbol: 'ETH', amount: '0.1' },
  { accountIndex: 2, chainId: 'TON', symbol: 'TON', amount: '5' },
]

/**
 * How a user first contacted the server: the start parameter of that first call (a mini-app launch's
 * signed start_param, or the bot's `/start PARAM`), on the server's clock.
 */
export interface FirstContact {
  startParam: string | null
  now: number
}

/** What a feature does when a user is created, in the creating transaction (referral attribution). */
export type UserCreatedHook = (tx: Db, user: InitDataUser, contact: FirstContact) => Promise<void>

export class Users {
  private readonly known = new Set<number>()
  /** Run once per user, in the transaction that creates them; features add theirs (server/app.ts). */
  readonly createdHooks: UserCreatedHook[] = []
  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
    private readonly starterBalances: boolean,
    private readonly walletSecret?: string,
  ) {}

  /**
   * Makes sure the user exists; creates them, their wallets and (dev) balances on first sight, and
   * runs the created hooks with how they came (`contact`; none: no start parameter, now).
   */
  async ensure(user: InitDataUser, contact: FirstContact = { startParam: null, now: Date.now() }): Promise<void> {
    if (this.known.has(user.id)) return
    await this.db.transaction(async (tx) => {
      if (!(await this.insert(tx, user))) return
      for (let i = 0; i < WALLET_COUNT; i++)
        await tx.query(
          'INSERT INTO wallets (user_id, account_index, evm_address, ton_address) VALUES ($1, $2, $3, $4)',
          [user.id, i, evmAddress(user.id, i, this.walletSecret), tonAddress(user.id, i, this.walletSecret)],
        )
      if (this.starterBalances) await this.grantStarter(tx, user.id)
      for (const hook of this.createdHooks) await hook(tx, user, contact)
    })
    this.known.add(user.id)
  }

  /**
   * The user's row; true when this call created it. The invite code is the database's random
   * default: a code someone holds already makes the insert do nothing, so it is drawn again.
   */
  private async insert(tx: Db, user: InitDataUser): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const created = await tx.query(
        `INSERT INTO users (id, first_name, language, is_premium) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
        [user.id, user.first_name, user.language_code ?? null, user.is_premium === true],
      )
      if (created.length > 0) return true
      if ((await tx.query('SELECT 1 FROM users WHERE id = $1', [user.id])).length > 0) return false
      if (attempt === 5) throw new Error('no free invite code after 6 draws')
    }
  }

  private async grantStarter(tx: Db, userId: number): Promise<void> {
    for (const s of STARTER_BALANCES) {
      const token = this.catalogue.bySymbol(s.chainId, s.symbol)
      if (!token) continue
      const units = toUnits(s.amount, token.decimals) as bigint
      await post(tx, [
        {
          userId,
          accountIndex: s.accountIndex,
          chainId: s.chainId,
          tokenAddress: token.address,
          delta: units,
          reason: 'deposit',
          reference: 'starter',
        },
      ])
      await addHistory(tx, userId, s.accountIndex, 'deposit', {
        asset: token.address,
        amount: units.toString(),
        decimals: token.decimals,
        symbol: token.symbol,
        chainId: token.chainId,
        from: 'SWITCH demo faucet',
        logoURI: logoURI(token.symbol),
      })
    }
  }

  async wallets(userId: number) {
    return this.db.query<{ account_index: number; evm_address: string; ton_address: string }>(
      'SELECT account_index, evm_address, ton_address FROM wallets WHERE user_id = $1 ORDER BY account_index',
      [userId],
    )
  }
}
