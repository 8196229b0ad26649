// archive:tournaments — a player's rated tournaments with their change, read from the calculation sheets of the
// office's published lists (drafts never, a replaced version never), on a real database built through the calls.
// Figures worked by hand in office-lists.spec.ts (FIDE 2024, regulations.md § 4.1 rated player, § 4.3 unrated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { E_FIDE, PLAYERS, call, importApproved, refused, seedFideList, trf } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let services: Services
let nov: GenerateResult

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(services, tmp.file('players_list_foa.txt'))
  nameFederation(services.ctx.db)
  await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  await importApproved(services, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
  nov = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' })) as GenerateResult
}, 120_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

describe('archive:tournaments', () => {
  it('shows nothing from a draft list', async () => {
    expect((await call(services, 'archive:tournaments', { fideId: PLAYERS.C.id })).tournaments).toEqual([])
  })

  it('lists each tournament of a published list with its change and the list’s rounded change', async () => {
    await call(services, 'lists:publish', { listId: nov.listId, reason: 'November list' })
    const c = await call(services, 'archive:tournaments', { fideId: PLAYERS.C.id })
    expect(c.player.name).toBe('Charlie, Cleo')
    // C 1800, K 40: ½ + 0 + 1 = 1.5 points, ΣΔR .82 × 40 = 32.8; the list prints +33
    expect(c.tournaments).toEqual([
      expect.objectContaining({ listId: nov.listId, listDate: '2025-11-01', ratingType: 'standard', version: 1, name: 'Autumn Round Robin', start: '2025-10-10', end: '2025-10-12', late: false, month: null, ratingUsed: 1800, games: 3, points: 1.5, k: 40, listChange: 33 })
    ])
    expect(c.tournaments[0]!.change).toBeCloseTo(32.8, 6)
    // D 2450, K 10: −1.26 × 10 = −12.6, printed −13
    const d = await call(services, 'archive:tournaments', { fideId: PLAYERS.D.id })
    expect(d.tournaments.map((t) => [t.name, t.points, t.k, Math.round(t.change! * 10) / 10, t.listChange])).toEqual([['Autumn Round Robin', 1.5, 10, -12.6, -13]])
  })

  it('shows an unrated player’s tournament without a change, toward his first rating', async () => {
    const e = await call(services, 'archive:tournaments', { fideId: E_FIDE })
    expect(e.tournaments.map((t) => [t.name, t.ratingUsed, t.games, t.points, t.change])).toEqual([['Newcomers Round Robin', null, 5, 3, null]])
  })

  it('filters by rating type', async () => {
    expect((await call(services, 'archive:tournaments', { fideId: PLAYERS.C.id, ratingType: 'rapid' })).tournaments).toEqual([])
  })

  it('reads a corrected list from its new version only (the replaced one would count the tournament twice)', async () => {
    await importApproved(services, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['A', 'B', 'C', 'F1'], ['x===', '=x==', '==x=', '===x']), 't3.trf')
    const r = await call(services, 'lists:correct', { listId: nov.listId, mode: 'new-version', reason: 'Late Round Robin received after publication' })
    const v2 = r.newListIds[0]!
    // A 2000: +0.4 in the Autumn RR, −10.8 in the Late RR; the period −10.4 → −10 (office-lists.spec.ts)
    const a = await call(services, 'archive:tournaments', { fideId: PLAYERS.A.id })
    expect(a.tournaments.map((t) => [t.listId, t.version, t.name, Math.round(t.change! * 10) / 10, t.listChange])).toEqual([
      [v2, 2, 'Autumn Round Robin', 0.4, -10],
      [v2, 2, 'Late Round Robin', -10.8, -10]
    ])
  }, 60_000)

  it('names a player the archive does not hold', async () => {
    expect((await refused(services, 'archive:tournaments', { fideId: 123 })).key).toBe('archive.playerNotFound')
  })
})
