// The officer's reasons where they mean something, on a real database: a selection of tournaments approved or
// rejected in one decision (one transaction, one audit entry each, the bulk named in each); a clean approval and a
// confirmed identity take the standard reason with who and when; a rejection, an approval with findings still to
// decide and a rejected player match still need a typed one; a tournament with findings to decide is named and the
// whole selection left as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { writeTrf } from '../../../../src/main/core/trf/index'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import type { TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { reportTrf, seedArbiter, seedList, type ReportPlayer, type ReportSpec } from '../../../helpers/report-trf'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbFile = tmp.file('office.db')
openDatabase(dbFile).close()

const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 81001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 81002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 81003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 81004, rating: 1900, sex: 'F' },
  { name: 'Echo, Emil', fideId: 81005, rating: 1850 },
  { name: 'Foxtrot, Fred', fideId: 81006, rating: 1700 }
]
const LICENSED = { role: 'chief' as const, name: 'Martin, Marc', fideId: 82002, title: 'NA' }
const UNLICENSED = { role: 'chief' as const, name: 'Lapierre, Louis', fideId: 82001, title: 'FA' }
seedList(dbFile, '2025-02-01', PLAYERS)
seedArbiter(dbFile, 82001, UNLICENSED.name, null)
seedArbiter(dbFile, 82002, LICENSED.name, { validFrom: '2020-01-01', validTo: null })

