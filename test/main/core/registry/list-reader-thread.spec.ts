// A first load read on a thread of its own writes exactly what reading on the writing thread writes, refuses
// bad files the same way, and leaves nothing behind when it fails or is cancelled.
import { afterAll, describe, expect, it } from 'vitest'
import { statSync, writeFileSync } from 'node:fs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList, type ImportListOptions, type ImportListResult } from '../../../../src/main/core/registry/import'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { UserError } from '../../../../src/main/core/util/errors'
import { mergePlayers } from '../../../../src/main/core/data/player-merges'
import { tempDir } from '../../../helpers/temp-db'
import { COMBINED_HEADER, writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { LISTS_DIR } from '../../../helpers/fixtures'

const fixture = (name: string): string => LISTS_DIR + name

const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
const freshDb = (): Db => openDatabase(tmp.file(`thread-${++n}.db`))
const reader = sourceWorkerScript()

/** Everything a load writes, by FIDE ID (internal ids and timestamps aside). */
function contents(db: Db): Record<string, unknown[]> {
  return {
    players: db
      .prepare(
        `SELECT fide_id, national_id, surname, given_names, name_folded, federation, sex, birth_date, title, woman_title,
                other_titles, foa_title, arbiter_title, status, source_list_id IS NOT NULL AS has_source FROM players ORDER BY fide_id`
      )
      .all(),
    entries: db
      .prepare(
        `SELECT l.rating_type, p.fide_id, e.rating, e.games, e.k, e.flags, e.title, e.federation, e.birth_year, e.sex
           FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id JOIN players p ON p.id = e.player_id
          ORDER BY l.rating_type, p.fide_id`
      )
      .all(),
    arbiters: db.prepare('SELECT a.fide_id, a.title, p.fide_id AS player FROM arbiters a JOIN players p ON p.id = a.player_id ORDER BY a.fide_id').all(),
    lists: db.prepare('SELECT rating_type, kind, status, list_date, file_name FROM rating_lists ORDER BY id').all()
  }
}

const summary = (r: ImportListResult): unknown => ({
  format: r.format, encoding: r.encoding, records: r.records, players: r.players, arbitersAdded: r.arbitersAdded,
  lists: r.lists.map((l) => [l.ratingType, l.entries]), warnings: r.warnings, warningCount: r.warningCount, duplicates: r.duplicates
})

const indexNames = (db: Db): string[] =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('index','trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)

function load(file: string, opts: Partial<ImportListOptions> = {}): { db: Db; res: ImportListResult } {
  const db = freshDb()
  const res = importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, ...opts })
  return { db, res }
}

describe('a first load on a reader thread', () => {
  // 3,000 players: titles, arbiters, flags i/w/wi, empty ratings, 15 repeated IDs and 10 unknown titles.
  const file = writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), 3000, { repeatEvery: 200, oddTitleEvery: 300, seed: 7 })
  const here = load(file)
  const threaded = load(file, { reader })

  it('writes the same players, entries, arbiters and lists as reading on the writing thread', () => {
    expect(threaded.res.players.inserted).toBe(3000 - 14)
    expect(summary(threaded.res)).toEqual(summary(here.res))
    expect(contents(threaded.db)).toEqual(contents(here.db))
  })

  it('reports the repeated IDs and unknown titles with their lines, as the other way does', () => {
    const repeats = threaded.res.warnings.filter((w) => w.field === 'id')
    expect(repeats).toHaveLength(14)
    expect(repeats[0]).toMatchObject({ line: 202, found: '100199', expected: 'an ID not already given on line 201; this record was skipped' })
    expect(threaded.res.warnings.filter((w) => w.field === 'title').length).toBe(10)
  })

  it('gives every list its entries in full, with sound keys and the name index rebuilt', () => {
    const byType = Object.fromEntries(threaded.res.lists.map((l) => [l.ratingType, l.entries]))
    const counted = threaded.db.prepare('SELECT l.rating_type AS t, count(*) AS n FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id GROUP BY l.rating_type').all() as { t: string; n: number }[]
    expect(Object.fromEntries(counted.map((c) => [c.t, c.n]))).toEqual(byType)
    expect(byType.standard! + byType.rapid! + byType.blitz!).toBeGreaterThan(2000)
    expect(threaded.db.pragma('foreign_key_check')).toEqual([])
    expect(threaded.db.pragma('integrity_check', { simple: true })).toBe('ok')
    // FTS5's own check compares the name index with the players table and throws when they differ.
    expect(() => threaded.db.prepare("INSERT INTO players_fts(players_fts) VALUES ('integrity-check')").run()).not.toThrow()
    const name = (threaded.db.prepare('SELECT name_folded FROM players WHERE fide_id = 101234').get() as { name_folded: string }).name_folded
    const hits = threaded.db.prepare("SELECT p.fide_id FROM players_fts f JOIN players p ON p.id = f.rowid WHERE f.players_fts MATCH ?").all(`"${name.split(' ')[0]}"`) as { fide_id: number }[]
    expect(hits.map((h) => h.fide_id)).toContain(101234)
  })

  it('reads a combined XML list the same way too', () => {
    const xml = fixture('sanichi_icu_ratings_app__spec__files__players_list.xml')
    const a = load(xml, { listDate: '2012-09-01' })
    const b = load(xml, { listDate: '2012-09-01', reader })
    expect(b.res.format).toBe('xml-combined')
    expect(summary(b.res)).toEqual(summary(a.res))
    expect(contents(b.db)).toEqual(contents(a.db))
  })
})

