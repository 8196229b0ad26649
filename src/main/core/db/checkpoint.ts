// The WAL's copy into the database file after a big write. SQLite copies it at the commit of any write once the WAL
// holds 1,000 pages: after a FIDE-sized write (a list import, a list's generation: 600–700 MB of pages) that copy takes
// seconds the officer would wait for, with the result already committed and readable. A job that writes that much
// commits with the automatic copy off and copies the WAL once its result is given (JobContext.afterResult).
import { openDatabase, type Db } from './open'

/** Runs `run` with the automatic checkpoint off on this connection, then sets it back as it was. */
export function withCheckpointLater<T>(db: Db, run: () => T): T {
  const before = db.pragma('wal_autocheckpoint', { simple: true }) as number
  db.pragma('wal_autocheckpoint = 0')
  try {
    return run()
  } finally {
    db.pragma(`wal_autocheckpoint = ${before}`)
  }
}

/** Copies what the WAL holds into the database file without waiting for any reader or writer, then closes `db`. */
export function checkpointAndClose(db: Db): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } finally {
    db.close()
  }
}

/**
 * A job's big write on a connection of its own: committed with the automatic checkpoint off (`write` may go on once it
 * has committed, awaiting what it waits for: the checkpoint stays off until it ends), the connection kept to copy the
 * WAL once the job has given its result (`afterResult`, the job context's), closed at once if the write fails. `then`,
 * if given, runs on the connection with the result once it is given, before the WAL's copy (a job's work the officer
 * need not wait for: the generation's record of its safety copy).
 */
export async function writeThenCheckpoint<T>(dbPath: string, afterResult: (fn: () => void | Promise<void>) => void, write: (db: Db) => T | Promise<T>, then?: (db: Db, result: T) => Promise<void>): Promise<T> {
  const db = openDatabase(dbPath)
  const before = db.pragma('wal_autocheckpoint', { simple: true }) as number
  let result: T
  try {
    db.pragma('wal_autocheckpoint = 0')
    result = await write(db)
    db.pragma(`wal_autocheckpoint = ${before}`)
  } catch (e) {
    db.close()
    throw e
  }
  afterResult(async () => {
    try {
      await then?.(db, result)
    } finally {
      checkpointAndClose(db)
    }
  })
  return result
}
