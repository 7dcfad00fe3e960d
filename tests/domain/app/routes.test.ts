import { describe, expect, it } from 'vitest'
import { backTarget } from '../../../domain/app/routes'

describe('back targets', () => {
  it('back targets (app.14): without a fixed target, back returns to the previous path', () => {
    expect(backTarget(['/', '/swap', '/selectNetwork/from'])).toBe('/swap')
    expect(backTarget(['/send/info'])).toBe('/')
  })
  it('back targets (app.14): screens with their own target use it', () => {
    expect(backTarget(['/', '/swap', '/confirmSwap'])).toBe('/')
    expect(backTarget(['/', '/copyTrade/traderArchive', '/trade?tradeID=7'])).toBe('/copyTrade/traderArchive')
  })
})