describe('a reader thread that meets a problem', () => {
  it('refuses a bad file with the same located errors, writing nothing', () => {
    const file = tmp.file('bad.txt')
    const lines = [COMBINED_HEADER, '1503014        Carlsen, Magnus                                              NOR M   GM                           2833  0   10']
    lines.push('1503015        Bad, Rating                                                  NOR M                                28x3  0   10')
    writeFileSync(file, lines.join('\n') + '\n')
    const caught = (opts: Partial<ImportListOptions>): UserError => {
      const db = freshDb()
      const before = indexNames(db)
      try {
        importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, ...opts })
      } catch (e) {
        expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
        expect(db.prepare('SELECT count(*) AS n FROM rating_lists').get()).toEqual({ n: 0 })
        expect(indexNames(db)).toEqual(before)
        return e as UserError
      }
      throw new Error('the bad file was imported')
    }
    const threaded = caught({ reader })
    const here = caught({})
    expect(threaded).toBeInstanceOf(UserError)
    expect(threaded.key).toBe('registry.badFile')
    expect(threaded.params).toEqual(here.params)
    expect(threaded.params).toMatchObject({ line: 3, field: 'standard rating', found: '28x3' })
  })

  it('passes on the reader’s own refusal (a single-type file whose name does not say its type)', () => {
    const file = tmp.file('list.txt')
    writeFileSync(file, 'ID Number      Name                              Fed Sex Tit  WTit OTit           FOA NOV25 Gms  K  B-day Flag\n')
    const db = freshDb()
    expect(() => importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader })).toThrow(
      expect.objectContaining({ key: 'registry.typeNeeded' })
    )
  })

  it('leaves nothing behind when the officer cancels half-way', () => {
    const file = writeSyntheticCombinedList(tmp.file('cancel.txt'), 20000, { seed: 3 })
    const db = freshDb()
    const before = indexNames(db)
    let calls = 0
    expect(() =>
      importFideList(db, {
        file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader,
        throwIfCancelled: () => {
          if (++calls === 20) throw new Error('cancelled by the officer')
        }
      })
    ).toThrow('cancelled by the officer')
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
    expect(indexNames(db)).toEqual(before)
    // The same file then loads in full.
    const res = importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader })
    expect(res.players.inserted).toBe(20000)
  })

  it('refuses a file imported already before reading it twice', () => {
    const file = writeSyntheticCombinedList(tmp.file('twice.txt'), 500, { seed: 5 })
    const db = freshDb()
    importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader })
    expect(() => importFideList(db, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader })).toThrow(expect.objectContaining({ key: 'registry.alreadyImported' }))
  })
})

