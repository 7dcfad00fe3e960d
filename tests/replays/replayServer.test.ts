/**
 * The replay server hands the page the log it was given, the same value whatever the page accepts:
 * ASCII JSON (the browser's fast one-byte path), gzipped where the page accepts gzip.
 */
import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPLAY_LOG_PATH, serveReplay } from '../../scripts/replayServer'
import type { RecordedLog } from '../../domain/log'

const get = (url: string, encoding: string) =>
  new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })

describe('the replay server', () => {
  it('hands over the log as ASCII JSON of the same value, gzipped where accepted', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'replay-dist-'))
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body></body></html>')
    const log = {
      app: 'v1',
      recordedAt: '2026-11-28T00:00:00.000Z',
      events: [{ type: 'app/languageChanged', payload: { text: 'Кошелёк 😀 "quoted" \\ end' }, at: 1 }],
    } as unknown as RecordedLog
    const served = await serveReplay(log, 0, dist)
    try {
      const plain = await get(served.url + REPLAY_LOG_PATH, 'identity')
      const zipped = await get(served.url + REPLAY_LOG_PATH, 'gzip, deflate, br')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(zipped.headers['content-encoding']).toBe('gzip')
      for (const body of [plain.body, gunzipSync(zipped.body)]) {
        expect(/^[\x20-\x7e]*$/.test(body.toString('latin1'))).toBe(true)
        expect(JSON.parse(body.toString('utf8'))).toEqual(log)
      }
    } finally {
      await served.close()
    }
  })
})
