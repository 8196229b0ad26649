// Replacing a stored tournament is proposed, never silent (issue 35, item 9): a file that would replace one is held with
// what it changes (rounds, players, games, round entries) and its warnings (older, received earlier, fewer rounds,
// players or games, already rated) until the officer confirms it; several files of one import for the same tournament
// never chain: the later report is proposed, the others are set aside and said so. On real fixtures, a real temp database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameFederation } from '../../../helpers/federation'
import { readFileSync } from 'node:fs'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { readTrf, writeTrf } from '../../../../src/main/core/trf/index'
import type { CallOutput, GenerateResult } from '../../../../src/shared/contract/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf } from '../../cli/trf-writer'
import { tempDir } from '../../../helpers/temp-db'
import { REAL_DIR, TRF_DIR } from '../../../helpers/fixtures'
import { call, importApproved } from './office-list-fixture'

type Result = CallOutput<'tournaments:import'>[number]
type Held = Extract<Result, { outcome: 'held' | 'superseded' }>

const tmp = tempDir()
let s: Services
const count = (sql: string, ...args: unknown[]): number => s.ctx.db.prepare(sql).pluck().get(...args) as number
const bytes = (dir: string, name: string) => ({ fileName: name, base64: readFileSync(dir + name).toString('base64') })
const GROS_5 = 'echecsjs_javafo_sample2.trf'
const GROS_4 = 'py4swiss_javafo_example.trf'
const ERRAL = 'erral_fidetournament__tests__test_demo.trf'

/** The erral report cut after `rounds` rounds: an interim report of the same tournament (its 132 line keeps every date). */
function cut(rounds: number, fileName: string, name?: string): { fileName: string; base64: string } {
  const parsed = readTrf(readFileSync(REAL_DIR + ERRAL), ERRAL)
  if (name) parsed.header.name = name
  for (const p of parsed.players) p.rounds = p.rounds.slice(0, rounds)
  return { fileName, base64: Buffer.from(writeTrf(parsed, { format: 'TRF16' }).text).toString('base64') }
}
const importOf = async (input: Parameters<typeof call<'tournaments:import'>>[2]): Promise<Result[]> => call(s, 'tournaments:import', input)

beforeAll(() => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  nameFederation(s.ctx.db)
})
afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a replacement is held until the officer confirms it', () => {
  let gros = 0
  it('the 4-round report of the Gros open does not replace the stored 5-round one: held, with fewer rounds said', async () => {
    const [first] = await importOf({ files: [bytes(TRF_DIR, GROS_5)], receivedDate: '2010-10-04' })
    expect(first).toMatchObject({ ok: true, outcome: 'imported', rounds: 5 })
    gros = (first as { tournamentId: number }).tournamentId
    const before = [count('SELECT count(*) FROM tournament_files'), count('SELECT count(*) FROM audit_log'), count('SELECT count(*) FROM tournament_findings')]
    const [r] = (await importOf({ files: [bytes(TRF_DIR, GROS_4)], receivedDate: '2010-10-05' })) as Held[]
    expect(r).toMatchObject({ ok: false, outcome: 'held', supersededBy: null })
    // 52 players in both; round 5 of the 5-round file pairs no one (0 games): 25 + 24 + 21 + 23 = 93 games in both
    expect(r.replacement).toMatchObject({
      tournamentId: gros,
      status: 'checked',
      current: { fileName: GROS_5, version: 1, rounds: 5, players: 52, games: 93, receivedDate: '2010-10-04' },
      incoming: { fileName: GROS_4, version: 2, rounds: 4, players: 52, games: 93, receivedDate: '2010-10-05' }
    })
    expect(r.replacement!.warnings.map((w) => [w.code, w.message])).toEqual([['fewerRounds', 'fewer rounds: 4 instead of 5']])
    expect(r.message).toContain('Take care — fewer rounds: 4 instead of 5. Nothing was imported: confirm the replacement to import it.')
    // nothing stored, nothing audited
    expect([count('SELECT count(*) FROM tournament_files'), count('SELECT count(*) FROM audit_log'), count('SELECT count(*) FROM tournament_findings')]).toEqual(before)
    expect(count('SELECT rounds FROM tournaments WHERE id = ?', gros)).toBe(5)
  })

  it('a confirmation given on a version no longer current is refused; the confirmed one replaces, recorded in the audit log', async () => {
    const [stale] = await importOf({ files: [{ ...bytes(TRF_DIR, GROS_4), replaces: gros, replacesVersion: 2 }] })
    expect(stale).toMatchObject({ ok: false, message: `${GROS_4}: tournament ${gros} is now at version 1, not 2 as shown when the replacement was confirmed: look at the replacement again.` })
    expect(count('SELECT count(*) FROM tournament_files WHERE tournament_id = ?', gros)).toBe(1)
    const [r] = await importOf({ files: [{ ...bytes(TRF_DIR, GROS_4), replaces: gros, replacesVersion: 1, receivedDate: '2010-10-06' }] })
    expect(r).toMatchObject({ ok: true, outcome: 'replaced', tournamentId: gros, version: 2, rounds: 4 })
    const audit = s.ctx.db.prepare("SELECT data FROM audit_log WHERE action = 'tournament.replace' AND entity_id = ?").pluck().get(String(gros)) as string
    expect(JSON.parse(audit)).toMatchObject({ file: GROS_4, version: 2, confirmed: { replacedVersion: 1, warnings: ['fewerRounds'], changes: { playersAdded: 0, playersRemoved: 0 } } })
    // the per-file received date is the tournament's
    expect(s.ctx.db.prepare('SELECT received_date FROM tournaments WHERE id = ?').pluck().get(gros)).toBe('2010-10-06')
  })
})

