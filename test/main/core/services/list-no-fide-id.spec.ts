// A federation's own player (no FIDE ID) on a real database (issue 11: "rated by the federation's profile from the
// federation's list, and published on the national list only"). Five players of FIDE's list of 1 October 2025 and a
// newcomer without a FIDE ID draw every game of a round robin: the newcomer's five games reach FIDE 2024's minimum,
// Ra = (2000 + 1900 + 1800 + 1700 + 1600 + 2 × 1800) / 7 = 1800, p = (2.5 + 1) / 7 = .50, dp 0: Ru 1800 (§ 4.3).
// FIDE's November list does not publish it (his games stay in its window) and is published without him; the federation's
// profile (FSE) publishes a first rating for him from the same games. Then FIDE gives him an ID: FIDE's list of 1 November
// brings a record with the ID, the officer merges it into the office's record (which takes the ID), and FIDE's December
// list publishes his first rating from the window alone (the October games are within FIDE 2024's 26 months: Ru 1800).
// The ID may also come by the federation's own list: his licence entered on his record (a registry edit), a national list
// naming it beside his new FIDE ID gives that record the ID. // The officer may merge either way (the duplicates queue offers both): FIDE's record kept, the office's record's window is
// folded into it, and the December list publishes him under FIDE's record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { writeFileSync } from 'node:fs'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList } from '../../../../src/main/core/registry/national'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { call, importApproved, refused } from './office-list-fixture'
import { nameFederation } from '../../../helpers/federation'

const tmp = tempDir()
let s: Services
const RATED = [
  { id: 5600001, name: 'Aare, Ali', rating: 2000 },
  { id: 5600002, name: 'Birs, Bea', rating: 1900 },
  { id: 5600003, name: 'Doubs, Dom', rating: 1800 },
  { id: 5600004, name: 'Emme, Eli', rating: 1700 },
  { id: 5600005, name: 'Glatt, Gil', rating: 1600 }
]
let newcomer = 0
let fideNov: GenerateResult
const NEW_ID = 5600006

/** An office with FIDE's list of 1 October and the cup approved: the newcomer created without a FIDE ID. */
async function openOffice(name: string): Promise<{ s: Services; newcomer: number }> {
  const s = createServices({ dbPath: tmp.file(name), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
  const list = writeCombinedList(tmp.file(`${name}-fide.txt`), RATED.map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p.rating, games: 0, k: 20 }, birthYear: 1980 })))
  importFideList(s.ctx.db, { file: list, listDate: '2025-10-01' })
  const players = [...RATED.map((p) => ({ name: p.name, rating: p.rating, fideId: p.id })), { name: 'Neuf, Noé', rating: 0, fideId: 999999 }]
  const draws = players.map((_, i) => players.map((__, j) => (i === j ? 'x' : '=')))
  // the newcomer's FIDE ID field left blank, as a national report writes a player FIDE does not know
  const text = roundRobinTrf('Cup of the federation', '2025-10-04', 'Round robin standard', players.map((p, i) => ({ ...p, results: draws[i]! }))).replace('     999999', ' '.repeat(11))
  await importApproved(s, text, 'cup.trf')
  return { s, newcomer: s.ctx.db.prepare("SELECT id FROM players WHERE surname = 'Neuf'").pluck().get() as number }
}

/** November: a round robin of four rated players only, for FIDE's December list to have a period. */
async function autumnCup(s: Services): Promise<void> {
  const rated = RATED.slice(0, 4).map((p) => ({ name: p.name, rating: p.rating, fideId: p.id }))
  const draws = rated.map((_, i) => rated.map((__, j) => (i === j ? 'x' : '=')))
  await importApproved(s, roundRobinTrf('Autumn cup', '2025-11-08', 'Round robin standard', rated.map((p, i) => ({ ...p, results: draws[i]! }))), 'autumn.trf')
}

/** November: a round robin of four rated players (for FIDE's December list to have a period), and FIDE's list of
 *  1 November naming the newcomer with an ID, no rating yet: a new record of the registry, whose id is returned. */
