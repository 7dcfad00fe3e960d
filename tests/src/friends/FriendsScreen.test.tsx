// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { INVITE_CONTEST_ENDS_AT } from '../../../domain/friends/rules'
import { backButtonVisible } from '../../../domain/app/back'
import { invite, page, stats } from '../../domain/friends/fixtures'

/** The store stamps every event at this device time (tests/src/render.tsx): 22 Nov 2025, past the contest's end. */
const DEVICE = 1_763_800_000_000

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await import('../../../src/friends/FriendsScreen')
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(DEVICE)
})
afterEach(() => {
  app?.unmount()
  app = null
  vi.useRealTimers()
})

const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
async function open(events: EventInput[], language: 'en' | 'ru' = 'en') {
  app = renderApp([
    { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }) },
    { type: 'app/navigated', payload: { to: '/mining/frens' } },
  ])
  await frames()
  for (const e of events) app.dispatch(e)
  await frames()
  return app
}
const testId = (id: string) => app!.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null
const all = (id: string) => [...app!.container.querySelectorAll(`[data-testid="${id}"]`)].map((el) => el.textContent)
const offline = { kind: 'network', message: 'offline' } as const
const loaded: EventInput[] = [
  { type: 'friends/statsReceived', payload: { stats: stats({ friends_bonus: '12.34567', friends_2_bonus: '0.1' }) } },
  { type: 'friends/inviteReceived', payload: { invite } },
  { type: 'friends/pageReceived', payload: { pageToken: null, answer: page(1, 10, 't1') } },
]
const mainButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement

describe('the friends screen', () => {
  it('[friends.6] the bonus for friends, for friends of friends, and the exact total, at 4 decimals; Premium and ordinary friends counted apart', async () => {
    await open(loaded)
    expect(testId('frens-bonus-1')).toBe('12.3456 SWITCH')
    expect(testId('frens-bonus-2')).toBe('0.1 SWITCH')
    // 12.34567 + 0.1 = 12.44567, cut to 4 decimals
    expect(testId('frens-total')).toBe('12.4456')
    expect(testId('frens-premium')).toBe('2')
    expect(testId('frens-ordinary')).toBe('5')
    expect(app!.dispatched.map((e) => e.type)).toContain('friends/entered')
    // the total is the exact sum, cut once: 0.99995 + 0.00005 = 1; cutting each bonus first would give 0.9999
    app!.dispatch({
      type: 'friends/statsReceived',
      payload: { stats: stats({ friends_bonus: '0.99995', friends_2_bonus: '0.00005' }) },
    })
    await frames()
    expect(testId('frens-bonus-1')).toBe('0.9999 SWITCH')
    expect(testId('frens-total')).toBe('1')
  })

  it("[friends.7] [friends.8] the contest card: ended past 2025-05-01T23:59:59Z on the server's clock, counting down before it; its prize", async () => {
    await open(loaded)
    expect(testId('frens-contest-ended')).toBe('Ended')
    expect(app!.text()).toContain('The contest ended on 01/05/2025, 23:59')
    expect(testId('frens-contest-prize')).toBe('Prize pool: 11,000 USDT and 1,100,000 SWITCH')
    // the server's clock 3 d 3:29:44 before the end, read now: the card counts down by the server, not the device
    app!.dispatch({
      type: 'friends/clockRead',
      payload: { serverTime: INVITE_CONTEST_ENDS_AT - ((3 * 24 + 3) * 3600 + 29 * 60 + 44) * 1000 },
    })
    await frames()
    expect(testId('frens-contest-left')).toBe('3 d 3:29:44')
    expect(testId('frens-contest-ended')).toBeNull()
    expect(app!.text()).toContain('Ends 01/05/2025, 23:59')
  })

  it('the contest card carries product text only, in English and in Russian: no note about announcements', async () => {
    for (const language of ['en', 'ru'] as const) {
      await open(loaded, language)
      const card = (app!.container.querySelector('[data-testid="frens-contest"]')?.textContent ?? '').replace(
        /[\u00a0\u202f]/g,
        ' ',
      )
      expect(card).toContain(
        language === 'en'
          ? 'Prize pool: 11,000 USDT and 1,100,000 SWITCH'
          : 'Призовой фонд: 11 000 USDT и 1 100 000 SWITCH',
      )
      for (const internal of [
        'banner',
        'announce',
        'published',
        'баннер',
        'объявлен',
        'опубликован',
        '15,000',
        '15 000',
      ])
        expect([language, card.includes(internal)]).toEqual([language, false])
      app!.unmount()
      app = null
    }
  })

  it('[friends.11] each friend shows the first name, guild, SWITCH and the bonus they earned the user; "Show more" asks for the next page', async () => {
    await open(loaded)
    const rows = all('frens-friend')
    expect(rows).toHaveLength(10)
    expect(rows[0]).toBe('FFriend 1Adept · 1.5 SWITCH+0.15your bonus')
    expect(rows[5]).toBe('FFriend 6No guild · 6.5 SWITCH+0.65your bonus')
    expect(rows[4]).toContain('Cardinal')
    app!.click(app!.button('Show more'))
    expect(app!.dispatched.at(-1)?.type).toBe('friends/moreRequested')
    app!.dispatch({ type: 'friends/pageReceived', payload: { pageToken: 't1', answer: page(11, 2, null) } })
    await frames()
    expect(all('frens-friend')).toHaveLength(12)
    expect(app!.button('Show more')).toBeNull()
  })

  it("[friends.12] [friends.13] the main button shares the invite link by Telegram's share URL; the copy button copies the link", async () => {
    await open(loaded)
    expect(testId('frens-invite-link')).toBe(invite.link)
    expect(mainButton().textContent).toBe('Invite a friend')
    app!.click(mainButton())
    const shared = app!.dispatched.at(-1)
    expect(shared?.type).toBe('app/linkOpened')
    const url = new URL((shared?.payload as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url')
    expect(url.searchParams.get('url')).toBe(invite.link)
    expect(url.searchParams.get('text')).toBe('Mine SWITCH with me: join by my link and we both earn.')
    app!.click(app!.container.querySelector('button[aria-label="Copy invite link"]'))
    expect(app!.dispatched.at(-1)).toMatchObject({
      type: 'app/copyRequested',
      payload: { target: 'friends/invite', text: invite.link },
    })
  })

  it('loading shows skeletons; no friends shows an invite prompt; the main button waits for the link', async () => {
    await open([])
    expect(app!.container.querySelector('[data-testid="frens-stats-loading"]')).not.toBeNull()
    expect(app!.container.querySelector('[data-testid="frens-list-loading"]')).not.toBeNull()
    expect(mainButton().disabled).toBe(true)
    app!.dispatch({
      type: 'friends/pageReceived',
      payload: { pageToken: null, answer: { result: [], nextToken: null } },
    })
    await frames()
    expect(testId('frens-empty')).toContain('No friends yet')
    expect(testId('frens-empty')).toContain('Invite a friend with the button below')
  })

  it('the stats, the list and the invite fail apart, each with its own retry', async () => {
    await open([
      { type: 'friends/statsFailed', payload: { error: offline } },
      { type: 'friends/pageFailed', payload: { pageToken: null, error: offline } },
      { type: 'friends/inviteFailed', payload: { error: offline } },
    ])
    expect(testId('frens-stats-failed')).toContain('Could not load your bonus')
    expect(testId('frens-list-failed')).toContain('Could not load your friends')
    expect(testId('frens-invite-failed')).toContain('Could not load your invite link')
    // the contest card does not depend on any of them
    expect(testId('frens-contest-ended')).toBe('Ended')
    const retry = (id: string) => app!.container.querySelector(`[data-testid="${id}"] button`)
    app!.click(retry('frens-stats-failed'))
    expect(app!.dispatched.at(-1)?.type).toBe('friends/statsRetried')
    app!.click(retry('frens-list-failed'))
    expect(app!.dispatched.at(-1)?.type).toBe('friends/moreRequested')
    app!.click(retry('frens-invite-failed'))
    expect(app!.dispatched.at(-1)?.type).toBe('friends/inviteRetried')
  })

  it("an invite link the server refuses is said in the user's language, never the server's words", async () => {
    for (const language of ['en', 'ru'] as const) {
      await open(
        [
          {
            type: 'friends/inviteFailed',
            payload: {
              error: {
                kind: 'rejected',
                status: 409,
                message: 'no invite link: this server knows no bot username (set BOT_USERNAME or run the bot)',
              },
            },
          },
        ],
        language,
      )
      const text = testId('frens-invite-failed') ?? ''
      expect(text).toContain(
        language === 'en'
          ? 'Invite links are not available in this app right now.'
          : 'Ссылки-приглашения сейчас недоступны в этом приложении.',
      )
      expect(text).not.toContain('BOT_USERNAME')
      app!.unmount()
      app = null
    }
  })

  it("[app.30] the bottom menu's frens tab opens /mining/frens and is the active item there, not mining (the longest matching route); a tab root, no back button", async () => {
    app = renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: 'en' } }) },
    ])
    await frames()
    const nav = () => [...app!.container.querySelectorAll('nav a, nav button')]
    expect(nav().map((b) => b.textContent)).toEqual(['Wallet', 'Mining', 'Frens', 'Big Pump', 'Stats'])
    const active = () => app!.container.querySelector('nav [aria-current="page"]')?.textContent
    expect(active()).toBe('Wallet')
    app!.click(app!.link('Frens'))
    await frames()
    expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)).toMatchObject({
      payload: { to: '/mining/frens' },
    })
    expect(active()).toBe('Frens')
    expect(app!.container.querySelector('h1')?.textContent).toBe('Friends')
    expect(backButtonVisible(app!.store.getState())).toBe(false)
    app!.click(app!.link('Mining'))
    await frames()
    expect(active()).toBe('Mining')
  })

  it('in Russian', async () => {
    await open(loaded, 'ru')
    expect(app!.text()).toContain('Друзья')
    expect(testId('frens-total')).toBe('12,4456')
    expect(testId('frens-contest-ended')).toBe('Завершён')
    expect(testId('frens-contest-prize')).toBe('Призовой фонд: 11\u00a0000 USDT и 1\u00a0100\u00a0000 SWITCH')
    expect(all('frens-friend')[0]).toContain('Адепт')
    expect(mainButton().textContent).toBe('Пригласить друга')
  })
})
