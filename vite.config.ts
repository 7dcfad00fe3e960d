import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { type Plugin, defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

const DEV_SERVER = 'http://127.0.0.1:8080'

/**
 * `npm run dev` only: API calls go to the reference server that `npm start` runs on :8080, and the
 * page gets the launch parameters that server signs for its demo user (its dev-only
 * /dev/launchScript). Never part of a build.
 */
function devLaunch(): Plugin {
  return {
    name: 'switch-dev-launch',
    apply: 'serve',
    async transformIndexHtml(html, ctx) {
      // The page's query goes along: the demo tour's ?user=new, ?theme=dark, ?devtools (server/kernel/static.ts).
      const url = ctx.originalUrl ?? ''
      const script = await fetch(
        `${DEV_SERVER}/dev/launchScript${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`,
      )
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .catch(
          () =>
            `<script>console.warn('npm run dev: start the reference server (npm start) on :8080 for demo launch parameters')</script>`,
        )
      return html.replace('<head>', `<head>${script}`)
    },
  }
}

/**
 * Builds only: a brotli (`x.js.br`) and a gzip (`x.js.gz`) copy beside each emitted text asset of
 * more than 1 KB, at the highest levels (made once, served many times): server/kernel/static.ts
 * sends the one the browser accepts. Source maps and index.html (changed per request in dev mode)
 * are left as they are.
 */
export function precompress(minBytes = 1024): Plugin {
  const brotli = promisify(brotliCompress)
  const gz = promisify(gzip)
  return {
    name: 'switch-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|svg|json|txt|wasm)$/.test(f))
      await Promise.all(
        files.map(async (f) => {
          const path = join(dir, f)
          const data = await readFile(path)
          if (data.length <= minBytes) return
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)])
        }),
      )
    },
  }
}

/**
 * Builds only: the entry's stylesheet goes inline into index.html (a `<style>` where Vite put its
 * `<link rel="stylesheet">`), so nothing blocks the first paint: the page paints its skeleton as
 * soon as it arrives (about 4 KB more page, compressed, instead of one more round trip).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'switch-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file]
          if (!asset || asset.type !== 'asset') return tag
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8')
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
        })
      },
    },
  }
}

/**
 * Builds only: a page opened on an inner screen (the bot's link to /swap, say) starts fetching that
 * screen's chunk together with the entry, instead of after the entry has run. The path-to-chunk
 * table is read from the features' src/<feature>/routes.tsx (`{ path, screen: lazyScreen(() =>
 * import('...'), ...) }`, or a loader `const load = () => import('...')` named there) and the
 * bundle; a tiny inline script adds the `modulepreload` links for location.pathname. A route the
 * table does not find (one with a parameter, say) is simply not preloaded. Inside Telegram the same
 * script preloads the Telegram SDK's chunk, and in a replay every feature's chunk and the panel's.
 */
