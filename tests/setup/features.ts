/**
 * Every unit test starts with every game feature's handlers registered, as replay mode does: a test
 * that folds the game's events needs them. tests/streams/features.test.ts checks the lazy path on
 * a fresh module graph.
 */
import { loadAllFeatures } from '../../streams/features'

await loadAllFeatures()
