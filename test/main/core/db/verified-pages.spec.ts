// What a backup's integrity_check proved once is not proved again (issue 40): a copy is checked against the last
// verified copy's manifest of pages — only the tables whose trees changed read again by SQLite, the page accounting
// made by hand — and every doubt (damage in a changed tree, a page no tree uses, a manifest altered) ends in SQLite's
// own words, as the whole check gives them.
import { afterAll, describe, expect, it } from 'vitest'
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs'
import Database from 'better-sqlite3'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { automaticBackup, checkDatabaseFile, fillFrozenChecksums, removeLeftoverPartials, verifiedPagesFile } from '../../../../src/main/core/db/backup'
import { checkIntegrityAgainst, readManifest, writeManifest, type PageManifest } from '../../../../src/main/core/db/verified-pages'
import { integrityCheck } from '../../../../src/main/core/db/integrity-thread'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** An office of `players` players and `lists` published lists of them all (monthly from October 2026), closed: its path. */
function office(name: string, players = 3000, lists = 1): string {
  const file = tmp.file(name)
  const db = openDatabase(file)
  const player = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation) VALUES (?, ?, 'Anna', ?, 'FRA')")
  const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', ?, 'standard', 'FIDE', 'draft')")
  const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, 20)')
  db.transaction(() => {
    const ids = Array.from({ length: players }, (_, i) => Number(player.run(100_000 + i, `Müller ${i}`, `muller ${i} anna`).lastInsertRowid))
    for (let l = 0; l < lists; l++) {
      const listId = list.run(`2026-${String(10 + l).padStart(2, '0')}-01`).lastInsertRowid
      ids.forEach((id, i) => entry.run(listId, id, 1400 + ((i + l) % 1200), i % 9))
      db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2026-10-01T00:00:00Z', entry_count = ? WHERE id = ?").run(players, listId)
    }
  })()
  // the checksums recorded, as the publication's job records them
  fillFrozenChecksums(db)
  db.close()
  return file
}

/** Runs `change` on the office with the frozen lists' guards lifted (as a bug or a hand on the file would), then puts them back. */
function behindTheGuards(file: string, change: (db: Db) => void): void {
  const db = openDatabase(file)
  try {
    const guards = db.prepare("SELECT name, sql FROM main.sqlite_schema WHERE type = 'trigger' AND tbl_name = 'rating_list_entries' AND name LIKE '%frozen%'").all() as { name: string; sql: string }[]
    for (const g of guards) db.exec(`DROP TRIGGER main."${g.name}"`)
    change(db)
    for (const g of guards) db.exec(g.sql)
  } finally {
    db.close()
  }
}

/** The integrity of a file checked against a manifest (or whole, without one), on a read-only connection. */
function checkFile(file: string, reference: PageManifest | null) {
  const db = new Database(file, { readonly: true }) as Db
  try {
    return checkIntegrityAgainst(db, file, reference ? { manifest: reference } : { why: 'no verified copy yet' })
  } finally {
    db.close()
  }
}

/** SQLite's whole integrity_check of a file. */
function wholeCheck(file: string): string {
  const db = new Database(file, { readonly: true }) as Db
  try {
    return integrityCheck(db)
  } finally {
    db.close()
  }
}

/** The pages of one tree of a file, by dbstat. */
function pagesOf(file: string, tree: string, type?: string): number[] {
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare(`SELECT pageno FROM dbstat WHERE name = ?${type ? ' AND pagetype = ?' : ''} ORDER BY pageno`).pluck().all(...(type ? [tree, type] : [tree])) as number[]
  } finally {
    db.close()
  }
}

/** Overwrites bytes of a file at an offset. */
function poke(file: string, offset: number, bytes: Buffer): void {
  const fd = openSync(file, 'r+')
  try {
    writeSync(fd, bytes, 0, bytes.length, offset)
  } finally {
    closeSync(fd)
  }
}

/** A copy of a database file in journal mode DELETE (one file, as a backup's copy is). */
function singleFile(from: string, to: string): string {
  const db = new Database(from)
  try {
    db.prepare('VACUUM INTO ?').run(to)
  } finally {
    db.close()
  }
  const copy = new Database(to)
  copy.pragma('journal_mode = DELETE')
  copy.close()
  return to
}

