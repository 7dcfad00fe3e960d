// @vitest-environment happy-dom
/** The guild screens over a store driven by events: what they show and the intents they dispatch. */
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { INVITE_COPY_TARGET } from '../../../domain/guilds/state'
import { HOUR, answerAt } from '../../domain/mining/fixtures'

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await Promise.all(
    [
      ...Object.values(import.meta.glob('../../../src/guilds/*.tsx')),
      ...Object.values(import.meta.glob('../../../src/mining/*.tsx')),
    ].map((load) => load()),
  )
})
afterEach(() => {
  app?.unmount()
  app = null
})

const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const frames = () => act(async () => await new Promise((r) => setTimeout(r, 30)))
async function open(to: string, events: EventInput[] = [], language: 'en' | 'ru' = 'en') {
  app = renderApp([
    e('app/launched', launch({ user: { id: 1, firstName: 'Mia', languageCode: language } })),
    e('app/navigated', { to }),
    ...events,
  ])
  await frames()
  return app
}
const types = () => app!.dispatched.map((d) => d.type)
const last = (type: string) => app!.dispatched.filter((d) => d.type === type).at(-1)?.payload
const board = {
  top: [
    { firstName: 'Ada', gotAmount: '2740.5421' },
    { firstName: 'Bob', gotAmount: '12' },
  ],
  userRank: 17,
  user: { firstName: 'Mia', gotAmount: '3.25' },
}
const allianceBoard = {
  top: [{ name: 'ton_whales', title: 'TON Whales', totalMined: '32086.152', users: 8 }],
  allianceRank: 1,
  alliance: { name: 'switch_miners', title: 'Switch Miners', totalMined: '5', users: 9 },
}
const details = (member: boolean) => ({
  name: 'ton_whales',
  title: 'TON Whales',
  totalMined: '34953.18',
  users: 9,
  guild: 2,
  allianceRank: 3,
  top: [{ firstName: 'Alex', gotAmount: '20000' }],
  userRank: member ? 1 : null,
  member,
})

