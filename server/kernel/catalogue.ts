/**
 * The token catalogue: 69 real tokens (shared/data/tokens.json, copied into server/seed so the
 * server reads nothing outside the repository), kept in the database and cached in memory, and a
 * letter circle for a symbol with no real mark (served by kernel/logos.ts).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../db'

export type ChainId = 'TON' | 1 | 10 | 42161 | 8453 | 324
export const CHAINS: readonly ChainId[] = [1, 10, 42161, 8453, 324, 'TON']

export interface CatalogueToken {
  chainId: ChainId
  address: string
  symbol: string
  name: string
  decimals: number
  priceUsd: number
}

export const chainKey = (c: ChainId | string) => String(c)
export const parseChain = (c: string): ChainId | null => {
  const found = CHAINS.find((x) => String(x) === String(c))
  return found ?? null
}

export function readSeed(): CatalogueToken[] {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'tokens.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as CatalogueToken[]).map((t) => ({
    chainId: t.chainId,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    priceUsd: t.priceUsd,
  }))
}

export const logoURI = (symbol: string) => `/logos/${encodeURIComponent(symbol)}.svg`

/** The token as the contract answers it (Token codec). */
export const tokenView = (t: CatalogueToken) => ({
  address: t.address,
  chainId: t.chainId,
  decimals: t.decimals,
  logoURI: logoURI(t.symbol),
  name: t.name,
  symbol: t.symbol,
})

export class Catalogue {
  private readonly byKey = new Map<string, CatalogueToken>()
  constructor(readonly tokens: readonly CatalogueToken[]) {
    for (const t of tokens) this.byKey.set(`${chainKey(t.chainId)}:${t.address.toLowerCase()}`, t)
  }
  find(chainId: ChainId | string, address: string): CatalogueToken | undefined {
    return this.byKey.get(`${chainKey(chainId)}:${address.toLowerCase()}`)
  }
  bySymbol(chainId: ChainId, symbol: string): CatalogueToken | undefined {
    return this.tokens.find((t) => t.chainId === chainId && t.symbol === symbol)
  }
}

/** Upserts the seed into the tokens table and returns the catalogue as stored. */
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  await db.transaction(async (tx) => {
    for (const t of readSeed())
      await tx.query(
        `INSERT INTO tokens (chain_id, address, symbol, name, decimals, price_usd) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (chain_id, address) DO UPDATE SET symbol = $3, name = $4, decimals = $5, price_usd = $6`,
        [chainKey(t.chainId), t.address, t.symbol, t.name, t.decimals, t.priceUsd],
      )
  })
  const rows = await db.query<{
    chain_id: string
    address: string
    symbol: string
    name: string
    decimals: number
    price_usd: number
  }>('SELECT chain_id, address, symbol, name, decimals, price_usd FROM tokens ORDER BY chain_id, symbol')
  return new Catalogue(
    rows.map((r) => ({
      chainId: parseChain(r.chain_id) as ChainId,
      address: r.address,
      symbol: r.symbol,
      name: r.name,
      decimals: r.decimals,
      priceUsd: Number(r.price_usd),
    })),
  )
}

/** A round badge with the symbol's first letters, in a colour of its own: the logo of a symbol with no real mark. */
export function logoSvg(symbol: string): string {
  let h = 0
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360
  const text = symbol.slice(0, symbol.length <= 4 ? symbol.length : 3).replace(/[<>&"]/g, '')
  // Three or four letters sit small and a little high, clear of the network badge at the icon's bottom right.
  const size = text.length <= 2 ? 26 : text.length === 3 ? 17 : 15
  const y = text.length <= 2 ? 32 : 29
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${h} 58% 50%)"/><text x="32" y="${y}" dy="0.35em" text-anchor="middle" font-family="-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text></svg>`
}