const services = createServices({ dbPath: dbFile, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
const db = services.ctx.db
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

async function call<T = never>(name: string, input: unknown): Promise<T> {
  const r = await services.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key })
  return r.value as T
}
async function refused(name: string, input: unknown): Promise<{ key: string; message: string; code: string }> {
  const r = await services.dispatch(name, input)
  if (r.ok) throw new Error(`${name} was expected to be refused`)
  return r.error
}
const status = (id: number) => (db.prepare('SELECT status FROM tournaments WHERE id = ?').get(id) as { status: string }).status
type Audit = { id: number; action: string; actor: string; at: string; reason: string | null; data: Record<string, unknown> }
const statusAudit = async (id: number) => (await call<Audit[]>('checks:audit', { id })).filter((a) => a.action === 'tournament.status')
const auditRows = () => (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n

/** A five-round report of March 2025 received the day after its end: no deadline finding. */
async function importReport(name: string, day: number, arbiter = LICENSED): Promise<number> {
  const d = (n: number) => `2025-03-${String(n).padStart(2, '0')}`
  const spec: ReportSpec = { name, start: d(day), end: d(day + 4), roundDates: [0, 1, 2, 3, 4].map((i) => d(day + i)), arbiters: [arbiter], players: PLAYERS }
  const [r] = await call<{ ok: true; tournamentId: number }[]>('tournaments:import', { files: [{ fileName: `${name}.trf`, base64: Buffer.from(reportTrf(spec), 'latin1').toString('base64') }], receivedDate: d(day + 5) })
  return r.tournamentId
}

const CLEAN_EN = 'Approved with nothing to decide: every finding decided or none raised (standard reason).'
let nice = 0, metz = 0, caen = 0, lyon = 0

beforeAll(async () => {
  await call('settings:set', { officer: 'A. Officer' })
  nice = await importReport('Open de Nice', 2)
  metz = await importReport('Open de Metz', 3)
  caen = await importReport('Open de Caen', 4)
  lyon = await importReport('Open de Lyon', 1, UNLICENSED)
})

describe('approving a selection in one decision', () => {
  it('the four reports arrive checked; only Lyon has something to decide (its chief arbiter without a licence)', async () => {
    const rows = (await call<{ rows: { id: number; status: string; open: number }[] }>('checks:dashboard', { sort: 'name', order: 'asc' })).rows
    expect(rows.map((r) => [r.id, r.status, r.open])).toEqual([
      [caen, 'checked', 0],
      [lyon, 'checked', 1],
      [metz, 'checked', 0],
      [nice, 'checked', 0]
    ])
  })

  it('refuses the whole selection when one tournament has findings to decide, names it, and writes nothing', async () => {
    const before = auditRows()
    const e = await refused('checks:decideTournaments', { ids: [nice, metz, lyon], decision: 'approved' })
    expect(e.key).toBe('checks.bulkOpen')
    expect(e.message).toBe(
      `Nothing was approved: 1 tournament of the selection still has findings to decide (their number after the colon): Open de Lyon (${lyon}): 1. An approval in bulk decides no finding: open each one and decide its findings, or leave it out of the selection.`
    )
    expect([status(nice), status(metz), status(lyon)]).toEqual(['checked', 'checked', 'checked'])
    expect(auditRows()).toBe(before)
  })

  it('approves three clean tournaments in one call, each with its own audit entry: the standard reason, who and when', async () => {
    const before = auditRows()
    const out = await call<{ decision: string; tournaments: { id: number; from: string; status: string }[] }>('checks:decideTournaments', { ids: [nice, metz, caen], decision: 'approved' })
    expect(out).toEqual({ decision: 'approved', tournaments: [nice, metz, caen].map((id) => ({ id, from: 'checked', status: 'approved' })) })
    expect([status(nice), status(metz), status(caen)]).toEqual(['approved', 'approved', 'approved'])
    // three rows, one a tournament, nothing else
    expect(auditRows()).toBe(before + 3)
    for (const id of [nice, metz, caen]) {
      const last = (await statusAudit(id)).at(-1)!
      expect(last).toMatchObject({ actor: 'A. Officer', reason: CLEAN_EN, data: { from: 'checked', to: 'approved', bulk: { count: 3 }, standardReason: 'cleanApproval', overridden: [] } })
      expect(last.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
    }
  })

  it('refuses a selection holding an already approved tournament, by name', async () => {
    const e = await refused('checks:decideTournaments', { ids: [nice, lyon], decision: 'approved', reason: 'Reports checked by hand' })
    expect(e.key).toBe('checks.bulkApproveState')
    expect(e.message).toContain(`Open de Nice (${nice})`)
    expect(e.message).not.toContain('Open de Lyon')
  })

  it('rejects a selection only with a typed reason, each rejection in the audit log with it', async () => {
    expect((await refused('checks:decideTournaments', { ids: [metz, lyon], decision: 'rejected' })).key).toBe('checks.reasonRequiredReject')
    // the schema refuses a reason too short to say anything, where the call enters the main process
    expect((await refused('checks:decideTournaments', { ids: [metz, lyon], decision: 'rejected', reason: 'no' })).code).toBe('validation')
    expect((await refused('checks:decideTournaments', { ids: [], decision: 'approved' })).code).toBe('validation')
    const out = await call<{ tournaments: { id: number; from: string; status: string }[] }>('checks:decideTournaments', { ids: [metz, lyon], decision: 'rejected', reason: 'Played under another federation’s rules', officer: 'B. Deputy' })
    expect(out.tournaments).toEqual([
      { id: metz, from: 'approved', status: 'rejected' },
      { id: lyon, from: 'checked', status: 'rejected' }
    ])
    for (const id of [metz, lyon]) {
      expect((await statusAudit(id)).at(-1)).toMatchObject({ actor: 'B. Deputy', reason: 'Played under another federation’s rules', data: { to: 'rejected', bulk: { count: 2 } } })
    }
    // a rejected tournament has nothing to decide: the dashboard says so (it still lists its error)
    const rows = (await call<{ rows: { id: number; open: number; errors: number }[] }>('checks:dashboard', {})).rows
    expect(rows.find((r) => r.id === lyon)).toMatchObject({ errors: 1, open: 0 })
    // nor among those with a decision to take
    expect((await call<{ rows: { id: number }[] }>('checks:dashboard', { level: 'open' })).rows.map((r) => r.id)).not.toContain(lyon)
    expect((await call<{ rows: { id: number }[] }>('checks:dashboard', { level: 'clean' })).rows.map((r) => r.id)).toContain(lyon)
  })
})

describe('one approval without a typed reason', () => {
  it('is refused while a finding is still to decide, and says how many', async () => {
    const pau = await importReport('Open de Pau', 5, UNLICENSED)
    const e = await refused('checks:approve', { id: pau, overrideErrors: true })
    expect(e.key).toBe('checks.reasonRequired')
    expect(e.message).toBe(`Tournament ${pau}: 1 finding is still to decide, so the approval needs a reason (an approval with nothing to decide takes the standard one).`)
    // decided (overridden with its reason), the approval needs none
    const [f] = (await call<{ id: number; code: string }[]>('tournaments:findings', { id: pau })).filter((x) => x.code === 'check.arbiters.unlicensed')
    await call('tournaments:decideFinding', { findingId: f.id, decision: 'overridden', reason: 'Licence renewed on 3 March' })
    await call('checks:approve', { id: pau })
    expect(status(pau)).toBe('approved')
    expect((await statusAudit(pau)).at(-1)).toMatchObject({ reason: CLEAN_EN, data: { standardReason: 'cleanApproval' } })
  })

  it('records the standard reason in the office’s language', async () => {
    await call('settings:set', { locale: 'fr' })
    try {
      const tarbes = await importReport('Open de Tarbes', 6)
      await call('checks:approve', { id: tarbes })
      expect((await statusAudit(tarbes)).at(-1)!.reason).toBe('Approuvé sans rien à décider : chaque constat décidé ou aucun relevé (motif standard).')
    } finally {
      await call('settings:set', { locale: 'en' })
    }
  })
})

describe('a player’s identity', () => {
  const player = (sr: number, over: Partial<TournamentPlayer>): TournamentPlayer => ({ startRank: sr, fideId: null, name: `Player ${sr}`, sex: 'M', title: null, federation: 'FRA', birth: null, rating: null, points: null, rank: null, rounds: [], ...over })
  let tp1 = 0, tp2 = 0, candidate = 0
  beforeAll(async () => {
    const ins = db.prepare('INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?)')
    candidate = Number(ins.run(850002, 'Lefèvre', 'Jean-Luc', 'lefevre jean luc', 'FRA', 'M', '1979-11-23').lastInsertRowid)
    ins.run(850003, 'Garnier', 'Paul', 'garnier paul', 'FRA', 'M', '1980-01-01')
    const players = [
      player(1, { name: 'Lefevre, Jean Luc', birth: '1979-11-23', rounds: [{ round: 1, opponent: 2, color: 'w', code: '=' }], points: 0.5 }),
      player(2, { name: 'Garnier, Paul', birth: '1980-01-01', rounds: [{ round: 1, opponent: 1, color: 'b', code: '=' }], points: 0.5 })
    ]
    const text = writeTrf({ header: { ...emptyHeader(), name: 'Identity Open', city: 'Lyon', startDate: '2025-06-01', endDate: '2025-06-01', timeControl: '90+30' }, players }, { format: 'TRF16' }).text
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'identity.trf', base64: Buffer.from(text).toString('base64') }] })
    const t = await call<{ players: { startRank: number; id: number; matchStatus: string }[] }>('tournaments:get', { id: r.tournamentId })
    expect(t.players.map((p) => p.matchStatus)).toEqual(['candidate', 'candidate'])
    tp1 = t.players[0].id
    tp2 = t.players[1].id
  })

  it('the proposal shows the registry record it compares with, and the finding says the same percent', async () => {
    const tid = (db.prepare('SELECT tournament_id AS t FROM tournament_players WHERE id = ?').get(tp1) as { t: number }).t
    const t = await call<{ players: { startRank: number; matchConfidence: number; candidate: unknown }[] }>('tournaments:get', { id: tid })
    // name folded alike, same birth date, same federation: 1.0
    expect(t.players[0]).toMatchObject({ matchConfidence: 1, candidate: { fideId: 850002, federation: 'FRA', birth: '1979-11-23', sex: 'M', title: null } })
    const f = (await call<{ code: string; startRank: number; message: string }[]>('tournaments:findings', { id: tid })).find((x) => x.code === 'trf.match.candidate' && x.startRank === 1)!
    expect(f.message).toBe('Player 1 “Lefevre, Jean Luc” has no FIDE ID; registry player Lefèvre, Jean-Luc (FIDE 850002) matches at 100%. Confirm or reject.')
  })

  it('a confirmation needs no typed reason: the standard one is recorded with who and when, on the match and in the audit log', async () => {
    const out = await call<{ matchStatus: string; playerId: number }>('tournaments:resolvePlayer', { tournamentPlayerId: tp1, action: 'confirm', officer: 'C. Clerk' })
    expect(out).toMatchObject({ matchStatus: 'confirmed', playerId: candidate })
    const a = db.prepare("SELECT actor, reason, data FROM audit_log WHERE action = 'tournament-player.confirm' AND entity_id = ?").get(String(tp1)) as { actor: string; reason: string; data: string }
    expect(a).toMatchObject({ actor: 'C. Clerk', reason: 'Identity confirmed: the registry player proposed is the report’s player (standard reason).' })
    expect(JSON.parse(a.data)).toMatchObject({ standardReason: 'identityConfirmed', playerId: candidate })
    const f = db.prepare("SELECT decision, decision_reason AS reason, decided_by AS by, decided_at AS at FROM tournament_findings WHERE code = 'trf.match.candidate' AND start_rank = 1 AND decision IS NOT NULL ORDER BY id DESC").get() as { decision: string; reason: string; by: string; at: string }
    expect(f).toMatchObject({ decision: 'accepted', reason: a.reason, by: 'C. Clerk' })
    expect(f.at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('a rejected match still needs a reason', async () => {
    const e = await refused('tournaments:resolvePlayer', { tournamentPlayerId: tp2, action: 'reject' })
    expect(e.key).toBe('tournaments.rejectReasonRequired')
    const out = await call<{ matchStatus: string }>('tournaments:resolvePlayer', { tournamentPlayerId: tp2, action: 'reject', reason: 'Another Paul Garnier: born 1990 per his club' })
    expect(out.matchStatus).toBe('rejected')
  })
})
