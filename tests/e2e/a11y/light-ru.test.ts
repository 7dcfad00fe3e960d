/** Accessibility and fit on every screen, light theme, Russian (tests/e2e/a11y/journey.ts). */
import { everyScreen } from './journey'

everyScreen('light', 'ru')
