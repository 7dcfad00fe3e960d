/**
 * After an intended change of the state's shape, writes each recorded session's expected state
 * anew from its log (the logs themselves stay as recorded). Review `git diff tests/replays` before
 * committing: only the intended change may show.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { decodeLog } from '../domain/log'
import { fold } from '../domain/state'
import { loadAllFeatures } from '../streams/features'

// Every feature's handlers, as replay mode loads them before it folds.
await loadAllFeatures()

const DIR = 'tests/replays'
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.log.json'))) {
  const decoded = decodeLog(readFileSync(`${DIR}/${file}`, 'utf8'))
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error}`)
  writeFileSync(
    `${DIR}/${file.replace('.log.json', '.expected.json')}`,
    JSON.stringify(fold(decoded.log.events), null, 1) + '\n',
  )
  console.log(`updated ${file.replace('.log.json', '.expected.json')}`)
}
