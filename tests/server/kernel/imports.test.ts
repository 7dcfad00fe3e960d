/**
 * The kernel knows no feature (DESIGN §2): server/kernel and server/db import each other, domain/
 * and packages, never a feature's folder (server/mining, server/payments, server/bot...) nor the
 * files that put the features together (server/app.ts, server/features.ts, server/config.ts). A
 * feature is given the kernel's parts (server/feature.ts); the kernel is never handed a feature.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const SERVER = resolve('server')
const KERNEL = ['kernel', 'db'].map((d) => join(SERVER, d))

/** Every .ts file under `dir`, at any depth. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** The module names a file imports: `import ... from`, `export ... from`, `import '...'` and `import('...')`. */
function importsOf(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) found.push(m[1])
  for (const m of text.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.push(m[1])
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1])
  return found
}

/** Where a relative import lands, as a path under server/ ('mining/season'), or null outside server/ or for a package. */
const serverPathOf = (file: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null
  const target = relative(SERVER, resolve(dirname(file), specifier))
  return target.startsWith('..') ? null : target.split(sep).join('/')
}

const inKernel = (path: string) =>
  path === 'kernel' || path === 'db' || path.startsWith('kernel/') || path.startsWith('db/')

describe('the kernel imports no feature', () => {
  it('reads the imports it checks', () => {
    expect(
      importsOf(
        `import { a } from '../mining/season'\nimport type {\n  B,\n} from "./b"\nexport { c } from '../poh/x'\nimport 'side'\nconst d = await import('../bot/serve')`,
      ),
    ).toEqual(['../mining/season', './b', '../poh/x', 'side', '../bot/serve'])
    expect(serverPathOf(join(SERVER, 'kernel', 'config.ts'), '../mining/season')).toBe('mining/season')
    expect(serverPathOf(join(SERVER, 'kernel', 'config.ts'), '../../domain/money')).toBeNull()
  })

  it('server/kernel and server/db import only each other, domain/ and packages', () => {
    const files = KERNEL.flatMap(filesUnder)
    const outside: string[] = []
    let checked = 0
    for (const file of files)
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        checked++
        const path = serverPathOf(file, specifier)
        if (path !== null && !inKernel(path)) outside.push(`${relative(SERVER, file)} imports ${specifier}`)
      }
    // The scan saw the kernel: its files and their imports of each other.
    expect(files.length).toBeGreaterThan(20)
    expect(checked).toBeGreaterThan(100)
    expect(outside).toEqual([])
  })
})
