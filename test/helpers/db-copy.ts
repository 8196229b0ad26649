// A live database saved as one file for a test: its WAL emptied into the file first. A job may still be copying the WAL
// after its result (a list import's, a generation's: JobContext.afterResult), and SQLite then answers the checkpoint
// "busy" without making it; the copy waits for a whole checkpoint, or it would miss what the WAL held.
import { copyFileSync } from 'node:fs'
import type { Db } from '../../src/main/core/db/open'

export async function copyCheckpointed(db: Db, to: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const [r] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
    if (r?.busy === 0) break
    if (tries >= 600) throw new Error(`the checkpoint before the copy to ${to} stayed busy for a minute`)
    await new Promise((done) => setTimeout(done, 100))
  }
  copyFileSync(db.name, to)
  return to
}
