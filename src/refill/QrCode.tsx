import { QRCodeSVG } from 'qrcode.react'

/** refill: drawn at size 215 with the lowest error-correction level. */
export const QR_SIZE = 215

export default function QrCode({ value }: { value: string }) {
  return <QRCodeSVG value={value} size={QR_SIZE} level="L" role="img" aria-label={value} />
}
