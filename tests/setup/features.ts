/**
 * Every unit test starts with every game feature's handlers registered, as replay mode does: a test
 * that folds the game's events needs them. tests/streams/features.test.ts checks the lazy path on
 * a fresh module graph. The server tests are left out: they run without it on PostgreSQL (project
 * server-pg) too, and the two that fold the client's events load the features themselves.
 */
import { expect } from 'vitest'
if (!/\/tests\/server\//.test(expect.getState().testPath ?? ''))
  await (await import('../../streams/features')).loadAllFeatures()
