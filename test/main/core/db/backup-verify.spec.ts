// The verification of a backup's copy, on one thread and with its integrity_check on a helper thread (session 11):
// the same report for a good copy, and every kind of damage still refused (an index that no longer matches its
// table, a changed frozen list, a missing row, a broken foreign key, a file that is not a database). And the frozen
// lists' checksum read a page at a time: the same digests as the scan row by row it replaced.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { automaticBackup, checkDatabaseFile, checksumPageSql, ENTRY_COLUMNS, fillFrozenChecksums, frozenListChecksums, verifyBackupCopy, type BackupOptions } from '../../../../src/main/core/db/backup'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/**
 * The definition, kept here as the reference: one scan, each entry's every column but the list's id as a JSON array
 * written by JavaScript, a newline after each, one hash update per row (the product has SQLite write a page's text).
 */
function checksumsRowByRow(db: Db): Record<number, string> {
  const out: Record<number, string> = {}
  const lists = db.prepare("SELECT id FROM rating_lists WHERE status IN ('published','reference') ORDER BY id").all() as { id: number }[]
  const columns = (db.prepare("SELECT name FROM pragma_table_info('rating_list_entries') WHERE name <> 'list_id' ORDER BY cid").pluck().all() as string[]).join(', ')
  const entries = db.prepare(`SELECT ${columns} FROM rating_list_entries WHERE list_id = ? ORDER BY player_id`).raw().safeIntegers()
  for (const { id } of lists) {
    const h = createHash('sha256')
    for (const row of entries.iterate(id) as Iterable<unknown[]>) h.update(`[${row.map((v) => (typeof v === 'bigint' ? String(v) : JSON.stringify(v))).join(',')}]\n`)
    out[id] = h.digest('hex')
  }
  return out
}

const ODD_TEXTS = [null, '', 'GM', 'w"i', 'back\\slash', 'tab\there', 'line\nbreak', '\u0001\u001f\u007f', 'Łódź', 'é', '日本', '😀', '\u2028', 'nul\u0000inside']

/**
 * An office of `players` players: a reference list of all of them, a published office list of most of them, an empty
 * published list and a draft; entries carry odd texts (quotes, controls, non-ASCII, a NUL) and nulls.
 */
function seed(file: string, players: number, extraIds: bigint[] = []): Db {
  const db = openDatabase(file)
  const player = db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation) VALUES (?, ?, ?, 'A', ?, 'FRA')")
  const ids: (number | bigint)[] = []
  db.transaction(() => {
    for (let i = 1; i <= players; i++) {
      // negative and sparse ids too: the paging goes by key, not by position
      const id = i === 1 ? -5 : i * 3
      player.run(id, 100_000 + i, `P${i}`, `p${i} a`)
      ids.push(id)
    }
    extraIds.forEach((id, i) => {
      player.run(id, 900_000 + i, `Big${i}`, `big${i} a`)
      ids.push(id)
    })
  })()
  const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, ?, 'standard', 'FIDE', 'draft')")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
  const ref = list.run('reference', '2026-09-01').lastInsertRowid
  const office = list.run('office', '2026-10-01').lastInsertRowid
  const empty = list.run('office', '2026-11-01').lastInsertRowid
  const draft = list.run('office', '2026-12-01').lastInsertRowid
  db.transaction(() => {
    ids.forEach((id, i) => {
      const odd = (k: number) => ODD_TEXTS[(i + k) % ODD_TEXTS.length]
      entry.run(ref, id, i % 7 === 0 ? null : 1400 + i, i % 5, 20, odd(0), odd(1), odd(2), i % 3 === 0 ? null : 1950 + (i % 60), odd(3))
      if (i % 4 !== 1) entry.run(office, id, 1405 + i, 4, 40, odd(4), odd(5), 'FRA', 1990, 'M')
      entry.run(draft, id, 1500, 0, 20, null, null, null, null, null)
    })
  })()
  db.prepare("UPDATE rating_lists SET status = 'reference' WHERE id = ?").run(ref)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2026-10-01T00:00:00Z' WHERE id IN (?, ?)").run(office, empty)
  return db
}

