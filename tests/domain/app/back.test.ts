import { describe, expect, it } from 'vitest'
import { backButtonVisible, sheetOpen } from '../../../domain/app/back'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { launch, stamp } from '../fixtures/events'

const session = (...inputs: EventInput[]) => fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs]))
const backPress: EventInput = { type: 'app/backPressed', payload: {} }

describe('the back button over a sheet', () => {
  it('closes the deposit drawer on home and stays home; the button shows only while it is open', () => {
    const open = session({ type: 'wallet/depositOpened', payload: {} })
    expect(sheetOpen(open)).toBe(true)
    expect(backButtonVisible(open)).toBe(true)
    const closed = session({ type: 'wallet/depositOpened', payload: {} }, backPress)
    expect(closed.wallet.depositOpen).toBe(false)
    expect(closed.app.history).toEqual(['/'])
    expect(backButtonVisible(closed)).toBe(false)
  })

  it('closes the wallet chooser and the language picker the same way', () => {
    expect(session({ type: 'wallet/chooserOpened', payload: {} }, backPress).wallet.chooserOpen).toBe(false)
    expect(session({ type: 'app/languagePickerOpened', payload: {} }, backPress).app.languagePickerOpen).toBe(false)
  })

  it('closes the sheet before it navigates: the first press closes, the second goes back', () => {
    const inner: EventInput[] = [
      { type: 'app/navigated', payload: { to: '/swap' } },
      { type: 'app/languagePickerOpened', payload: {} },
    ]
    const once = session(...inner, backPress)
    expect(once.app.languagePickerOpen).toBe(false)
    expect(once.app.history).toEqual(['/', '/swap'])
    expect(session(...inner, backPress, backPress).app.history).toEqual(['/'])
  })
})

describe('tabs have no back button', () => {
  it('home and the mining tab are roots with no back button; an inner screen shows it', () => {
    expect(backButtonVisible(session({ type: 'app/navigated', payload: { to: '/mining' } }))).toBe(false)
    expect(backButtonVisible(session({ type: 'app/navigated', payload: { to: '/swap' } }))).toBe(true)
    expect(backButtonVisible(session())).toBe(false)
  })
})
