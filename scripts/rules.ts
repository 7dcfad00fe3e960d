/**
 * `npm run rules`: how many of the spec's rules (../shared/spec/RULES.md) the tests cite, per
 * feature, and which are cited by none. A citation is a rule's ID in square brackets in a test's
 * title (`it('[swap.4] price impact above 5 % is danger', ...)`); it promises that the test's body
 * fails when that rule is broken, all of it (docs/testing.md).
 *
 *   npm run rules            the table and the uncited rules
 *   npm run rules -- --cited the citing tests of each rule too
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const RULES = join(ROOT, '..', 'shared', 'spec', 'RULES.md')

/** Every rule ID of RULES.md, in its order, with its text. */
function rulesOf(text: string): { id: string; feature: string; text: string }[] {
  return [...text.matchAll(/^- \*\*([a-zA-Z]+)\.(\d+)\*\* (.*)$/gm)].map((m) => ({
    id: `${m[1]}.${m[2]}`,
    feature: m[1],
    text: m[3],
  }))
}

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * The IDs each test title cites, with where: `it(`, `test(` or `describe(` and a quoted title holding
 * `[id]`; and a table-driven test's case naming its rules as `rules: ['id', ...]`, which its title
 * then carries (tests/server/wire.test.ts).
 */
function citationsOf(files: string[]): Map<string, string[]> {
  const cited = new Map<string, string[]>()
  const title = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g
  const tableCase = /\brules: \[((?:\s*'[a-zA-Z]+\.\d+',?)+)\s*\]/g
  const cite = (file: string, source: string, index: number, ids: Iterable<string>) => {
    const at = `${relative(ROOT, file)}:${source.slice(0, index).split('\n').length}`
    for (const id of ids) cited.set(id, [...(cited.get(id) ?? []), at])
  }
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    for (const m of source.matchAll(title))
      cite(
        file,
        source,
        m.index,
        [...m[2].matchAll(/\[([a-zA-Z]+\.\d+)\]/g)].map((id) => id[1]),
      )
    for (const m of source.matchAll(tableCase))
      cite(
        file,
        source,
        m.index,
        [...m[1].matchAll(/'([a-zA-Z]+\.\d+)'/g)].map((id) => id[1]),
      )
  }
  return cited
}

const rules = rulesOf(readFileSync(RULES, 'utf8'))
const cited = citationsOf(testFiles(join(ROOT, 'tests')))
const known = new Set(rules.map((r) => r.id))
const features = [...new Set(rules.map((r) => r.feature))]
const showCited = process.argv.includes('--cited')

console.log('feature     rules  cited  uncited')
for (const feature of features) {
  const own = rules.filter((r) => r.feature === feature)
  const done = own.filter((r) => cited.has(r.id)).length
  console.log(
    `${feature.padEnd(10)} ${String(own.length).padStart(6)} ${String(done).padStart(6)} ${String(own.length - done).padStart(8)}`,
  )
}
const total = rules.filter((r) => cited.has(r.id)).length
console.log(
  `${'all'.padEnd(10)} ${String(rules.length).padStart(6)} ${String(total).padStart(6)} ${String(rules.length - total).padStart(8)}`,
)

const uncited = rules.filter((r) => !cited.has(r.id))
if (uncited.length > 0) {
  console.log('\nUncited:')
  for (const r of uncited) console.log(`  ${r.id}  ${r.text}`)
}
const unknown = [...cited.keys()].filter((id) => !known.has(id))
if (unknown.length > 0) {
  console.log('\nCited but not in RULES.md:')
  for (const id of unknown) console.log(`  ${id}  ${cited.get(id)?.join(', ')}`)
}
if (showCited) {
  console.log('\nCitations:')
  for (const r of rules) if (cited.has(r.id)) console.log(`  ${r.id}  ${cited.get(r.id)?.join(', ')}`)
}
