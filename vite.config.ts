import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * `npm run dev` only: the page gets launch parameters signed for the reference server's demo user
 * (as the server does for `npm start` in dev mode), and API calls go to that server on :8080. Never
 * part of a build.
 */
function devLaunch(): Plugin {
  return {
    name: 'switch-dev-launch',
    apply: 'serve',
    async transformIndexHtml(html) {
      const { demoLaunchScript } = await import('./server/static')
      const { DEV_BOT_TOKEN } = await import('./server/config')
      const { DEMO_USER } = await import('./server/app')
      return html.replace('<head>', `<head>${demoLaunchScript(process.env.BOT_TOKEN ?? DEV_BOT_TOKEN, DEMO_USER)}`)
    },
  }
}

export default defineConfig(({ command }) => {
  if (command === 'serve' && !process.env.VITEST) {
    process.env.VITE_WALLET_SERVERS ??= 'http://127.0.0.1:8080'
    process.env.VITE_MINING_SERVERS ??= 'http://127.0.0.1:8080'
  }
  return {
    plugins: [react(), devLaunch()],
    build: {
      target: 'es2022',
      outDir: 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/{domain,streams,src,server,replays}/**/*.test.{ts,tsx}'],
            environment: 'node',
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }
})
