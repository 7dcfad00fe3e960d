// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await import('../../../src/poh/screens')
  await import('../../../src/poh/Prompt')
})
afterEach(() => {
  app?.unmount()
  app = null
})

const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
const info = (inProgressStatus?: string) =>
  e('poh/infoReceived', {
    info: {
      tonAmount: { tonAmount: '1.25', amount: '3.1', starAmount: 150 },
      ...(inProgressStatus ? { inProgressStatus } : {}),
    },
  })
async function open(path: string, events: EventInput[], language: 'en' | 'ru' = 'en') {
  app = renderApp([
    { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }) },
    e('app/navigated', { to: '/' }),
    e('app/navigated', { to: path }),
  ])
  await frames()
  for (const x of events) app.dispatch(x)
  await frames()
  return app
}
const testId = (id: string) => app!.container.querySelector(`[data-testid="${id}"]`)
const boxes = () => [...app!.container.querySelectorAll('.poh-box')] as HTMLInputElement[]
const typed = () => app!.dispatched.filter((x) => x.type.startsWith('poh/code')).map((x) => [x.type, x.payload])
/** A keystroke as the browser delivers it: the input's new value, then React's change. */
function input(box: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value)
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const mainButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement
const key = (box: HTMLInputElement, k: string) =>
  act(() => void box.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))

describe('the PoH intro', () => {
  it('[poh.11] [poh.12] three ways with their cost; the sheet: TON with the dollar estimate, or Stars, and Verify', async () => {
    await open('/prove', [info()])
    const ways = [...app!.container.querySelectorAll('[data-testid="poh-intro"] .cell')].map((c) => c.textContent)
    expect(ways).toEqual([
      'With your TON wallet1.25 TON from your own TON wallet',
      'Via the app1.25 TON from this wallet',
      'Via Stars150 Telegram Stars',
    ])
    app!.click(app!.button('Via the app'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'poh/wayChosen', payload: { way: 'internal' } })
    expect(testId('poh-cost')?.textContent).toBe('1.25 TON')
    expect(testId('poh-cost-usd')?.textContent).toBe('≈ $3.10')
    app!.click(app!.button('Verify'))
    expect(app!.dispatched.at(-1)?.type).toBe('poh/verifyTapped')
    app!.dispatch(e('poh/wayChosen', { way: 'star' }))
    expect(testId('poh-cost')?.textContent).toBe('150 Stars')
    expect(testId('poh-cost-usd')).toBeNull()
  })

  it("[poh.19] the server's message in the sheet; in Russian", async () => {
    await open(
      '/prove',
      [
        info(),
        e('poh/wayChosen', { way: 'internal' }),
        e('poh/transactionRequested', { way: 'internal', idempotencyKey: 'k' }),
        e('poh/transactionFailed', { way: 'internal', message: 'Недостаточно TON' }),
      ],
      'ru',
    )
    expect(testId('poh-sheet-error')?.textContent).toBe('Недостаточно TON')
    expect(app!.button('Подтвердить')).not.toBeNull()
    expect(testId('poh-cost-usd')?.textContent).toMatch(/^≈ 3,10\s\$$/)
  })
})

