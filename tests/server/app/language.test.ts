/** POST /userLanguage: the newest choice wins on the server, whatever order updates arrive in. */
import { describe, expect, it } from 'vitest'
import { newUser, useServer } from '../helpers'

const api = useServer()
const languageOf = async (id: number) =>
  (await api.server.db.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [id]))[0]
    ?.language

describe('language updates', () => {
  it('an older choice that arrives after a newer one changes nothing', async () => {
    const user = newUser()
    expect((await api.call('/userLanguage', user, { language: 'ru', chosenAt: 2_000 })).status).toBe(200)
    expect((await api.call('/userLanguage', user, { language: 'en', chosenAt: 1_000 })).status).toBe(200)
    expect(await languageOf(user.id)).toBe('ru')
    await api.call('/userLanguage', user, { language: 'en', chosenAt: 3_000 })
    expect(await languageOf(user.id)).toBe('en')
  })

  it('concurrent updates leave the newest choice', async () => {
    const user = newUser()
    await api.call('/tgUserWallets', user)
    const choices = Array.from({ length: 20 }, (_, i) => ({
      language: i % 2 === 0 ? 'en' : 'ru',
      chosenAt: 10_000 + i,
    }))
    await Promise.all([...choices].reverse().map((body) => api.call('/userLanguage', user, body)))
    expect(await languageOf(user.id)).toBe('ru') // chosenAt 10 019, the 20th choice
  })

  it('a bad chosenAt is a 400 naming it', async () => {
    const user = newUser()
    for (const chosenAt of [-1, 0, 1.5, 2 ** 60, 'soon'])
      expect(await api.call('/userLanguage', user, { language: 'en', chosenAt }), String(chosenAt)).toMatchObject({
        status: 400,
        body: { path: 'chosenAt' },
      })
  })
})
