#!/usr/bin/env node
/**
 * Where the first screen's bytes go: `node tests/bench/bundle-modules.mjs [dist] [--files]`, after a
 * build (DIST_DIR=dist-x npx vite build). For each script the first screen loads (bundle.mjs's
 * count), every byte of the minified code is put to the source its sourcemap maps it to (a mapping
 * segment owns the bytes up to the next one); sources are grouped by npm package or by
 * `domain|streams|src/<feature>` (`--files`: one row a source file). A group's gzip is the script's
 * gzip shared out by raw bytes (gzip has no per-module size; the shares add up to the total), and
 * beside it the group's own code gzipped alone (what it would weigh by itself). Figures only: it
 * checks nothing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { firstScreenJs } from './bundle.mjs'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]))

/** Source map v3 `mappings`: per generated line, the segments' [column, source index]. */
function* segments(mappings) {
  let source = 0
  const lines = mappings.split(';')
  for (let line = 0; line < lines.length; line++) {
    let column = 0
    for (const segment of lines[line].split(',')) {
      if (segment === '') continue
      const fields = []
      let value = 0
      let shift = 0
      for (const c of segment) {
        const digit = DIGIT[c]
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]
      if (fields.length > 1) source += fields[1]
      yield { line, column, source: fields.length > 1 ? source : -1 }
    }
  }
}

function groupOf(source, byFile) {
  const path = source.replace(/^(\.\.\/)+/, '')
  if (byFile) return path
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (pkg) return pkg[1]
  const feature = /^(domain|streams|src|locales)\/([^/.]+)/.exec(path)
  return feature ? `${feature[1]}/${feature[2]}` : path
}

/**
 * The first screen's bytes by group (npm package, or `domain|streams|src/<feature>`; `byFile`: by
 * source file), biggest first: `{ group, share, alone, raw }` (gzip share, gzip alone, minified chars).
 */
export function firstScreenGroups(dist = 'dist', byFile = false) {
  const rows = new Map()
  let total = 0
  for (const file of firstScreenJs(dist).files) {
    const path = join(dist, file.src.replace(/^\//, ''))
    const code = readFileSync(path, 'utf8')
    let map
    try {
      map = JSON.parse(readFileSync(`${path}.map`, 'utf8'))
    } catch {
      map = { sources: [], mappings: '' }
    }
    const lineStart = [0]
    for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStart.push(i + 1)
    const marks = [...segments(map.mappings)].map((s) => ({
      at: lineStart[s.line] + s.column,
      group: s.source < 0 ? '(unmapped)' : groupOf(map.sources[s.source], byFile),
    }))
    if (marks.length === 0 || marks[0].at > 0) marks.unshift({ at: 0, group: '(unmapped)' })
    const text = new Map()
    for (let i = 0; i < marks.length; i++) {
      const end = i + 1 < marks.length ? marks[i + 1].at : code.length
      text.set(marks[i].group, (text.get(marks[i].group) ?? '') + code.slice(marks[i].at, end))
    }
    for (const [group, t] of text) {
      const row = rows.get(group) ?? { raw: 0, share: 0, alone: '' }
      row.raw += t.length
      row.share += (t.length / code.length) * file.gzip
      row.alone += t
      rows.set(group, row)
    }
    total += file.gzip
  }
  const groups = [...rows]
    .map(([group, r]) => ({ group, share: r.share, alone: gzipSync(r.alone, { level: 9 }).length, raw: r.raw }))
    .sort((a, b) => b.share - a.share)
  return { total, groups }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const dist = args.find((a) => !a.startsWith('--')) ?? process.env.DIST_DIR ?? 'dist'
  const { total, groups } = firstScreenGroups(dist, args.includes('--files'))
  const kb = (n) => (n / 1024).toFixed(1).padStart(6)
  console.log(`first screen: ${kb(total).trim()} KB gzip in ${dist}`)
  console.log(' gzip KB (share) | alone | minified K chars | group')
  for (const r of groups) console.log(`${kb(r.share)}          |${kb(r.alone)} |${kb(r.raw)}            | ${r.group}`)
}