describe('an older, shorter report: every warning, in English and French', () => {
  let erral = 0
  it('holds the 5-round report of a stored 7-round tournament: older (its last round dated earlier), received earlier, fewer rounds and games', async () => {
    const [full] = await importOf({ files: [{ ...bytes(REAL_DIR, ERRAL), receivedDate: '2018-06-01' }] })
    erral = (full as { tournamentId: number }).tournamentId
    const [r] = (await importOf({ files: [{ ...cut(5, 'san-viator-r5.trf'), receivedDate: '2018-05-15' }] })) as Held[]
    expect(r.outcome).toBe('held')
    // games per round 57, 59, 64, 60, 55, 60, 56: 411 in all, 295 in the first five; round 5 on 13 May, round 7 on 27 May
    expect(r.replacement).toMatchObject({ current: { rounds: 7, games: 411, lastRoundDate: '2018-05-27' }, incoming: { rounds: 5, games: 295, lastRoundDate: '2018-05-13' } })
    // rounds 6 and 7 of the 137 players are gone: 274 round entries
    expect(r.replacement!.changes.roundEntries).toBe(274)
    expect(r.replacement!.warnings.map((w) => w.message)).toEqual([
      'older report: its last round is dated 13 May 2018, the stored report’s 27 May 2018',
      'received on 15 May 2018, before the stored report (received on 1 June 2018)',
      'fewer rounds: 5 instead of 7',
      'fewer games: 295 instead of 411'
    ])
    await call(s, 'settings:set', { locale: 'fr' })
    try {
      const [fr] = (await importOf({ files: [{ ...cut(5, 'san-viator-r5.trf'), receivedDate: '2018-05-15' }] })) as Held[]
      expect(fr.replacement!.warnings.map((w) => w.message)).toEqual([
        'rapport plus ancien : sa dernière ronde date du 13 mai 2018, celle du rapport enregistré du 27 mai 2018',
        'reçu le 15 mai 2018, avant le rapport enregistré (reçu le 1er juin 2018)',
        'moins de rondes : 5 au lieu de 7',
        'moins de parties : 295 au lieu de 411'
      ])
      expect(fr.message).toMatch(/^san-viator-r5\.trf remplacerait le tournoi \d+ « XXX Torneo San Viator - Memorial Pepe Domaica \(B\) » \(version 1, erral_fidetournament__tests__test_demo\.trf\) : rondes 7 → 5, joueurs 137 → 137, parties 411 → 295 ; 274 cases de ronde modifiées \(résultat, adversaire ou couleur\), 0 joueur ajouté, 0 retiré, 0 champ de joueur et 0 champ d’en-tête modifiés\. Attention : rapport plus ancien : sa dernière ronde date du 13 mai 2018, celle du rapport enregistré du 27 mai 2018 ; reçu le 15 mai 2018/)
    } finally {
      await call(s, 'settings:set', { locale: 'en' })
    }
  })

  it('two files of one import for the stored tournament never chain: the later report is proposed, the other set aside', async () => {
    const files = [{ ...cut(6, 'san-viator-r6.trf'), receivedDate: '2018-05-22' }, { ...cut(3, 'san-viator-r3.trf'), receivedDate: '2018-04-23' }]
    const before = count('SELECT count(*) FROM tournament_files')
    const r = (await importOf({ files })) as Held[]
    expect(r.map((x) => [x.fileName, x.outcome, x.supersededBy])).toEqual([
      ['san-viator-r6.trf', 'held', null],
      ['san-viator-r3.trf', 'superseded', 'san-viator-r6.trf']
    ])
    expect(r[1]!.message).toBe('san-viator-r3.trf reports the same tournament as san-viator-r6.trf, a later report of this import (3 rounds, 6 in san-viator-r6.trf): set aside, not imported.')
    expect(count('SELECT count(*) FROM tournament_files')).toBe(before)
    // the officer confirms the proposed one in the same kind of batch: the other is still set aside, for it
    const again = await importOf({ files: [{ ...files[0]!, replaces: erral }, files[1]!] })
    expect(again.map((x) => [x.fileName, x.ok, 'outcome' in x ? x.outcome : null])).toEqual([
      ['san-viator-r6.trf', true, 'replaced'],
      ['san-viator-r3.trf', false, 'superseded']
    ])
    expect(count('SELECT rounds FROM tournaments WHERE id = ?', erral)).toBe(6)
    expect(count('SELECT count(*) FROM tournament_files WHERE tournament_id = ?', erral)).toBe(2)
  })

  it('two reports of one new tournament in one import: the longer goes in, the other is set aside (no chained replacement)', async () => {
    const before = count('SELECT count(*) FROM tournaments')
    const r = await importOf({ files: [cut(5, 'open-b-r5.trf', 'San Viator Open B'), cut(3, 'open-b-r3.trf', 'San Viator Open B')] })
    expect(r.map((x) => [x.fileName, x.ok, 'outcome' in x ? x.outcome : null])).toEqual([
      ['open-b-r5.trf', true, 'imported'],
      ['open-b-r3.trf', false, 'superseded']
    ])
    expect(count('SELECT count(*) FROM tournaments')).toBe(before + 1)
    expect(count("SELECT rounds FROM tournaments WHERE name = 'San Viator Open B'")).toBe(5)
  })

  it('a confirmation naming two files for one tournament is refused as a whole', async () => {
    const refused = await s.dispatch('tournaments:import', { files: [{ ...cut(4, 'a.trf'), replaces: erral }, { ...cut(2, 'b.trf'), replaces: erral }] })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toBe(`Only one file can replace tournament ${erral}; 2 were given.`)
  })
})

