/**
 * Writes the district clash banner's music (banners.6): public/banners/district-clash.wav, a
 * two-bar chiptune loop (150 bpm, A minor: a square-wave bass, a triangle arpeggio, a noise hat),
 * 11 025 Hz 8-bit mono, 3.2 s, about 35 KB. Every note starts and ends at silence and the length
 * is a whole number of beats, so `loop` plays it without a click. Deterministic: the same bytes
 * every run (the hat's noise is a fixed linear congruential sequence).
 *   npx tsx scripts/banner-music.ts
 */
import { writeFileSync } from 'node:fs'

const RATE = 11_025
const BPM = 150
const BEAT = Math.round((RATE * 60) / BPM) // samples per beat
const STEPS = 16 // eighth notes over two 4/4 bars
const STEP = BEAT / 2
const LENGTH = STEP * STEPS

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12)
// Bass roots per half bar: A2, F2, C3, G2 (i - VI - III - VII).
const BASS = [45, 45, 45, 45, 41, 41, 41, 41, 48, 48, 48, 48, 43, 43, 43, 43]
// Arpeggio over each chord, one note per eighth.
const ARP = [69, 72, 76, 72, 65, 69, 72, 69, 72, 76, 79, 76, 67, 71, 74, 71]

const mix = new Float32Array(LENGTH)
/** Adds a note from `start` for `length` samples, shaped by a short attack and a release to zero. */
function note(start: number, length: number, wave: (phase: number) => number, freq: number, gain: number) {
  const attack = Math.min(40, length / 4)
  for (let i = 0; i < length; i++) {
    const envelope = Math.min(1, i / attack) * (1 - i / length) ** 1.5
    mix[start + i] += gain * envelope * wave((i * freq) / RATE)
  }
}
const square = (p: number) => (p % 1 < 0.5 ? 1 : -1)
const triangle = (p: number) => 4 * Math.abs((p % 1) - 0.5) - 1

let seed = 0x2545f491
const noise = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
  return (seed >>> 16) / 32768 - 1
}

for (let step = 0; step < STEPS; step++) {
  const at = step * STEP
  note(at, STEP, square, hz(BASS[step]), 0.22)
  note(at, STEP, triangle, hz(ARP[step]), 0.3)
  // A hat on the off-beats, a kick-like thump on the beats.
  if (step % 2 === 1) note(at, Math.round(STEP / 4), () => noise(), 1, 0.12)
  else note(at, Math.round(STEP / 2), (p) => Math.sin(2 * Math.PI * p * (1 - p / 40)), 70, 0.35)
}

const data = Buffer.alloc(LENGTH)
for (let i = 0; i < LENGTH; i++) data[i] = Math.max(0, Math.min(255, Math.round(128 + 127 * Math.tanh(mix[i]))))

const header = Buffer.alloc(44)
header.write('RIFF', 0)
header.writeUInt32LE(36 + data.length, 4)
header.write('WAVE', 8)
header.write('fmt ', 12)
header.writeUInt32LE(16, 16) // PCM chunk size
header.writeUInt16LE(1, 20) // PCM
header.writeUInt16LE(1, 22) // mono
header.writeUInt32LE(RATE, 24)
header.writeUInt32LE(RATE, 28) // bytes per second
header.writeUInt16LE(1, 32) // block align
header.writeUInt16LE(8, 34) // bits per sample
header.write('data', 36)
header.writeUInt32LE(data.length, 40)

const out = 'public/banners/district-clash.wav'
writeFileSync(out, Buffer.concat([header, data]))
console.log(`${out}: ${(LENGTH / RATE).toFixed(2)} s, ${44 + data.length} bytes`)
