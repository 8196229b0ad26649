// Published lists sealed into period archive files (docs/archive-periods.md) read the same on every surface: two copies
// of the demo office with October and November published, one of them sealed into two files (the September reference
// lists with October, then November), answer every read of the lists, the archive, the exports and the public website
// alike, generate the same December list, and keep the same marks after a player is renamed. The seal refuses what
// it cannot seal, a missing file stops the opening with its name, and nothing writes through the views.
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { archiveDir, archiveFiles } from '../../../../src/main/core/db/archive-files'
import { archiveFileName, archiveFileProblems, checkArchiveFiles, sealLists } from '../../../../src/main/core/data/archive-seal'
import { fillFrozenChecksums, frozenListProblemsIn } from '../../../../src/main/core/db/backup'
import { fileSha256 } from '../../../../src/main/core/util/durable-files'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import { correctionPreview } from '../../../../src/main/core/services/list-corrections'
import { writeListExportFile } from '../../../../src/main/core/services/list-exports'
import { buildSite } from '../../../../src/main/core/services/site'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { UserError } from '../../../../src/main/core/util/errors'
import type { CallInput, CallName, CallOutput } from '../../../../src/shared/contract/index'
import { DEMO_FEDERATION, publishDemoOctober } from '../../../helpers/demo-site'
import { copyCheckpointed } from '../../../helpers/db-copy'
import { tempDir } from '../../../helpers/temp-db'
import { queryPlans } from '../../../helpers/query-plans'
import { lastPlayerId } from '../../../../src/main/core/data/base-list'
import { listsHandlers } from '../../../../src/main/core/services/lists'
import { listRows } from '../../../../src/main/core/data/list-rows'
import { diffCounts, diffRows } from '../../../../src/main/core/data/list-compare'
import { previewRows } from '../../../../src/main/core/data/list-preview'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import { folderFiles } from '../../../helpers/site-files'

const tmp = tempDir()
const plainFile = tmp.file('plain/office.db')
const sealedFile = tmp.file('sealed/office.db')
let plain: Services
let sealed: Services
let ids: { september: number[]; october: number; november: number }

async function call<N extends CallName>(s: Services, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const reply = await s.dispatch(name, input)
  if (!reply.ok) throw new Error(`${name} failed: ${reply.error.message}`)
  return reply.value as CallOutput<N>
}

/** The same call on both offices: the answers, which the test says equal. */
async function both<N extends CallName>(name: N, input: CallInput<N>): Promise<[CallOutput<N>, CallOutput<N>]> {
  return [await call(plain, name, input), await call(sealed, name, input)]
}

const files = (dir: string): Map<string, Buffer> => folderFiles(dir, ['site-manifest.json'])

