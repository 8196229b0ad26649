// Which imported list an office list starts from when the office holds FIDE's download and its federation's national
// list of the same players (issue 11: two lists of the office, each with its own base, profile and calendar): a FIDE
// list from FIDE's download even when the national list is more recent, the federation's profile (FSE, seed 004) from
// the national list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { importApproved } from './office-list-fixture'

const tmp = tempDir()
let s: Services
const PLAYERS = [
  { id: 5400001, name: 'Aare, Ali', fide: 2000, national: 2040 },
  { id: 5400002, name: 'Birs, Bea', fide: 1900, national: 1930 },
  { id: 5400003, name: 'Doubs, Dom', fide: 1800, national: 1790 },
  { id: 5400004, name: 'Emme, Eli', fide: 1700, national: 1760 },
  { id: 5400005, name: 'Glatt, Gil', fide: 1500, national: 1550 }
]
let fideList = 0
let nationalList = 0
const rating = (listId: number, fideId: number): number | null =>
  s.ctx.db.prepare('SELECT e.rating FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.fide_id = ?').pluck().get(listId, fideId) as number | null

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const write = (file: string, key: 'fide' | 'national'): string =>
    writeCombinedList(tmp.file(file), PLAYERS.map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p[key], games: 0, k: 20 }, birthYear: 1980 })))
  importFideList(s.ctx.db, { file: write('fide.txt', 'fide'), listDate: '2025-10-01' })
  // the federation's own list, two weeks later (same players, its own ratings)
  importFideList(s.ctx.db, { file: write('national.txt', 'national'), listDate: '2025-10-15', source: 'SUI' })
  const ids = s.ctx.db.prepare("SELECT id, source FROM rating_lists WHERE kind = 'reference' ORDER BY id").all() as { id: number; source: string }[]
  fideList = ids.find((l) => l.source === 'FIDE')!.id
  nationalList = ids.find((l) => l.source === 'SUI')!.id
  const rows = ['x1=0', '0x1=', '=0x1', '1=0x']
  const trf = roundRobinTrf('Early October', '2025-10-03', 'Round robin standard', PLAYERS.slice(0, 4).map((p, i) => ({ name: p.name, rating: p.fide, fideId: p.id, results: rows[i]!.split('') }))).replace(/^052 .*$/m, '052 2025/10/05')
  await importApproved(s, trf, 'early.trf')
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('the base of a FIDE list and of a national list', () => {
  it("a FIDE list starts from FIDE's download, not from the more recent national list", async () => {
    const g = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult
    expect(g.baseListId).toBe(fideList)
    // Glatt has no games: carried at his FIDE rating
    expect(rating(g.listId, 5400005)).toBe(1500)
  }, 120_000)

  it('the federation’s profile (FSE) starts from its national list', async () => {
    const g = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', profile: 'fse' })) as GenerateResult
    expect(g.baseListId).toBe(nationalList)
    expect(rating(g.listId, 5400005)).toBe(1550)
  }, 120_000)
})
