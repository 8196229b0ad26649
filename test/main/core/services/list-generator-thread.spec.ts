// A big list is computed on a helper thread while the job's thread writes it (services/list-generator-thread.ts). The
// draft must be the same, row for row, as the one computed and written on one thread; a failure or a cancel on either
// side must leave no draft behind and no thread running. Forced here on the office-list fixture (threadFrom 0); the
// office-lists bench checks the same equality at FIDE scale by the checksum and the hash of every sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList, type CombinedFields } from '../../../helpers/synthetic-list'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { DRAFT_ROW_GUARDS } from '../../../../src/main/core/data/draft-writer'
import { checkpointAndClose, withCheckpointLater } from '../../../../src/main/core/db/checkpoint'
import { openDatabase } from '../../../../src/main/core/db/open'
import { PLAYERS, importApproved, seedFideList, trf } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services
const thread = { thread: sourceWorkerScript(), threadFrom: 0 }

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(s, tmp.file('players_list_foa.txt'))
  nameFederation(s.ctx.db)
  await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  await importApproved(s, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

/** Every stored row of a draft, table by table, in key order (the list row without its creation time). */
function draftRows(listId: number, services: Services = s): Record<string, unknown[]> {
  const db = services.ctx.db
  const all = (sql: string): unknown[] => db.prepare(sql).raw().all(listId)
  return {
    list: all('SELECT id, kind, list_date, rating_type, source, edition, status, version, supersedes_id, checksum FROM rating_lists WHERE id = ?'),
    entries: all('SELECT * FROM rating_list_entries WHERE list_id = ? ORDER BY player_id'),
    sheets: all('SELECT * FROM office_list_sheets WHERE list_id = ? ORDER BY player_id'),
    window: all('SELECT * FROM office_list_window WHERE list_id = ? ORDER BY player_id'),
    tournaments: all('SELECT * FROM office_list_tournaments WHERE list_id = ? ORDER BY tournament_id'),
    meta: all('SELECT list_id, base_list_id, closing_date, profile_id, params, engine_version, counters, inputs_hash, reason FROM office_list_meta WHERE list_id = ?')
  }
}

const drafts = (): number => s.ctx.db.prepare("SELECT count(*) FROM rating_lists WHERE kind = 'office'").pluck().get() as number

describe('a list computed on a helper thread', () => {
  it('is the same draft, row for row, as the list computed and written on one thread', () => {
    const events: string[] = []
    const one = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' })
    const here = draftRows(one.listId)
    const two = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, { ...thread, progress: (_d, _t, m) => void events.push(m) })
    // the draft of the date is replaced, its id kept
    expect(two.listId).toBe(one.listId)
    expect(two).toEqual(one)
    expect(draftRows(two.listId)).toEqual(here)
    // what the rows hold: ten lines, A 2000 → 2000, B 1900 → 1908 (office-lists.spec.ts works each figure by hand),
    // the newcomer's first rating, a sheet for each of the eleven players of the two reports, both reports rated
    expect(here.entries).toHaveLength(10)
    expect(here.sheets).toHaveLength(10)
    expect(here.tournaments).toHaveLength(2)
    expect(two).toMatchObject({ players: 10, newlyRated: 1, edition: 'fide-2024' })
    // the helper's phases reach the job's progress, then the writer's own
    expect(events.slice(0, 1)).toEqual(['reading'])
    expect(events).toContain('computing')
    expect(events.slice(-2)).toEqual(['entries', 'sheets'])
  }, 60_000)

  it("brings the helper's refusal back as the same error and writes nothing", () => {
    const n = drafts()
    // 1 October 2025 is a list date, but no list is dated before it: the helper's read of the inputs refuses it
    expect(() => generateDraft(s.ctx.db, { listDate: '2025-10-01', ratingType: 'standard' }, thread)).toThrow(expect.objectContaining({ key: 'lists.noBaseList' }))
    expect(drafts()).toBe(n)
  }, 60_000)

  it('names the report and the place linked to a player the registry lacks, on one thread and on two, and writes nothing', () => {
    // only a database changed around its foreign keys holds such a link; the generation said "undefined is not iterable"
    const db = s.ctx.db
    const place = db.prepare("SELECT tp.id, tp.player_id AS playerId, t.id AS tournamentId FROM tournament_players tp JOIN tournaments t ON t.id = tp.tournament_id WHERE t.name = 'Newcomers Round Robin' AND tp.start_rank = 3").get() as { id: number; playerId: number; tournamentId: number }
    const relink = (playerId: number): void => {
      db.pragma('foreign_keys = OFF')
      db.prepare('UPDATE tournament_players SET player_id = ? WHERE id = ?').run(playerId, place.id)
      db.pragma('foreign_keys = ON')
    }
    const n = drafts()
    relink(999999)
    try {
      for (const opts of [undefined, thread]) {
        expect(() => generateDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }, opts)).toThrow(
          expect.objectContaining({
            key: 'lists.missingPlayer',
            params: { playerId: 999999, id: place.tournamentId, name: 'Newcomers Round Robin', startRank: 3 },
            message: expect.stringContaining('start rank 3, is linked to player 999999')
          })
        )
        expect(drafts()).toBe(n)
      }
    } finally {
      relink(place.playerId)
    }
    expect(db.pragma('foreign_key_check')).toEqual([])
  }, 60_000)

  it('rolls back a draft cancelled while its rows are written, and stops the helper', () => {
    const id = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
    const kept = draftRows(id)
    let checks = 0
    const cancelled = (): void => {
      // the cancel comes once the replacement's transaction is open (the earlier draft deleted in it)
      if (++checks > 0 && s.ctx.db.inTransaction) throw Object.assign(new Error('cancelled'), { key: 'jobs.cancelled' })
    }
    expect(() => generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, { ...thread, throwIfCancelled: cancelled })).toThrow('cancelled')
    // the earlier draft of the date is still there, whole: the replacement was one transaction, rolled back
    expect(draftRows(id)).toEqual(kept)
    expect(s.ctx.db.inTransaction).toBe(false)
  }, 60_000)
})