async function idFromFide(s: Services, name: string): Promise<number> {
  await autumnCup(s)
  const list = writeCombinedList(tmp.file(`${name}-fide-nov.txt`), [{ id: NEW_ID, name: 'Neuf, Noé', fed: 'SUI', sex: 'M' as const, birthYear: 1990 }])
  importFideList(s.ctx.db, { file: list, listDate: '2025-11-01' })
  return s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(NEW_ID) as number
}

/** For a describe: an office (openOffice) whose FIDE list of 1 November, without the newcomer, is published; closed after. */
function officeAfterNovember(name: string): { s: Services; newcomer: number } {
  const o = { s: undefined as unknown as Services, newcomer: 0 }
  beforeAll(async () => {
    Object.assign(o, await openOffice(name))
    const nov = (await o.s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult
    await call(o.s, 'lists:publish', { listId: nov.listId })
  }, 300_000)
  afterAll(async () => {
    await o.s?.close()
  })
  return o
}

const entryOf = (s: Services, listId: number, playerId: number) =>
  s.ctx.db.prepare('SELECT rating, entry_status FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(listId, playerId) as { rating: number; entry_status: string } | undefined

beforeAll(async () => {
  ;({ s, newcomer } = await openOffice('office.db'))
}, 300_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a player without a FIDE ID', () => {
  it('is a new player of the registry with no FIDE ID', () => {
    expect(s.ctx.db.prepare('SELECT fide_id FROM players WHERE id = ?').pluck().get(newcomer)).toBeNull()
  })

  it('is not published on FIDE’s list: his games wait in the window', async () => {
    const fide = (fideNov = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult)
    expect(fide.edition).toBe('fide-2024')
    expect(fide.newlyRated).toBe(0)
    expect(s.ctx.db.prepare('SELECT count(*) FROM rating_list_entries WHERE list_id = ? AND player_id = ?').pluck().get(fide.listId, newcomer)).toBe(0)
    // his five games wait in the list's window for the day he has an ID; his sheet, stored though he has no line (kind
    // 'unlisted'), says so with his first rating worked out
    const shown = await call(s, 'lists:sheet', { listId: fide.listId, playerId: newcomer })
    expect(shown.entry).toBeNull()
    // the cup of 4 October 2025 counts for the lists dated before 4 December 2027 (26 months)
    expect(shown.sheet).toMatchObject({ status: null, firstRating: { ru: 1800, games: 5, published: false }, unlisted: { reason: 'no-fide-id', ru: 1800, games: 5, minGames: 5, carried: 1, windowUntil: '2027-12-04' } })
    // the draft's preview shows him apart, with the reason on his row
    const preview = await call(s, 'lists:preview', { listId: fide.listId, kind: 'unlisted', offset: 0, limit: 50 })
    expect(preview.counts.unlisted).toBe(1)
    expect(preview.rows.map((r) => [r.playerId, r.unlisted?.reason])).toEqual([[newcomer, 'no-fide-id']])
    const window = JSON.parse(s.ctx.db.prepare('SELECT data FROM office_list_window WHERE list_id = ? AND player_id = ?').pluck().get(fide.listId, newcomer) as string) as { events: { n: number; w: number }[] }
    expect(window.events).toEqual([expect.objectContaining({ n: 5, w: 2.5 })])
  })

  it('is published on the federation’s own list (FSE profile) from the same games', async () => {
    const fse = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', profile: 'fse' })) as GenerateResult
    const row = s.ctx.db.prepare('SELECT rating, entry_status FROM rating_list_entries WHERE list_id = ? AND player_id = ?').get(fse.listId, newcomer) as { rating: number; entry_status: string } | undefined
    expect(row?.entry_status).toBe('rated')
    expect(fse.newlyRated).toBe(1)
  })

  it('FIDE’s draft is published without him: the ID-less players named in its fingerprint are the same at publication', async () => {
    const r = await call(s, 'lists:publish', { listId: fideNov.listId })
    expect(r.listId).toBe(fideNov.listId)
    expect(s.ctx.db.prepare('SELECT status FROM rating_lists WHERE id = ?').pluck().get(fideNov.listId)).toBe('published')
  })

  it('given a FIDE ID (FIDE’s list brings it, the officer merges the records), FIDE’s next list publishes him from his window', async () => {
    const fromFide = await idFromFide(s, 'office')
    expect(fromFide).not.toBe(newcomer)
    // before the merge: still without an ID on the office's record, still not published
    const before = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(before.newlyRated).toBe(0)
    // the officer merges FIDE's record into the office's: the office's record takes the ID
    await call(s, 'players:merge', { keepId: newcomer, dropId: fromFide, reason: 'FIDE registered him: same person' })
    expect(s.ctx.db.prepare('SELECT fide_id FROM players WHERE id = ?').pluck().get(newcomer)).toBe(NEW_ID)
    // the draft was computed while he had none: out of date
    expect((await refused(s, 'lists:publish', { listId: before.listId })).key).toBe('lists.staleDraft')
    const dec = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(dec.newlyRated).toBe(1)
    expect(entryOf(s, dec.listId, newcomer)).toEqual({ rating: 1800, entry_status: 'rated' })
    // his sheet: the first rating from the October games of the window, published
    const sheet = (await call(s, 'lists:sheet', { listId: dec.listId, playerId: newcomer })).sheet as { firstRating: { ru: number; games: number; published: boolean; window: { n: number; w: number }[] } }
    expect(sheet.firstRating).toMatchObject({ ru: 1800, games: 5, published: true, window: [expect.objectContaining({ n: 5, w: 2.5 })] })
    await call(s, 'lists:publish', { listId: dec.listId })
  })
})

describe('a player without a FIDE ID, FIDE’s record kept at the merge', () => {
  const o = officeAfterNovember('kept.db')

  it('FIDE’s next list publishes him under the record FIDE brought, from the window the office’s record left (folded)', async () => {
    const fromFide = await idFromFide(o.s, 'kept')
    await call(o.s, 'players:merge', { keepId: fromFide, dropId: o.newcomer, reason: 'FIDE registered him: same person' })
    const dec = (await o.s.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(dec.newlyRated).toBe(1)
    expect(entryOf(o.s, dec.listId, fromFide)).toEqual({ rating: 1800, entry_status: 'rated' })
    expect(entryOf(o.s, dec.listId, o.newcomer)).toBeUndefined()
  })
})

describe('a player without a FIDE ID, given one by the federation’s own list', () => {
  const o = officeAfterNovember('national.db')

  it('his licence entered on his record, a national list naming it with his new FIDE ID gives that record the ID: FIDE’s next list publishes him', async () => {
    await call(o.s, 'players:update', { id: o.newcomer, nationalId: 'SUI-77', reason: 'licence of the federation' })
    await autumnCup(o.s)
    const csv = tmp.file('national-nov.csv')
    writeFileSync(csv, 'Licence;FIDE ID;Nom;Prénom\nSUI-77;5600006;Neuf;Noé\n')
    const res = await importNationalList(o.s.ctx.db, { file: csv, listDate: '2025-11-15', ratingType: 'standard', source: 'SUI', mapping: { nationalId: 'Licence', fideId: 'FIDE ID', surname: 'Nom', givenNames: 'Prénom' } })
    expect(res.players).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
    expect(o.s.ctx.db.prepare('SELECT fide_id FROM players WHERE id = ?').pluck().get(o.newcomer)).toBe(NEW_ID)
    const dec = (await o.s.ctx.jobs.run('lists:generate', { listDate: '2025-12-01' })) as GenerateResult
    expect(dec.newlyRated).toBe(1)
    expect(entryOf(o.s, dec.listId, o.newcomer)).toEqual({ rating: 1800, entry_status: 'rated' })
  })
})
