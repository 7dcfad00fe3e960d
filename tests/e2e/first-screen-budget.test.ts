/**
 * The first screen's JavaScript is at most 170 KB gzip with every feature built and the card's
 * packages in (react-router-dom among them). The build under test (DIST_DIR's) is read as
 * `npm run bench` reads it (tests/bench/bundle.mjs: the entry and every module index.html
 * preloads, each gzipped at level 9); the bench prints the figure, this holds the line, naming
 * each file when it does not.
 */
import { describe, expect, it } from 'vitest'
import { firstScreenJs } from '../bench/bundle.mjs'

const DIST = process.env.DIST_DIR ?? 'dist'
const BUDGET_KB = 170

describe('the first screen', () => {
  it('loads at most 170 KB of JavaScript, gzip', () => {
    const { files, gzipKb } = firstScreenJs(DIST)
    const listing = files.map((f) => `${f.src} ${(f.gzip / 1024).toFixed(1)} KB`).join(', ')
    expect(files.length, listing).toBeGreaterThan(0)
    expect(gzipKb, `${gzipKb.toFixed(1)} KB: ${listing}`).toBeLessThanOrEqual(BUDGET_KB)
  })
})
