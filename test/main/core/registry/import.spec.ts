// FIDE list import: the three TXT layouts and both XML layouts on small real-format samples, located errors, one transaction.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { UserError } from '../../../../src/main/core/util/errors'
import { tempDir } from '../../../helpers/temp-db'
import { LISTS_DIR } from '../../../helpers/fixtures'

const fixture = (name: string): string => LISTS_DIR + name
const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
const freshDb = (): Db => openDatabase(tmp.file(`import-${++n}.db`))

interface EntryRow { fide_id: number; rating: number; games: number | null; k: number | null; flags: string | null; title: string | null; federation: string | null; birth_year: number | null; sex: string | null }
function entries(db: Db, listId: number): Map<number, EntryRow> {
  const rows = db
    .prepare('SELECT p.fide_id, e.rating, e.games, e.k, e.flags, e.title, e.federation, e.birth_year, e.sex FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ?')
    .all(listId) as EntryRow[]
  return new Map(rows.map((r) => [r.fide_id, r]))
}
function player(db: Db, fideId: number): Record<string, unknown> {
  return db.prepare('SELECT * FROM players WHERE fide_id = ?').get(fideId) as Record<string, unknown>
}

describe('combined TXT (players_list_foa.txt)', () => {
  const db = freshDb()
  const res = importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })
  const byType = Object.fromEntries(res.lists.map((l) => [l.ratingType, l]))

  it('creates three read-only reference lists with the right entry counts', () => {
    expect(res.format).toBe('txt-combined')
    expect(res.records).toBe(10)
    expect(res.lists.map((l) => [l.ratingType, l.entries])).toEqual([['standard', 7], ['rapid', 3], ['blitz', 3]])
    const meta = db.prepare('SELECT kind, status, source, list_date, file_name FROM rating_lists WHERE id = ?').get(byType.standard!.id)
    expect(meta).toEqual({ kind: 'reference', status: 'reference', source: 'FIDE', list_date: '2025-11-01', file_name: 'players_list_foa.txt' })
    expect(() => db.prepare('UPDATE rating_list_entries SET rating = 1 WHERE list_id = ?').run(byType.standard!.id)).toThrow(/immutable/)
  })
  it('stores each list\'s entry and rated counts as it freezes it, and takes no entry after (migration 11)', () => {
    const counts = db.prepare('SELECT id, entry_count AS entries, rated_count AS rated FROM rating_lists ORDER BY id').all()
    expect(counts).toEqual(res.lists.map((l) => ({ id: l.id, entries: l.entries, rated: l.entries })))
    const other = db.prepare("SELECT id FROM players WHERE id NOT IN (SELECT player_id FROM rating_list_entries WHERE list_id = ?) LIMIT 1").pluck().get(byType.standard!.id)
    expect(() => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 1500)').run(byType.standard!.id, other)).toThrow(/takes no new entries/)
  })
  it('reads ratings, games and K per type', () => {
    const std = entries(db, byType.standard!.id)
    expect(std.get(1503014)).toMatchObject({ rating: 2833, games: 0, k: 10, title: 'GM', federation: 'NOR', birth_year: 1990, sex: 'M', flags: null })
    expect(entries(db, byType.blitz!.id).get(1503014)).toMatchObject({ rating: 2886, games: 9, k: 20 })
    expect(entries(db, byType.rapid!.id).get(35077023)).toMatchObject({ rating: 1650, games: 7, k: 40 })
  })
  it('leaves empty ratings out of a list', () => {
    expect(entries(db, byType.standard!.id).has(35077023)).toBe(false)
    expect(entries(db, byType.standard!.id).has(25121731)).toBe(false)
    expect(player(db, 25121731)).toMatchObject({ surname: 'A C J John', given_names: '', federation: 'IND', birth_date: '1987' })
  })
  it('reads the flags i, w and wi', () => {
    const std = entries(db, byType.standard!.id)
    expect(std.get(8602980)!.flags).toBe('w')
    expect(std.get(4600010)!.flags).toBe('i')
    expect(std.get(2500370)!.flags).toBe('wi')
    expect(player(db, 4600010)!.status).toBe('inactive')
    expect(player(db, 2500370)!.status).toBe('inactive')
    expect(player(db, 8602980)!.status).toBe('active')
  })
  it('realigns a line whose name overflows its column', () => {
    const p = player(db, 13400010)
    expect(p).toMatchObject({ surname: 'Abdulrahmanova-Kristiansen-Villanueva', given_names: 'Maria Fernanda Alejandra', federation: 'AZE', sex: 'F', woman_title: 'WFM' })
    expect(entries(db, byType.standard!.id).get(13400010)).toMatchObject({ rating: 2010, games: 3, k: 20, birth_year: 2001, flags: 'w' })
  })
  it('realigns a line whose other-titles field overflows', () => {
    expect(player(db, 10207538)).toMatchObject({ other_titles: 'FA,FI,FST,IO,DI,NI', foa_title: 'AIM', arbiter_title: 'FA' })
    expect(entries(db, byType.standard!.id).get(10207538)).toMatchObject({ rating: 1984, games: 0, k: 20, birth_year: 1975 })
    expect(entries(db, byType.blitz!.id).get(10207538)).toMatchObject({ rating: 1901 })
  })
  it('keeps diacritics and folds the search name', () => {
    expect(player(db, 4600010)).toMatchObject({ surname: 'Müller', given_names: 'Jürgen', name_folded: 'muller jurgen' })
  })
  it('warns on an unknown title with its place and records no title', () => {
    expect(player(db, 5000001)!.title).toBeNull()
    expect(res.warnings).toContainEqual({ file: 'players_list_foa.txt', line: 10, column: 85, field: 'title', found: 'XM', expected: expect.stringContaining('FIDE title') })
  })
  it('seeds arbiters from the other titles', () => {
    expect(res.arbitersAdded).toBe(3)
    const arb = db.prepare('SELECT fide_id, title, source FROM arbiters ORDER BY fide_id').all()
    expect(arb).toEqual([
      { fide_id: 4100010, title: 'NA', source: 'list' },
      { fide_id: 4600010, title: 'IA', source: 'list' },
      { fide_id: 10207538, title: 'FA', source: 'list' }
    ])
  })
  it('records the import in the audit log and refuses the same file twice', () => {
    const audit = db.prepare("SELECT data FROM audit_log WHERE action = 'list.import'").all() as { data: string }[]
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.data)).toMatchObject({ records: 10, players: { inserted: 10, updated: 0, unchanged: 0 } })
    expect(() => importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })).toThrow(/already imported/)
  })
})

