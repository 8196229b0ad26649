// The office's own list on a real database: seeded from a FIDE-like list with its K column, approved tournaments
// imported from TRF reports, generated (as a worker job), previewed, published, corrected. Every figure is worked by
// hand below from the FIDE 2024 rules (regulations.md § 2 tables, § 4.1 rated player, § 4.3 unrated player).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basename, dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { frozenListChecksums, listBackups } from '../../../../src/main/core/db/backup'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { copyCheckpointed } from '../../../helpers/db-copy'
import { E_FIDE, PLAYERS, call, entry, importApproved, playerId, refused, seedFideList, trf } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let services: Services
const open = (file: string): Services => createServices({ dbPath: file, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })

let t1 = 0
let t3 = 0
let nov: GenerateResult
let draftMarks: unknown

beforeAll(async () => {
  services = open(tmp.file('office.db'))
  seedFideList(services, tmp.file('players_list_foa.txt'))
  nameFederation(services.ctx.db)
  // T1: four rated players, a round robin of three rounds (rows in start-rank order A, B, C, D)
  t1 = await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  // T2: the newcomer E against five rated players, 3 points; the five draw among themselves
  await importApproved(services, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
}, 120_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

describe('lists:generate', () => {
  it('refuses a date off the calendar and a date with no base list', async () => {
    await expect(services.ctx.jobs.run('lists:generate', { listDate: '2025-11-15' })).rejects.toMatchObject({ key: 'lists.offCalendar' })
    // 1 October 2025 is a list date, but no list is dated before it
    await expect(services.ctx.jobs.run('lists:generate', { listDate: '2025-10-01' })).rejects.toMatchObject({ key: 'lists.noBaseList' })
  }, 60_000)

  it('generates the list of 1 November 2025 in the worker with the ratings FIDE 2024 gives', async () => {
    const events: { done: number; total: number; message?: string }[] = []
    nov = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' }, (e) => events.push(e))) as GenerateResult
    expect(events.some((e) => e.message === 'entries')).toBe(true)
    expect(nov).toMatchObject({ listDate: '2025-11-01', closingDate: '2025-10-29', type: 'standard', edition: 'fide-2024', players: 10, newlyRated: 1 })
    expect(nov.tournaments.map((t) => [t.tournamentId === t1, t.games, t.late, t.final])).toEqual([
      [true, 6, false, true],
      [false, 15, false, true]
    ])
    // A 2000: vs B D 100 → PD .64, 1 − .64 = +.36; vs C D 200 → .76, ½ − .76 = −.26; vs D D −450 capped −400 → .08, −.08.
    //   ΣΔR .02 × K 20 = 0.4 → 0 (2024 § 8.3.4: the period total rounded)
    expect(entry(services, nov.listId, PLAYERS.A.id)).toMatchObject({ rating: 2000, games: 3, k: 20 })
    // B 1900: −.36 + .36 + (½ − .08 = .42) = .42 × 20 = 8.4 → +8
    expect(entry(services, nov.listId, PLAYERS.B.id)).toMatchObject({ rating: 1908, games: 3 })
    // C 1800 (junior, K 40 from the list): (½ − .24) + (0 − .36) + (1 − .08) = .82 × 40 = 32.8 → +33
    expect(entry(services, nov.listId, PLAYERS.C.id)).toMatchObject({ rating: 1833, games: 3, k: 40 })
    // D 2450 (K 10): (1 − .92) + (½ − .92) + (0 − .92) = −1.26 × 10 = −12.6 → −13
    expect(entry(services, nov.listId, PLAYERS.D.id)).toMatchObject({ rating: 2437, games: 3, k: 10 })
    // E, unrated (§ 4.3): Ra = (9507 + 2 × 1800) / 7 = 1872.43; p = (3 + 1) / 7 = .57 → dp 50 → 1922
    expect(entry(services, nov.listId, E_FIDE)).toMatchObject({ rating: 1922, games: 5 })
    // the five draw with each other at D 0–1 (PD .50): no change; their games against E do not count
    for (const k of ['F1', 'F2', 'F3', 'F4', 'F5'] as const) expect(entry(services, nov.listId, PLAYERS[k].id)).toMatchObject({ rating: PLAYERS[k].rating, games: 4 })
  }, 60_000)

  it('gives the same entries and checksum when generated again, replacing the draft', async () => {
    const again = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult
    expect(again.checksum).toBe(nov.checksum)
    expect(again.listId).toBe(nov.listId)
    expect(services.ctx.db.prepare("SELECT count(*) FROM rating_lists WHERE kind = 'office'").pluck().get()).toBe(1)
    // its counts stored again as its last line was written (migration 21): what the list holds, not the first draft's
    // added to it (the draft's counts were cleared before its lines were written again: a counted list takes none)
    const db = services.ctx.db
    expect(db.prepare('SELECT entry_count AS entries, rated_count AS rated FROM rating_lists WHERE id = ?').get(nov.listId)).toEqual(
      db.prepare('SELECT count(*) AS entries, count(rating) AS rated FROM rating_list_entries WHERE list_id = ?').get(nov.listId)
    )
    expect(db.prepare('SELECT kind, sheets FROM office_list_kind_counts WHERE list_id = ? ORDER BY kind').raw().all(nov.listId)).toEqual(
      db.prepare('SELECT kind, count(*) FROM office_list_sheets WHERE list_id = ? GROUP BY kind ORDER BY kind').raw().all(nov.listId)
    )
    expect(db.prepare('SELECT entry_count FROM rating_lists WHERE id = ?').pluck().get(nov.listId)).toBe(10)
    // and its orders marked as a frozen list's (the first entry of each order: 10 lines, one mark each), written once
    const marks = db.prepare("SELECT sort, key, player_id, rank FROM list_marks WHERE list_id = ? ORDER BY sort").raw().all(nov.listId) as [string, unknown, number, number][]
    const first = (order: string): number => db.prepare(`SELECT e.player_id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY ${order} LIMIT 1`).pluck().get(nov.listId) as number
    expect(marks.map(([sort, , id, rank]) => [sort, id, rank])).toEqual([
      ['fideId', first('p.fide_id, p.id'), 0],
      ['name', first('p.name_folded, p.id'), 0],
      ['rating', first('e.rating, e.player_id'), 0]
    ])
  }, 60_000)
})

describe('lists:preview and lists:sheet', () => {
  it('counts the changes against the FIDE list and names the tournaments behind each', async () => {
    const p = await call(services, 'lists:preview', { listId: nov.listId })
    expect(p.counts).toMatchObject({ up: 2, down: 1, new: 1, unchanged: 6, delisted: 0, inactive: 0 })
    expect(p.meta).toMatchObject({ closingDate: '2025-10-29', profileId: 'fide-2024' })
    // the base list named by its date, not its id
    expect(p.meta!.baseListDate).toBe(services.ctx.db.prepare('SELECT list_date FROM rating_lists WHERE id = ?').pluck().get(nov.baseListId))
    expect(p.meta!.baseListDate).toMatch(/^2025-(09|10)-01$/)
    // asked through a quiet job: the window's jobs bar hears nothing of it
    const heard: unknown[] = []
    const hear = (e: unknown): number => heard.push(e)
    services.ctx.jobs.on('event', hear)
    expect(await call(services, 'lists:stale', { listId: nov.listId })).toEqual({ stale: false })
    services.ctx.jobs.off('event', hear)
    expect(heard).toEqual([])
    // the read-only archive previews the draft too: its job reads the file read-only
    const archive = createServices({ dbPath: services.ctx.dbPath, host: 'browser', appVersion: 'test', worker: sourceWorkerScript(), readOnly: true, integrityCheck: 'skip' })
    try {
      expect(await call(archive, 'lists:stale', { listId: nov.listId })).toEqual({ stale: false })
    } finally {
      await archive.close()
    }
    // every kind together, biggest change first (C +33, D −13, B +8, the others 0 by player id), counted as stored
    expect(p.total).toBe(10)
    expect(p.rows.slice(0, 3).map((r) => [r.fideId, r.change])).toEqual([
      [PLAYERS.C.id, 33],
      [PLAYERS.D.id, -13],
      [PLAYERS.B.id, 8]
    ])
    const byPlayer = p.rows.slice(3).map((r) => r.playerId)
    expect(byPlayer).toEqual([...byPlayer].sort((a, b) => a - b))
    // a page further on is the same order's continuation
    const second = await call(services, 'lists:preview', { listId: nov.listId, offset: 2, limit: 3 })
    expect(second.rows.map((r) => r.playerId)).toEqual(p.rows.slice(2, 5).map((r) => r.playerId))
    expect(second.total).toBe(10)
    const up = await call(services, 'lists:preview', { listId: nov.listId, kind: 'up' })
    expect(up.total).toBe(2)
    expect(up.rows.map((r) => [r.fideId, r.before, r.after, r.change])).toEqual([
      [PLAYERS.C.id, 1800, 1833, 33],
      [PLAYERS.B.id, 1900, 1908, 8]
    ])
    expect(up.rows[0]!.tournaments.map((t) => t.name)).toEqual(['Autumn Round Robin'])
    // the tournaments the list rates, by end date, paged
    expect(p.tournamentCount).toBe(2)
    const ts = await call(services, 'lists:tournaments', { listId: nov.listId })
    expect(ts).toMatchObject({ total: 2 })
    expect(ts.rows.map((t) => [t.name, t.endDate, t.final])).toEqual([
      ['Autumn Round Robin', '2025-10-12', true],
      ['Newcomers Round Robin', '2025-10-19', true]
    ])
    expect((await call(services, 'lists:tournaments', { listId: nov.listId, offset: 1, limit: 1 })).rows.map((t) => t.name)).toEqual(['Newcomers Round Robin'])
  })

  it("opens a player's calculation sheet: opponents, PD, K and the rounding", async () => {
    const s = await call(services, 'lists:sheet', { listId: nov.listId, fideId: PLAYERS.C.id })
    expect(s.entry).toMatchObject({ rating: 1833, games: 3, k: 40 })
    const sheet = s.sheet as { tournaments: { k: number; games: { opponentRating: number; pd: number; counted: boolean }[] }[]; changeExact: number; change: number }
    expect(sheet.tournaments[0]!.k).toBe(40)
    // in round order, as the crosstable pairs them
    expect(sheet.tournaments[0]!.games.map((g) => [g.opponentRating, g.pd]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1900, 0.36],
      [2000, 0.24],
      [2450, 0.08]
    ])
    expect([sheet.changeExact, sheet.change]).toEqual([32.8, 33])
    const unchanged = await call(services, 'lists:sheet', { listId: nov.listId, playerId: playerId(services, PLAYERS.F1.id) })
    expect(unchanged.entry).toMatchObject({ rating: 1901, games: 4 })
  })
})

describe('lists:publish', () => {
  it('refuses a draft older than its inputs (a tournament approved since) until it is regenerated', async () => {
    // T3 ended 20 October, before the closing date: approved now, the draft no longer reflects the period
    t3 = await importApproved(services, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['A', 'B', 'C', 'F1'], ['x===', '=x==', '==x=', '===x']), 't3.trf')
    expect((await refused(services, 'lists:publish', { listId: nov.listId })).key).toBe('lists.staleDraft')
    // the page says so (the check runs in the worker)
    expect(await call(services, 'lists:stale', { listId: nov.listId })).toEqual({ stale: true })
    // taken back out of the period: the draft matches its inputs again
    await call(services, 'checks:reopen', { id: t3, reason: 'held back for the next list' })
    expect(await call(services, 'lists:stale', { listId: nov.listId })).toEqual({ stale: false })
  })

  it("pages a draft by name from its marks, right after a player's rename, and keeps them at publication", async () => {
    const db = services.ctx.db
    const byName = (): number[] => db.prepare('SELECT e.player_id FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY p.name_folded, p.id').pluck().all(nov.listId) as number[]
    const page = async (): Promise<number[]> => (await call(services, 'lists:entries', { listId: nov.listId, sort: 'name', order: 'asc', offset: 0, limit: 100 })).rows.map((r) => r.playerId)
    expect(await page()).toEqual(byName())
    // the first by name becomes the last: the trigger of migration 15 moves the draft's mark as a frozen list's
    const firstId = byName()[0]!
    const originalName = db.prepare('SELECT surname, name_folded AS folded FROM players WHERE id = ?').get(firstId) as { surname: string; folded: string } | undefined
    db.prepare("UPDATE players SET surname = 'Zz', name_folded = 'zz renamed' WHERE id = ?").run(firstId)
    expect(byName().at(-1)).toBe(firstId)
    expect(await page()).toEqual(byName())
    // and back (the later specs name him)
    const { surname, folded } = originalName!
    db.prepare('UPDATE players SET surname = ?, name_folded = ? WHERE id = ?').run(surname, folded, firstId)
    expect(await page()).toEqual(byName())
    expect(byName()[0]).toBe(firstId)
    draftMarks = db.prepare('SELECT sort, key, player_id, rank FROM list_marks WHERE list_id = ? ORDER BY sort, rank').raw().all(nov.listId)
  })

  it('publishes once: frozen entries, tournaments rated, audit entry; a second time is refused', async () => {
    const r = await call(services, 'lists:publish', { listId: nov.listId, reason: 'November list' })
    expect(r).toMatchObject({ listId: nov.listId, checksum: nov.checksum, tournaments: 2, entries: 10 })
    const statuses = services.ctx.db.prepare("SELECT status FROM tournaments WHERE id <> ? ORDER BY id").pluck().all(t3)
    expect(statuses).toEqual(['rated', 'rated'])
    expect((await refused(services, 'lists:publish', { listId: nov.listId })).key).toBe('lists.alreadyPublished')
    const audit = services.ctx.db.prepare("SELECT action FROM audit_log WHERE entity = 'rating_list' ORDER BY id").pluck().all()
    expect(audit).toEqual(['list.import', 'list.generate', 'list.generate', 'list.publish'])
    const hashes = services.ctx.db.prepare('SELECT olt.file_sha256 = f.sha256 FROM office_list_tournaments olt JOIN tournament_files f ON f.id = olt.file_id WHERE olt.list_id = ?').pluck().all(nov.listId)
    expect(hashes).toEqual([1, 1])
    // frozen with its counts (migration 11), the ones lists:entries and the lists screen read from then on
    const counts = services.ctx.db.prepare('SELECT entry_count AS entries, rated_count AS rated FROM rating_lists WHERE id = ?').get(nov.listId)
    const live = services.ctx.db.prepare('SELECT count(*) AS entries, count(rating) AS rated FROM rating_list_entries WHERE list_id = ?').get(nov.listId)
    expect(counts).toEqual(live)
    expect(counts).toMatchObject({ entries: 10 })
    // the draft's marks kept as they stood (they cover every order its pages read)
    expect(services.ctx.db.prepare('SELECT sort, key, player_id, rank FROM list_marks WHERE list_id = ? ORDER BY sort, rank').raw().all(nov.listId)).toEqual(draftMarks)
  })

  it('took a verified backup just before publishing: the list is a draft in it (issue 13)', () => {
    const backups = listBackups(join(dirname(services.ctx.dbPath), 'backups'), basename(services.ctx.dbPath)).filter((b) => b.reason === 'before-publication')
    // the retention rule keeps the day's newest automatic copy: the one taken just before the publication (the
    // second publication, refused at once, took none)
    expect(backups).toHaveLength(1)
    const copy = new Database(backups[0]!.file, { readonly: true })
    try {
      expect(copy.prepare('SELECT status FROM rating_lists WHERE id = ?').pluck().get(nov.listId)).toBe('draft')
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      // the lists frozen before it (the FIDE list imported) had their checksums recorded first (issue 40): the copy
      // was checked against them, and carries them; the list just published gets its own before the next copy
      const recorded = copy.prepare('SELECT list_id, checksum FROM frozen_list_checksums ORDER BY list_id').raw().all() as [number, string | null][]
      expect(recorded.length).toBeGreaterThan(0)
      expect(Object.fromEntries(recorded)).toEqual(frozenListChecksums(copy))
      const live = services.ctx.db.prepare('SELECT list_id, checksum FROM frozen_list_checksums ORDER BY list_id').raw().all() as [number, string | null][]
      expect(live).toEqual([...recorded, [nov.listId, null]])
    } finally {
      copy.close()
    }
  })

  it('keeps the published list, its sheets and parameters immutable', () => {
    const db = services.ctx.db
    expect(() => db.prepare('UPDATE rating_list_entries SET rating = 2999 WHERE list_id = ?').run(nov.listId)).toThrow(/immutable/)
    expect(() => db.prepare('UPDATE rating_list_entries SET rated_games = 0 WHERE list_id = ?').run(nov.listId)).toThrow(/immutable/)
    expect(() => db.prepare('DELETE FROM office_list_sheets WHERE list_id = ?').run(nov.listId)).toThrow(/immutable/)
    expect(() => db.prepare("UPDATE office_list_meta SET params = '{}' WHERE list_id = ?").run(nov.listId)).toThrow(/immutable/)
    expect(() => db.prepare('DELETE FROM office_list_tournaments WHERE list_id = ?').run(nov.listId)).toThrow(/immutable/)
  })

  it('refuses to generate a date already published', async () => {
    await expect(services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })).rejects.toMatchObject({ key: 'lists.alreadyPublished' })
  }, 60_000)
})

