/**
 * The documentation's links and paths lead somewhere: every relative link in README.md, CONTRIBUTING.md,
 * CHANGELOG.md and docs/ names a file that exists (and a heading that exists, for `#anchor`), every
 * repository path written in backticks (`server/...`, `tests/...`) exists, and every file and section
 * a code comment points at (`docs/operations.md, "Logs"`, `README.md, "Tour of the demo"`) is there.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const rel = (p: string) => relative(ROOT, p)

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p, keep)
    return keep(e.name) ? [p] : []
  })
}

const DOCS = [
  ...['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((f) => join(ROOT, f)),
  ...walk(join(ROOT, 'docs'), (n) => n.endsWith('.md')),
]

/** Fenced blocks apart: [prose, shell code] of a Markdown file. Diagrams and other fences are dropped. */
function split(text: string): { prose: string; shell: string } {
  let prose = ''
  let shell = ''
  let fence: string | null = null
  for (const line of text.split('\n')) {
    const open = /^\s*```(\w*)/.exec(line)
    if (open) {
      fence = fence === null ? open[1] : null
      continue
    }
    if (fence === null) prose += line + '\n'
    else if (fence === 'sh' || fence === 'bash') shell += line + '\n'
  }
  return { prose, shell }
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const headingsCache = new Map<string, string[]>()
function headings(file: string): string[] {
  let hs = headingsCache.get(file)
  if (!hs) {
    hs = [...split(readFileSync(file, 'utf8')).prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1])
    headingsCache.set(file, hs)
  }
  return hs
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const h of headings(file)) {
    const s = slug(h)
    const n = seen.get(s) ?? 0
    seen.set(s, n + 1)
    out.add(n === 0 ? s : `${s}-${n}`)
  }
  for (const m of readFileSync(file, 'utf8').matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1])
  return out
}

/** A section named in words: a heading (its text, or its text before a parenthesis) or a bold lead. */
function hasSection(file: string, name: string): boolean {
  const plain = (s: string) => s.replace(/`/g, '').trim()
  if (headings(file).some((h) => plain(h) === name || plain(h).startsWith(`${name} (`))) return true
  return [...readFileSync(file, 'utf8').matchAll(/\*\*(.+?)\*\*/g)].some(
    (m) => plain(m[1]).replace(/[.:]$/, '') === name || plain(m[1]).startsWith(`${name} (`),
  )
}

const REPO_PATH = /^(server|src|tests|domain|streams|scripts|docs)\/[\w./-]*$/
/** A token written as a repository path; placeholders (`<feature>`, `NNN_name`), globs and `{en,ru}` are templates. */
function repoPath(token: string): string | null {
  const t = token.replace(/^[("'[]+/, '').replace(/[)"',.;\]]+$/, '')
  if (/[<>*{}]|\.\.\.|NNN/.test(t)) return null
  const p = t.replace(/:\d+(-\d+)?$/, '')
  return REPO_PATH.test(p) ? p : null
}

describe('documentation links', () => {
  it('relative links and images in the docs name files and headings that exist', () => {
    const broken: string[] = []
    for (const file of DOCS) {
      const { prose } = split(readFileSync(file, 'utf8'))
      const noCode = prose.replace(/`[^`\n]*`/g, '')
      const targets = [
        ...[...noCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]),
        ...[...noCode.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
      ]
      for (const target of targets) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue
        const [path, anchor] = target.split('#') as [string, string | undefined]
        const to = path === '' ? file : resolve(dirname(file), decodeURI(path))
        if (!existsSync(to)) broken.push(`${rel(file)}: ${target} (no such file)`)
        else if (anchor !== undefined && to.endsWith('.md') && !anchors(to).has(anchor))
          broken.push(`${rel(file)}: ${target} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })

  it('sections the docs name after a link (`[page](page.md), "Section"`) exist on that page', () => {
    const wrong: string[] = []
    for (const file of DOCS) {
      const text = split(readFileSync(file, 'utf8')).prose.replace(/\n\s*/g, ' ')
      const named = [
        ...[...text.matchAll(/\]\(([^)#\s]+\.md)\),? "([^"]+)"/g)].map((m) => [resolve(dirname(file), m[1]), m[2]]),
        ...[...text.matchAll(/\b((?:docs\/[\w/.-]+|README|CONTRIBUTING)\.md),? "([^"]+)"/g)].map((m) => [
          join(ROOT, m[1]),
          m[2],
        ]),
      ]
      for (const [doc, section] of named)
        if (existsSync(doc) && !hasSection(doc, section)) wrong.push(`${rel(file)}: ${rel(doc)}, "${section}"`)
    }
    expect(wrong).toEqual([])
  })

  it('repository paths written in backticks and in shell examples exist', () => {
    const missing: string[] = []
    for (const file of DOCS) {
      const { prose, shell } = split(readFileSync(file, 'utf8'))
      const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])
      for (const token of [...spans, shell].flatMap((s) => s.split(/\s+/))) {
        const p = repoPath(token)
        if (p && !existsSync(join(ROOT, p))) missing.push(`${rel(file)}: ${p}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('files and sections that code comments point at exist', () => {
    const sources = ['domain', 'streams', 'src', 'server', 'scripts', 'tests'].flatMap((d) =>
      walk(join(ROOT, d), (n) => /\.(ts|tsx|mjs|js)$/.test(n)),
    )
    const wrong: string[] = []
    for (const file of sources) {
      if (file.startsWith(join(ROOT, 'tests/docs'))) continue
      const text = readFileSync(file, 'utf8').replace(/\n\s*(\*|\/\/)\s*/g, ' ')
      for (const m of text.matchAll(/\b(docs\/[\w/.-]+\.md|README(?:\.md)?|CONTRIBUTING\.md)(?:'s)?,? "([^"]+)"/g)) {
        const doc = join(ROOT, m[1] === 'README' ? 'README.md' : m[1])
        if (!existsSync(doc)) wrong.push(`${rel(file)}: ${m[1]} (no such file)`)
        else if (!hasSection(doc, m[2])) wrong.push(`${rel(file)}: ${m[1]}, "${m[2]}" (no such section)`)
      }
      for (const m of text.matchAll(/\bdocs\/[\w/.-]+\.md/g))
        if (!existsSync(join(ROOT, m[0]))) wrong.push(`${rel(file)}: ${m[0]} (no such file)`)
      for (const m of text.matchAll(
        /\b(?:server|src|domain|streams|scripts|tests)\/[\w/.-]+\.(?:ts|tsx|mjs|sql|json)\b/g,
      ))
        if (!existsSync(join(ROOT, m[0]))) wrong.push(`${rel(file)}: ${m[0]} (no such file)`)
    }
    expect(wrong).toEqual([])
  })
})