beforeAll(async () => {
  const db = openDatabase(plainFile)
  const october = await publishDemoOctober(db)
  const november = generateDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
  publishList(db, november, null, {}, DEMO_FEDERATION)
  const september = db.prepare("SELECT id FROM rating_lists WHERE status = 'reference' ORDER BY id").pluck().all() as number[]
  ids = { september, october, november }
  mkdirSync(dirname(sealedFile))
  await copyCheckpointed(db, sealedFile)
  db.close()
  const toSeal = openDatabase(sealedFile)
  sealLists(toSeal, sealedFile, [...september, october])
  sealLists(toSeal, sealedFile, [november])
  toSeal.close()
  const open = (dbPath: string): Services => createServices({ dbPath, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  plain = open(plainFile)
  sealed = open(sealedFile)
}, 120_000)

afterAll(async () => {
  await plain?.close()
  await sealed?.close()
  tmp.cleanup()
})

describe('sealing lists into period archive files', () => {
  it('moves every row of the sealed lists out of the database into two checked files that the database records', () => {
    const db = sealed.ctx.db
    const recorded = archiveFiles(db)
    expect(recorded.map((f) => [f.firstDate, f.lastDate])).toEqual([
      ['2025-09-01', '2025-10-01'],
      ['2025-11-01', '2025-11-01']
    ])
    // each named by its period and its content
    for (const f of recorded) expect(f.name).toBe(archiveFileName(f.firstDate, f.lastDate, f.sha256))
    expect(recorded[0]!.name).toMatch(/^2025-09-01-to-2025-10-01-[0-9a-f]{16}\.db$/)
    for (const table of ['rating_list_entries', 'office_list_sheets', 'list_by_rating']) {
      const all = plain.ctx.db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get() as number
      expect(all).toBeGreaterThan(0)
      // the database keeps none of the published lists' rows; the views read them all
      expect(db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get()).toBe(0)
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(all)
    }
    for (const f of recorded) {
      const path = join(archiveDir(sealedFile), f.name)
      expect(fileSha256(path)).toBe(f.sha256)
      expect(statSync(path).size).toBe(f.bytes)
    }
    // each file proves its own lists against its own account of them
    const account = (name: string) => {
      const file = new Database(join(archiveDir(sealedFile), name), { readonly: true })
      const rows = file.prepare('SELECT list_id AS id, list_date AS listDate, rating_type AS ratingType, entries, sheets, checksum FROM archive_lists ORDER BY list_id').all() as Parameters<typeof archiveFileProblems>[1]
      file.close()
      return rows
    }
    const first = account(recorded[0]!.name)
    expect(first.map((l) => l.id)).toEqual([...ids.september, ids.october])
    expect(first.map((l) => l.entries)).toEqual([298, 298, 298])
    expect(archiveFileProblems(join(archiveDir(sealedFile), recorded[0]!.name), first)).toEqual([])
    // an account that says otherwise is found out
    const wrong = first.map((l, i) => (i === 2 ? { ...l, entries: 297, checksum: '0'.repeat(64) } : l))
    expect(archiveFileProblems(join(archiveDir(sealedFile), recorded[0]!.name), wrong)).toEqual([
      `list ${ids.october}: 298 entries, 297 recorded`,
      `list ${ids.october}: 298 keys by rating, 297 entries`,
      `list ${ids.october}: checksum ${first[2]!.checksum}, ${'0'.repeat(64)} recorded`
    ])
  })

  it('reads the lists, their pages, orders, searches, top lists and comparisons the same', async () => {
    const [a, b] = await both('lists:list', {})
    expect(b).toEqual(a)
    const lists = [...ids.september, ids.october, ids.november]
    for (const listId of lists) {
      for (const sort of ['rating', 'name', 'fideId'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const offset of [0, 120, 290]) {
            const [x, y] = await both('lists:entries', { listId, sort, order, offset, limit: 40 })
            expect(x.rows.length).toBeGreaterThan(0)
            expect(y).toEqual(x)
          }
        }
      }
      const [s1, s2] = await both('lists:entries', { listId, search: 'riviere', limit: 50 })
      expect(s1.total).toBeGreaterThan(0)
      expect(s2).toEqual(s1)
      for (const category of ['open', 'women', 'juniors', 'seniors'] as const) {
        const [t1, t2] = await both('lists:top', { listId, category, limit: 50 })
        expect(t2).toEqual(t1)
      }
    }
    for (const kind of ['up', 'down', 'new', 'delisted'] as const) {
      const [d1, d2] = await both('lists:diff', { fromId: ids.september[0]!, toId: ids.october, kind })
      expect(d1.counts).not.toBeNull()
      expect(d2).toEqual(d1)
      const [n1, n2] = await both('lists:diff', { fromId: ids.october, toId: ids.november, kind })
      expect(n2).toEqual(n1)
    }
  })

  it('reads a sealed list in its own file: its pages, searches, exports, comparisons and preview never go through every file', () => {
    const db = sealed.ctx.db
    const calls: [string, (ctx: ServiceContext) => unknown][] = []
    for (const sort of ['rating', 'name', 'fideId'] as const) {
      for (const order of ['asc', 'desc'] as const) calls.push([`page by ${sort} ${order}`, (ctx) => listsHandlers['lists:entries']({ listId: ids.october, sort, order, offset: 150, limit: 40 }, ctx)])
    }
    calls.push(['a search', (ctx) => listsHandlers['lists:entries']({ listId: ids.october, sort: 'rating', order: 'desc', offset: 0, limit: 50, search: 'riviere' }, ctx)])
    calls.push(['the export rows', (ctx) => [...listRows(ctx.db, { listId: ids.october, listDate: '2025-10-01', sort: 'rating', category: 'open', federation: null }, 100)]])
    calls.push(['the comparison', (ctx) => [diffCounts(ctx.db, ids.september[0]!, ids.october), diffRows(ctx.db, ids.september[0]!, ids.october, 'up', 0, 50)]])
    calls.push(['the next generation’s last player of its base', (ctx) => lastPlayerId(ctx.db, ids.october)])
    calls.push(['the preview', (ctx) => [previewRows(ctx.db, ids.october, { offset: 0, limit: 50 }), previewRows(ctx.db, ids.october, { offset: 100, limit: 50, playerIds: [1, 2, 3] })]])
    for (const [name, call] of calls) {
      // (a list's stored counts are read with the count as SQL's fallback, which a sealed list, always counted, never runs)
      const plans = queryPlans(db, call).filter((p) => !/(entry_count|rated_count) IS NOT NULL THEN/.test(p.sql))
      const details = plans.flatMap((p) => p.plan)
      // each read of the list names the file that holds it; none reads the views (a UNION ALL of every file's arm)
      expect(plans.some((p) => /archive_1\.(rating_list_entries|list_by_rating)/.test(p.sql)), name).toBe(true)
      expect(plans.filter((p) => /(?<![.\w])(rating_list_entries|list_by_rating|office_list_sheets)\b/.test(p.sql)).map((p) => p.sql), name).toEqual([])
      expect(details.filter((d) => /COMPOUND|UNION ALL|archive_2\./.test(d)), name).toEqual([])
    }
  })

  it('reads the office lists’ previews, tournaments and every calculation sheet the same', async () => {
    let sheets = 0
    for (const listId of [ids.october, ids.november]) {
      const [p1, p2] = await both('lists:preview', { listId, limit: 500 })
      expect(p2).toEqual(p1)
      const [t1, t2] = await both('lists:tournaments', { listId, limit: 500 })
      expect(t2).toEqual(t1)
      const players = plain.ctx.db.prepare('SELECT player_id FROM office_list_sheets WHERE list_id = ? ORDER BY player_id').pluck().all(listId) as number[]
      sheets += players.length
      for (const playerId of players) {
        const [x, y] = await both('lists:sheet', { listId, playerId })
        expect(y).toEqual(x)
      }
    }
    expect(sheets).toBeGreaterThan(100)
  })

  it('answers the archive the same: searches, every player’s history, rated tournaments, rating on a list', async () => {
    const [f1, f2] = await both('archive:findPlayers', { query: 'riviere' })
    expect(f1.length).toBeGreaterThan(0)
    expect(f2).toEqual(f1)
    const players = plain.ctx.db.prepare("SELECT id FROM players WHERE status <> 'merged' ORDER BY id").pluck().all() as number[]
    for (const playerId of players) {
      const [h1, h2] = await both('archive:history', { playerId })
      expect(h2).toEqual(h1)
      const [r1, r2] = await both('archive:tournaments', { playerId })
      expect(r2).toEqual(r1)
    }
    const someone = players[7]!
    for (const listId of [...ids.september, ids.october, ids.november]) {
      const [o1, o2] = await both('archive:ratingOn', { playerId: someone, listId })
      expect(o2).toEqual(o1)
    }
  })

  it('exports every list in every format with the same bytes', async () => {
    for (const listId of [...ids.september, ids.october, ids.november]) {
      for (const format of ['txt', 'xml', 'csv', 'json'] as const) {
        const a = tmp.file(`plain-${listId}.${format}`)
        const b = tmp.file(`sealed-${listId}.${format}`)
        await writeListExportFile(plain.ctx.db, { listId, format }, a)
        await writeListExportFile(sealed.ctx.db, { listId, format }, b)
        expect(readFileSync(b).equals(readFileSync(a)), `${format} of list ${listId}`).toBe(true)
      }
    }
  })

  it('builds the same public website, file for file', async () => {
    await buildSite(plain.ctx.db, { out: tmp.file('site-plain') })
    await buildSite(sealed.ctx.db, { out: tmp.file('site-sealed') })
    const a = files(tmp.file('site-plain'))
    expect(a.size).toBeGreaterThan(300)
    expect(files(tmp.file('site-sealed'))).toEqual(a)
  })

  it('generates the same December list from a sealed November', async () => {
    const drafts = [plain, sealed].map((s) => generateDraft(s.ctx.db, { listDate: '2025-12-01', ratingType: 'standard' }).listId)
    expect(drafts[1]).toBe(drafts[0])
    const listId = drafts[0]!
    for (const sort of ['rating', 'name'] as const) {
      const [x, y] = await both('lists:entries', { listId, sort, limit: 1000 })
      expect(x.total).toBe(plain.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(ids.november))
      // the same list but for the moment each draft was made
      expect({ ...y, list: { ...y.list, createdAt: x.list.createdAt } }).toEqual(x)
    }
    const [p1, p2] = await both('lists:preview', { listId, limit: 500 })
    expect({ ...p2, list: { ...p2.list, createdAt: p1.list.createdAt }, meta: { ...p2.meta, generatedAt: p1.meta?.generatedAt } }).toEqual(p1)
    for (const playerId of plain.ctx.db.prepare('SELECT player_id FROM office_list_sheets WHERE list_id = ?').pluck().all(listId) as number[]) {
      const [a, b] = await both('lists:sheet', { listId, playerId })
      expect(b).toEqual(a)
    }
    // the draft's rows are the database's own, nothing of it went to a file
    expect(sealed.ctx.db.prepare('SELECT count(*) FROM main.rating_list_entries WHERE list_id = ?').pluck().get(listId)).toBe(plain.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(listId))
  })

  it('computes October again from its sealed base list and its tournaments to the figures it published (a correction’s preview)', () => {
    const [x, y] = [plain, sealed].map((s) => correctionPreview(s.ctx.db, ids.october))
    // the engine, fed the sealed September ratings and the sealed October figures, finds nothing to correct
    expect(x!.lists.map((l) => [l.listId, l.changed])).toEqual([[ids.october, 0], [ids.november, 0]])
    expect(y).toEqual(x)
  })

  it('keeps the sealed lists’ marks and orders exact when a player on them is renamed or changes federation', async () => {
    const marks = (db: Db) => db.prepare('SELECT list_id, sort, key, player_id, rank FROM list_marks ORDER BY list_id, sort, rank').raw().all()
    const before = marks(plain.ctx.db)
    expect(marks(sealed.ctx.db)).toEqual(before)
    // the last player by name, renamed to come first: the first mark of each list he is on now has him before it
    const last = plain.ctx.db.prepare('SELECT p.id FROM players p JOIN rating_list_entries e ON e.player_id = p.id WHERE e.list_id = ? ORDER BY p.name_folded DESC LIMIT 1').pluck().get(ids.october) as number
    for (const s of [plain, sealed]) await call(s, 'players:update', { id: last, surname: 'Aaberg', reason: 'a typing error in the registry' })
    const after = marks(plain.ctx.db)
    expect(after.filter((m) => (m as unknown[])[1] === 'name' && (m as unknown[])[4] === 1).length).toBeGreaterThanOrEqual(4)
    expect(after).not.toEqual(before)
    expect(marks(sealed.ctx.db)).toEqual(after)
    const [x, y] = await both('lists:entries', { listId: ids.october, sort: 'name', order: 'asc', offset: 0, limit: 40 })
    expect(x.rows[0]!.name).toMatch(/^Aaberg/)
    // his federation changed: the current reference lists' orders by federation (sealed lists) follow him
    const orders = (db: Db) => db.prepare('SELECT list_id, federation, rating, player_id, status FROM rating_order ORDER BY 1, 2, 3, 4').raw().all()
    const ordersBefore = orders(plain.ctx.db)
    expect(orders(sealed.ctx.db)).toEqual(ordersBefore)
    for (const s of [plain, sealed]) await call(s, 'players:update', { id: last, federation: 'MNC', reason: 'he moved to Monaco' })
    expect(orders(plain.ctx.db)).not.toEqual(ordersBefore)
    expect(orders(sealed.ctx.db)).toEqual(orders(plain.ctx.db))
    expect(y).toEqual(x)
  })
})

describe('what sealing refuses, and what a sealed period refuses', () => {
  it('refuses a draft, a list already sealed, an unknown list, and nothing named; nothing changes', async () => {
    const db = sealed.ctx.db
    const draft = db.prepare("SELECT id FROM rating_lists WHERE status = 'draft'").pluck().get() as number
    const files = archiveFiles(db).length
    const refused = (listIds: number[]) => {
      try {
        sealLists(db, sealedFile, listIds)
      } catch (e) {
        return e instanceof UserError ? e.key : String(e)
      }
      return 'sealed'
    }
    expect(refused([draft])).toBe('archive.sealNotFrozen')
    expect(refused([ids.october])).toBe('archive.sealAlready')
    expect(refused([987654])).toBe('lists.notFound')
    expect(refused([])).toBe('archive.sealNothing')
    expect(archiveFiles(db)).toHaveLength(files)
    expect(readdirSync(archiveDir(sealedFile)).sort()).toEqual(archiveFiles(db).map((f) => f.name).sort())
  })

  it('writes nothing through the views: a writer that does not name the database’s own table fails', () => {
    expect(() => sealed.ctx.db.prepare('DELETE FROM rating_list_entries WHERE list_id = ?').run(ids.october)).toThrow(/cannot modify rating_list_entries because it is a view/)
    // and the file itself refuses a change, whoever opens it
    const file = new Database(join(archiveDir(sealedFile), archiveFiles(sealed.ctx.db)[0]!.name))
    expect(() => file.prepare('UPDATE rating_list_entries SET rating = 3000 WHERE list_id = ?').run(ids.october)).toThrow(/a sealed period's lists are immutable/)
    expect(() => file.prepare('DELETE FROM office_list_sheets').run()).toThrow(/a sealed period's lists are immutable/)
    file.close()
  })

  it('does not open a database whose archive file is missing, and names the file', () => {
    const copy = tmp.file('sealed/office.db')
    const name = archiveFiles(sealed.ctx.db)[1]!.name
    const path = join(archiveDir(copy), name)
    renameSync(path, `${path}.away`)
    try {
      expect(() => openDatabase(copy, { readonly: true })).toThrow(UserError)
      try {
        openDatabase(copy, { readonly: true })
      } catch (e) {
        expect((e as UserError).key).toBe('db.archiveMissing')
        expect((e as UserError).params).toMatchObject({ file: path, first: '2025-11-01', last: '2025-11-01' })
      }
    } finally {
      renameSync(`${path}.away`, path)
    }
    const again = openDatabase(copy, { readonly: true })
    expect(again.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(ids.november)).toBe(plain.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ?').pluck().get(ids.november))
    again.close()
  })
})

describe('a merge across sealed periods (the periods’ files written anew)', () => {
  /**
   * Everything `main` keeps of the lists that a merge changes: marks, orders, recorded checksums (filled first: the
   * office that never sealed fills them when a backup or a seal asks; a seal filled the sealed office's).
   */
  const derived = (db: Db) => {
    fillFrozenChecksums(db)
    return {
      marks: db.prepare('SELECT list_id, sort, key, player_id, rank FROM list_marks ORDER BY list_id, sort, rank, player_id').raw().all(),
      orders: db.prepare('SELECT list_id, federation, rating, player_id, status FROM rating_order ORDER BY 1, 2, 3, 4').raw().all(),
      checksums: db.prepare('SELECT list_id, checksum, forgotten FROM frozen_list_checksums ORDER BY list_id').raw().all()
    }
  }
  const allLists = () => [...ids.september, ids.october, ids.november]
  /** What the officer reads of the two records: the lists' pages by name and FIDE ID, the archive's history, each list's entry. */
  async function sameReads(keep: number, drop: number): Promise<void> {
    for (const listId of allLists()) {
      for (const sort of ['name', 'fideId', 'rating'] as const) {
        for (const offset of [0, 150, 280]) {
          const [x, y] = await both('lists:entries', { listId, sort, order: 'asc', offset, limit: 30 })
          expect(y).toEqual(x)
        }
      }
    }
    for (const playerId of [keep, drop]) {
      const [h1, h2] = await both('archive:history', { playerId })
      expect(h2).toEqual(h1)
    }
  }
  const fileNames = (db: Db) => archiveFiles(db).map((f) => f.name)
  const onDisk = () => readdirSync(archiveDir(sealedFile)).sort()
  let keep = 0
  let drop = 0
  let entries = 0

  it('refuses without the officer’s word, then moves the entries in new checked files: every read as in the office that never sealed', async () => {
    // a player on every list, and a second record of him made later (no list yet): he is kept under the new record
    // (one whose October rating has a calculation sheet: it must follow his line to the kept record)
    drop = plain.ctx.db.prepare('SELECT player_id FROM office_list_sheets WHERE list_id = ? ORDER BY player_id LIMIT 1').pluck().get(ids.october) as number
    const [sheetBefore] = await both('lists:sheet', { listId: ids.october, playerId: drop })
    expect(sheetBefore.sheet).not.toBeNull()
    const add = "INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex) SELECT NULL, surname, given_names, name_folded, federation, sex FROM players WHERE id = ?"
    keep = Number(plain.ctx.db.prepare(add).run(drop).lastInsertRowid)
    expect(Number(sealed.ctx.db.prepare(add).run(drop).lastInsertRowid)).toBe(keep)
    const onLists = (db: Db, id: number) => db.prepare('SELECT list_id FROM rating_list_entries WHERE player_id = ? ORDER BY list_id').pluck().all(id)
    // every sealed list (and the December draft of the office's own when the test above made it)
    const his = onLists(plain.ctx.db, drop) as number[]
    expect(his).toEqual(expect.arrayContaining(allLists()))
    entries = his.length
    expect(onLists(sealed.ctx.db, drop)).toEqual(his)
    const before = { names: fileNames(sealed.ctx.db), derived: derived(sealed.ctx.db) }
    expect(before.derived).toEqual(derived(plain.ctx.db))

    // the officer's word is needed: refused first, naming the first sealed list and its file, nothing changed
    try {
      mergePlayers(sealed.ctx.db, keep, drop, 'one person, two records')
      expect.unreachable()
    } catch (e) {
      expect((e as UserError).key).toBe('registry.mergeSealed')
      expect((e as UserError).params).toMatchObject({ listDate: '2025-09-01', file: before.names[0] })
    }
    expect(onDisk()).toEqual([...before.names].sort())

    const a = mergePlayers(plain.ctx.db, keep, drop, 'one person, two records')
    const steps: [number, number][] = []
    const b = mergePlayers(sealed.ctx.db, keep, drop, 'one person, two records', { dbFile: sealedFile, progress: (done, total) => steps.push([done, total]) })
    // a step a period's file
    expect(steps).toEqual([[0, 2], [1, 2], [2, 2]])
    expect(b).toEqual({ ...a, at: b.at })
    expect(b.moved[0]).toEqual({ table: 'rating_list_entries', rows: entries })
    // both files written anew (new names, the old ones gone), each checked, proved by its SHA-256 and its own account
    const after = archiveFiles(sealed.ctx.db)
    expect(after.map((f) => f.id)).toEqual([1, 2])
    for (const [i, f] of after.entries()) {
      expect(f.name).not.toBe(before.names[i])
      expect(f.name).toBe(archiveFileName(f.firstDate, f.lastDate, f.sha256))
    }
    expect(onDisk()).toEqual(after.map((f) => f.name).sort())
    expect(checkArchiveFiles(sealed.ctx.db, sealedFile)).toEqual(after.map((f, i) => ({ name: f.name, lists: i === 0 ? 3 : 1, problems: [] })))
    expect(frozenListProblemsIn(sealed.ctx.db)).toEqual([])
    expect(onLists(sealed.ctx.db, keep)).toEqual(onLists(plain.ctx.db, keep))
    expect(onLists(sealed.ctx.db, drop)).toEqual([])
    // what main keeps of those lists moved as it did in the office that never sealed, row for row
    const moved = derived(sealed.ctx.db)
    expect(moved).toEqual(derived(plain.ctx.db))
    // each moved list's checksum forgotten once and recorded again, as a merge does to a list of the database's own
    expect(moved.checksums.map((c) => (c as unknown[])[2])).toEqual(before.derived.checksums.map((c) => ((c as unknown[])[2] as number) + (his.includes((c as unknown[])[0] as number) ? 1 : 0)))
    await sameReads(keep, drop)
    // his October line and its calculation sheet went together to the kept record, on every surface
    for (const office of [plain, sealed]) {
      const kept = await call(office, 'lists:sheet', { listId: ids.october, playerId: keep })
      expect(kept.sheet).toEqual(sheetBefore.sheet)
      expect(kept.entry?.rating).toBe(sheetBefore.entry?.rating)
      expect((await call(office, 'lists:sheet', { listId: ids.october, playerId: drop })).sheet).toBeNull()
      const rated = await call(office, 'archive:tournaments', { playerId: keep })
      expect(rated.tournaments.filter((t) => t.listId === ids.october).length).toBe((sheetBefore.sheet as { tournaments: unknown[] }).tournaments.length)
    }
    // the audit log says which files were written anew, in the merge's transaction
    const row = sealed.ctx.db.prepare("SELECT data FROM audit_log WHERE action = 'archive.rewrite' ORDER BY id DESC LIMIT 1").pluck().get() as string
    expect(JSON.parse(row)).toMatchObject({ name: after.map((f) => f.name).join(', '), lists: allLists().sort((x, y) => x - y) })
    // another connection reads the new files
    const other = openDatabase(sealedFile, { readonly: true })
    expect(onLists(other, keep)).toEqual(onLists(plain.ctx.db, keep))
    other.close()
  })

  it('undoes the merge the same way, the files written anew again', async () => {
    const names = fileNames(sealed.ctx.db)
    const id = (sealed.ctx.db.prepare('SELECT max(id) FROM player_merges').pluck().get() as number)
    try {
      undoMerge(sealed.ctx.db, id, 'two people after all')
      expect.unreachable()
    } catch (e) {
      expect((e as UserError).key).toBe('registry.mergeUndoSealed')
    }
    undoMerge(plain.ctx.db, plain.ctx.db.prepare('SELECT max(id) FROM player_merges').pluck().get() as number, 'two people after all')
    undoMerge(sealed.ctx.db, id, 'two people after all', { dbFile: sealedFile })
    expect(fileNames(sealed.ctx.db).every((n, i) => n !== names[i])).toBe(true)
    expect(onDisk()).toEqual(fileNames(sealed.ctx.db).sort())
    expect(checkArchiveFiles(sealed.ctx.db, sealedFile).flatMap((c) => c.problems)).toEqual([])
    expect(frozenListProblemsIn(sealed.ctx.db)).toEqual([])
    expect(derived(sealed.ctx.db)).toEqual(derived(plain.ctx.db))
    await sameReads(keep, drop)
    expect(sealed.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE player_id = ?').pluck().get(drop)).toBe(entries)
    // the sheet back with its line
    const [k1, k2] = await both('lists:sheet', { listId: ids.october, playerId: keep })
    expect([k1.sheet, k2.sheet]).toEqual([null, null])
    const [d1, d2] = await both('lists:sheet', { listId: ids.october, playerId: drop })
    expect(d1.sheet).not.toBeNull()
    expect(d2).toEqual(d1)
  })

  it('leaves the period as it was when its new file fails its check: the new file removed, nothing recorded', () => {
    const db = sealed.ctx.db
    const names = fileNames(db)
    const marks = derived(db)
    // the recorded file altered on disk after its seal: its copy is not the recorded file, the rewrite stops there
    const path = join(archiveDir(sealedFile), names[1]!)
    const original = readFileSync(path)
    const altered = Buffer.from(original)
    altered[altered.length - 1] ^= 1
    writeFileSync(path, altered)
    try {
      mergePlayers(db, keep, drop, 'one person, two records', { dbFile: sealedFile })
      expect.unreachable()
    } catch (e) {
      expect((e as UserError).key).toBe('archive.rewriteUnverified')
      expect((e as UserError).params).toMatchObject({ file: names[1] })
    } finally {
      writeFileSync(path, original)
    }
    expect(fileNames(db)).toEqual(names)
    expect(onDisk()).toEqual([...names].sort())
    expect(derived(db)).toEqual(marks)
    expect(db.prepare("SELECT status FROM players WHERE id = ?").pluck().get(drop)).not.toBe('merged')
    expect(db.prepare('SELECT count(*) FROM rating_list_entries WHERE player_id = ?').pluck().get(drop)).toBe(entries)
  })

  it('merges across the period through the call, as a job with the office alone, once the officer gave his word', async () => {
    const names = fileNames(sealed.ctx.db)
    const refused = await sealed.dispatch('players:merge', { keepId: keep, dropId: drop, reason: 'one person, two records' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.key).toBe('registry.mergeSealed')
      expect(refused.error.message).toMatch(/sealed in the archive file 2025-09-01-to-2025-10-01-[0-9a-f]{16}\.db/)
    }
    const merging = sealed.dispatch('players:merge', { keepId: keep, dropId: drop, reason: 'one person, two records', rewriteSealed: true })
    // every other call waits, told why
    const meanwhile = await sealed.dispatch('lists:list', {})
    expect(meanwhile.ok ? null : meanwhile.error.key).toBe('db.rewriting')
    const merged = await merging
    expect(merged.ok).toBe(true)
    await call(plain, 'players:merge', { keepId: keep, dropId: drop, reason: 'one person, two records' })
    expect(fileNames(sealed.ctx.db).every((n, i) => n !== names[i])).toBe(true)
    expect(onDisk()).toEqual(fileNames(sealed.ctx.db).sort())
    expect(derived(sealed.ctx.db)).toEqual(derived(plain.ctx.db))
    await sameReads(keep, drop)
  })
})
