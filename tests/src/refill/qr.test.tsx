// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { useMountPoint } from '../render'
import QrCode, { QR_SIZE } from '../../../src/refill/QrCode'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted = useMountPoint()

describe('deposit QR code', () => {
  it('[refill.7] [refill.8] is drawn at 215 with the lowest error-correction level', () => {
    const element = QrCode({ value: '0x52908400098527886E0F7030069857D2E4169EE7' })
    expect([QR_SIZE, element.props.size, element.props.level]).toEqual([215, 215, 'L'])
    act(() => mounted.root.render(element))
    expect(mounted.container.querySelector('svg')?.getAttribute('height')).toBe('215')
  })
})
