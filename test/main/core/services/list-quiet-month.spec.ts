// A quiet month yields its list (issue 35, item 5): under FIDE 2024, from FIDE's list of 1 January 2025, one tournament
// in January 2025 and then none for a year. Every monthly list is still generated and published, and the lists of
// 1 December 2025 and 1 January 2026 — no tournament in their periods — carry the base list with its rules applied:
// - inactivity (regulations.md § 5; 2014 § 7.23a, the 2024 edition keeps it): fewer than one rated game within the
//   year before the list makes a rated player inactive, flag `i`, still rated. The year's months before the office's
//   first list come from the games column of FIDE's list of 1 January 2025 (its games of December 2024, issue 35
//   item 7): P and J played one game then, Y none. On 1 December 2025 (year from 1 December 2024) P and J have that
//   game and stay active, Y turns inactive; on 1 January 2026 (year from 1 January 2025) they have none: inactive;
// - juniors' K at the year's end (regulations.md § 2, 2017 and later: K 40 until the end of the year of the 18th
//   birthday while below 2300): J, born 2007, K 40 printed on the 1 December 2025 list (for December's games, the
//   year of his 18th birthday), K 20 on the 1 January 2026 list; Y, born 2009, still K 40 (18 in 2027).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameFederation } from '../../../helpers/federation'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { runCli } from '../../../helpers/run-cli'
import { call } from './office-list-fixture'
import { approved, generate, line, seedList, type Who } from './edition-scenario'

const tmp = tempDir()
const dbFile = tmp.file('office.db')
let s: Services

const A: Who = { id: 5640001, name: 'Aktiv, Anna', rating: 1800, k: 20, birth: 1980, sex: 'F' }
const B: Who = { id: 5640002, name: 'Brett, Beat', rating: 1800, k: 20, birth: 1980 }
const P: Who = { id: 5640003, name: 'Pause, Paul', rating: 1900, k: 20, birth: 1975, games: 1 }
const J: Who = { id: 5640004, name: 'Jung, Jonas', rating: 1600, k: 40, birth: 2007, games: 1 }
const Y: Who = { id: 5640005, name: 'Young, Yves', rating: 1500, k: 40, birth: 2009 }

let reference = 0
let december = 0
let january: GenerateResult

