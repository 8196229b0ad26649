// Child process of the crash test: imports a file and stops dead halfway through the transaction, waiting to be killed.
import { readFileSync, writeFileSync } from 'node:fs'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importTrf } from '../../../../src/main/core/tournaments/import'

const [dbPath, trfPath, marker] = process.argv.slice(2) as [string, string, string]
const db = openDatabase(dbPath)
importTrf(db, readFileSync(trfPath), 'crash.trf', {
  onProgress(done, total) {
    if (done !== Math.floor(total / 2)) return
    const inside = (db.prepare('SELECT count(*) AS n FROM tournament_players').get() as { n: number }).n
    writeFileSync(marker, JSON.stringify({ done, total, inside }))
    // block here, inside the open transaction, until the parent kills the process
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000)
  }
})
