// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { useMountPoint } from '../render'
import { i18n } from '../../../src/i18n'
import { NETWORK_NAMES, TokenIcon } from '../../../src/ui/TokenIcon'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted = useMountPoint()

const render = (element: React.ReactElement) => act(() => mounted.root.render(element))
const named = (name: string) =>
  [...mounted.container.querySelectorAll('[role=img]')].filter((el) => el.getAttribute('aria-label') === name)

describe('TokenIcon', () => {
  it('with a network: one image named "ETH on Arbitrum", the token logo and the network badge, each with its size set', () => {
    render(<TokenIcon src="/logos/ETH.svg" symbol="ETH" network={42161} />)
    const [icon] = named('ETH on Arbitrum')
    expect(icon).toBeDefined()
    expect((icon as HTMLElement).style.width).toBe('40px')
    expect((icon as HTMLElement).style.height).toBe('40px')
    const [logo, badge] = [...icon.querySelectorAll('img')]
    expect(logo.getAttribute('src')).toBe('/logos/ETH.svg')
    expect([logo.getAttribute('width'), logo.getAttribute('height'), logo.getAttribute('alt')]).toEqual([
      '40',
      '40',
      '',
    ])
    expect(badge.className).toBe('network-badge')
    expect(badge.getAttribute('src')).toBe('/logos/networks/42161.svg')
    expect([badge.getAttribute('width'), badge.getAttribute('height'), badge.getAttribute('alt')]).toEqual([
      '18',
      '18',
      '',
    ])
  })

  it('names each network and points at its mark', () => {
    for (const [chainId, name] of Object.entries(NETWORK_NAMES)) {
      const chain = (chainId === 'TON' ? 'TON' : Number(chainId)) as 'TON' | 1
      render(<TokenIcon src="/logos/USDT.svg" symbol="USDT" network={chain} size={28} />)
      const [icon] = named(`USDT on ${name}`)
      expect(icon, name).toBeDefined()
      expect(icon.querySelector('.network-badge')?.getAttribute('src')).toBe(`/logos/networks/${chainId}.svg`)
    }
    expect(Object.values(NETWORK_NAMES).sort()).toEqual(['Arbitrum', 'Base', 'Ethereum', 'Optimism', 'TON', 'ZKsync'])
  })

  it('without a network: the logo alone, decorative (the row names the token), no badge', () => {
    render(<TokenIcon src="/logos/ETH.svg" symbol="ETH" size={32} />)
    expect(mounted.container.querySelector('[role=img]')).toBeNull()
    expect(mounted.container.querySelector('.network-badge')).toBeNull()
    const img = mounted.container.querySelector('img')!
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['32', '32', ''])
  })

  it('without a logo, or when it fails to load, the initials in a circle, the badge still on it', () => {
    render(<TokenIcon symbol="tsTON" network="TON" />)
    expect(mounted.container.querySelector('.token-icon--fallback')?.textContent).toBe('TS')
    expect(named('tsTON on TON')[0].querySelector('.network-badge')).not.toBeNull()

    render(<TokenIcon src="/logos/NOPE.svg" symbol="NOPE" />)
    act(() => {
      mounted.container.querySelector('img')!.dispatchEvent(new Event('error'))
    })
    expect(mounted.container.querySelector('.token-icon--fallback')?.textContent).toBe('NO')
  })

  it('the name is in the language of the user', async () => {
    await act(() => i18n.changeLanguage('ru'))
    try {
      render(<TokenIcon src="/logos/ETH.svg" symbol="ETH" network={42161} />)
      expect(named('ETH в сети Arbitrum')).toHaveLength(1)
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })

  it('a badge that fails to load goes, the name stays', () => {
    render(<TokenIcon src="/logos/ETH.svg" symbol="ETH" network={8453} />)
    act(() => {
      mounted.container.querySelector('.network-badge')!.dispatchEvent(new Event('error'))
    })
    expect(mounted.container.querySelector('.network-badge')).toBeNull()
    expect(named('ETH on Base')).toHaveLength(1)
  })
})
