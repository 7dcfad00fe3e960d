/**
 * The UI's layers: src/ui (the parts every screen shares) imports no screen and nothing of the
 * app's shell (src/app); a feature's screens reach the shell's route table only through their own
 * routes.tsx, which the table imports (no circle back into a screen). A runtime import only: a
 * type-only import leaves nothing in the bundle.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve('src')

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )

/** Where a file's runtime imports land, as paths under src/ ('app/routes'); packages and files outside src/ are left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const m of text.matchAll(/(?:^|[\s;])(import|export)\s(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]/g))
    found.push(m[2])
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1])
  return found
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(SRC, resolve(dirname(file), s))
        .split(sep)
        .join('/')
        .replace(/\.tsx?$/, ''),
    )
    .filter((p) => !p.startsWith('..'))
}

const under = (folder: string) =>
  filesUnder(join(SRC, folder)).map((f) => ({ file: relative(SRC, f).split(sep).join('/'), imports: importsOf(f) }))

describe('the UI layers', () => {
  it('src/ui imports nothing of src/app', () => {
    const offending = under('ui').flatMap(({ file, imports }) =>
      imports.filter((p) => p.startsWith('app/')).map((p) => `${file} -> ${p}`),
    )
    expect(offending).toEqual([])
  })

  it("no screen imports the app's route table: only the table imports the features' routes", () => {
    const features = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'app' && e.name !== 'ui')
      .map((e) => e.name)
    const offending = features.flatMap((f) =>
      under(f).flatMap(({ file, imports }) =>
        imports.filter((p) => p === 'app/routes' || p === 'app/App').map((p) => `${file} -> ${p}`),
      ),
    )
    expect(offending).toEqual([])
  })
})
