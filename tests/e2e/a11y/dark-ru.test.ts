/** Accessibility and fit on every screen, dark theme, Russian (tests/e2e/a11y/journey.ts). */
import { everyScreen } from './journey'

everyScreen('dark', 'ru')
