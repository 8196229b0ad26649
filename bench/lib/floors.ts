// Floors: the same data handled by the plainest means, measured in the same process as the scenario. A write's
// floor inserts the same rows by a bare prepared-statement loop in one transaction into the same schema, its
// indexes dropped before and built after; a parse's floor reads the same bytes and splits them into lines; a
// query's floor reads the same rows by primary key.
import { closeSync, copyFileSync, existsSync, openSync, readSync, symlinkSync } from 'node:fs'
import { archiveDir } from '../../src/main/core/db/archive-files'
import type { Db } from '../../src/main/core/db/open'
import { openDatabase } from '../../src/main/core/db/open'
import { withTempStoreInMemory } from '../../src/main/core/data/statements'
import { writingWholeLists } from '../../src/main/core/data/list-by-rating'
import { measure, type Run } from './measure'

export interface FloorRows {
  table: string
  columns: readonly string[]
  rows: readonly unknown[][]
}

/** The rows of a table as the scenario left them (raw arrays, in rowid order), for a write floor. */
export function readRows(db: Db, table: string, columns: readonly string[], where = '', params: unknown[] = []): FloorRows {
  const rows = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ${where ? `WHERE ${where}` : ''}`).raw().all(...params) as unknown[][]
  return { table, columns, rows }
}

/**
 * Write floor: a new database file with the schema of the app (every migration), the tables' indexes and
 * triggers dropped, the rows inserted by one prepared statement each in one transaction, then the same
 * indexes built again (and `after`, e.g. the name index's rebuild, in the same transaction).
 */
export async function writeFloor(file: string, sets: readonly FloorRows[], after: readonly string[] = []): Promise<Run> {
  const db = openDatabase(file)
  try {
    db.pragma('foreign_keys = OFF')
    const tables = sets.map((s) => s.table)
    const q = `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})`
    const objects = db.prepare(q).all(...tables) as { type: 'index' | 'trigger'; name: string; sql: string }[]
    for (const o of objects) db.exec(`DROP ${o.type.toUpperCase()} ${o.name}`)
    const indexes = objects.filter((o) => o.type === 'index')
    const { run } = await measure(() => {
      db.transaction(() => {
        for (const s of sets) {
          const ins = db.prepare(`INSERT INTO ${s.table} (${s.columns.join(', ')}) VALUES (${s.columns.map(() => '?').join(', ')})`)
          for (const r of s.rows) ins.run(r)
        }
        for (const i of indexes) db.exec(i.sql)
        for (const sql of after) db.exec(sql)
      })()
    })
    return run
  } finally {
    db.close()
  }
}

/** Bytes read and decoded at a time by the parse floor. */
const PARSE_CHUNK = 64 << 20

/**
 * Parse floor: the same bytes read and split into lines (the count is returned to keep the work). Read and decoded by
 * chunks, a line cut by a chunk's end carried to the next: FIDE's XML list (823 MB at 1.9 M players) is longer than
 * the longest string V8 can make (512 M characters), so the whole file cannot be one string.
 */
export async function parseFloor(file: string, encoding: 'utf8' | 'latin1' = 'utf8'): Promise<Run & { lines: number }> {
  const { value, run } = await measure(() => {
    const decoder = new TextDecoder(encoding === 'latin1' ? 'latin1' : 'utf-8')
    const buf = Buffer.allocUnsafe(PARSE_CHUNK)
    const fd = openSync(file, 'r')
    try {
      let rest = ''
      let lines = 0
      for (let n = readSync(fd, buf, 0, PARSE_CHUNK, null); n > 0; n = readSync(fd, buf, 0, PARSE_CHUNK, null)) {
        const parts = (rest + decoder.decode(buf.subarray(0, n), { stream: true })).split('\n')
        rest = parts.pop()!
        lines += parts.length
      }
      return lines + (rest + decoder.decode()).split('\n').length
    } finally {
      closeSync(fd)
    }
  })
  return { ...run, lines: value }
}

/** Query floor: the same rows read by primary key, one prepared statement (the median of `repeat` runs). */
export async function queryFloor(db: Db, table: string, ids: readonly (number | bigint)[], repeat = 5): Promise<Run> {
  const get = db.prepare(`SELECT * FROM ${table} WHERE rowid = ?`)
  const runs: Run[] = []
  for (let i = 0; i < repeat; i++) {
    runs.push(
      (
        await measure(
          () => {
            for (const id of ids) get.get(id)
          },
          { settle: false }
        )
      ).run
    )
  }
  runs.sort((a, b) => a.wallMs - b.wallMs)
  return runs[Math.floor(runs.length / 2)]!
}

/**
 * The generation floor's database: a copy of `file` (open as `db`) as the generation is about to find it (the same
 * lists, so the same indexes to insert into); the WAL emptied into the file first, since a copy of the file alone
 * would miss what the WAL still held. Taken before the generation; `generationFloor` writes into it after.
 */
export function copyForGenerationFloor(db: Db, file: string, floorFile: string): void {
  const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
  if (checkpoint?.busy !== 0) throw new Error("the checkpoint before the floor's copy did not complete")
  copyFileSync(file, floorFile)
  // the sealed periods' files (docs/archive-periods.md) are the same files: the copy attaches them as the database does
  if (existsSync(archiveDir(file)) && !existsSync(archiveDir(floorFile))) symlinkSync(archiveDir(file), archiveDir(floorFile), 'dir')
}

/** The columns of an entry the list writer writes (the generation floor writes the same). */
const ENTRY_COLUMNS = 'player_id, rating, games, k, flags, title, federation, birth_year, sex, entry_status, rated_games, highest_rating, tracked_since, recent_games'

/**
 * The generation's floor: the generated list's entries (every column the list writer writes) inserted again by a bare
 * prepared-statement loop in one transaction, into the copy taken before the generation (`copyForGenerationFloor`:
 * one list fewer in the (player_id) index than now), on a connection opened as the application opens it and with
 * the temporary store in memory as the generation's, the list's order by rating written after its rows as the
 * generation writes it once its last entry is in (migration 23); CPU time the process's (the floor runs on one
 * thread). Measured after the publication on the generation's own database, with the temporary store on file and
 * the previous list in its indexes, it took 40 s for a write the generation's own connection does in about 20
 * (docs/performance.md, session 7).
 */
export function generationFloor(db: Db, listId: number, floorFile: string, listDate: string): { wallMs: number; cpuMs: number; rows: number } {
  const rows = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM rating_list_entries WHERE list_id = ? ORDER BY player_id`).raw().all(listId) as unknown[][]
  const fdb = openDatabase(floorFile)
  try {
    const floorList = Number(fdb.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', ?, 'standard', 'floor', 'draft')").run(listDate).lastInsertRowid)
    const insE = fdb.prepare(`INSERT INTO main.rating_list_entries (list_id, ${ENTRY_COLUMNS}) VALUES (${floorList}${', ?'.repeat(14)})`)
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    withTempStoreInMemory(fdb, () =>
      fdb.transaction(() => {
        writingWholeLists(fdb, () => {
          for (const e of rows) insE.run(e)
          return [floorList]
        })
      })()
    )
    const wallMs = performance.now() - t0
    const c = process.cpuUsage(c0)
    return { wallMs, cpuMs: (c.user + c.system) / 1000, rows: rows.length }
  } finally {
    fdb.close()
  }
}