export function preloadLaunchScreen(srcDir = 'src'): Plugin {
  return {
    name: 'switch-preload-launch-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const routes: { path: string; module: string; feature?: string }[] = []
        // The lazy features' chunks by name (streams/features.ts): a screen's data waits for its feature's.
        const featureModules = new Map(
          [...readFileSync('streams/features.ts', 'utf8').matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)].map((m) => [
            m[1],
            resolve('streams', m[2]),
          ]),
        )
        for (const dir of readdirSync(srcDir, { withFileTypes: true })) {
          const file = join(srcDir, dir.name, 'routes.tsx')
          if (!dir.isDirectory() || !existsSync(file)) continue
          const source = readFileSync(file, 'utf8')
          const loaders = new Map<string, string>()
          for (const m of source.matchAll(/const (\w+) =\s*(?:lazyScreen\(\s*)?\(\) =>\s*import\('([^']+)'\)/g))
            loaders.set(m[1], resolve(file, '..', m[2]))
          for (const m of source.matchAll(
            /\{\s*path: '([^']+)',\s*screen:\s*(?:lazyScreen\(\s*(?:\(\) =>\s*import\('([^']+)'\)|(\w+)),|(\w+))/g,
          )) {
            const module = m[2] !== undefined ? resolve(file, '..', m[2]) : loaders.get(m[3] ?? m[4])
            // The feature it names (a literal), read up to the next route.
            const rest = source.slice(m.index + m[0].length)
            const next = rest.search(/\bpath: '/)
            const feature = /\bfeature: '(\w+)'/.exec(next < 0 ? rest : rest.slice(0, next))?.[1]
            if (module !== undefined) routes.push({ path: m[1], module, feature })
          }
        }
        const inPage = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))
        /** A lazy module's chunk and every chunk it imports, that the page does not load already. */
        const chunkFiles = (test: (id: string) => boolean, into = new Set<string>()): Set<string> => {
          const add = (fileName: string) => {
            const c = bundle[fileName]
            if (!c || c.type !== 'chunk' || into.has(fileName) || inPage.has(fileName)) return
            into.add(fileName)
            c.imports.forEach(add)
          }
          const entry = Object.values(bundle).find(
            (c) => c.type === 'chunk' && c.isDynamicEntry && test(c.facadeModuleId?.replace(/\.[jt]sx?$/, '') ?? ''),
          )
          if (entry) add(entry.fileName)
          return into
        }
        const table: Record<string, string[]> = {}
        for (const { path, module, feature } of routes) {
          const files = chunkFiles((id) => id === module)
          if (files.size === 0) continue
          // The screen's feature too: its calls start once it is in (streams/features.ts).
          const featureModule = feature === undefined ? undefined : featureModules.get(feature)
          if (featureModule !== undefined) chunkFiles((id) => id === featureModule, files)
          table[path] = [...files]
        }
        // Inside Telegram (a host injected itself, or the page is framed by a web client) the
        // Telegram SDK's chunk is needed at once (streams/telegram/sdk.ts); elsewhere never.
        const sdkFiles = [...chunkFiles((id) => /streams\/telegram\/sdkParts$/.test(id))]
        // A replay (a log handed to the page: scripts/replayServer.ts) folds with every feature's
        // handlers and shows the time-travel panel (src/main.tsx): their chunks start with the entry's.
        const replayFiles = new Set<string>()
        for (const module of [...featureModules.values(), resolve(srcDir, 'devtools/Panel')])
          chunkFiles((id) => id === module, replayFiles)
        if (Object.keys(table).length === 0 && sdkFiles.length === 0 && replayFiles.size === 0) return html
        const script = `<script>(function(t,s,r){var w=window,x=w.external;(t[location.pathname]||[]).concat(w.TelegramWebviewProxy||(x&&typeof x.notify=='function')||w.parent!==w?s:[],w.__SWITCH_REPLAY__!==undefined?r:[]).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)})})(${JSON.stringify(table)},${JSON.stringify(sdkFiles)},${JSON.stringify([...replayFiles])})</script>`
        return html.replace('<script type="module"', `${script}\n    <script type="module"`)
      },
    },
  }
}

/**
 * Modules a first-screen module reaches only through a package's index that re-exports them, and
 * that only lazy screens use: react-i18next's `Trans` with its HTML parser (4.3 KB gzip). Left in
 * the first-screen group they would ride in the first chunk; outside it they go with the screens.
 */
const LAZY_ONLY =
  /node_modules\/(react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js|html-parse-stringify\/|void-elements\/)/

/**
 * Builds only: every module the first screen loads (the static imports reachable from the entry)
 * goes into one chunk. Left to itself the bundler splits the code the first screen shares with lazy
 * screens into a dozen small preloaded files, which gzip apart: one file is 6.8 KB gzip smaller
 * (first_screen_js_gzip_kb 167.4 -> 160.6 when measured). Lazy chunks import what they share from it.
 */
export function firstScreenChunk(entry = 'src/main.tsx', lazyOnly = LAZY_ONLY): Plugin {
  const first = new Set<string>()
  return {
    name: 'switch-first-screen-chunk',
    apply: 'build',
    config: () =>
      ({
        build: {
          rollupOptions: {
            output: { codeSplitting: { groups: [{ name: 'app', test: (id: string) => first.has(id) }] } },
          },
        },
      }) as never,
    buildEnd() {
      first.clear()
      const stack = [resolve(entry)]
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        const info = first.has(id) || lazyOnly.test(id) ? null : this.getModuleInfo(id)
        if (info === null) continue
        first.add(id)
        stack.push(...info.importedIds)
      }
    },
  }
}

/** Server tests that never open a database: run on PGlite only, as running them again on PostgreSQL would test nothing new. */
const SERVER_TESTS_WITHOUT_DATABASE = [
  'bot/config',
  'kernel/admin',
  'kernel/auth',
  'kernel/auth-kept',
  'kernel/auth-library',
  'kernel/config',
  'kernel/fresh',
  'kernel/imports',
  'payments/ton',
  'standins/chatMember',
  'standins/tonApi',
  'swap/quote',
  'tasks/catalogue',
].map((name) => `tests/server/${name}.test.ts`)