describe('frozen-list checksums read a page at a time', () => {
  it('give the digests of the scan row by row, over many pages, odd texts and nulls', () => {
    const db = seed(tmp.file('sums.db'), 300)
    const reference = checksumsRowByRow(db)
    expect(Object.keys(reference)).toEqual(['1', '2', '3'])
    // pages of 7, 64 and 300 entries (a last page full, a last page short) and the default
    for (const pageRows of [1, 7, 64, 299, 300, 301]) expect(frozenListChecksums(db, pageRows)).toEqual(reference)
    expect(frozenListChecksums(db)).toEqual(reference)
    db.close()
  })

  it('give the same digests when a key is beyond what JavaScript holds exactly (read by the one scan)', () => {
    const big = 2n ** 53n
    const db = seed(tmp.file('sums-big.db'), 40, [big + 1n, big + 2n, big + 3n])
    // pages of every size up to the whole list, so that one ends on each big key: paged "after the last key",
    // 2^53 + 1 read as 2^53 would be read again
    const reference = checksumsRowByRow(db)
    for (let pageRows = 2; pageRows <= 45; pageRows++) expect(frozenListChecksums(db, pageRows)).toEqual(reference)
    db.close()
  })

  it('read each page from the primary key: the entries in key order with no sort of the list', () => {
    const db = seed(tmp.file('sums-plan.db'), 3)
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ list: 1, after: 0, rows: 10 }) as { detail: string }[]).map((r) => r.detail).join(' | ')
    const p = plan(checksumPageSql(ENTRY_COLUMNS, true))
    expect(p).toContain('USING PRIMARY KEY (list_id=? AND player_id>?)')
    // the only sort is the page's text put in the order stated (8,192 entries read in that order already)
    expect(p.match(/TEMP B-TREE/g)).toHaveLength(1)
    expect(p).toContain('TEMP B-TREE FOR group_concat(ORDER BY)')
    expect(plan(checksumPageSql(ENTRY_COLUMNS, false))).toContain('USING PRIMARY KEY (list_id=?)')
    db.close()
  })
})

/** A copy of `db` as the backup writes it (the online backup API, then a self-contained file), to be damaged. */
async function copyOf(db: Db, name: string): Promise<string> {
  const file = tmp.file(name)
  await db.backup(file)
  const c = new Database(file)
  c.pragma('journal_mode = DELETE')
  c.close()
  return file
}

/** Changes a copy on a connection of its own (the checks would refuse it; that is the point). */
function alter(file: string, sql: string): void {
  const c = new Database(file)
  c.pragma('foreign_keys = OFF')
  c.exec(sql)
  c.close()
}

/** Damages an index in the file itself: one byte of one key of players_name_status, the table left as it was. */
function corruptIndex(file: string): void {
  const c = new Database(file, { readonly: true })
  const root = c.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'players_name_status'").pluck().get() as number
  const pageSize = c.pragma('page_size', { simple: true }) as number
  c.close()
  const bytes = readFileSync(file)
  const page = bytes.subarray((root - 1) * pageSize, root * pageSize)
  const at = page.indexOf('p2 a')
  expect(at).toBeGreaterThan(0)
  // 'p2 a' becomes 'p2 b': still in order among the keys, no longer the row's
  page[at + 3] = 'b'.charCodeAt(0)
  writeFileSync(file, bytes)
}

const ways: [string, BackupOptions][] = [
  ['one thread', {}],
  ['integrity_check on a helper thread', { thread: sourceWorkerScript(), threadFrom: 0 }]
]

