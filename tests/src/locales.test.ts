import { describe, expect, it } from 'vitest'
import coreEn from '../../locales/en.json'
import coreRu from '../../locales/ru.json'
import swapEn from '../../locales/swap/en.json'
import swapRu from '../../locales/swap/ru.json'
import copyTradeEn from '../../locales/copyTrade/en.json'
import copyTradeRu from '../../locales/copyTrade/ru.json'
import miningEn from '../../locales/mining/en.json'
import miningRu from '../../locales/mining/ru.json'
import friendsEn from '../../locales/friends/en.json'
import friendsRu from '../../locales/friends/ru.json'
import tasksEn from '../../locales/tasks/en.json'
import tasksRu from '../../locales/tasks/ru.json'
import guildsEn from '../../locales/guilds/en.json'
import guildsRu from '../../locales/guilds/ru.json'
import walletProofEn from '../../locales/walletProof/en.json'
import walletProofRu from '../../locales/walletProof/ru.json'
import sendEn from '../../locales/send/en.json'
import sendRu from '../../locales/send/ru.json'

/** The shell's texts and each lazy screen's own, as i18next ends up holding them. */
const en = { ...coreEn, send: { ...coreEn.send, ...sendEn, error: { ...coreEn.send.error, ...sendEn.error } }, swap: swapEn, copyTrade: copyTradeEn, mining: { ...miningEn, frens: friendsEn, guilds: guildsEn, tasks: { ...miningEn.tasks, ...tasksEn } }, walletProof: walletProofEn }
const ru = { ...coreRu, send: { ...coreRu.send, ...sendRu, error: { ...coreRu.send.error, ...sendRu.error } }, swap: swapRu, copyTrade: copyTradeRu, mining: { ...miningRu, frens: friendsRu, guilds: guildsRu, tasks: { ...miningRu.tasks, ...tasksRu } }, walletProof: walletProofRu }

const flatten = (o: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? Object.entries(flatten(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]])),
  )

describe('locales', () => {
  it('[app.2] en and ru have the same keys, none empty, in the shell and in every lazy screen', () => {
    const a = flatten(en)
    const b = flatten(ru)
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort())
    for (const [k, v] of [...Object.entries(a), ...Object.entries(b)]) expect(typeof v === 'string' && v.trim() !== '', k).toBe(true)
  })

  it('[app.2] the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
    const b = flatten(ru)
    for (const [k, v] of Object.entries(flatten(en))) expect(vars(b[k]), k).toEqual(vars(v))
  })

  it('the refusal reads the spec\'s sentence (app.4)', () => {
    expect(en.errors['no-init-data']).toBe('Only possible to use inside telegram bot')
  })
})
