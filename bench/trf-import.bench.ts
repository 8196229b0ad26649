// TRF speed: a generated 1,000-player, 11-round open parsed and imported into a fresh database; target under 200 ms.
import { openDatabase } from '../src/main/core/db/open'
import { readTrf } from '../src/main/core/trf/index'
import { importTrf } from '../src/main/core/tournaments/import'
import { generateOpen } from '../test/main/core/trf/generate'
import { tempDir } from '../test/helpers/temp-db'

const TARGET_MS = 200
const { text } = generateOpen(1000, 11, 42)
const bytes = new TextEncoder().encode(text)
const tmp = tempDir('rating-office-bench-')

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

// warm-up (JIT, SQLite page cache), then measured runs, each into a new database file
readTrf(bytes, 'warmup.trf')
const parse: number[] = []
const total: number[] = []
for (let run = 0; run < 7; run++) {
  const t0 = performance.now()
  const parsed = readTrf(bytes, 'open.trf')
  parse.push(performance.now() - t0)
  if (parsed.players.length !== 1000 || parsed.roundsInData !== 11 || parsed.findings.some((f) => f.fatal)) throw new Error('the generated open did not read as 1000 players × 11 rounds')
  const db = openDatabase(tmp.file(`bench-${run}.db`))
  const t1 = performance.now()
  const s = importTrf(db, bytes, 'open.trf')
  total.push(performance.now() - t1)
  if (s.players !== 1000 || s.rounds !== 11) throw new Error('import summary does not match the file')
  db.close()
}
tmp.cleanup()
const p = median(parse)
const t = median(total)
console.log(`file: ${bytes.byteLength} bytes, 1000 players, 11 rounds`)
console.log(`parse (readTrf): median ${p.toFixed(1)} ms, best ${Math.min(...parse).toFixed(1)} ms`)
console.log(`parse + import (one transaction, incl. hashing, matching, findings): median ${t.toFixed(1)} ms, best ${Math.min(...total).toFixed(1)} ms`)
console.log(`target < ${TARGET_MS} ms: ${t < TARGET_MS ? 'met' : 'NOT met'}`)
// a target not met is printed, not a failure: only a ratio regressed against bench/baseline.json fails the run
