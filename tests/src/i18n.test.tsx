// @vitest-environment happy-dom
/**
 * What users read, through i18next and react-i18next: the language the log says (launch, then the
 * language setting), Russian plural forms, texts with markup inside (Trans), and a lazy feature's
 * screen that shows its own texts, never their keys, however it is reached.
 */
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from './render'
import { launch } from '../domain/fixtures/events'
import type { EventInput } from '../../domain/events'
import { i18n } from '../../src/i18n'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const launched = (language: 'en' | 'ru') =>
  e('app/launched', launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }))
/** Until the screen's chunk and its texts are in (a lazy screen), checking on the way that no key shows. */
async function settle(until: () => boolean) {
  const noKey = () => expect(app!.text()).not.toMatch(/(mining|picker|wallet|app)\.[a-z-]+\.[a-z-]+/)
  for (let i = 0; i < 200 && !until(); i++) {
    noKey()
    await act(async () => await new Promise((r) => setTimeout(r, 10)))
  }
  expect(until()).toBe(true)
  noKey()
}
const testId = (id: string) => app!.container.querySelector(`[data-testid="${id}"]`)

const alliance = (users: number) => ({ name: `a${users}`, title: `Alliance ${users}`, totalMined: '1', users })
const allianceBoard = {
  top: [1, 2, 5, 21, 11].map(alliance),
  allianceRank: 3,
  alliance: { ...alliance(22), name: 'mine', title: 'Mine' },
}

describe('texts as users see them', () => {
  it("a lazy feature's screen in Russian: its own texts, never a key, and numbers in the right plural form (1, 2, 5, 21)", async () => {
    // Not loaded beforehand: the guilds' texts come with the guilds' chunk, not with the first screen.
    expect(i18n.exists('mining.guilds.alliances.top')).toBe(false)
    app = renderApp([
      launched('ru'),
      e('app/navigated', { to: '/mining/guilds' }),
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
    ])
    await settle(() => testId('alliance-list') !== null)
    const subtitles = [...app.container.querySelectorAll('[data-testid="alliance-list"] li .cell__subtitle')].map(
      (s) => s.textContent,
    )
    expect(subtitles).toEqual(['1 участник', '2 участника', '5 участников', '21 участник', '11 участников'])
    expect(testId('my-alliance')?.querySelector('.cell__subtitle')?.textContent).toBe(
      'Место 3 среди альянсов · 22 участника',
    )
    expect(app.text()).toContain('Лучшие альянсы')
    expect(document.documentElement.lang).toBe('ru')
  })

  it('the same screen in English: one participant, 2 participants', async () => {
    app = renderApp([
      launched('en'),
      e('app/navigated', { to: '/mining/guilds' }),
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
    ])
    await settle(() => testId('alliance-list') !== null)
    const subtitles = [...app.container.querySelectorAll('[data-testid="alliance-list"] li .cell__subtitle')].map(
      (s) => s.textContent,
    )
    expect(subtitles).toEqual([
      '1 participant',
      '2 participants',
      '5 participants',
      '21 participants',
      '11 participants',
    ])
  })

  it('[app.2] the language setting turns the open screen Russian at once, and back', async () => {
    app = renderApp([
      launched('en'),
      e('app/navigated', { to: '/mining/guilds' }),
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
    ])
    await settle(() => testId('alliance-list') !== null)
    const first = () => app!.container.querySelector('[data-testid="alliance-list"] li .cell__subtitle')?.textContent
    expect(first()).toBe('1 participant')
    app.dispatch(e('app/languageChanged', { language: 'ru' }))
    expect(first()).toBe('1 участник')
    expect(document.documentElement.lang).toBe('ru')
    app.dispatch(e('app/languageChanged', { language: 'en' }))
    expect(first()).toBe('1 participant')
    expect(document.documentElement.lang).toBe('en')
  })

  it('a text with markup inside keeps its markup in both languages, and no tag shows as text', async () => {
    const refused = e('friends/inviteFailed', { error: { kind: 'rejected', status: 409, message: 'no invite link' } })
    for (const [language, bold, rest] of [
      ['en', 'Could not load your invite link', ' Invite links are not available in this app right now.'],
      ['ru', 'Не удалось загрузить ссылку-приглашение', ' Ссылки-приглашения сейчас недоступны в этом приложении.'],
    ] as const) {
      app = renderApp([launched(language), e('app/navigated', { to: '/mining/frens' })])
      await settle(() => app!.container.querySelector('[data-testid^="frens-"]') !== null)
      app.dispatch(refused)
      const notice = testId('frens-invite-failed')?.querySelector('.frens-failed__text')
      expect(notice?.querySelector('strong')?.textContent).toBe(bold)
      expect(notice?.textContent).toBe(bold + rest)
      expect(notice?.textContent).not.toContain('<')
      app.unmount()
      app = null
    }
  })
})
