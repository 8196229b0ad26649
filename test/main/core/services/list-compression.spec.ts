// The compression of 1 March 2024 across a recomputation, on a real database: the lists of February, March and April
// 2024 are published from FIDE's list of 1 January; a tournament of January is found late; the correction's new
// versions compress March once (from the corrected February) and April not again. regulations.md § 1: every standard
// rating below 2000 on the list of 1 March 2024 becomes old + 0.4 × (2000 − old), half up, once; "re-computing history
// across that date must apply it exactly once". Every figure by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import type { ReplayResult } from '../../../../src/shared/contract/list-history'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services

interface Who {
  id: number
  name: string
  rating: number
}
// A–D play every month (the lists need a tournament); E–H play only the January event found late
const A = { id: 5200001, name: 'Able, Ann', rating: 2100 }
const B = { id: 5200002, name: 'Baker, Bob', rating: 2050 }
const C = { id: 5200003, name: 'Cole, Cid', rating: 2200 }
const D = { id: 5200004, name: 'Dunn, Dee', rating: 2150 }
const E = { id: 5200005, name: 'Eames, Eve', rating: 1500 }
const F = { id: 5200006, name: 'Frost, Fay', rating: 1450 }
const G = { id: 5200007, name: 'Gale, Gus', rating: 1600 }
const H = { id: 5200008, name: 'Hale, Hal', rating: 1700 }

// start rank 1 beats 2, draws 3, loses to 4; 2 beats 3, draws 4; 3 beats 4
const ROWS = ['x1=0', '0x1=', '=0x1', '1=0x']
const report = (title: string, start: string, end: string, who: Who[]): string =>
  roundRobinTrf(title, start, 'Round robin standard', who.map((p, i) => ({ name: p.name, rating: p.rating, fideId: p.id, results: ROWS[i]!.split('') }))).replace(
    /^052 .*$/m,
    `052 ${end.replace(/-/g, '/')}`
  )
const rating = (listId: number, p: Who): number | null =>
  s.ctx.db.prepare('SELECT e.rating FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.fide_id = ?').pluck().get(listId, p.id) as number | null
const publish = async (listDate: string): Promise<GenerateResult> => {
  const g = (await s.ctx.jobs.run('lists:generate', { listDate })) as GenerateResult
  await call(s, 'lists:publish', { listId: g.listId })
  return g
}

const lists: GenerateResult[] = []
beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  const file = writeCombinedList(
    tmp.file('players_list_foa.txt'),
    [A, B, C, D, E, F, G, H].map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p.rating, games: 0, k: 20 }, birthYear: 1980 }))
  )
  importFideList(s.ctx.db, { file, listDate: '2024-01-01' })
  await importApproved(s, report('January', '2024-01-10', '2024-01-12', [A, B, C, D]), 't1.trf')
  lists.push(await publish('2024-02-01'))
  await importApproved(s, report('February', '2024-02-10', '2024-02-12', [A, B, C, D]), 't2.trf')
  lists.push(await publish('2024-03-01'))
  await importApproved(s, report('March', '2024-03-10', '2024-03-12', [A, B, C, D]), 't3.trf')
  lists.push(await publish('2024-04-01'))
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('the compression of 1 March 2024 across a correction', () => {
  it('was applied once, on the list of 1 March, to the players without games', () => {
    const [feb, mar, apr] = lists as [GenerateResult, GenerateResult, GenerateResult]
    expect([E, F, G, H].map((p) => rating(feb.listId, p))).toEqual([1500, 1450, 1600, 1700])
    // 1500 + 0.4 × 500 = 1700; 1450 + 220 = 1670; 1600 + 160 = 1760; 1700 + 120 = 1820
    expect([E, F, G, H].map((p) => rating(mar.listId, p))).toEqual([1700, 1670, 1760, 1820])
    expect([E, F, G, H].map((p) => rating(apr.listId, p))).toEqual([1700, 1670, 1760, 1820])
  })

  it('a January event found late: February corrected, March compressed from it once, April not again; the replay reproduces them', async () => {
    // 20–22 January, after every list was published: it belongs to February's period (closing date 29 January)
    await importApproved(s, report('January late', '2024-01-20', '2024-01-22', [E, F, G, H]), 'late.trf')
    const [feb, mar, apr] = lists as [GenerateResult, GenerateResult, GenerateResult]
    const r = await s.ctx.jobs.run('lists:correct', { listId: feb.listId, mode: 'new-version', reason: 'January late received after publication' })
    expect(r.newListIds).toHaveLength(3)
    const [feb2, mar2, apr2] = r.newListIds as [number, number, number]
    // FIDE 2022 (the event starts before 1 March 2024), K 20 from FIDE's list (tables 8.1b):
    // E 1500: F (D +50, .57) won +.43, G (D −100, .36) drew +.14, H (D −200, .24) lost −.24: 20 × .33 = 6.6 → +7
    // F 1450: E (D −50, .43) lost −.43, G (D −150, .30) won +.70, H (D −250, .19) drew +.31: 20 × .58 = 11.6 → +12
    // G 1600: E (D +100, .64) drew −.14, F (D +150, .70) lost −.70, H (D −100, .36) won +.64: 20 × −.20 = −4
    // H 1700: E (D +200, .76) won +.24, F (D +250, .81) drew −.31, G (D +100, .64) lost −.64: 20 × −.71 = −14.2 → −14
    expect([E, F, G, H].map((p) => rating(feb2, p))).toEqual([1507, 1462, 1596, 1686])
    // compressed once from the corrected February: 1507 + 0.4 × 493 = 1704.2 → 1704; 1462 + 215.2 → 1677;
    // 1596 + 161.6 → 1758; 1686 + 125.6 → 1812
    expect([E, F, G, H].map((p) => rating(mar2, p))).toEqual([1704, 1677, 1758, 1812])
    // April: no games, no second compression (it would give 1704 + 0.4 × 296 → 1822)
    expect([E, F, G, H].map((p) => rating(apr2, p))).toEqual([1704, 1677, 1758, 1812])
    const sheet = (await call(s, 'lists:sheet', { listId: mar2, fideId: E.id })).sheet as { compression: { before: number; after: number } | null }
    expect(sheet.compression).toMatchObject({ before: 1507, after: 1704 })
    const aprSheet = (await call(s, 'lists:sheet', { listId: apr2, fideId: E.id })).sheet as { compression: unknown } | null
    expect(aprSheet?.compression ?? null).toBeNull()
    // the published versions stay as they were
    expect([E, F, G, H].map((p) => rating(mar.listId, p))).toEqual([1700, 1670, 1760, 1820])
    expect(rating(apr.listId, E)).toBe(1700)

    const replay = (await s.ctx.jobs.run('lists:replay', {})) as ReplayResult
    expect(replay.ok).toBe(true)
    expect(replay.lists.filter((l) => l.outcome === 'reproduced').map((l) => [l.listDate, l.version])).toEqual([
      ['2024-02-01', 2],
      ['2024-03-01', 2],
      ['2024-04-01', 2]
    ])
  }, 300_000)
})
