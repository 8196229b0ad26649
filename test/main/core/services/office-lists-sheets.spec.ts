// Calculation sheets as stored on a real database: the draft written by the generation job (compact form) shows every
// sheet exactly as generateList built it (the sheet the old deflated-JSON path stored and gave back), and a sheet
// stored the old way, as older databases hold them, is still shown the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deflateSync } from 'node:zlib'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { rulesFor } from '../../../../src/main/core/services/list-rules'
import { buildGenerationInput } from '../../../../src/main/core/data/generation-input'
import { editionChain } from '../../../../src/main/core/data/lists'
import { generateList } from '../../../../src/main/core/lists/generate'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved, seedFideList, trf } from './office-list-fixture'

const tmp = tempDir()
let services: Services
let nov: GenerateResult
/** The sheets of the same generation, held in memory (no sink) and passed through JSON as the old path stored them. */
let expected: CalculationSheet[] = []

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(services, tmp.file('players_list_foa.txt'))
  await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  // the newcomer E: a first rating (window, Ra, p, dp) beside rated players' K, We, W and rounding
  await importApproved(services, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
  nov = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' })) as GenerateResult
  const db = services.ctx.db
  const rules = rulesFor(db, null)
  const edition = rules.list('2025-11-01')
  const built = buildGenerationInput(db, { listDate: '2025-11-01', closingDate: nov.closingDate, ratingType: 'standard', edition, source: editionChain(edition), editionAt: rules.tournament, cutoffOf: rules.cutoff })
  const result = generateList(built.input)
  expect(result.checksum).toBe(nov.checksum)
  expected = result.sheets.map((s) => JSON.parse(JSON.stringify(s)) as CalculationSheet)
}, 120_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

const storedSheet = (playerId: number): Buffer =>
  services.ctx.db.prepare('SELECT sheet FROM office_list_sheets WHERE list_id = ? AND player_id = ?').pluck().get(nov.listId, playerId) as Buffer

describe('calculation sheets on a real database', () => {
  it('shows every stored sheet exactly as generateList built it, from the compact form', async () => {
    const stored = services.ctx.db.prepare('SELECT player_id FROM office_list_sheets WHERE list_id = ? ORDER BY player_id').pluck().all(nov.listId) as number[]
    // every sheet generateList gave: the players with a line, and those without one (kind 'unlisted': none here)
    expect(stored).toEqual(expected.map((s) => s.playerId))
    expect(expected.every((s) => s.status !== null)).toBe(true)
    // the nine players of FIDE's list (A–D, F1–F5), each with his line, and the newcomer E with his first rating
    expect(stored.length).toBe(10)
    for (const s of expected) {
      const blob = storedSheet(s.playerId)
      expect(blob[0]).toBe(0x5b) // '[': the compact form
      const shown = await call(services, 'lists:sheet', { listId: nov.listId, playerId: s.playerId })
      expect(shown.sheet).toStrictEqual(s)
      expect(JSON.stringify(shown.sheet)).toBe(JSON.stringify(s))
    }
    // the newcomer's first rating is among them, with its window, Ra, p and dp
    const e = expected.find((s) => s.firstRating !== null)!
    expect(e.firstRating).toMatchObject({ published: true })
    expect(e.firstRating!.window.length).toBe(1)
    const c = expected.find((s) => s.tournaments.some((t) => t.k === 40))!
    expect(c.tournaments[0]!.games.map((g) => g.opponentListId)).toEqual([nov.baseListId, nov.baseListId, nov.baseListId])
  })

  it('still shows a sheet stored the old way (deflated JSON), as an older database holds it', async () => {
    const e = expected.find((s) => s.firstRating !== null)!
    const c = expected.find((s) => s.tournaments.some((t) => t.k === 40))!
    const put = services.ctx.db.prepare('UPDATE office_list_sheets SET sheet = ? WHERE list_id = ? AND player_id = ?')
    for (const s of [e, c]) put.run(deflateSync(Buffer.from(JSON.stringify(s)), { level: 1 }), nov.listId, s.playerId)
    for (const s of [e, c]) {
      expect(storedSheet(s.playerId)[0]).toBe(0x78) // a zlib stream
      const shown = await call(services, 'lists:sheet', { listId: nov.listId, playerId: s.playerId })
      expect(JSON.stringify(shown.sheet)).toBe(JSON.stringify(s))
    }
    // the other sheets of the same list stay in the compact form beside them
    expect(storedSheet(expected.find((s) => s !== e && s !== c && s.status !== null)!.playerId)[0]).toBe(0x5b)
  })
})
