/** Types of bundle.mjs (a plain Node script the bench runs; the browser tests import it too). */
export interface BuiltFile {
  /** The path the page asks for (`/assets/app-x.js`). */
  src: string
  raw: number
  /** Gzip level 9, in bytes. */
  gzip: number
}

/** inside: 'telegram' (default, with the Telegram SDK's chunk) or 'browser' (a page outside Telegram). */
export function firstScreenJs(dist?: string, inside?: 'telegram' | 'browser'): { files: BuiltFile[]; gzipKb: number }
export function routeJs(dist: string | undefined, path: string): { files: BuiltFile[]; gzipKb: number }