describe('single-type TXT and the legacy layout', () => {
  it('reads a Windows-1252 standard list, its type from the file name, and updates known players', () => {
    const db = freshDb()
    importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })
    const res = importFideList(db, { file: fixture('standard_rating_list.txt'), listDate: '2025-11-01' })
    expect(res.format).toBe('txt-single')
    expect(res.encoding).toBe('windows-1252')
    expect(res.lists).toEqual([{ id: expect.any(Number), ratingType: 'standard', entries: 4 }])
    expect(res.players).toEqual({ inserted: 1, updated: 1, unchanged: 2 })
    expect(player(db, 4600029)).toMatchObject({ surname: 'Groß', given_names: 'Søren', name_folded: 'gross soren' })
    expect(entries(db, res.lists[0]!.id).get(4600010)).toMatchObject({ rating: 2101, games: 4, k: 20, flags: 'i' })
  })
  it('keeps a full birth date held by the office against a different year in a list, with a warning', () => {
    const db = freshDb()
    importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })
    db.prepare("UPDATE players SET birth_date = '1959-03-01' WHERE fide_id = 2500370").run()
    const res = importFideList(db, { file: fixture('standard_rating_list.txt'), listDate: '2025-11-01' })
    expect(player(db, 2500370)!.birth_date).toBe('1959-03-01')
    expect(res.warnings).toContainEqual(expect.objectContaining({ line: 4, field: 'birthYear', found: '1960' }))
  })
  it('warns when the header month is not the list month', () => {
    const db = freshDb()
    const res = importFideList(db, { file: fixture('standard_rating_list.txt'), listDate: '2025-12-01' })
    expect(res.warnings[0]).toMatchObject({ line: 1, field: 'month', found: '2025-11' })
  })
  it('reads the legacy layout with its title codes and sex from the flag', () => {
    const db = freshDb()
    const res = importFideList(db, { file: fixture('legacy_rating_list.txt'), listDate: '2011-03-01' })
    expect(res.format).toBe('txt-legacy')
    const e = entries(db, res.lists[0]!.id)
    expect(res.lists[0]!.ratingType).toBe('standard')
    expect(e.get(1503014)).toMatchObject({ rating: 2815, games: 18, title: 'GM', federation: 'NOR', birth_year: 1990, sex: 'M' })
    expect(e.get(8602980)).toMatchObject({ rating: 2578, title: 'WGM', sex: 'F', flags: 'w' })
    expect(e.get(2500370)).toMatchObject({ sex: 'F', flags: 'wi', title: null })
    expect(e.get(2500035)).toMatchObject({ title: 'IM', flags: 'i' })
    expect(res.warnings).toContainEqual(expect.objectContaining({ line: 6, field: 'title', found: 'q' }))
  })
  it('asks for the type of a single-type file whose name does not say it', () => {
    const db = freshDb()
    const file = tmp.file('list.txt')
    writeFileSync(file, readFixture('standard_rating_list.txt'))
    expect(() => importFideList(db, { file, listDate: '2025-11-01' })).toThrow(/rating type/)
    const res = importFideList(db, { file, listDate: '2025-11-01', ratingType: 'rapid' })
    expect(res.lists[0]!.ratingType).toBe('rapid')
  })
})