beforeAll(async () => {
  s = createServices({ dbPath: dbFile, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  reference = seedList(s, tmp.file('players_list_foa.txt'), '2025-01-01', [A, B, P, J, Y])
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('FIDE 2024: the lists of a year with one tournament, then none', () => {
  it('1 February 2025: A and B draw their one game (equal ratings: ΔR 0, no change)', async () => {
    await approved(s, 'January Open', '2025-01-10', '2025-01-10', [[1, A, B, '=']])
    const feb = await generate(s, '2025-02-01')
    expect(feb.baseListId).toBe(reference)
    expect(feb.tournaments.map((t) => t.name)).toEqual(['January Open'])
    await call(s, 'lists:publish', { listId: feb.listId })
    // 1800 v 1800: D 0, PD .50; ½ − .50 = 0 → 1800, one game
    expect(line(s, feb.listId, A)).toMatchObject({ rating: 1800, games: 1, flags: 'w' })
  }, 120_000)

  it('1 March – 1 December 2025: ten lists with no tournament, each generated and published', async () => {
    let base = 0
    for (let m = 3; m <= 12; m++) {
      const listDate = `2025-${String(m).padStart(2, '0')}-01`
      const g = generateDraft(s.ctx.db, { listDate, ratingType: 'standard' })
      expect(g.tournaments).toEqual([])
      if (base) expect(g.baseListId).toBe(base)
      publishList(s.ctx.db, g.listId, null)
      base = g.listId
    }
    december = base
    // 1 December 2025: its year starts 1 December 2024; FIDE's list of 1 January 2025 gives December 2024's games: P
    // and J one (active), Y none (inactive). J, 18 in 2025, is a junior to the end of the year: K 40 for December's games
    expect(line(s, december, P)).toMatchObject({ rating: 1900, flags: null, k: 20 })
    expect(line(s, december, J)).toMatchObject({ rating: 1600, k: 40, flags: null })
    expect(line(s, december, Y)).toMatchObject({ rating: 1500, k: 40, flags: 'i' })
  }, 300_000)

  it('the date offered next is the list after the last published: 1 January 2026', async () => {
    expect(await call(s, 'lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2026-01-01', reason: 'afterPublished', tournaments: 0, closingDate: '2025-12-29' })
  })

  it('1 January 2026, no tournament: P and J turn inactive (no game in the year), J at K 20 after the year of his 18th birthday, A and B active', async () => {
    january = await generate(s, '2026-01-01')
    expect(january).toMatchObject({ baseListId: december, tournaments: [], players: 5, rated: 5, inactive: 3 })
    // P: no rated game from 1 January 2025 to 1 January 2026 (his game of December 2024 is out of the year): inactive,
    // still rated
    expect(line(s, january.listId, P)).toMatchObject({ rating: 1900, games: 0, flags: 'i', status: 'rated' })
    // J: born 2007, 19 in 2026: no longer a junior; games unknown on FIDE's list (established): K 20
    expect(line(s, january.listId, J)).toMatchObject({ rating: 1600, k: 20, flags: 'i' })
    // Y: born 2009, a junior to the end of 2027 below 2300: K 40
    expect(line(s, january.listId, Y)).toMatchObject({ rating: 1500, k: 40, flags: 'i' })
    // A and B played on the list of 1 February 2025, within the year (after 1 January 2025): active
    expect(line(s, january.listId, A)).toMatchObject({ rating: 1800, flags: 'w' })
    expect(line(s, january.listId, B)).toMatchObject({ rating: 1800, flags: null })
    // the preview says which entries changed and that no tournament is behind them
    const p = await call(s, 'lists:preview', { listId: january.listId, offset: 0, limit: 10 })
    expect(p.tournamentCount).toBe(0)
    // newly inactive on this list: P and J (Y was already on 1 December)
    expect(p.counts.inactive).toBe(2)
  }, 120_000)

  it('says so on the command line: the date it took, and that the list carries the base list with its rules applied', () => {
    const gen = runCli(['--db', dbFile, 'lists', 'generate'])
    expect(gen.code).toBe(0)
    expect(gen.stdout).toContain('list date 2026-01-01: the list after the last published one')
    expect(gen.stdout).toContain('no tournament in this period: the list carries the base list with its rules applied')
    const id = Number(/draft list (\d+)/.exec(gen.stdout)![1])
    const preview = runCli(['--db', dbFile, 'lists', 'preview', String(id)])
    expect(preview.stdout).toContain('0 tournaments')
    expect(preview.stdout).toContain('no tournament in this period: the list carries the base list with its rules applied')
  }, 180_000)
})

// The compression of 1 March 2024 (regulations.md § 1: every standard rating below 2000 becomes old + 0.4 × (2000 − old),
// rounded half up) and the floor of the 2024 edition (1400: below it, shown once as delisted, 2005 § 9.34 and every later
// edition, regulations.md § 5) apply to the list of 1 March 2024 whether or not a tournament was rated in February.
describe('FIDE 2024: the list of 1 March 2024 with no tournament', () => {
  const dir = tempDir()
  let q: Services
  beforeAll(() => {
    q = createServices({ dbPath: dir.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    nameFederation(q.ctx.db)
  })
  afterAll(async () => {
    await q?.close()
    dir.cleanup()
  })

  it('compresses every rating below 2000 and delists the one still under 1400', async () => {
    const H: Who = { id: 5650001, name: 'Hoch, Hanna', rating: 2100, k: 20, sex: 'F' }
    const M: Who = { id: 5650002, name: 'Mitte, Max', rating: 1600, k: 20 }
    const F: Who = { id: 5650003, name: 'Floor, Fritz', rating: 1000, k: 20 }
    const L: Who = { id: 5650004, name: 'Low, Lars', rating: 1001, k: 20 }
    const U: Who = { id: 5650005, name: 'Unter, Ulf', rating: 999, k: 20 }
    const base = seedList(q, dir.file('players_list_foa.txt'), '2024-02-01', [H, M, F, L, U])
    const march = await generate(q, '2024-03-01')
    expect(march).toMatchObject({ baseListId: base, tournaments: [], edition: 'fide-2024' })
    // 2100: not below 2000, unchanged
    expect(line(q, march.listId, H)).toMatchObject({ rating: 2100, status: 'rated' })
    // 1600 + 0.4 × 400 = 1760; 1000 + 0.4 × 1000 = 1400 (the floor: published); 1001 + 0.4 × 999 = 1400.6 → 1401
    expect(line(q, march.listId, M)).toMatchObject({ rating: 1760, status: 'rated' })
    expect(line(q, march.listId, F)).toMatchObject({ rating: 1400, status: 'rated' })
    expect(line(q, march.listId, L)).toMatchObject({ rating: 1401, status: 'rated' })
    // 999 + 0.4 × 1001 = 1399.4 → 1399: under 1400, delisted
    expect(line(q, march.listId, U)).toMatchObject({ rating: 1399, status: 'delisted' })
    expect(march).toMatchObject({ players: 5, rated: 4, delisted: 1 })
  }, 120_000)
})