describe('a backup checked against the last verified copy (issue 40)', () => {
  it('checks the first copy whole, then only the tables a change touched, each time leaving its own manifest', async () => {
    const file = office('daily.db')
    const dir = tmp.file('daily-backups')
    const manifestFile = verifiedPagesFile(dir, 'daily.db')
    const first = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    expect(first.integrity).toBe('ok')
    expect(first.integrityScope).toMatchObject({ mode: 'full', why: 'no verified copy yet' })
    expect(existsSync(manifestFile)).toBe(true)
    const manifest = readManifest(manifestFile)
    expect('manifest' in manifest && manifest.manifest.pageCount).toBe(statSync(first.file).size / 4096)

    // a player renamed: the players table and its indexes change, the list's entries do not
    const db = openDatabase(file)
    db.prepare("UPDATE players SET surname = 'Rivière', name_folded = 'riviere 7 anna' WHERE fide_id = 100007").run()
    db.close()
    const second = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(second.integrity).toBe('ok')
    expect(second.integrityScope?.mode).toBe('changed')
    expect(second.integrityScope?.tables).toContain('players')
    expect(second.integrityScope?.tables).not.toContain('rating_list_entries')
    expect(second.integrityScope!.changedPages).toBeLessThan(second.integrityScope!.pages / 4)
    // the published list's entries sit on pages the last copy proved: not read again, its checksum the proven one
    expect(second.integrityScope?.listsProven).toBe(1)
    expect(second.listChecksums).toEqual(first.listChecksums)
    // the same copy checked whole says the same
    expect(checkDatabaseFile(second.file).integrity).toBe('ok')

    // nothing changed since: only the schema's own tree is read again (it always is)
    const third = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-03T08:00:00Z') })
    expect(third.integrityScope).toMatchObject({ mode: 'changed', tables: ['sqlite_schema'] })

    // a full backup reads the whole copy again, whatever the manifest says
    const full = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-04T08:00:00Z'), full: true })
    expect(full.integrityScope).toMatchObject({ mode: 'full', why: 'a full backup' })
  })

  it('reads again a frozen list whose entries changed or went, and no other (issue 40)', async () => {
    const file = office('lists.db', 3000, 3)
    const dir = tmp.file('lists-backups')
    const first = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    expect(Object.keys(first.listChecksums)).toEqual(['1', '2', '3'])
    // one rating of November changed behind the guards: November read again and found altered, the others proven
    behindTheGuards(file, (db) => db.prepare('UPDATE rating_list_entries SET rating = rating + 1 WHERE list_id = 2 AND player_id = 1500').run())
    const altered = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(altered.integrityScope).toMatchObject({ mode: 'changed', listsProven: 2, tables: ['list_by_rating', 'rating_list_entries', 'sqlite_schema'] })
    expect(altered.frozenListProblems).toEqual([{ listId: 2, problem: 'altered' }])
    expect(altered.listChecksums[2]).not.toBe(first.listChecksums[2])
    expect(altered.listChecksums[1]).toBe(first.listChecksums[1])
    // the same copy read whole says the same of every list
    expect(checkDatabaseFile(altered.file).listChecksums).toEqual(altered.listChecksums)

    // December's last entries removed behind the guards: its count is no longer the proven one, read again
    behindTheGuards(file, (db) => db.prepare('DELETE FROM rating_list_entries WHERE list_id = 3 AND player_id > 2990').run())
    const shorter = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-03T08:00:00Z') })
    expect(shorter.integrityScope?.mode).toBe('changed')
    expect(shorter.frozenListProblems).toEqual([
      { listId: 2, problem: 'altered' },
      { listId: 3, problem: 'altered' }
    ])
    // October and the altered November (unchanged since the last copy, which read it) proven; December read again
    expect(shorter.integrityScope?.listsProven).toBe(2)
    expect(checkDatabaseFile(shorter.file).listChecksums).toEqual(shorter.listChecksums)
  })

  it('counts a list frozen since the verified copy, not every list, when the entries did not change; proves it by that count once they do', async () => {
    const file = office('frozen-since.db', 2000, 2)
    // a draft of December, its entries written: in the verified copy as a draft
    let db = openDatabase(file)
    const draft = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', '2026-12-01', 'standard', 'FIDE', 'draft')").run().lastInsertRowid)
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, id, 1500, 0, 20 FROM players').run(draft)
    db.close()
    const dir = tmp.file('frozen-since-backups')
    await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    // published: its status changes, its entries do not
    db = openDatabase(file)
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2026-12-01T09:00:00Z', entry_count = 2000 WHERE id = ?").run(draft)
    db.close()
    const next = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(next.integrityScope?.tables).not.toContain('rating_list_entries')
    expect(next.integrityScope?.listsProven).toBe(2)
    expect(next.frozenListProblems).toEqual([])
    expect(checkDatabaseFile(next.file).listChecksums).toEqual(next.listChecksums)
    // its count went into that copy's manifest: when October's entries change next (behind the guards), the entries
    // are counted again, October read again, November and December proven by their pages and their counts
    behindTheGuards(file, (d) => d.prepare('UPDATE rating_list_entries SET rating = rating + 1 WHERE list_id = 1 AND player_id = 1').run())
    const third = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-03T08:00:00Z') })
    expect(third.integrityScope?.tables).toContain('rating_list_entries')
    expect(third.integrityScope?.listsProven).toBe(2)
    expect(third.frozenListProblems).toEqual([{ listId: 1, problem: 'altered' }])
    expect(third.listChecksums[draft]).toBe(next.listChecksums[draft])
  })

  it('checks again the foreign keys of the tables whose rows or whose parents\' rows changed, and finds a broken one', async () => {
    const file = office('foreign.db', 2000, 2)
    const dir = tmp.file('foreign-backups')
    await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    // a line of the audit log (no foreign key, no parent of one): no table's foreign keys read again
    let db = openDatabase(file)
    db.prepare("INSERT INTO audit_log (action, entity, reason) VALUES ('test', 'office', 'a line')").run()
    db.close()
    const quiet = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(quiet.integrityScope).toMatchObject({ mode: 'changed', foreignKeys: [] })
    // a player deleted with the foreign keys off: the entries did not change, page for page, but their parent did —
    // their foreign keys are read again, and the copy refused with what is broken
    db = openDatabase(file)
    db.pragma('foreign_keys = OFF')
    db.prepare('DELETE FROM players WHERE id = (SELECT max(id) FROM players)').run()
    db.close()
    const broken = automaticBackup(file, dir, 'daily', { now: new Date('2026-12-03T08:00:00Z') })
    await expect(broken).rejects.toMatchObject({ key: 'db.backupUnverified' })
    await expect(broken).rejects.toThrow(/foreign key problems/)
  })

  it('does the same on the helper thread a big copy\'s check runs on', async () => {
    const file = office('thread.db')
    const dir = tmp.file('thread-backups')
    const options = { thread: sourceWorkerScript(), threadFrom: 0 }
    expect((await automaticBackup(file, dir, 'daily', { ...options, now: new Date('2026-12-01T08:00:00Z') })).integrityScope?.mode).toBe('full')
    const db = openDatabase(file)
    db.prepare("INSERT INTO audit_log (action, entity, reason) VALUES ('test', 'office', 'a line')").run()
    db.close()
    const next = await automaticBackup(file, dir, 'daily', { ...options, now: new Date('2026-12-02T08:00:00Z') })
    expect(next.integrity).toBe('ok')
    expect(next.integrityScope?.mode).toBe('changed')
    expect(next.integrityScope?.tables).toContain('audit_log')
    expect(next.integrityScope?.tables).not.toContain('players')
  })

  it('finds damage in a tree that changed with SQLite\'s own words', () => {
    const file = singleFile(office('damage-source.db'), tmp.file('damage.db'))
    const base = checkFile(file, null)
    expect(base.integrity).toBe('ok')
    // a byte of an index entry changed: the entry names a row the table does not hold
    const leaf = pagesOf(file, 'players_federation_name', 'leaf')[3]!
    expect(leaf).toBeGreaterThan(1)
    poke(file, leaf * 4096 - 1, Buffer.from([0x7f]))
    const after = checkFile(file, base.manifest)
    expect(after.scope.mode).toBe('changed')
    expect(after.scope.changedPages).toBe(1)
    expect(after.scope.tables).toEqual(['players', 'sqlite_schema'])
    expect(after.integrity).not.toBe('ok')
    expect(after.integrity).toContain('players_federation_name')
    expect(wholeCheck(file)).toContain('players_federation_name')
    expect(after.manifest).toBeNull()
  })

  it('refuses pages no tree uses, which SQLite\'s whole check leaves unsaid here', () => {
    const source = office('orphan-source.db')
    const db = new Database(source)
    db.exec("CREATE TABLE scratch (t TEXT); INSERT INTO scratch SELECT printf('%.500c', 'x') FROM players")
    db.close()
    const file = singleFile(source, tmp.file('orphan.db'))
    const base = checkFile(file, null)
    expect(base.integrity).toBe('ok')
    const free = new Database(file)
    free.exec('DELETE FROM scratch')
    expect(free.pragma('freelist_count', { simple: true })).toBeGreaterThan(10)
    free.close()
    // the header forgets the freelist: its pages belong to nothing
    const header = Buffer.alloc(100)
    const fd = openSync(file, 'r')
    readSync(fd, header, 0, 100, 0)
    closeSync(fd)
    const firstTrunk = header.readUInt32BE(32)
    poke(file, 32, Buffer.alloc(8))
    const after = checkFile(file, base.manifest)
    expect(after.scope).toMatchObject({ mode: 'full', why: 'the pages are not accounted for' })
    expect(after.integrity).toContain(`Page ${firstTrunk}: never used`)
    expect(after.manifest).toBeNull()
    // SQLite 3.53's whole check says nothing of them in the office's schema (its FTS5 table): the accounting does,
    // with or without a manifest
    expect(wholeCheck(file)).toBe('ok')
    expect(checkFile(file, null).integrity).toContain(`Page ${firstTrunk}: never used`)
  })

  it('reads again a table whose schema text changed, though its pages did not', () => {
    const source = office('altered-source.db', 200)
    const file = singleFile(source, tmp.file('altered.db'))
    const base = checkFile(file, null)
    const db = new Database(file)
    db.exec("ALTER TABLE settings ADD COLUMN note TEXT NOT NULL DEFAULT ''")
    db.close()
    const after = checkFile(file, base.manifest)
    expect(after).toMatchObject({ integrity: 'ok', scope: { mode: 'changed', tables: ['settings', 'sqlite_schema'] } })
  })

  it('reads every frozen list again when the entries\' schema text changed (their checksum may read other columns)', async () => {
    const file = office('entries-schema.db', 500, 2)
    const dir = tmp.file('entries-schema-backups')
    await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    const same = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(same.integrityScope?.listsProven).toBe(2)
    const db = openDatabase(file)
    db.exec('ALTER TABLE main.rating_list_entries ADD COLUMN note TEXT')
    db.close()
    const altered = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-03T08:00:00Z') })
    expect(altered.integrityScope).toMatchObject({ mode: 'changed', listsProven: 0 })
    expect(altered.integrityScope?.tables).toContain('rating_list_entries')
  })

  it('does not trust a manifest altered on disk, nor one left half-written by a killed backup', async () => {
    const file = office('manifest.db', 300)
    const dir = tmp.file('manifest-backups')
    await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-01T08:00:00Z') })
    const manifestFile = verifiedPagesFile(dir, 'manifest.db')
    const bytes = readFileSync(manifestFile)
    bytes[bytes.length - 5] ^= 0xff
    writeFileSync(manifestFile, bytes)
    expect(readManifest(manifestFile)).toEqual({ why: 'the manifest of the last verified copy is damaged' })
    const next = await automaticBackup(file, dir, 'daily', { now: new Date('2026-12-02T08:00:00Z') })
    expect(next.integrityScope).toMatchObject({ mode: 'full', why: 'the manifest of the last verified copy is damaged' })
    // the whole check's manifest replaced it
    expect('manifest' in readManifest(manifestFile)).toBe(true)

    // a killed backup's partial manifest: removed with the partial copies, once an hour old
    const left = `${dir}/.manifest-2026-12-03T080000-daily.db.partial-pages`
    writeManifest(left, (readManifest(manifestFile) as { manifest: PageManifest }).manifest)
    const old = new Date('2026-12-03T08:00:00Z')
    utimesSync(left, old, old)
    expect(removeLeftoverPartials(dir, 'manifest.db', new Date('2026-12-03T10:00:00Z'))).toEqual([left])
  })
})
