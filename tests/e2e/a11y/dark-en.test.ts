/** Accessibility and fit on every screen, dark theme, English (tests/e2e/a11y/journey.ts). */
import { everyScreen } from './journey'

everyScreen('dark', 'en')
