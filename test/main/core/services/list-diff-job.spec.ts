// Two big lists compared by the lists:diff job: the call starts it (once, however often it is asked), the job
// stores each kind's players in order, and every page after is read from the store and equals the direct
// comparison; a merge of players makes the stored comparison stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rmSync } from 'node:fs'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { DIRECT_DIFF_ENTRIES } from '../../../../src/main/core/services/list-out'
import { DIFF_KINDS, diffCounts, diffRows } from '../../../../src/main/core/data/list-compare'
import { diffCacheFile } from '../../../../src/main/core/data/list-diff-cache'
import { tempDir } from '../../../helpers/temp-db'
import { call } from './office-list-fixture'

const tmp = tempDir()
let s: Services
const N = Math.ceil(DIRECT_DIFF_ENTRIES / 2) + 1000
const dbPath = (): string => tmp.file('office.db')

beforeAll(() => {
  s = createServices({ dbPath: dbPath(), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const db = s.ctx.db
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded) SELECT i, 200000 + i, 'P' || i, 'G', 'p' || i || ' g' FROM n`
    ).run(N + 500)
    const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')")
    list.run(1, '2025-01-01')
    list.run(2, '2025-02-01')
    // January: players 1..N; February: 501..N+500 (500 leave, 500 arrive), ratings moving both ways, some titles and flags
    db.prepare(`INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title) SELECT 1, id, 1500 + id % 700, 0, 20, CASE WHEN id % 97 = 0 THEN 'i' END, NULL FROM players WHERE id <= ?`).run(N)
    db.prepare(
      `INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title)
       SELECT 2, id, 1500 + id % 700 + (id % 7) - 3, 3, 20, CASE WHEN id % 89 = 0 THEN 'i' END, CASE WHEN id % 1000 = 0 THEN 'FM' END FROM players WHERE id > 500`
    ).run()
  })()
})
afterAll(async () => {
  await s?.close()
  const cache = diffCacheFile(dbPath())!
  for (const f of [cache, `${cache}-wal`, `${cache}-shm`]) rmSync(f, { force: true })
  tmp.cleanup()
})

describe('lists:diff on two big lists', () => {
  it('starts one job however often it is asked, with an empty page until it is done', async () => {
    const a = await call(s, 'lists:diff', { fromId: 1, toId: 2, kind: 'up' })
    expect(a.jobId).not.toBeNull()
    expect([a.counts, a.rows, a.total]).toEqual([null, [], 0])
    const b = await call(s, 'lists:diff', { fromId: 1, toId: 2, kind: 'down' })
    expect(b.jobId).toBe(a.jobId)
    const end = await s.ctx.jobs.wait(a.jobId!)
    expect(end.state).toBe('done')
    expect(end.kind === 'lists:diff' && end.state === 'done' ? end.result?.counts : null).toEqual(diffCounts(s.ctx.db, 1, 2))
  }, 120_000)

  it('then pages every kind from the stored comparison, equal to the direct one', async () => {
    const direct = diffCounts(s.ctx.db, 1, 2)
    // the 500 players of January without a line in February are unlisted (lists/change-kinds.ts), none shown delisted
    expect(direct.unlisted).toBe(500)
    expect(direct.delisted).toBe(0)
    expect(direct.new).toBe(500)
    expect(direct.up).toBeGreaterThan(1000)
    for (const kind of DIFF_KINDS) {
      for (const offset of [0, 150]) {
        const page = await call(s, 'lists:diff', { fromId: 1, toId: 2, kind, offset, limit: 100 })
        expect(page.jobId).toBeNull()
        expect(page.counts).toEqual(direct)
        const want = diffRows(s.ctx.db, 1, 2, kind, offset, 100)
        expect(page.total).toBe(want.total)
        expect(page.rows.map((r) => [r.playerId, r.from, r.to])).toEqual(want.rows.map((r) => [r.playerId, r.from, r.to]))
      }
    }
  })

  it('compares again after a merge of players (the stored comparison is stale)', async () => {
    s.ctx.db.prepare("INSERT INTO player_merges (keep_id, drop_id, reason, moved) VALUES (1, ?, 'test', '{}')").run(N + 400)
    const again = await call(s, 'lists:diff', { fromId: 1, toId: 2, kind: 'up' })
    expect(again.jobId).not.toBeNull()
    expect((await s.ctx.jobs.wait(again.jobId!)).state).toBe('done')
    expect((await call(s, 'lists:diff', { fromId: 1, toId: 2, kind: 'up' })).jobId).toBeNull()
  }, 120_000)
})
