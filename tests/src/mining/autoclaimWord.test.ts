/** One Russian word for autoclaim, everywhere a Russian reader meets it: the app's texts and the server's (the invoice, the bot). */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import miningRu from '../../../locales/mining/ru.json'
import tasksRu from '../../../locales/tasks/ru.json'

const ruFiles = [
  'locales/ru.json',
  ...readdirSync('locales', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join('locales', d.name, 'ru.json')),
]
const serverTexts = ['server/mining/seed.ts', 'server/bot/texts.ts']

describe('autoclaim in Russian', () => {
  it('is «Автосбор» in every text: no other word for it (the loan «Автоклейм» is gone)', () => {
    for (const file of [...ruFiles, ...serverTexts])
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/автокл[еэ]йм/i)
    expect(miningRu.tasks.autoclaim.modal.title).toBe('Автосбор')
    expect(miningRu['autoclaim-card'].title).toBe('Автосбор')
    expect(tasksRu.code.autoclaim).toBe('Автосбор')
  })
})