describe('a tournament found late', () => {
  let fidePractice: Services
  beforeAll(async () => {
    await call(services, 'checks:approve', { id: t3, reason: 'approved after the November list', overrideErrors: true })
    await copyCheckpointed(services.ctx.db, tmp.file('practice.db'))
    fidePractice = open(tmp.file('practice.db'))
  })
  afterAll(async () => {
    await fidePractice?.close()
  })

  it('shows the re-rating of the published list before anything is written', async () => {
    const p = await call(services, 'lists:correctPreview', { listId: nov.listId })
    expect(p.addedTournaments.map((t) => t.id)).toEqual([t3])
    // T3, all draws, rated with the ratings at its start (October list):
    //   A 2000: vs B D 100 → .64, vs C D 200 → .76, vs F1 D 99 → .64: −.14 − .26 − .14 = −.54 × 20 = −10.8;
    //     the period: .4 − 10.8 = −10.4 → −10
    //   B 1900: +.14 − .14 + 0 (F1, D −1 → .50) = 0: the period stays 8.4 → +8
    //   C 1800: +.26 + .14 + .14 (F1, D −101 → .36) = .54 × 40 = 21.6; the period 32.8 + 21.6 = 54.4 → +54
    //   F1 1901: +.14 + 0 − .14 = 0
    expect(p.changes.map((c) => [c.fideId, c.before, c.after, c.beforeGames, c.afterGames])).toEqual([
      [PLAYERS.A.id, 2000, 1990, 3, 6],
      [PLAYERS.B.id, 1908, 1908, 3, 6],
      [PLAYERS.C.id, 1833, 1854, 3, 6],
      [PLAYERS.F1.id, 1901, 1901, 4, 7]
    ])
    expect(services.ctx.db.prepare("SELECT count(*) FROM rating_lists WHERE kind = 'office'").pluck().get()).toBe(1)
  })

  it('a new version of the published list: supersedes it, names every changed entry, rates the tournament there', async () => {
    const r = await call(services, 'lists:correct', { listId: nov.listId, mode: 'new-version', reason: 'Late Round Robin received after publication' })
    expect(r.newListIds).toHaveLength(1)
    const v2 = r.newListIds[0]!
    const row = services.ctx.db.prepare('SELECT version, supersedes_id AS supersedesId, status FROM rating_lists WHERE id = ?').get(v2)
    expect(row).toEqual({ version: 2, supersedesId: nov.listId, status: 'published' })
    expect(entry(services, v2, PLAYERS.A.id)).toMatchObject({ rating: 1990, games: 6 })
    expect(entry(services, v2, PLAYERS.C.id)).toMatchObject({ rating: 1854, games: 6 })
    // the earlier version stays readable, unchanged
    expect(entry(services, nov.listId, PLAYERS.A.id)).toMatchObject({ rating: 2000, games: 3 })
    const log = services.ctx.db.prepare('SELECT player_id AS p, before_rating AS b, after_rating AS a, reason FROM office_list_changelog WHERE list_id = ? ORDER BY player_id').all(v2) as { p: number; b: number; a: number; reason: string }[]
    expect(log.map((l) => [l.b, l.a])).toEqual([
      [2000, 1990],
      [1908, 1908],
      [1833, 1854],
      [1901, 1901]
    ])
    expect(log[0]!.reason).toContain('Late Round Robin received after publication')
    expect(log[0]!.reason).toContain('found late')
    expect(services.ctx.db.prepare('SELECT status FROM tournaments WHERE id = ?').pluck().get(t3)).toBe('rated')
    // every tournament of November names the version in force that rated it: version 2, the late one and the others
    // alike (version 1 stays readable in the archive); the table and the review say so
    const rows = (await call(services, 'tournaments:list', { limit: 10 })).rows
    expect(rows.map((r) => [r.name, r.list])).toEqual(
      ['Late Round Robin', 'Newcomers Round Robin', 'Autumn Round Robin'].map((name) => [name, { state: 'rated', listId: v2, listDate: '2025-11-01', version: 2 }])
    )
    expect((await call(services, 'checks:facts', { id: t1 })).list).toEqual({ state: 'rated', listId: v2, listDate: '2025-11-01', version: 2 })
    // nothing is left for December: the list is still due, and computed from November's version 2 with no tournament
    // (issue 35: a quiet month yields its list); the date offered next is the one after the last published
    expect(await call(services, 'lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2025-12-01', reason: 'afterPublished', tournaments: 0, closingDate: '2025-11-28' })
    const dec = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(dec).toMatchObject({ baseListId: v2, tournaments: [] })
    // no game, no flag to change in one month: every entry as on version 2
    expect(entry(services, dec.listId, PLAYERS.A.id)).toMatchObject({ rating: 1990, games: 0 })
    expect(entry(services, dec.listId, PLAYERS.C.id)).toMatchObject({ rating: 1854, games: 0 })
  }, 60_000)

  it("FIDE's practice: the tournament goes into the next list as a late one, with the ratings at its start", async () => {
    const r = await call(fidePractice, 'lists:correct', { listId: nov.listId, mode: 'next-list', reason: 'rated in the next list' })
    expect(r).toMatchObject({ mode: 'next-list', newListIds: [], changed: 0, safetyCopy: { taken: 'before-publication' } })
    const dec = (await fidePractice.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(dec.baseListId).toBe(nov.listId)
    expect(dec.tournaments).toMatchObject([{ tournamentId: t3, late: true, games: 6 }])
    // rounded in its own period: A 2000 − 10.8 → 1989 (one point from the new version's 1990); B 1908 + 0;
    // C 1833 + 21.6 → 1855 (with the November ratings C would get .22 + .10 + .09 = .41 × 40 → +16: 1849)
    expect(entry(fidePractice, dec.listId, PLAYERS.A.id)).toMatchObject({ rating: 1989, games: 3 })
    expect(entry(fidePractice, dec.listId, PLAYERS.B.id)).toMatchObject({ rating: 1908, games: 3 })
    expect(entry(fidePractice, dec.listId, PLAYERS.C.id)).toMatchObject({ rating: 1855, games: 3 })
    expect(entry(fidePractice, dec.listId, PLAYERS.F1.id)).toMatchObject({ rating: 1901, games: 3 })
    // E keeps his first rating; D carried over
    expect(entry(fidePractice, dec.listId, E_FIDE)).toMatchObject({ rating: 1922, games: 0 })
    expect(entry(fidePractice, dec.listId, PLAYERS.D.id)).toMatchObject({ rating: 2437, games: 0 })
  }, 60_000)
})