describe('/mining/guilds', () => {
  it("[guilds.3] the toggle (individual, then alliances), the rank, skeletons until the board, then its top and the user's place and row", async () => {
    await open('/mining/guilds')
    expect(last('guilds/entered')).toEqual({ userGuild: 0 })
    expect(app!.container.querySelector('[aria-busy="true"]')).not.toBeNull()
    expect(app!.button('Individual')?.getAttribute('aria-pressed')).toBe('true')
    expect(app!.button('Alliances')?.getAttribute('aria-pressed')).toBe('false')
    expect(app!.text()).toContain('Adept')
    expect(app!.text()).toContain('Top 50\u00a0% of miners')
    app!.dispatch(e('guilds/leaderboardReceived', { rank: 1, board }))
    const text = app!.text()
    expect(text).toContain('Ada')
    expect(text).toContain('Your place: 17')
    expect(app!.container.querySelector('[data-testid="user-amount"]')?.textContent).toBe('3.2500')
    // the toggle switches the mode: Alliances pressed, its input shown
    app!.click(app!.button('Alliances'))
    expect(last('guilds/modeChanged')).toEqual({ mode: 'alliance' })
    expect(app!.button('Alliances')?.getAttribute('aria-pressed')).toBe('true')
    expect(app!.button('Individual')?.getAttribute('aria-pressed')).toBe('false')
    expect(app!.container.querySelector('input[aria-label="Alliance name, @handle or t.me link"]')).not.toBeNull()
    app!.click(app!.button('Individual'))
    expect(last('guilds/modeChanged')).toEqual({ mode: 'individual' })
    expect(app!.button('Individual')?.getAttribute('aria-pressed')).toBe('true')
  })

  it("[mining.11] the leaderboard's figures all have 4 decimals, zeros kept, each with its unit", async () => {
    await open('/mining/guilds')
    app!.dispatch(
      e('guilds/leaderboardReceived', {
        rank: 1,
        board: {
          ...board,
          top: [
            { firstName: 'Ada', gotAmount: '690.52' },
            { firstName: 'Bob', gotAmount: '681.439' },
            { firstName: 'Cy', gotAmount: '12' },
            { firstName: 'Di', gotAmount: '1234.56789' },
          ],
        },
      }),
    )
    const rows = [...app!.container.querySelectorAll('[data-testid="leaderboard"] li')].map((li) => [
      li.querySelector('[data-testid="leader-amount"]')?.textContent,
      li.querySelector('.cell__after-subtitle')?.textContent,
    ])
    expect(rows).toEqual([
      ['690.5200', 'SWITCH'],
      ['681.4390', 'SWITCH'],
      ['12.0000', 'SWITCH'],
      ['1,234.5678', 'SWITCH'],
    ])
  })

  it('[guilds.12] the alliance input says why Join is disabled: nothing typed, or no name in the text; with a name, what Join does', async () => {
    for (const language of ['en', 'ru'] as const) {
      await open(
        '/mining/guilds',
        [
          e('guilds/modeChanged', { mode: 'alliance' }),
          e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
        ],
        language,
      )
      const hint = () => app!.container.querySelector('[data-testid="alliance-input-hint"]')
      const join = () => app!.button(language === 'en' ? 'Join' : 'Вступить') as HTMLButtonElement
      expect([join().disabled, hint()?.textContent]).toEqual([
        true,
        language === 'en'
          ? 'Type a name, an @handle or a t.me link to join.'
          : 'Введите имя, @имя или ссылку t.me, чтобы вступить.',
      ])
      app!.dispatch(e('guilds/inputChanged', { text: 'my club!' }))
      expect([join().disabled, hint()?.textContent, hint()?.getAttribute('role')]).toEqual([
        true,
        language === 'en'
          ? 'An alliance name has only letters, digits and _, up to 32 of them.'
          : 'В имени альянса только буквы, цифры и _, не больше 32.',
        'alert',
      ])
      app!.dispatch(e('guilds/inputChanged', { text: '@arb_club' }))
      expect([join().disabled, hint()?.textContent]).toEqual([
        false,
        language === 'en'
          ? 'Join @arb_club, or create it if nobody has yet.'
          : 'Вступить в @arb_club или создать его, если его ещё нет.',
      ])
      expect(app!.container.querySelector('#alliance-name')?.getAttribute('aria-describedby')).toBe(hint()?.id)
      app!.unmount()
      app = null
    }
  })

  it("[mining.11] an alliance's total mined carries its unit and 4 decimals, in the list and on its page", async () => {
    await open('/mining/guilds', [
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
    ])
    const row = app!.container.querySelector('[data-testid="alliance-list"] li')
    expect([
      row?.querySelector('[data-testid="alliance-total-mined"]')?.textContent,
      row?.querySelector('.cell__after-subtitle')?.textContent,
    ]).toEqual(['32,086.1520', 'SWITCH'])
  })

  it('the arrows and the refresh dispatch their intents; the rank shown follows', async () => {
    await open('/mining/guilds')
    app!.click(app!.container.querySelector('[aria-label="Next rank"]'))
    expect(last('guilds/carouselMoved')).toEqual({ by: 1 })
    expect(app!.text()).toContain('Master')
    app!.click(app!.container.querySelector('[aria-label="Previous rank"]'))
    app!.click(app!.container.querySelector('[aria-label="Previous rank"]'))
    expect(app!.text()).toContain('Cardinal')
    app!.click(app!.button('Refresh'))
    expect(types()).toContain('guilds/refreshRequested')
  })

  it('[guilds.24] a failed load with nothing to show is said quietly (no alert) with the refresh button; with a board, the board stays', async () => {
    await open('/mining/guilds')
    app!.dispatch(e('guilds/leaderboardFailed', { rank: 1, error: { kind: 'network', message: 'offline' } }))
    expect(app!.text()).toContain('Could not load the leaderboard')
    expect(app!.container.querySelector('[role="alert"]')).toBeNull()
    expect(app!.button('Refresh')).not.toBeNull()
    app!.dispatch(e('guilds/leaderboardReceived', { rank: 1, board }))
    app!.dispatch(e('guilds/refreshRequested'))
    app!.dispatch(e('guilds/leaderboardFailed', { rank: 1, error: { kind: 'network', message: 'offline' } }))
    expect(app!.text()).toContain('Ada')
    expect(app!.text()).not.toContain('Could not load')
  })

  it('[guilds.9] [guilds.12] [guilds.15] alliance mode: the input, Join disabled while empty, the my-alliance bar opening its page, the list; a failed join says so', async () => {
    await open('/mining/guilds', [
      e('guilds/modeChanged', { mode: 'alliance' }),
      e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
    ])
    const join = () => app!.button('Join') as HTMLButtonElement
    expect(join().disabled).toBe(true)
    expect(app!.container.querySelector('input[aria-label="Alliance name, @handle or t.me link"]')).not.toBeNull()
    app!.dispatch(e('guilds/inputChanged', { text: 'https://t.me/Arb_Club' }))
    expect(join().disabled).toBe(false)
    app!.click(join())
    expect(last('guilds/joinRequested')).toEqual({ name: 'Arb_Club', via: 'input', launch: null })
    app!.dispatch(
      e('guilds/joinFailed', { name: 'Arb_Club', error: { kind: 'rejected', status: 400, message: 'bad' } }),
    )
    expect(app!.container.querySelector('[role="alert"]')?.textContent).toBe('Failed to join the alliance')
    expect(app!.text()).toContain('TON Whales')
    app!.click(app!.container.querySelector('[data-testid="my-alliance"] button'))
    expect(last('app/navigated')).toEqual({ to: '/mining/guilds/alliance/switch_miners' })
  })

  it('in Russian', async () => {
    await open(
      '/mining/guilds',
      [
        e('guilds/modeChanged', { mode: 'alliance' }),
        e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
      ],
      'ru',
    )
    const text = app!.text()
    for (const s of ['Гильдии', 'Личный', 'Альянсы', 'Адепт', 'Мой альянс', 'Лучшие альянсы', 'Вступить'])
      expect(text).toContain(s)
  })
})

