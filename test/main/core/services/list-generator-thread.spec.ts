// A big list is computed on a helper thread while the job's thread writes it (services/list-generator-thread.ts). The
// draft must be the same, row for row, as the one computed and written on one thread; a failure or a cancel on either
// side must leave no draft behind and no thread running. Forced here on the office-list fixture (threadFrom 0); the
// office-lists bench checks the same equality at FIDE scale by the checksum and the hash of every sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { generateDraft } from '../../../../src/main/core/services/office-lists'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { importApproved, seedFideList, trf } from './office-list-fixture'

const tmp = tempDir()
let s: Services
const thread = { thread: sourceWorkerScript(), threadFrom: 0 }

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(s, tmp.file('players_list_foa.txt'))
  await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  await importApproved(s, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

/** Every stored row of a draft, table by table, in key order (the list row without its creation time). */
function draftRows(listId: number): Record<string, unknown[]> {
  const db = s.ctx.db
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