describe.each(ways)('the verification of a copy, %s', (way, options) => {
  const tag = way === 'one thread' ? 'one' : 'two'
  const source = seed(tmp.file(`source-${tag}.db`), 12)
  afterAll(() => source.close())

  it('passes a good copy, with the report of the one-thread way', async () => {
    const copy = await copyOf(source, `good-${tag}.db`)
    const report = await verifyBackupCopy(source, copy, tmp.file(`out-${tag}.db`), options)
    expect(report.integrity).toBe('ok')
    expect(report.foreignKeyProblems).toEqual([])
    expect(report.listChecksums).toEqual(checksumsRowByRow(source))
    expect(report).toEqual(await verifyBackupCopy(source, copy, tmp.file(`out-${tag}.db`), {}))
  })

  it('refuses a copy whose index no longer matches its table', async () => {
    const copy = await copyOf(source, `index-${tag}.db`)
    corruptIndex(copy)
    await expect(verifyBackupCopy(source, copy, tmp.file('x.db'), options)).rejects.toThrow(/integrity: .*players_name_status/)
  })

  it('refuses a copy whose frozen list changed, every count equal', async () => {
    const copy = await copyOf(source, `frozen-${tag}.db`)
    alter(copy, 'DROP TRIGGER rating_list_entries_frozen_update; UPDATE rating_list_entries SET rating = rating + 1 WHERE list_id = 2 AND player_id = 9')
    const refused = verifyBackupCopy(source, copy, tmp.file('x.db'), options)
    await expect(refused).rejects.toThrow(/published lists differ from the database/)
    await expect(refused).rejects.not.toThrow(/row counts|integrity|foreign key/)
  })

  it('refuses a copy that lost a row', async () => {
    const copy = await copyOf(source, `rows-${tag}.db`)
    // an entry of the draft: no frozen list changes, no key breaks
    alter(copy, 'DELETE FROM rating_list_entries WHERE list_id = 4 AND player_id = 6')
    await expect(verifyBackupCopy(source, copy, tmp.file('x.db'), options)).rejects.toThrow(/row counts differ from the database/)
  })

  it('refuses a copy with a broken foreign key', async () => {
    const copy = await copyOf(source, `fk-${tag}.db`)
    alter(copy, 'DELETE FROM players WHERE id = 6')
    await expect(verifyBackupCopy(source, copy, tmp.file('x.db'), options)).rejects.toThrow(/foreign key problems/)
  })

  it('refuses a file that is not a database, and leaves no thread waiting', async () => {
    const file = tmp.file(`garbage-${tag}.db`)
    writeFileSync(file, Buffer.alloc(64 * 1024, 7))
    await expect(verifyBackupCopy(source, file, tmp.file('x.db'), options)).rejects.toThrow(/not a Rating Office database/)
  })
})

describe('the automatic backup with a helper thread', () => {
  it('writes the verified copy, the same report as on one thread', async () => {
    const file = tmp.file('auto.db')
    seed(file, 30).close()
    const one = await automaticBackup(file, tmp.file('auto-one'), 'manual')
    const two = await automaticBackup(file, tmp.file('auto-two'), 'manual', { thread: sourceWorkerScript(), threadFrom: 0 })
    expect(existsSync(two.file)).toBe(true)
    expect(two.integrity).toBe('ok')
    const { file: _a, ...restOne } = one
    const { file: _b, ...restTwo } = two
    expect(restTwo).toEqual(restOne)
  })
})

/** Counts the frozen lists of `db` (as a list's import and publication do): a counted list takes no more entries. */
function countFrozen(db: Db): void {
  db.exec(`UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id),
             rated_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = rating_lists.id AND rating IS NOT NULL)
           WHERE status IN ('published','reference')`)
}

const recordedSums = (db: Db): Record<number, string | null> =>
  Object.fromEntries((db.prepare('SELECT list_id, checksum FROM frozen_list_checksums ORDER BY list_id').raw().all() as [number, string | null][]).map(([id, c]) => [id, c]))

