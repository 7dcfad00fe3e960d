/**
 * domain/ has no run-time import loop (a module reached again through its own imports runs half
 * loaded: the root state once saw a journey's module before it had its handlers). Type-only imports
 * do not count: they leave nothing at run time. Every feature is listed once (domain/features.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const DOMAIN = resolve('domain')

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** The relative modules a file imports at run time: not `import type`, nor `import { type A, type B }`. */
export function runtimeImportsOf(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/(?:^|[\s;])(import|export)\s+(type\s)?([^'"`;]*?)from\s*['"](\.[^'"]+)['"]/g)) {
    if (m[2] !== undefined) continue
    const named = /^\s*\{([^}]*)\}\s*$/.exec(m[3])
    if (named !== null) {
      const names = named[1]
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
      if (names.length > 0 && names.every((s) => s.startsWith('type '))) continue
    }
    found.push(m[4])
  }
  for (const m of text.matchAll(/(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g)) found.push(m[1])
  return found
}

const target = (file: string, specifier: string): string | null => {
  const path = resolve(dirname(file), specifier)
  for (const candidate of [path, `${path}.ts`, join(path, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate
  return null
}

/** The loops of a graph: each a list of files, the first repeated at the end. */
function loopsOf(graph: Map<string, string[]>): string[][] {
  const loops: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') loops.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return loops
}

describe('domain/ imports', () => {
  it('reads run-time imports and skips type-only ones', () => {
    expect(
      runtimeImportsOf(
        `import type { A } from './a'\nimport { type B, type C } from './b'\nimport { type D, e } from './d'\nimport f from './f'\nexport { g } from './g'\nexport type { H } from './h'\nimport './i'\nimport { j } from 'immer'`,
      ),
    ).toEqual(['./d', './f', './g', './i'])
    expect(
      loopsOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']])
  })

  it('have no run-time loop', () => {
    const graph = new Map<string, string[]>()
    for (const file of filesUnder(DOMAIN))
      graph.set(
        file,
        runtimeImportsOf(readFileSync(file, 'utf8'))
          .map((s) => target(file, s))
          .filter((t): t is string => t !== null && t.startsWith(DOMAIN)),
      )
    expect(graph.size).toBeGreaterThan(100)
    expect(graph.get(join(DOMAIN, 'state.ts'))).toContain(join(DOMAIN, 'features.ts'))
    expect(loopsOf(graph).map((loop) => loop.map((f) => relative(DOMAIN, f)).join(' -> '))).toEqual([])
  })
})