describe('a monthly list into a registry that already has the players', () => {
  it('appends every list’s entries, follows merges, and reports a second entry for one player with its line', () => {
    const first = writeSyntheticCombinedList(tmp.file('month0.txt'), 400, { seed: 21 })
    const next = writeSyntheticCombinedList(tmp.file('month1.txt'), 400, { seed: 21, month: 1 })
    const db = freshDb()
    importFideList(db, { file: first, listDate: '2025-11-01' })
    // Two IDs, both rated on the standard list, become one person.
    const rated = db
      .prepare("SELECT p.id, p.fide_id FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id JOIN players p ON p.id = e.player_id WHERE l.rating_type = 'standard' ORDER BY p.fide_id LIMIT 2")
      .all() as { id: number; fide_id: number }[]
    const [keep, drop] = rated as [{ id: number; fide_id: number }, { id: number; fide_id: number }]
    mergePlayers(db, keep.id, drop.id, 'the same person under two IDs')
    const res = importFideList(db, { file: next, listDate: '2025-12-01' })
    expect(res.players).toEqual({ inserted: 0, updated: 0, unchanged: 400 })
    const twice = res.warnings.filter((w) => w.expected.includes('through a merge'))
    expect(twice.map((w) => w.found)).toContain(String(drop.fide_id))
    expect(twice.find((w) => w.found === String(drop.fide_id))!.line).toBe(drop.fide_id - 100000 + 2)
    const dec = Object.fromEntries(res.lists.map((l) => [l.ratingType, l]))
    // The kept player has the entry of the first of the two lines (their own ID comes first), the rating moved.
    const entry = db.prepare('SELECT rating FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(dec.standard!.id, keep.id) as { rating: number }
    const before = db.prepare("SELECT e.rating FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id WHERE l.list_date = '2025-11-01' AND l.rating_type = 'standard' AND e.player_id = ?").get(keep.id) as { rating: number }
    expect(Math.abs(entry.rating - before.rating)).toBeLessThanOrEqual(10)
    // Every list of the month holds exactly what the result says, and the keys are sound.
    for (const l of res.lists) expect(db.prepare('SELECT count(*) AS n FROM rating_list_entries WHERE list_id = ?').get(l.id)).toEqual({ n: l.entries })
    const sum = (db.prepare("SELECT count(*) AS n FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id WHERE l.list_date = '2025-11-01'").get() as { n: number }).n
    expect(res.lists.reduce((s, l) => s + l.entries, 0)).toBe(sum - twice.length)
    expect(db.pragma('foreign_key_check')).toEqual([])
  })
})

describe('the checkpoint of a load', () => {
  it('is left for later when asked: the list is committed and readable, the database file grows at the checkpoint', () => {
    const file = writeSyntheticCombinedList(tmp.file('later.txt'), 3000, { seed: 9 })
    // A checkpoint at every 10 pages of log (SQLite's is 1000) so that a small load shows it.
    const now = freshDb()
    now.pragma('wal_autocheckpoint = 10')
    importFideList(now, { file, listDate: '2025-11-01', bulkThresholdBytes: 0 })
    const later = freshDb()
    later.pragma('wal_autocheckpoint = 10')
    importFideList(later, { file, listDate: '2025-11-01', bulkThresholdBytes: 0, reader, checkpoint: 'later' })
    const size = (db: Db): number => statSync(db.name).size
    // Checkpointed at the commit, the players are in the database file; left for later, still only in the WAL.
    expect(size(now)).toBeGreaterThan(500_000)
    expect(size(later)).toBeLessThan(size(now) / 2)
    expect(later.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 3000 })
    later.pragma('wal_checkpoint(PASSIVE)')
    expect(size(later)).toBeGreaterThan(500_000)
    // The connection checkpoints on its own again afterwards.
    expect(later.pragma('wal_autocheckpoint', { simple: true })).toBe(10)
  })
})


describe('the guard of published lists during an import', () => {
  const guard = (db: Db): string | undefined =>
    (db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'rating_list_entries_frozen_insert'").get() as { sql: string } | undefined)?.sql

  it('is lifted only inside the import’s transaction: back as it was after a first load, an update and a refused file', () => {
    const db = freshDb()
    const before = guard(db)
    expect(before).toMatch(/a published or counted list takes no new entries/)
    importFideList(db, { file: writeSyntheticCombinedList(tmp.file('g0.txt'), 300, { seed: 2 }), listDate: '2025-11-01', bulkThresholdBytes: 0, reader })
    expect(guard(db)).toBe(before)
    importFideList(db, { file: writeSyntheticCombinedList(tmp.file('g1.txt'), 300, { seed: 2, month: 1 }), listDate: '2025-12-01' })
    expect(guard(db)).toBe(before)
    const bad = tmp.file('g-bad.txt')
    writeFileSync(bad, `${COMBINED_HEADER}\nnot-an-id      Somebody, Else                                               FRA M\n`)
    expect(() => importFideList(db, { file: bad, listDate: '2026-01-01' })).toThrow(expect.objectContaining({ key: 'registry.badFile' }))
    expect(guard(db)).toBe(before)
    // And it still does its work: a published list takes no new entry.
    const list = Number(db.prepare("INSERT INTO rating_lists(kind, list_date, rating_type, source, status) VALUES ('office', '2026-01-01', 'standard', 'FRA', 'published')").run().lastInsertRowid)
    const player = (db.prepare('SELECT id FROM players LIMIT 1').get() as { id: number }).id
    expect(() => db.prepare('INSERT INTO rating_list_entries(list_id, player_id, rating) VALUES (?, ?, 2000)').run(list, player)).toThrow(/a published or counted list takes no new entries/)
  })
})