describe('/mining/guilds/alliance/{name}', () => {
  it('[guilds.17] [guilds.18] a member: the avatar, title, place, total, participants, open in Telegram, top members, copy invite link and Leave', async () => {
    await open('/mining/guilds/alliance/ton_whales', [
      e('guilds/inviteLinkReceived', { link: 'https://t.me/switch_test_bot?startapp=ref-AB' }),
    ])
    expect(last('guilds/allianceOpened')).toEqual({ name: 'ton_whales' })
    app!.dispatch(e('guilds/allianceReceived', { name: 'ton_whales', alliance: details(true) }))
    const text = app!.text()
    for (const s of [
      'TON Whales',
      '@ton_whales',
      'Place',
      '3 · Master',
      '34,953.1800 SWITCH',
      'Participants',
      '9',
      'Alex',
      'Top members',
      'You are a member',
    ])
      expect(text).toContain(s)
    expect(app!.container.querySelector('svg[data-avatar]')).not.toBeNull()
    expect(app!.button('Join')).toBeNull()
    app!.click(app!.button('Open in Telegram'))
    expect(last('app/linkOpened')).toEqual({ url: 'https://t.me/ton_whales' })
    app!.click(app!.button('Copy invite link'))
    expect(last('app/copyRequested')).toEqual({
      target: INVITE_COPY_TARGET,
      text: 'https://t.me/switch_test_bot?startapp=alliance-ton_whales',
    })
    app!.dispatch(e('app/copied', { target: INVITE_COPY_TARGET }))
    expect(app!.text()).toContain('Copied')
    app!.dispatch(e('guilds/inviteCopiedExpired'))
    expect(app!.text()).not.toContain('Copied')
    app!.click(app!.button('Leave'))
    expect(last('guilds/leaveRequested')).toEqual({
      name: 'ton_whales',
      prompt: {
        message: 'Leave the alliance TON Whales? Its 5\u00a0% bonus stops with your next claim.',
        ok: 'Leave',
        cancel: 'Cancel',
      },
    })
  })

  it('[guilds.19] a non-member sees Join, not the invite link or Leave', async () => {
    await open('/mining/guilds/alliance/ton_whales')
    app!.dispatch(e('guilds/allianceReceived', { name: 'ton_whales', alliance: details(false) }))
    expect(app!.button('Copy invite link')).toBeNull()
    expect(app!.button('Leave')).toBeNull()
    app!.click(app!.button('Join'))
    expect(last('guilds/joinRequested')).toEqual({ name: 'ton_whales', via: 'page', launch: null })
  })

  it('an alliance nobody made yet offers Join to make it; another failure is said quietly with a retry', async () => {
    await open('/mining/guilds/alliance/new_one')
    app!.dispatch(
      e('guilds/allianceFailed', {
        name: 'new_one',
        error: { kind: 'rejected', status: 404, message: 'no such alliance' },
      }),
    )
    expect(app!.text()).toContain('No alliance @new_one yet')
    expect(app!.button('Join')).not.toBeNull()
    app!.unmount()
    await open('/mining/guilds/alliance/other')
    app!.dispatch(e('guilds/allianceFailed', { name: 'other', error: { kind: 'network', message: 'offline' } }))
    expect(app!.text()).toContain('Could not load the alliance')
    expect(app!.container.querySelector('[role="alert"]')).toBeNull()
    app!.click(app!.button('Refresh'))
    expect(last('guilds/allianceOpened')).toEqual({ name: 'other' })
  })
})

describe('the way in from the mining screen', () => {
  it("the guilds entry names the user's rank and opens /mining/guilds; no rank, it says so", async () => {
    await open('/mining', [e('mining/userReceived', { ...answerAt(HOUR, { guild: 2 }) })])
    const entry = app!.button('Guilds and alliances')
    expect(entry?.textContent).toContain('Your rank: Master')
    app!.click(entry)
    expect(last('app/navigated')).toEqual({ to: '/mining/guilds' })
    app!.unmount()
    await open('/mining', [e('mining/userReceived', { ...answerAt(HOUR, { guild: 0 }) })], 'ru')
    expect(app!.button('Гильдии и альянсы')?.textContent).toContain('Пока без ранга')
  })
})
