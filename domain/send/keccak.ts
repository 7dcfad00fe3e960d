/**
 * Keccak-256 (the original Keccak padding, as Ethereum uses it; not SHA3-256), for EIP-55 in the send
 * form. The send slice's reducer checks a recipient as it is typed, and the reducers are part of the
 * first screen: @noble/hashes' sha3 module added 2.6 KB gzip to it (145.7 to 148.3 KB against a
 * budget of 150), this one 0.8 KB (146.5). Tested against @noble/hashes' keccak_256
 * (tests/domain/send/addresses.test.ts); the server's own hashing keeps using @noble/hashes.
 *
 * Keccak-f[1600] on 25 lanes of 64 bits (bigint), rate 136 bytes, output 32 bytes.
 */
const MASK = (1n << 64n) - 1n
const rotl = (x: bigint, n: number) => (n === 0 ? x : ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK)

/** The round constants (iota), the lanes' walk (pi) and their rotations (rho), as the Keccak reference derives them. */
const IOTA: bigint[] = []
const PI: number[] = []
const RHO: number[] = []
for (let round = 0, lfsr = 1, x = 1, y = 0; round < 24; round++) {
  ;[x, y] = [y, (2 * x + 3 * y) % 5]
  PI.push(5 * y + x)
  RHO.push((((round + 1) * (round + 2)) / 2) % 64)
  let rc = 0n
  for (let j = 0; j < 7; j++) {
    lfsr = ((lfsr << 1) ^ ((lfsr >> 7) * 0x71)) & 0xff
    if (lfsr & 2) rc ^= 1n << BigInt((1 << j) - 1)
  }
  IOTA.push(rc)
}

function permute(s: bigint[]): void {
  const c = new Array<bigint>(5)
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20]
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1)
      for (let y = 0; y < 25; y += 5) s[y + x] ^= d
    }
    let current = s[1]
    for (let t = 0; t < 24; t++) {
      const next = s[PI[t]]
      s[PI[t]] = rotl(current, RHO[t])
      current = next
    }
    for (let y = 0; y < 25; y += 5) {
      const row = s.slice(y, y + 5)
      for (let x = 0; x < 5; x++) s[y + x] = row[x] ^ (~row[(x + 1) % 5] & MASK & row[(x + 2) % 5])
    }
    s[0] ^= IOTA[round]
  }
}

const RATE = 136

export function keccak256(data: Uint8Array): Uint8Array {
  const padded = new Uint8Array((Math.floor(data.length / RATE) + 1) * RATE)
  padded.set(data)
  padded[data.length] ^= 0x01
  padded[padded.length - 1] ^= 0x80
  const s = new Array<bigint>(25).fill(0n)
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let lane = 0; lane < RATE / 8; lane++) {
      let v = 0n
      for (let b = 7; b >= 0; b--) v = (v << 8n) | BigInt(padded[offset + lane * 8 + b])
      s[lane] ^= v
    }
    permute(s)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((s[i >> 3] >> BigInt(8 * (i & 7))) & 0xffn)
  return out
}