/** Domain and stream tests that mock a module or load a fresh module graph: each runs in a module graph of its own. */
const NEED_FRESH_MODULES = [
  'tests/streams/features.test.ts',
  'tests/streams/app/journey-lazy.test.ts',
  'tests/streams/devtools/timeTravel-shared.test.ts',
]

export default defineConfig(({ command }) => {
  if (command === 'serve' && !process.env.VITEST) {
    process.env.VITE_WALLET_SERVERS ??= DEV_SERVER
    process.env.VITE_MINING_SERVERS ??= DEV_SERVER
  }
  return {
    plugins: [react(), devLaunch(), inlineEntryCss(), firstScreenChunk(), preloadLaunchScreen(), precompress()],
    // Builds: RxJS's ES2015 modules (its `es2015` export condition; no other package here has one),
    // not the ES5 ones with tslib's helpers that `default` gives: the same code, 1.6 KB gzip smaller.
    resolve: command === 'build' ? { conditions: ['es2015', ...defaultClientConditions] } : {},
    build: {
      target: 'es2022',
      // DIST_DIR: a build of one's own beside another (parallel work on one tree); the tests read the same variable.
      outDir: process.env.DIST_DIR ?? 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    test: {
      // Vitest's default is one worker fewer than the cores: one on this 2-core machine. The unit and
      // server tests wait on databases and timers much of the time, so two at once take 30 % less time.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          // The domain and stream tests (pure functions, folds, epics on fake dependencies) in one
          // module graph per worker, not one per file: each file's own setup (every feature's
          // handlers, 0.6 s) and imports took four times its tests. The files that change what a
          // module holds (vi.mock, vi.resetModules) stay in project unit.
          extends: true,
          test: {
            name: 'unit-shared',
            include: ['tests/{domain,streams}/**/*.test.{ts,tsx}'],
            exclude: NEED_FRESH_MODULES,
            isolate: false,
            environment: 'node',
            setupFiles: ['tests/setup/features.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'unit',
            // Worker threads, not child processes: a test file's new worker costs less. Measured on the
            // friends, guilds and swap server files: 68 s of CPU instead of 88 s. No file here sets
            // process.env.TZ, which a thread cannot change (the time-zone tests are in unit-shared).
            pool: 'threads',
            include: ['tests/{src,server,replays,docs}/**/*.test.{ts,tsx}', ...NEED_FRESH_MODULES],
            environment: 'node',
            setupFiles: ['tests/setup/features.ts'],
            // One migrated in-memory database per run, which every test server's starts as a copy of.
            globalSetup: ['tests/setup/pgliteTemplate.ts'],
            // A server test on the embedded database takes seconds on a loaded 2-core machine; a
            // hang still fails, after 20 s instead of 5 (tests do not time things).
            testTimeout: 20_000,
          },
        },
        {
          // The server tests again, each test server on a new database of a real PostgreSQL server
          // (tests/server/helpers.ts testDatabase(); the cluster: tests/server/postgres.setup.ts).
          extends: true,
          test: {
            name: 'server-pg',
            pool: 'threads',
            include: ['tests/server/**/*.test.ts'],
            environment: 'node',
            // Tests that open no database (pure functions, stand-ins, the process's configuration)
            // run once, in project unit.
            exclude: SERVER_TESTS_WITHOUT_DATABASE,
            env: { TEST_DATABASE: 'postgres' },
            globalSetup: ['tests/server/postgres.setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            // The tests fold recorded logs in Node: every feature's handlers, as in replay mode.
            setupFiles: ['tests/setup/features.ts'],
            globalSetup: ['tests/setup/pgliteTemplate.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // Three files at once, each with its own server and Chromium: a browser test waits on
            // debounces, polls, animations and the network much of the time. With two at once the
            // phase used 470 s of CPU in 570 s on 2 cores (41 % of them); one at a time took about
            // 900 s; four at once (480 s) once left a page 30 s without its first screen at load
            // 14. A run of all projects at once runs these after the others (groupOrder), as
            // projects with different worker counts must.
            maxWorkers: 3,
            // The files of a worker share one module graph (the harness, the server, Playwright):
            // loaded once a worker instead of once a file (imports summed 107 s -> 8 s, the phase
            // 478 -> 411 s). Each file still starts its own server and browser; none mocks a module.
            isolate: false,
            sequence: { groupOrder: 1 },
            // No retry: a browser test that fails once fails the run, so a flaky one is heard of.
          },
        },
      ],
    },
  }
})
