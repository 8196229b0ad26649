// A rapid office list on a real database (FIDE 2024, regulations.md § 1 "Rapid and blitz (2024)"): an unrated rapid
// player with a standard rating is rated with it — read from the standard list in force at the tournament's start —
// with a new player's K, and counts as rated for his opponents. Seeded from a FIDE combined download (standard and
// rapid columns with K). Every figure by hand (tables 8.1b).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved } from './office-list-fixture'

const tmp = tempDir()
let s: Services
let g: GenerateResult

const A = { id: 5300001, name: 'Ash, Ada', standard: 2000, rapid: 2000 as number | null }
const B = { id: 5300002, name: 'Birch, Ben', standard: 1900, rapid: 1900 as number | null }
const C = { id: 5300003, name: 'Cedar, Cy', standard: 1800, rapid: 1800 as number | null }
const N = { id: 5300004, name: 'Nut, Nia', standard: 1700, rapid: null as number | null }
// start rank 1 beats 2, draws 3, loses to 4; 2 beats 3, draws 4; 3 beats 4
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']
const line = (fideId: number, ratingType: string) =>
  s.ctx.db
    .prepare(
      `SELECT e.rating, e.games, e.k FROM rating_list_entries e JOIN players p ON p.id = e.player_id JOIN rating_lists l ON l.id = e.list_id
        WHERE e.list_id = ? AND p.fide_id = ? AND l.rating_type = ?`
    )
    .get(g.listId, fideId, ratingType) as { rating: number; games: number; k: number } | undefined

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const file = writeCombinedList(
    tmp.file('players_list_foa.txt'),
    [A, B, C, N].map((p) => ({
      id: p.id,
      name: p.name,
      fed: 'SUI',
      sex: 'F' as const,
      standard: { rating: p.standard, games: 0, k: 20 },
      ...(p.rapid !== null ? { rapid: { rating: p.rapid, games: 0, k: 20 } } : {}),
      birthYear: 1980
    }))
  )
  importFideList(s.ctx.db, { file, listDate: '2025-10-01' })
  const trf = roundRobinTrf('Autumn Rapid', '2025-10-10', 'Round robin rapid', [A, B, C, N].map((p, i) => ({ name: p.name, rating: p.rapid, fideId: p.id, results: ROWS[i]!.split('') }))).replace(/^052 .*$/m, '052 2025/10/10')
  await importApproved(s, trf, 'rapid.trf')
  g = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'rapid' })) as GenerateResult
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('the rapid list of 1 November 2025', () => {
  it('rates the player without a rapid rating with her standard 1700, K 40, and her opponents against 1700', () => {
    expect(g).toMatchObject({ type: 'rapid', edition: 'fide-2024', players: 4, rated: 4, newlyRated: 1 })
    // N 1700: A (D −300, .15) won +.85; B (D −200, .24) drew +.26; C (D −100, .36) lost −.36: 40 × .75 = 30 → 1730
    expect(line(N.id, 'rapid')).toMatchObject({ rating: 1730, games: 3 })
    // A 2000: B (D +100, .64) won +.36; C (D +200, .76) drew −.26; N (D +300, .85) lost −.85: 20 × −.75 = −15 → 1985
    expect(line(A.id, 'rapid')).toMatchObject({ rating: 1985, games: 3 })
    // B 1900: −.36 + .36, N (D +200, .76) drew −.26: 20 × −.26 = −5.2 → −5 → 1895
    expect(line(B.id, 'rapid')).toMatchObject({ rating: 1895, games: 3 })
    // C 1800: +.26 − .36, N (D +100, .64) won +.36: 20 × .26 = 5.2 → +5 → 1805
    expect(line(C.id, 'rapid')).toMatchObject({ rating: 1805, games: 3 })
  })

  it('counts her as new on the list, in the preview as in the counters', async () => {
    const p = await call(s, 'lists:preview', { listId: g.listId, offset: 0, limit: 10 })
    expect(p.counts).toMatchObject({ new: 1, up: 1, down: 2 })
  })

  it("says so on her sheet, the standard list named as her rating's source", async () => {
    const sheet = (await call(s, 'lists:sheet', { listId: g.listId, fideId: N.id })).sheet as { notes: { text: string }[]; tournaments: { rating: number; ratingListId: number | null; notes: { text: string }[] }[] }
    expect(sheet.notes.map((n) => n.text)).toContain('unrated on the base list, rated with his standard rating 1700')
    expect(sheet.tournaments[0]!.rating).toBe(1700)
    expect(sheet.tournaments[0]!.notes.map((n) => n.text)).toContain('no rapid rating: rated with his standard rating 1700')
  })
})