describe('a copy checked against the recorded checksums (migration 28)', () => {
  it('records each frozen list when it freezes, fills the counted ones once, and a merge forgets the list it touches', () => {
    const db = seed(tmp.file('recorded.db'), 20)
    // the reference list and both published lists have a record, the draft none; nothing filled before the counts
    expect(recordedSums(db)).toEqual({ 1: null, 2: null, 3: null })
    expect(fillFrozenChecksums(db)).toEqual([])
    countFrozen(db)
    expect(fillFrozenChecksums(db)).toEqual([1, 2, 3])
    expect(recordedSums(db)).toEqual(checksumsRowByRow(db))
    expect(fillFrozenChecksums(db)).toEqual([])
    // a filled checksum is not replaced, nor a record deleted
    expect(() => db.prepare("UPDATE frozen_list_checksums SET checksum = ? WHERE list_id = 1").run('0'.repeat(64))).toThrow(/filled once, or forgotten/)
    expect(() => db.prepare('DELETE FROM frozen_list_checksums WHERE list_id = 1').run()).toThrow(/never deleted/)
    // a merge re-points an entry of the reference list (player 6 to a new record 7): that list's checksum is forgotten
    db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation) VALUES (7, 7777, 'Kept', 'A', 'kept a', 'FRA')").run()
    db.prepare('UPDATE rating_list_entries SET player_id = 7 WHERE list_id = 1 AND player_id = 6').run()
    expect(recordedSums(db)[1]).toBeNull()
    expect(recordedSums(db)[2]).not.toBeNull()
    expect(fillFrozenChecksums(db)).toEqual([1])
    expect(recordedSums(db)).toEqual(checksumsRowByRow(db))
    db.close()
  })

  const recorded = seed(tmp.file('recorded-source.db'), 12)
  countFrozen(recorded)
  fillFrozenChecksums(recorded)
  afterAll(() => recorded.close())

  it('passes a good copy: every frozen list as recorded', async () => {
    const copy = await copyOf(recorded, 'recorded-good.db')
    const report = await verifyBackupCopy(recorded, copy, tmp.file('out.db'))
    expect(report.listChecksums).toEqual(recordedSums(recorded))
    expect(report.frozenListProblems).toEqual([])
  })

  it('refuses a copy whose frozen list is not the one recorded, every count equal', async () => {
    const copy = await copyOf(recorded, 'recorded-frozen.db')
    alter(copy, 'DROP TRIGGER rating_list_entries_frozen_update; UPDATE rating_list_entries SET games = games + 1 WHERE list_id = 1 AND player_id = 9')
    await expect(verifyBackupCopy(recorded, copy, tmp.file('x.db'))).rejects.toThrow(/published lists differ from the database/)
  })

  it("checks the copy against the record, without reading the database's frozen entries again", async () => {
    const file = tmp.file('record-not-read.db')
    const db = seed(file, 12)
    countFrozen(db)
    fillFrozenChecksums(db)
    const copy = await copyOf(db, 'record-not-read-copy.db')
    // the database's list changes after the copy (behind its triggers): a source read again would differ from the
    // copy; the record does not, and the copy, equal to it, passes
    db.exec('DROP TRIGGER rating_list_entries_frozen_update; UPDATE rating_list_entries SET rating = 2900 WHERE list_id = 3 AND player_id = 9')
    const report = await verifyBackupCopy(db, copy, tmp.file('out.db'))
    expect(report.frozenListProblems).toEqual([])
    expect(report.listChecksums).toEqual(recordedSums(db))
    db.close()
  })

  it('keeps the faithful copy of an office whose own frozen list was altered, and says which list', async () => {
    const file = tmp.file('altered.db')
    const db = seed(file, 12)
    countFrozen(db)
    fillFrozenChecksums(db)
    db.exec('DROP TRIGGER rating_list_entries_frozen_update; UPDATE rating_list_entries SET rating = 2900 WHERE list_id = 2 AND player_id = 9')
    const copy = await copyOf(db, 'altered-copy.db')
    const report = await verifyBackupCopy(db, copy, tmp.file('out.db'))
    expect(report.frozenListProblems).toEqual([{ listId: 2, problem: 'altered' }])
    expect(report.listChecksums[2]).toBe(checksumsRowByRow(db)[2])
    // and `db check` of the office says the same
    expect(checkDatabaseFile(file).frozenListProblems).toEqual([{ listId: 2, problem: 'altered' }])
    db.close()
  })
})