// A draft's rows never meet the guards that keep rows out of a published list (each runs a query a row: 2.6 s of a
// FIDE-sized list), so the writer lifts them inside its transaction and puts them back before its counts: no other
// connection sees the tables without them, and a draft that fails rolls the lift back with everything else.
describe('the guards of published lists while a draft is written', () => {
  const guards = (): (string | undefined)[] =>
    DRAFT_ROW_GUARDS.map((name) => s.ctx.db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?").pluck().get(name) as string | undefined)

  it('are back as they were after a draft on one thread, on two, and one cancelled while its rows are written', () => {
    const before = guards()
    expect(before[0]).toMatch(/a published or counted list takes no new entries/)
    expect(before[1]).toMatch(/a published list is immutable/)
    generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' })
    expect(guards()).toEqual(before)
    generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, thread)
    expect(guards()).toEqual(before)
    const cancelled = (): void => {
      if (s.ctx.db.inTransaction) throw Object.assign(new Error('cancelled'), { key: 'jobs.cancelled' })
    }
    expect(() => generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, { throwIfCancelled: cancelled })).toThrow('cancelled')
    expect(guards()).toEqual(before)
    // and they still do their work: a published list takes no new entry and no new sheet (tried in a transaction
    // rolled back: a published list cannot be deleted either)
    const db = s.ctx.db
    db.exec('BEGIN')
    const published = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', '2024-01-01', 'standard', 'GUARD', 'published')").run().lastInsertRowid)
    const player = db.prepare('SELECT id FROM players ORDER BY id LIMIT 1').pluck().get() as number
    try {
      expect(() => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 2000)').run(published, player)).toThrow(/a published or counted list takes no new entries/)
      expect(() => db.prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, tournaments, sheet) VALUES (?, ?, 'up', '[]', x'00')").run(published, player)).toThrow(/a published list is immutable/)
    } finally {
      db.exec('ROLLBACK')
    }
  }, 60_000)
})

