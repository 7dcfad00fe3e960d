/** Accessibility and fit on every screen, light theme, English (tests/e2e/a11y/journey.ts); first, the checks themselves on a page made for them. */
import { describe, expect, it } from 'vitest'
import { accessibilityViolations, newPhoneContext, overflowFindings } from '../harness'
import { everyScreen } from './journey'

const { stackOf } = everyScreen('light', 'en')

describe('the checks themselves', () => {
  it('flag a cut, an unexplained ellipsis, a spill, a box past the edge, a cut placeholder, low contrast and a nameless button; pass the rest', async () => {
    const context = await newPhoneContext(stackOf())
    const page = await context.newPage()
    try {
      await page.setContent(`<!doctype html><html lang="en"><head><title>checks</title><style>
        body { margin: 0; font: 16px/1.3 sans-serif; }
        .cut { width: 100px; overflow: hidden; white-space: nowrap; }
        .ellipsis { width: 100px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
        .chips { display: flex; gap: 8px; overflow-x: auto; width: 150px; }
        .chips button { flex: none; width: 80px; }
        .hit { position: relative; width: 60px; }
        .hit::after { content: ''; position: absolute; inset: -20px; }
        .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      </style></head><body><main>
        <div class="cut" data-testid="cut">A long label that is simply cut off</div>
        <div class="ellipsis" data-testid="ellipsis">A long label ending in an ellipsis</div>
        <div class="ellipsis" title="A long label with its full value in a title">A long label with its full value in a title</div>
        <div style="width: 100px; white-space: nowrap" data-testid="spill">A text that spills over its neighbour</div>
        <div class="chips"><button>First</button><button>Second</button><button>Third</button></div>
        <button class="hit">Tap</button>
        <div style="position: absolute; left: 300px; top: 400px; width: 200px" data-testid="edge">Past the right edge</div>
        <label>Name <input data-testid="placeholder" style="width: 80px" placeholder="A placeholder far too long for this input"></label>
        <span class="hidden">Visually hidden text, longer than its one pixel</span>
        <p style="color: #aaaaaa; background: #ffffff">Pale text on white</p>
        <button data-testid="nameless"><svg width="16" height="16" aria-hidden="true"></svg></button>
      </main></body></html>`)
      const overflow = await overflowFindings(page)
      const about = (what: string) => overflow.filter((f) => f.includes(what))
      expect(about('data-testid=cut')).toEqual([expect.stringContaining('is cut off')])
      expect(about('data-testid=ellipsis')).toEqual([
        expect.stringContaining('is cut with an ellipsis, and no title or aria-label holds the full value'),
      ])
      expect(about('data-testid=spill')).toEqual([expect.stringContaining('spills past its box')])
      expect(about('data-testid=edge')).toEqual([expect.stringContaining('reaches past the right edge')])
      expect(about('data-testid=placeholder')).toEqual([
        expect.stringContaining('placeholder "A placeholder far too long for this input" is cut off'),
      ])
      expect(about('the document scrolls sideways')).toHaveLength(1)
      expect(overflow).toHaveLength(6)
      const axe = await accessibilityViolations(page)
      expect(axe).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^axe color-contrast \(serious\) at p:/),
          expect.stringMatching(/^axe button-name \(critical\) at button\[data-testid="nameless"\]/),
        ]),
      )
      expect(axe).toHaveLength(2)
    } finally {
      await context.close()
    }
  })
})