function readFixture(name: string): Buffer {
  return readFileSync(fixture(name))
}

describe('bad files', () => {
  it('refuses a file with a bad rating and a bad federation, locating both, and writes nothing', () => {
    const db = freshDb()
    let err: UserError | undefined
    try {
      importFideList(db, { file: fixture('bad_players_list.txt'), listDate: '2025-11-01' })
    } catch (e) {
      err = e as UserError
    }
    expect(err).toBeInstanceOf(UserError)
    expect(err!.key).toBe('registry.badFile')
    expect(err!.params).toMatchObject({ file: 'bad_players_list.txt', line: 3, column: 114, found: '2X00', count: 2 })
    expect(err!.details).toContainEqual(expect.objectContaining({ line: 4, column: 77, field: 'federation', found: 'nor' }))
    expect(err!.message).toMatch(/bad_players_list\.txt, line 3, column 114/)
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
    expect(db.prepare('SELECT count(*) AS n FROM rating_lists').get()).toEqual({ n: 0 })
  })
  it('refuses a file that is not a FIDE list', () => {
    const db = freshDb()
    const file = tmp.file('notes.txt')
    writeFileSync(file, 'Hello, this is not a list\n')
    expect(() => importFideList(db, { file, listDate: '2025-11-01' })).toThrow(/line 1, column 1/)
  })
  it('locates malformed XML', () => {
    const db = freshDb()
    const file = tmp.file('broken.xml')
    writeFileSync(file, '<playerslist>\n<player><fideid>1</fideid><name>A, B</name>\n<rating>2000</rating>\n</playerslist>\n')
    expect(() => importFideList(db, { file, listDate: '2025-11-01' })).toThrow(/broken\.xml, line 4/)
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
  })
})