// A draft's commit at FIDE scale leaves 600–700 MB of pages in the WAL; copying them into the file (4 s) waits until the
// officer has the result (the job's writeThenCheckpoint, db/checkpoint.ts), as a list import's does.
describe("a draft's pages copied into the database file after its result", () => {
  const fileHash = (): string => createHash('sha256').update(readFileSync(s.ctx.db.name)).digest('hex')
  const withAutoCheckpoint = <T>(pages: number, run: () => T): T => {
    const before = s.ctx.db.pragma('wal_autocheckpoint', { simple: true }) as number
    s.ctx.db.pragma(`wal_autocheckpoint = ${pages}`)
    try {
      return run()
    } finally {
      s.ctx.db.pragma(`wal_autocheckpoint = ${before}`)
    }
  }

  it('stay in the WAL at the commit and reach the file at the checkpoint; the connection checkpoints by itself again', () => {
    s.ctx.db.pragma('wal_checkpoint(TRUNCATE)')
    // as SQLite does by default, checkpointed at the commit: the file changes
    let before = fileHash()
    withAutoCheckpoint(1, () => generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, thread))
    expect(fileHash()).not.toBe(before)
    // left for later: the file is as it was, the draft is there all the same
    before = fileHash()
    const later = withAutoCheckpoint(1, () => {
      const r = withCheckpointLater(s.ctx.db, () => generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, thread))
      expect(s.ctx.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1)
      return r
    })
    expect(fileHash()).toBe(before)
    expect(s.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(later.listId)).toBe(10)
    // the job's afterResult: its own connection copies the WAL and closes
    checkpointAndClose(openDatabase(s.ctx.db.name))
    expect(fileHash()).not.toBe(before)
  }, 60_000)
})

