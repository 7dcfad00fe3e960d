import { describe, expect, it } from 'vitest'
import en from '../../../locales/poh/en.json'
import ru from '../../../locales/poh/ru.json'

const flatten = (o: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]],
    ),
  )

describe('the PoH texts', () => {
  it('en and ru have the same keys, none empty, with the same interpolation variables', () => {
    const a = flatten(en)
    const b = flatten(ru)
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort())
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
    for (const [k, v] of Object.entries(a)) {
      expect(typeof v === 'string' && v.trim() !== '', k).toBe(true)
      expect(typeof b[k] === 'string' && String(b[k]).trim() !== '', k).toBe(true)
      expect(vars(b[k]), k).toEqual(vars(v))
    }
  })

  it("the invalid code's title and description sit under the spec's key poh.code.invalid", () => {
    expect(en.code.invalid).toEqual({
      title: 'Invalid code',
      description: expect.stringContaining('comment of the transaction'),
    })
    expect(ru.code.invalid.title).toBe('Неверный код')
  })
})