describe('the PoH code screen', () => {
  it('[poh.21] [poh.22] six boxes; a digit moves the caret on, letters change nothing, a second digit replaces the first', async () => {
    await open('/prove/code', [info('responsing')])
    expect(boxes()).toHaveLength(6)
    expect(document.activeElement).toBe(boxes()[0])
    input(boxes()[0], '7')
    await frames()
    expect(boxes()[0].value).toBe('7')
    expect(document.activeElement).toBe(boxes()[1])
    input(boxes()[1], 'x')
    expect(boxes()[1].value).toBe('')
    input(boxes()[1], '12')
    expect(boxes()[1].value).toBe('2')
    expect(typed()).toEqual([
      ['poh/codeTyped', { index: 0, text: '7' }],
      ['poh/codeTyped', { index: 1, text: 'x' }],
      ['poh/codeTyped', { index: 1, text: '12' }],
    ])
  })

  it('[poh.23] backspace in an empty box moves the caret back', async () => {
    await open('/prove/code', [info('responsing'), e('poh/codeTyped', { index: 0, text: '4' })])
    await frames()
    expect(document.activeElement).toBe(boxes()[1])
    key(boxes()[1], 'Backspace')
    await frames()
    expect(document.activeElement).toBe(boxes()[0])
    expect(boxes()[0].value).toBe('4')
    key(boxes()[0], 'Backspace')
    expect(boxes()[0].value).toBe('')
  })

  it('says where the code is, and leads to the wallet history (en, ru)', async () => {
    for (const [language, where, open_] of [
      ['en', 'Wallet → History → the incoming transaction from SWITCH', 'Open the wallet history'],
      ['ru', 'Кошелёк → История → входящая транзакция от SWITCH', 'Открыть историю кошелька'],
    ] as const) {
      await open('/prove/code', [info('responsing')], language)
      expect(testId('poh-code-where')?.textContent).toContain(where)
      app!.click(app!.button(open_))
      expect(app!.store.getState().app.history.at(-1)).toBe('/')
      app!.unmount()
      app = null
    }
  })

  const rejected = (triesLeft: number) => [
    ...'123456'.split('').map((d, index) => e('poh/codeTyped', { index, text: d })),
    e('poh/codeSubmitted', { code: '123456' }),
    e('poh/codeRejected', {
      error: {
        kind: 'rejected',
        status: 400,
        message: 'Wrong code',
        path: 'code',
        code: 'poh-wrong-code',
        params: { triesLeft: String(triesLeft) },
      },
    }),
  ]

  it('an invalid code shows the tries left that the server answered; the last one says none are left (en, ru)', async () => {
    for (const [language, tries, none] of [
      ['en', 'Tries left: 3 of 5', 'No tries left'],
      ['ru', 'Осталось попыток: 3 из 5', 'Попыток не осталось'],
    ] as const) {
      await open('/prove/code', [info('responsing'), ...rejected(3)], language)
      expect(testId('poh-code-tries')?.textContent).toBe(tries)
      app!.dispatch(e('poh/codeErrorDismissed'))
      // the bar closed, the count stays under the boxes
      expect(app!.container.querySelector('.poh-status')?.textContent).toBe(tries)
      app!.unmount()
      app = null
      await open('/prove/code', [info('responsing'), ...rejected(0)], language)
      expect(testId('poh-code-invalid')?.textContent).toContain(none)
      expect(testId('poh-code-invalid')?.querySelector('button')).toBeNull()
      app!.unmount()
      app = null
    }
  })

  it('the invalid-code bar of an earlier visit is gone when the code screen opens again', async () => {
    await open('/prove/code', [info('responsing'), ...rejected(4)])
    expect(testId('poh-code-invalid')).not.toBeNull()
    app!.dispatch(e('app/navigated', { to: '/' }))
    await frames()
    app!.dispatch(e('app/navigated', { to: '/prove/code' }))
    await frames()
    expect(testId('poh-code')).not.toBeNull()
    expect(testId('poh-code-invalid')).toBeNull()
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '', '', ''])
  })

  it('[poh.20] [poh.26] six single-digit boxes and no bar; an invalid code: red borders on the six and the bottom bar of poh.code.invalid asking to check the transaction comment; closing it empties the boxes (en, ru)', async () => {
    for (const [language, title, comment] of [
      ['en', 'Invalid code', 'Check the comment of the transaction'],
      ['ru', 'Неверный код', 'комментарий'],
    ] as const) {
      await open(
        '/prove/code',
        [info('responsing'), ...'12345'.split('').map((d, index) => e('poh/codeTyped', { index, text: d }))],
        language,
      )
      expect(boxes()).toHaveLength(6)
      expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', ''])
      expect(app!.container.querySelectorAll('.poh-box--invalid')).toHaveLength(0)
      expect(testId('poh-code-invalid')).toBeNull()
      app!.unmount()
      app = null
      await open(
        '/prove/code',
        [
          info('responsing'),
          ...'123456'.split('').map((d, index) => e('poh/codeTyped', { index, text: d })),
          e('poh/codeSubmitted', { code: '123456' }),
          e('poh/codeRejected', { error: { kind: 'rejected', status: 400, message: 'Wrong code' } }),
        ],
        language,
      )
      expect(app!.container.querySelectorAll('.poh-box--invalid')).toHaveLength(6)
      expect(testId('poh-code-invalid')?.textContent).toContain(title)
      expect(testId('poh-code-invalid')?.textContent).toContain(comment)
      expect(testId('poh-code-invalid')?.getAttribute('role')).toBe('alert')
      app!.click(testId('poh-code-invalid')!.querySelector('button'))
      expect(testId('poh-code-invalid')).toBeNull()
      expect(boxes().map((b) => b.value)).toEqual(['', '', '', '', '', ''])
      app!.unmount()
      app = null
    }
  })
})