describe('XML lists', () => {
  it('reads the combined XML layout into three lists', () => {
    const db = freshDb()
    const res = importFideList(db, { file: fixture('sanichi_icu_ratings_app__spec__files__players_list.xml'), listDate: '2012-09-01' })
    expect(res.format).toBe('xml-combined')
    const std = res.lists.find((l) => l.ratingType === 'standard')!
    const rapid = res.lists.find((l) => l.ratingType === 'rapid')!
    expect(entries(db, std.id).get(13401319)).toMatchObject({ rating: 2729, games: 0, k: 10, title: 'GM', federation: 'AZE', birth_year: 1985 })
    expect(entries(db, rapid.id).get(13401319)).toMatchObject({ rating: 2760, k: 20 })
    expect(entries(db, rapid.id).has(10207538)).toBe(false)
    expect(player(db, 2500035)).toMatchObject({ surname: 'Orr', given_names: 'Mark J L', title: 'IM' })
  })
  it('reads the older XML layout with full birth dates kept internal', () => {
    const db = freshDb()
    const res = importFideList(db, { file: fixture('sanichi_icu_ratings_app__spec__files__fide_player_file.xml'), listDate: '2011-07-01' })
    expect(res.format).toBe('xml')
    expect(res.lists).toHaveLength(1)
    expect(player(db, 2501147)).toMatchObject({ birth_date: '1962-02-02', status: 'inactive' })
    expect(entries(db, res.lists[0]!.id).get(2500914)).toMatchObject({ rating: 2534, title: 'GM', birth_year: 1967 })
  })
  it('keeps the first of two records with the same ID and reports the repeat', () => {
    const db = freshDb()
    const res = importFideList(db, { file: fixture('sanichi_icu_ratings_app__spec__files__fide_player_file_duplicates.xml'), listDate: '2011-07-01' })
    const dups = res.warnings.filter((w) => w.field === 'id')
    expect(dups.map((w) => w.found).sort()).toEqual(['2500035', '2500370'])
    expect(dups.every((w) => /already given on line \d+/.test(w.expected))).toBe(true)
    expect(player(db, 2500035)).toMatchObject({ given_names: 'Mark J L' })
    // said in the result, with their lines (issue 35: "14 players" was printed): 14 <player> records, 2 of them an ID
    // already given; the first line of each ID is kept, as in a TXT list
    expect(res.records).toBe(14)
    expect(res.duplicates).toEqual({ count: 2, lines: [{ id: '2500370', line: 56, firstLine: 47 }, { id: '2500035', line: 74, firstLine: 65 }] })
    expect(db.prepare('SELECT count(*) FROM players').pluck().get()).toBe(12)
  })
})

describe('bulk first load', () => {
  const indexNames = (db: Db): string[] =>
    (db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('index','trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
  it('rebuilds the dropped indexes and the name index, with the same results as a normal load', () => {
    const db = freshDb()
    const before = indexNames(db)
    const res = importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01', bulkThresholdBytes: 0 })
    expect(indexNames(db)).toEqual(before)
    expect(res.lists.map((l) => l.entries)).toEqual([7, 3, 3])
    const hits = db.prepare("SELECT p.fide_id FROM players_fts f JOIN players p ON p.id = f.rowid WHERE f.players_fts MATCH 'muller'").all()
    expect(hits).toEqual([{ fide_id: 4600010 }])
  })
  it('leaves indexes and data untouched when the bulk load fails', () => {
    const db = freshDb()
    const before = indexNames(db)
    expect(() => importFideList(db, { file: fixture('bad_players_list.txt'), listDate: '2025-11-01', bulkThresholdBytes: 0 })).toThrow(/line 3/)
    expect(indexNames(db)).toEqual(before)
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
  })
})

describe("the import's progress, as the job bar shows it", () => {
  it("counts the file's bytes while it is read, under steps that say so, then ends on the players read", () => {
    // 12,000 players (the reader says how far it is every 5,000 lines): the sample's second line under 12,000 FIDE IDs
    const [header, line] = readFileSync(fixture('players_list_foa.txt'), 'latin1').split('\r\n') as [string, string]
    const lines = Array.from({ length: 12_000 }, (_, i) => String(90_000_001 + i).padEnd(15) + line.slice(15))
    const file = tmp.file('progress-list.txt')
    writeFileSync(file, [header, ...lines, ''].join('\r\n'), 'latin1')
    const size = readFileSync(file).length
    const events: [number, number, string | undefined][] = []
    const res = importFideList(freshDb(), { file, listDate: '2025-11-01', progress: (done, total, message) => events.push([done, total, message]) })
    expect(res.records).toBe(12_000)
    // the bytes are never said to be players (FIDE's 230 MB list read as "120,000,000 of 230,000,000 players")
    expect([...new Set(events.map((e) => e[2]))]).toEqual(['fileChecksum', 'file', 'players'])
    const read = events.filter((e) => e[2] === 'file')
    expect(read.length).toBe(2)
    // (the bytes read so far: the reader reads a file this small in one piece)
    for (const [done, total] of read) expect([done > 0 && done <= size, total]).toEqual([true, size])
    expect(events.at(-1)).toEqual([12_000, 12_000, 'players'])
  })
})