// The players no report names: on two threads the job's thread composes their lines itself (lists/generate.ts
// untouchedLines) while the helper rates the period, and hands the last of them to the helper once it is free; each
// kind of line the base list can hold must come out as one thread composes it, whichever thread composed it, from a
// list imported from FIDE and from the office's own published list.
describe('the lines of the players the period did not touch, on two threads', () => {
  const QUIET: CombinedFields[] = [
    { id: 6000001, name: 'Quiet, Una', fed: 'SUI', sex: 'M', standard: { rating: 1650, games: 0, k: 20 }, birthYear: 1970 },
    { id: 6000002, name: 'Quiet, Wilma', fed: 'SUI', sex: 'F', standard: { rating: 2100, games: 0, k: 20 }, birthYear: 1960, flag: 'wi' },
    { id: 6000003, name: 'Quiet, Junior', fed: 'SUI', sex: 'M', standard: { rating: 1500, games: 0, k: 40 }, birthYear: 2012 },
    { id: 6000004, name: 'Quiet, High', fed: 'SUI', sex: 'M', standard: { rating: 2410, games: 0, k: 20 }, birthYear: 1980 },
    { id: 6000005, name: 'Quiet, Titled', fed: 'SUI', sex: 'M', standard: { rating: 1950, games: 0, k: 20 }, birthYear: 1975 },
    { id: 6000006, name: 'Quiet, Low', fed: 'SUI', sex: 'M', standard: { rating: 1390, games: 0, k: 40 }, birthYear: 1990 },
    { id: 6000007, name: 'Quiet, Rapid', fed: 'SUI', sex: 'M', rapid: { rating: 1800, games: 0, k: 20 }, birthYear: 1990 },
    { id: 6000008, name: 'Quiet, Moved', fed: 'SUI', sex: 'M', standard: { rating: 1750, games: 0, k: 20 }, birthYear: 1988 },
    { id: 6000009, name: 'Quiet, Idle', fed: 'SUI', sex: 'M', standard: { rating: 1720, games: 0, k: 20 }, birthYear: 1985, flag: 'i' },
    // and forty more, so that the lines a thread hands over fill groups of rows (16 a statement), not only the last one
    ...Array.from({ length: 40 }, (_, i): CombinedFields => ({
      id: 6000100 + i,
      name: `Many, Number ${i}`,
      fed: i % 3 ? 'SUI' : 'GER',
      sex: i % 4 ? 'M' : 'F',
      standard: { rating: 1450 + 37 * i, games: 0, k: i % 5 ? 20 : 40 },
      birthYear: 1950 + i,
      ...(i % 6 ? {} : { flag: i % 4 ? 'i' : 'wi' })
    }))
  ]
  let q: Services

  beforeAll(async () => {
    q = createServices({ dbPath: tmp.file('quiet.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    nameFederation(q.ctx.db)
    const fixture = Object.values(PLAYERS).map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex, title: 'title' in p ? p.title : undefined, standard: { rating: p.rating, games: 0, k: p.k }, birthYear: p.birth }))
    importFideList(q.ctx.db, { file: writeCombinedList(tmp.file('quiet_foa.txt'), [...fixture, ...QUIET]), listDate: '2025-10-01' })
    // the registry says otherwise than the list: a federation changed since, a title awarded since
    q.ctx.db.prepare("UPDATE players SET federation = 'FRA' WHERE fide_id = 6000008").run()
    q.ctx.db.prepare("UPDATE players SET title = 'FM' WHERE fide_id = 6000005").run()
    await importApproved(q, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
    await importApproved(q, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
  }, 120_000)

  afterAll(async () => {
    await q?.close()
  })

  /** A quiet player's line on a list: [rating, k, flags, status, federation] (undefined: no line), and his sheet's kind. */
  const line = (listId: number, fideId: number): unknown[] | undefined =>
    q.ctx.db
      .prepare('SELECT e.rating, e.k, e.flags, e.entry_status, e.federation FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.fide_id = ?')
      .raw()
      .get(listId, fideId) as unknown[] | undefined
  const sheetKind = (listId: number, fideId: number): unknown =>
    q.ctx.db.prepare('SELECT s.kind FROM office_list_sheets s JOIN players p ON p.id = s.player_id WHERE s.list_id = ? AND p.fide_id = ?').pluck().get(listId, fideId)

  it('are the lines one thread composes, from FIDE\'s list and then from the published office list', async () => {
    const one = generateDraft(q.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' })
    const here = draftRows(one.listId, q)
    // the helper free after this thread's first batch of 3 lines: it composes the untouched lines from a player on
    const handedOver = generateDraft(q.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, { ...thread, batch: 3, waitForFree: true })
    expect(handedOver).toEqual(one)
    expect(draftRows(handedOver.listId, q)).toEqual(here)
    const two = generateDraft(q.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }, thread)
    expect(two).toEqual(one)
    expect(draftRows(two.listId, q)).toEqual(here)
    // the fixture's ten lines and forty-eight quiet ones (the rapid-only player is not on a standard list)
    expect(here.entries).toHaveLength(58)
    expect(line(two.listId, 6000007)).toBeUndefined()
    expect(line(two.listId, 6000001)).toEqual([1650, 20, null, 'rated', 'SUI'])
    expect(line(two.listId, 6000002)).toEqual([2100, 20, 'wi', 'rated', 'SUI'])
    // 2,410 reached: K 10 from now on (regulations.md § 4.3), a changed line with its sheet
    expect(line(two.listId, 6000004)).toEqual([2410, 10, null, 'rated', 'SUI'])
    expect(sheetKind(two.listId, 6000004)).toBe('unchanged')
    expect(line(two.listId, 6000003)).toEqual([1500, 40, null, 'rated', 'SUI'])
    expect(q.ctx.db.prepare('SELECT e.title FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.fide_id = 6000005').pluck().get(two.listId)).toBe('FM')
    // below the floor of 1,400: shown once as delisted
    expect(line(two.listId, 6000006)).toEqual([1390, null, null, 'delisted', 'SUI'])
    expect(sheetKind(two.listId, 6000006)).toBe('delisted')
    // the registry's federation and title, not the list's
    expect(line(two.listId, 6000008)).toEqual([1750, 20, null, 'rated', 'FRA'])
    expect(line(two.listId, 6000009)).toEqual([1720, 20, 'i', 'rated', 'SUI'])

    publishList(q.ctx.db, two.listId, 'published for the next list')
    await importApproved(q, trf('November Round Robin', '2025-11-10', '2025-11-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't3.trf')
    const dec = generateDraft(q.ctx.db, { listDate: '2025-12-01', ratingType: 'standard' })
    const decHere = draftRows(dec.listId, q)
    expect(generateDraft(q.ctx.db, { listDate: '2025-12-01', ratingType: 'standard' }, { ...thread, batch: 2, waitForFree: true })).toEqual(dec)
    expect(draftRows(dec.listId, q)).toEqual(decHere)
    const decTwo = generateDraft(q.ctx.db, { listDate: '2025-12-01', ratingType: 'standard' }, thread)
    expect(decTwo).toEqual(dec)
    expect(draftRows(decTwo.listId, q)).toEqual(decHere)
    expect(decTwo.baseListId).toBe(two.listId)
    // delisted on the base: no line now, and a sheet that says why
    expect(line(decTwo.listId, 6000006)).toBeUndefined()
    expect(sheetKind(decTwo.listId, 6000006)).toBe('unlisted')
    expect(decHere.window.length).toBeGreaterThan(0)
    expect(line(decTwo.listId, 6000004)).toEqual([2410, 10, null, 'rated', 'SUI'])
  }, 120_000)
})