describe('the loader, the failed and success screens', () => {
  it('[poh.27] [poh.31] the spinner of 12 segments and the status: awaited, received, in the queue', async () => {
    await open('/prove/loader', [info()])
    expect(testId('poh-spinner')?.querySelectorAll('rect')).toHaveLength(12)
    expect(testId('poh-loader-status')?.textContent).toBe('Waiting for your payment to arrive')
    app!.dispatch(info('received'))
    expect(testId('poh-loader-status')?.textContent).toBe('Your request is received')
    app!.dispatch(info('internalInQueue'))
    expect(testId('poh-loader-status')?.textContent).toBe('Your request is in the queue')
  })

  const failed = (failure?: string) =>
    e('poh/infoReceived', {
      info: {
        tonAmount: { tonAmount: '1.25', amount: '3.1', starAmount: 150 },
        inProgressStatus: 'internalError',
        attempt: 1,
        ...(failure ? { failure } : {}),
      },
    })

  for (const [language, want] of [
    [
      'en',
      {
        title: 'Verification failed',
        reason:
          /^Our verification service could not send your code\. The fault is ours: your payment went through and is kept\.$/,
        next: /you do not pay again/,
        free: 'Try again at no cost',
      },
    ],
    [
      'ru',
      {
        title: 'Проверка не удалась',
        reason: /^Наш сервис проверки не смог отправить код\. Ошибка на нашей стороне: оплата прошла и сохранена\.$/,
        next: /платить снова не нужно/,
        free: 'Повторить бесплатно',
      },
    ],
  ] as const)
    it(`failed on the service's side: says so, not to check a balance; try again is free and says so (${language})`, async () => {
      await open('/prove/failed', [failed('provider')], language)
      expect(testId('poh-failed')?.textContent).toContain(want.title)
      expect(testId('poh-failed-reason')?.textContent).toMatch(want.reason)
      expect(testId('poh-failed')?.textContent).not.toMatch(/balance|баланс/i)
      expect(testId('poh-failed-next')?.textContent).toMatch(want.next)
      app!.click(app!.button(want.free))
      expect(app!.dispatched.at(-1)?.type).toBe('poh/retryTapped')
      app!.dispatch(
        e('poh/retryFailed', {
          error: {
            kind: 'rejected',
            status: 409,
            message: 'Verification is switched off for now. Your payment is kept: try again later, at no cost.',
          },
        }),
      )
      expect(testId('poh-retry-error')?.textContent).toContain('Verification is switched off for now.')
    })

  for (const [language, want] of [
    [
      'en',
      {
        reason:
          'A wrong code was entered 5 times, so that code no longer works. Its payment paid for the code we sent.',
        next: 'Trying again starts a new verification: you pay again (1.25 TON or 150 Stars) and get a new code.',
        retry: 'Try again',
      },
    ],
    [
      'ru',
      {
        reason: 'Неверный код введён 5 раз, поэтому этот код больше не действует. Оплата ушла на отправленный код.',
        next: 'Повтор — это новая проверка: вы платите снова (1,25 TON или 150 Stars) и получаете новый код.',
        retry: 'Попробовать снова',
      },
    ],
  ] as const)
    it(`the tries ran out: why, what became of the payment, and that trying again is paid again; Try again marks the failure seen (${language})`, async () => {
      await open('/prove/failed', [failed('wrong-codes')], language)
      expect(testId('poh-failed-reason')?.textContent).toBe(want.reason)
      expect(testId('poh-failed-next')?.textContent).toBe(want.next)
      app!.click(app!.button(want.retry))
      expect(app!.dispatched.at(-1)?.type).toBe('poh/failureSeen')
      app!.unmount()
      app = null
    })

  it("[poh.32] the failed screen, whatever the reason: the title, a message (the reason, in place of the spec's balance hint: docs/features/poh.md), and a try-again action that acts (en, ru)", async () => {
    for (const language of ['en', 'ru'] as const)
      for (const failure of ['provider', 'provider-off', 'wrong-codes', 'wallet-used', 'refunded', undefined]) {
        await open('/prove/failed', [failed(failure)], language)
        const screen = testId('poh-failed')!
        expect(screen.querySelector('.placeholder__title')?.textContent, `${language} ${failure}`).toBe(
          language === 'en' ? 'Verification failed' : 'Проверка не удалась',
        )
        const reason = testId('poh-failed-reason')?.textContent ?? ''
        expect(reason.length, `${language} ${failure}`).toBeGreaterThan(20)
        expect(reason).not.toMatch(/poh\.|\{\{/)
        const action = mainButton()
        expect(action.disabled, `${language} ${failure}`).toBe(false)
        expect(action.textContent).toMatch(language === 'en' ? /^Try again/ : /^Повторить|^Попробовать снова/)
        app!.click(action)
        expect(app!.dispatched.at(-1)?.type, `${language} ${failure}`).toBe(
          failure === 'provider' || failure === 'provider-off' ? 'poh/retryTapped' : 'poh/failureSeen',
        )
        app!.unmount()
        app = null
      }
  })

  it('each other reason in words of its own, in both languages; an unknown one says only that it did not complete', async () => {
    const seen = new Set<string>()
    for (const language of ['en', 'ru'] as const)
      for (const failure of ['provider-off', 'wallet-used', 'refunded', undefined, 'a reason from a newer server']) {
        await open('/prove/failed', [failed(failure)], language)
        const text = testId('poh-failed-reason')?.textContent ?? ''
        expect(text).not.toMatch(/poh\.|balance|баланс/)
        seen.add(text)
        app!.unmount()
        app = null
      }
    // provider-off, wallet-used, refunded and unknown (twice: none and one not known), in two languages
    expect(seen.size).toBe(8)
  })

  it('[poh.33] success: Done goes back where the journey began', async () => {
    await open('/prove/success', [info(), e('poh/confirmed')])
    expect(testId('success')?.textContent).toContain('You are verified')
    expect(testId('success')?.textContent).toContain('closed beta')
    app!.click(app!.button('Done'))
    expect(app!.store.getState().app.history.at(-1)).toBe('/')
  })
})

describe('the prompt on the shell', () => {
  it('shows over the screen while pohPromptShowing; Later closes it, Verify opens /prove', async () => {
    await open('/', [])
    expect(testId('poh-prompt')).toBeNull()
    app!.dispatch(e('poh/promptShown', { at: 1 }))
    await frames()
    expect(testId('poh-prompt')?.textContent).toContain('Verify once to get +5\u00a0%')
    app!.click(app!.button('Later'))
    expect(testId('poh-prompt')).toBeNull()
    app!.dispatch(e('poh/promptShown', { at: 2 }))
    await frames()
    app!.click(testId('poh-prompt')!.querySelector('button'))
    const types = app!.dispatched.map((x) => x.type)
    expect(types[types.indexOf('poh/promptAccepted') + 1]).toBe('app/navigated')
    expect(app!.store.getState().app.history.at(-1)).toBe('/prove')
  })
})
