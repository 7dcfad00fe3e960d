/** The PoH screens, one a file, behind one import: the routes name one chunk for all five (and the prompt's sheet). */
export { IntroScreen } from './IntroScreen'
export { CodeScreen } from './CodeScreen'
export { LoaderScreen } from './LoaderScreen'
export { SuccessScreen } from './SuccessScreen'
export { FailedScreen } from './FailedScreen'