describe('the Krause ruler line (issue 35, item 10)', () => {
  it('the ICU Armstrong Cup file is stored under its name, the rulers noted as skipped', async () => {
    const [r] = await importOf({ files: [bytes(REAL_DIR, 'sanichi_icu_tournament__spec__samples__krause__armstrong_2011.tab')] })
    expect(r).toMatchObject({ ok: true, outcome: 'imported', name: 'Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011', players: 160 })
    const findings = await call(s, 'tournaments:findings', { id: (r as { tournamentId: number }).tournamentId })
    expect(findings.filter((f) => f.code === 'trf.line.ruler').map((f) => [f.line, f.message])).toEqual([
      [28, 'Line 28: a column ruler (“DDD SSSS sTTT NNNNNN…”), not a record: skipped.'],
      [29, 'Line 29: a column ruler (“01234567890123456789…”), not a record: skipped.']
    ])
  })
})

describe('a rated tournament (rated on a published list)', () => {
  const PLAYERS = [
    { id: 5600001, name: 'Aare, Ali', rating: 2000 },
    { id: 5600002, name: 'Birs, Bea', rating: 1900 },
    { id: 5600003, name: 'Doubs, Dom', rating: 1800 },
    { id: 5600004, name: 'Emme, Eli', rating: 1700 }
  ]
  const report = (rows: string[]): string => roundRobinTrf('Rated Cup', '2025-10-03', 'Round robin standard', PLAYERS.map((p, i) => ({ name: p.name, rating: p.rating, fideId: p.id, results: rows[i]!.split('') })))
  it('stays replaceable as before, the proposal saying which list rated it; confirmed, the correction is audited', async () => {
    importFideList(s.ctx.db, {
      file: writeCombinedList(tmp.file('rated.txt'), PLAYERS.map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: 'M' as const, standard: { rating: p.rating, games: 30, k: 20 }, birthYear: 1980 }))),
      listDate: '2025-10-01'
    })
    const id = await importApproved(s, report(['x1=0', '0x1=', '=0x1', '1=0x']), 'rated-cup.trf')
    const list = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01' })) as GenerateResult
    await call(s, 'lists:publish', { listId: list.listId })
    expect(count('SELECT count(*) FROM tournaments WHERE id = ? AND status = ?', id, 'rated')).toBe(1)
    // the arbiter's correction: 1–4 was a draw
    const corrected = { fileName: 'rated-cup-v2.trf', base64: Buffer.from(report(['x1==', '0x1=', '=0x1', '==0x'])).toString('base64') }
    const [held] = (await importOf({ files: [corrected] })) as Held[]
    expect(held).toMatchObject({ outcome: 'held', replacement: { tournamentId: id, status: 'rated', changes: { roundEntries: 2 } } })
    expect(held.replacement!.warnings.map((w) => w.message)).toEqual(['already rated (standard 1 November 2025): it goes back to review, and the lists that rated it are to be corrected once it is approved again'])
    const [r] = await importOf({ files: [{ ...corrected, replaces: id }] })
    expect(r).toMatchObject({ ok: true, outcome: 'replaced', version: 2 })
    const actions = s.ctx.db.prepare("SELECT action FROM audit_log WHERE entity = 'tournament' AND entity_id = ? AND action IN ('tournament.replace', 'tournament.correct') ORDER BY id").pluck().all(String(id))
    expect(actions).toEqual(['tournament.replace', 'tournament.correct'])
  }, 120_000)
})
