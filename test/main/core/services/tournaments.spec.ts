// tournaments:* through the real dispatcher: import in one transaction, duplicates, corrected files with a diff, matching, findings and decisions, export.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { createServices } from '../../../../src/main/core/services/index'
import { latestVersion } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { readTrf, writeTrf } from '../../../../src/main/core/trf/index'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import type { TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { tempDir } from '../../../helpers/temp-db'
import { REAL_DIR, TRF_DIR } from '../../../helpers/fixtures'

const REAL = REAL_DIR
const TRF = TRF_DIR
const tmp = tempDir()
const services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
const db = services.ctx.db
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})
const call = async (name: string, input: unknown) => {
  const r = await services.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key, code: r.error.code })
  return r.value as never
}
const file = (dir: string, name: string) => ({ fileName: name, base64: readFileSync(dir + name).toString('base64') })
const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n

const EXAMPLE1 = 'sklangen_TRF__tests__example1.trf'

describe('tournaments:import', () => {
  let id = 0
  it('imports the FIDE example: 284 players, 7 rounds, every game with its code, bytes and hash kept', async () => {
    const [r] = await call('tournaments:import', { files: [file(REAL, EXAMPLE1)] }) as { ok: true; tournamentId: number; outcome: string; players: number; rounds: number; games: number; sha256: string; version: number }[]
    expect(r).toMatchObject({ ok: true, outcome: 'imported', players: 284, rounds: 7, version: 1 })
    id = r.tournamentId
    expect(count('tournament_games')).toBe(284 * 7)
    // 980 games told from both sides in the data
    expect(r.games).toBe(980)
    const stored = db.prepare('SELECT bytes, sha256, size FROM tournament_files WHERE tournament_id = ?').get(id) as { bytes: Buffer; sha256: string; size: number }
    expect(Buffer.compare(stored.bytes, readFileSync(REAL + EXAMPLE1))).toBe(0)
    expect(stored.size).toBe(45690)
    expect(stored.sha256).toBe(r.sha256)
    const home = await call('system:home', {}) as { tournamentsByStatus: Record<string, number> }
    // the regulation checks run inside the import: the tournament arrives checked
    expect(home.tournamentsByStatus).toEqual({ checked: 1 })
    const t = await call('tournaments:get', { id }) as { header: { name: string; startDate: string; system: string; ratingType: string }; players: { startRank: number; rounds: unknown[] }[]; files: unknown[] }
    expect(t.header).toMatchObject({ name: '9. Karl-Mala-Gedenkturnier', startDate: '2005-07-28', system: 'swiss', ratingType: 'standard' })
    expect(t.players[0].rounds[0]).toEqual({ round: 1, opponent: 141, color: 'w', code: '1' })
    expect(t.files).toHaveLength(1)
    const audit = db.prepare("SELECT action, entity_id AS entityId FROM audit_log WHERE entity = 'tournament'").all()
    expect(audit).toEqual([{ action: 'tournament.import', entityId: String(id) }, { action: 'tournament.status', entityId: String(id) }])
  })

  it('recognises the same file imported twice and writes nothing', async () => {
    const before = [count('tournaments'), count('tournament_files'), count('tournament_players'), count('tournament_findings')]
    const [r] = await call('tournaments:import', { files: [file(REAL, EXAMPLE1)] }) as { outcome: string; tournamentId: number; players: number }[]
    expect(r).toMatchObject({ outcome: 'duplicate', tournamentId: id, players: 284 })
    expect([count('tournaments'), count('tournament_files'), count('tournament_players'), count('tournament_findings')]).toEqual(before)
  })

  it('a corrected file replaces the earlier version, with the diff recorded and earlier findings kept inactive', async () => {
    const parsed = readTrf(readFileSync(REAL + EXAMPLE1), EXAMPLE1)
    const p1 = parsed.players.find((p) => p.startRank === 1)!
    const p141 = parsed.players.find((p) => p.startRank === 141)!
    p1.rounds[0] = { ...p1.rounds[0], code: '=' }
    p141.rounds[0] = { ...p141.rounds[0], code: '=' }
    p1.points = p1.points! - 0.5
    p141.points = p141.points! + 0.5
    const corrected = writeTrf(parsed, { format: 'TRF16' }).text
    // a decision taken on version 1 follows the same finding into version 2
    const [decided] = await call('tournaments:findings', { id, level: 'warning' }) as { id: number; code: string; group: string }[]
    await call('tournaments:decideFinding', { findingId: decided.id, decision: 'accepted', reason: 'known to the office' })
    const findingsBefore = count('tournament_findings')
    const correctedFile = { fileName: 'example1-corrected.trf', base64: Buffer.from(corrected).toString('base64') }
    // found by name, start and players, the replacement is held with what it changes: nothing stored until confirmed
    const auditBefore = count('audit_log')
    const [held] = await call('tournaments:import', { files: [correctedFile] }) as { ok: boolean; outcome: string; message: string; replacement: { tournamentId: number; current: { version: number; rounds: number; players: number; games: number }; incoming: { rounds: number; games: number }; changes: Record<string, number>; warnings: unknown[]; summary: string } }[]
    expect(held).toMatchObject({ ok: false, outcome: 'held', replacement: { tournamentId: id, current: { version: 1, rounds: 7, players: 284, games: 980 }, incoming: { rounds: 7, games: 980 }, warnings: [] } })
    // two entries (players 1 and 141, round 1) and their points
    expect(held.replacement.changes).toEqual({ header: 0, playersAdded: 0, playersRemoved: 0, playerFields: 2, roundEntries: 2 })
    expect(held.message).toBe(
      'example1-corrected.trf would replace tournament 1 “9. Karl-Mala-Gedenkturnier” (version 1, sklangen_TRF__tests__example1.trf): rounds 7 → 7, players 284 → 284, games 980 → 980; 2 round entries changed (result, opponent or colour), 0 players added, 0 removed, 2 player fields and 0 header fields changed. Nothing was imported: confirm the replacement to import it.'
    )
    expect([count('tournament_files'), count('tournament_findings'), count('audit_log')]).toEqual([1, findingsBefore, auditBefore])
    const [r] = await call('tournaments:import', { files: [{ ...correctedFile, replaces: id, replacesVersion: 1 }] }) as { outcome: string; tournamentId: number; version: number; diff: { rounds: unknown[]; players: unknown[]; summary: string } }[]
    expect(r).toMatchObject({ outcome: 'replaced', tournamentId: id, version: 2 })
    expect(r.diff.rounds).toEqual([
      { startRank: 1, round: 1, before: '141 w 1', after: '141 w =' },
      { startRank: 141, round: 1, before: '1 b 0', after: '1 b =' }
    ])
    expect(r.diff.players).toEqual([
      { startRank: 1, field: 'points', before: 6, after: 5.5 },
      { startRank: 141, field: 'points', before: p141.points - 0.5, after: p141.points }
    ])
    expect(count('tournaments')).toBe(1)
    expect(count('tournament_files')).toBe(2)
    expect(count('tournament_players')).toBe(284)
    const inactive = (db.prepare('SELECT count(*) AS n FROM tournament_findings WHERE active = 0').get() as { n: number }).n
    expect(inactive).toBe(findingsBefore)
    const t = await call('tournaments:get', { id }) as { files: { version: number; diff: unknown }[] }
    expect(t.files.map((f) => f.version)).toEqual([2, 1])
    const now = await call('tournaments:findings', { id, level: 'warning' }) as { id: number; code: string; group: string; decision: string | null; decisionReason: string | null }[]
    const carried = now.find((f) => f.code === decided.code && f.group === decided.group)!
    expect(carried.id).not.toBe(decided.id)
    expect(carried).toMatchObject({ decision: 'accepted', decisionReason: 'known to the office' })
    expect(db.prepare("SELECT action FROM audit_log WHERE entity = 'tournament' ORDER BY id").all()).toEqual([
      { action: 'tournament.import' },
      { action: 'tournament.status' },
      { action: 'tournament.replace' },
      { action: 'tournament.check' }
    ])
  })

  it('refuses a malformed file with located findings and leaves no trace', async () => {
    const before = [count('tournaments'), count('tournament_files'), count('tournament_players'), count('tournament_games'), count('tournament_findings'), count('audit_log')]
    const [r] = await call('tournaments:import', { files: [file(TRF, 'py4swiss_missing_result.trf')] }) as { ok: false; message: string; findings: { code: string; location: { line: number } }[] }[]
    expect(r.ok).toBe(false)
    expect(r.findings).toHaveLength(1)
    expect(r.findings[0]).toMatchObject({ code: 'trf.round.asymmetric', location: { line: 2, column: 130, endColumn: 139 } })
    expect(r.message).toContain('py4swiss_missing_result.trf')
    expect([count('tournaments'), count('tournament_files'), count('tournament_players'), count('tournament_games'), count('tournament_findings'), count('audit_log')]).toEqual(before)
  })

  it('refuses several files that would all replace the same tournament', async () => {
    const r = await services.dispatch('tournaments:import', { files: [file(REAL, EXAMPLE1), file(REAL, EXAMPLE1)], replaces: 1 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe('Only one file can replace tournament 1; 2 were given.')
  })

  it('imports several files in one call, each on its own', async () => {
    const r = await call('tournaments:import', { files: [file(REAL, 'erral_fidetournament__tests__test_demo.trf'), file(TRF, 'py4swiss_invalid_code.trf'), file(REAL, 'sanichi_icu_tournament__spec__samples__krause__irish_junior_champs_2011.tab')] }) as { ok: boolean; players?: number }[]
    expect(r.map((x) => [x.ok, x.players ?? null])).toEqual([[true, 137], [false, null], [true, 34]])
    const list = await call('tournaments:list', {}) as { total: number; rows: { name: string; status: string; players: number }[] }
    expect(list.total).toBe(3)
    expect(list.rows.map((x) => x.players).sort((a, b) => a - b)).toEqual([34, 137, 284])
  })
})

describe('player matching, findings and decisions', () => {
  const player = (sr: number, over: Partial<TournamentPlayer>): TournamentPlayer => ({ startRank: sr, fideId: null, name: `Player ${sr}`, sex: 'M', title: null, federation: 'FRA', birth: null, rating: null, points: null, rank: null, rounds: [], ...over })
  let tid = 0
  const rows: Record<string, number> = {}
  it('matches by FIDE ID with mismatches reported, proposes unknown IDs, scores candidates for missing IDs', async () => {
    const ins = db.prepare('INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?)')
    rows.known = Number(ins.run(650001, 'Dupont', 'Marie', 'dupont marie', 'FRA', 'F', '1985-03-04').lastInsertRowid)
    rows.candidate = Number(ins.run(650002, 'Lefèvre', 'Jean-Luc', 'lefevre jean luc', 'FRA', 'M', '1979-11-23').lastInsertRowid)
    // the list in force at the start (1 May) says 2150; the file types 2100: a cross-check, never used for rating
    const list = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', '2025-05-01', 'standard', 'FIDE', 'reference')").run().lastInsertRowid)
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, 2150)').run(list, rows.known)
    const players = [
      player(1, { fideId: '650001', name: 'Dupont, Marie', sex: 'M', birth: '1986-03-04', rating: 2100, rounds: [{ round: 1, opponent: 2, color: 'w', code: '1' }] }),
      player(2, { fideId: '650099', name: 'Nouveau, Paul', rounds: [{ round: 1, opponent: 1, color: 'b', code: '0' }] }),
      player(3, { name: 'Lefevre, Jean Luc', birth: '1979-11-23', rounds: [{ round: 1, opponent: 4, color: 'w', code: '=' }] }),
      player(4, { name: 'Zzyzx, Quentin', rounds: [{ round: 1, opponent: 3, color: 'b', code: '=' }] })
    ].map((p) => ({ ...p, points: p.rounds[0].code === '1' ? 1 : p.rounds[0].code === '=' ? 0.5 : 0 }))
    const text = writeTrf({ header: { ...emptyHeader(), name: 'Matching Open', city: 'Lyon', startDate: '2025-06-01', endDate: '2025-06-01', timeControl: '90+30' }, players }, { format: 'TRF16' }).text
    const [r] = await call('tournaments:import', { files: [{ fileName: 'matching.trf', base64: Buffer.from(text).toString('base64') }] }) as { tournamentId: number; matched: unknown }[]
    tid = r.tournamentId
    expect(r.matched).toEqual({ byFideId: 1, unknownId: 1, candidates: 1, unmatched: 1 })
    // the time control in the reader's words, each language (90′ + 30″: 90 + 60 × 30″ = 120 minutes for 60 moves)
    const g = await call('tournaments:get', { id: tid }) as { header: { timeControl: string; timeControlWords: { en: string; fr: string } | null } }
    expect(g.header).toMatchObject({ timeControl: '90+30', timeControlWords: { en: '90 min + 30 s per move (120 min for 60 moves)', fr: '90 min + 30 s par coup (120 min pour 60 coups)' } })
    const t = await call('tournaments:get', { id: tid }) as { players: { startRank: number; id: number; matchStatus: string; playerId: number | null; candidatePlayerId: number | null; matchConfidence: number | null; candidateName: string | null }[] }
    const by = Object.fromEntries(t.players.map((p) => [p.startRank, p]))
    expect(by[1]).toMatchObject({ matchStatus: 'fide-id', playerId: rows.known })
    expect(by[2]).toMatchObject({ matchStatus: 'unknown-id', playerId: null })
    // name 1.0 (folded alike), same birth date 1.0, same federation 1.0
    expect(by[3]).toMatchObject({ matchStatus: 'candidate', candidatePlayerId: rows.candidate, matchConfidence: 1, candidateName: 'Lefèvre, Jean-Luc' })
    expect(by[4]).toMatchObject({ matchStatus: 'unmatched', playerId: null })
    rows.tp2 = by[2].id
    rows.tp3 = by[3].id
    const match = await call('tournaments:findings', { id: tid }) as { code: string; line: number; column: number; found: string; expected: string; message: string }[]
    const codes = match.filter((f) => f.code.startsWith('trf.match.')).map((f) => f.code).sort()
    expect(codes).toEqual(['trf.match.birthMismatch', 'trf.match.candidate', 'trf.match.noCandidate', 'trf.match.ratingMismatch', 'trf.match.sexMismatch', 'trf.match.unknownId'])
    const rating = match.find((f) => f.code === 'trf.match.ratingMismatch')!
    expect(rating).toMatchObject({ column: 49, found: '2100', expected: '2150' })
    expect(rating.message).toBe('Player 1 (FIDE 650001): rating 2100 typed in the file, 2150 on the list of 1 May 2025.')
    const sex = match.find((f) => f.code === 'trf.match.sexMismatch')!
    expect(sex).toMatchObject({ line: 8, column: 10, found: 'M', expected: 'F' })
    expect(sex.message).toBe('Player 1 (FIDE 650001): sex M in the file, F in the registry.')
  })

  it('the officer confirms a candidate and creates an unknown ID as a new player, each audited', async () => {
    const c = await call('tournaments:resolvePlayer', { tournamentPlayerId: rows.tp3, action: 'confirm', reason: 'same person, checked the ID card' }) as { matchStatus: string; playerId: number }
    expect(c).toEqual({ tournamentPlayerId: rows.tp3, matchStatus: 'confirmed', playerId: rows.candidate })
    const n = await call('tournaments:resolvePlayer', { tournamentPlayerId: rows.tp2, action: 'create' }) as { matchStatus: string; playerId: number }
    expect(n.matchStatus).toBe('created')
    expect(db.prepare('SELECT fide_id AS fideId, surname, given_names AS givenNames, federation FROM players WHERE id = ?').get(n.playerId)).toEqual({ fideId: 650099, surname: 'Nouveau', givenNames: 'Paul', federation: 'FRA' })
    const actions = (db.prepare("SELECT action FROM audit_log WHERE entity IN ('tournament_player','player') ORDER BY id").all() as { action: string }[]).map((a) => a.action)
    expect(actions).toEqual(['tournament-player.confirm', 'player.create', 'tournament-player.create'])
    const open = await call('tournaments:findings', { id: tid, undecidedOnly: true }) as { code: string }[]
    expect(open.map((f) => f.code)).not.toContain('trf.match.candidate')
  })

  it('decides a finding with a reason, recorded in the audit log; a missing reason is refused', async () => {
    const [f] = await call('tournaments:findings', { id: tid, level: 'warning', undecidedOnly: true }) as { id: number }[]
    const d = await call('tournaments:decideFinding', { findingId: f.id, decision: 'overridden', reason: 'birth date corrected by the federation', officer: 'A. Officer' }) as { decision: string; decisionReason: string; decidedBy: string; decidedAt: string }
    expect(d).toMatchObject({ decision: 'overridden', decisionReason: 'birth date corrected by the federation', decidedBy: 'A. Officer' })
    expect(d.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const a = db.prepare("SELECT actor, action, reason FROM audit_log WHERE entity = 'tournament_finding' AND entity_id = ?").get(String(f.id))
    expect(a).toEqual({ actor: 'A. Officer', action: 'finding.overridden', reason: 'birth date corrected by the federation' })
    const bad = await services.dispatch('tournaments:decideFinding', { findingId: f.id, decision: 'accepted', reason: '' })
    expect(bad.ok).toBe(false)
  })

  it('approving a tournament needs its errors decided; then the status moves and is audited', async () => {
    const [row] = await call('tournaments:import', { files: [file(TRF, 'py4swiss_incorrect_points.trf')] }) as { tournamentId: number }[]
    const refused = await services.dispatch('checks:approve', { id: row.tournamentId, reason: 'looks fine' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.key).toBe('checks.openErrors')
    const errors = (await call('tournaments:findings', { id: row.tournamentId, level: 'error' }) as { id: number; code: string; line: number; source: string }[]).filter((e) => e.source !== 'check')
    expect(errors.map((e) => [e.code, e.line])).toEqual([['trf.check.points', 2]])
    await call('tournaments:decideFinding', { findingId: errors[0].id, decision: 'overridden', reason: 'arbiter confirms 3 points; column typo' })
    // the file has no header at all: nothing tells its rating type, and no list would take it until the officer sets it
    const untyped = await services.dispatch('checks:approve', { id: row.tournamentId, reason: 'errors overridden', overrideErrors: true })
    expect(untyped.ok ? null : untyped.error.key).toBe('checks.noRatingType')
    await call('checks:setRatingType', { id: row.tournamentId, ratingType: 'standard', reason: 'the organiser confirms a standard event' })
    // the regulation checks of this test file (no arbiter, no dates) are overridden with the approval's reason
    expect(await call('checks:approve', { id: row.tournamentId, reason: 'errors overridden', overrideErrors: true })).toMatchObject({ id: row.tournamentId, status: 'approved' })
  })

  it('exports TRF16 and TRF26 that read back to the same players', async () => {
    for (const format of ['trf16', 'trf26'] as const) {
      const out = await call('tournaments:export', { id: tid, format }) as { text: string; fileName: string }
      expect(out.fileName).toBe(`matching-open-${format}.trf`)
      const back = readTrf(new TextEncoder().encode(out.text), out.fileName)
      expect(back.players.map((p) => [p.startRank, p.name, p.fideId, p.rounds[0].code])).toEqual([[1, 'Dupont, Marie', '650001', '1'], [2, 'Nouveau, Paul', '650099', '0'], [3, 'Lefevre, Jean Luc', null, '='], [4, 'Zzyzx, Quentin', null, '=']])
    }
  })
})

describe('tournaments:preview', () => {
  it('reads without writing: crosstable, findings with messages, and whether the file is new, known or a correction', async () => {
    const before = [count('tournaments'), count('tournament_files'), count('audit_log')]
    const same = await call('tournaments:preview', file(REAL, EXAMPLE1)) as { alreadyImported: number | null; replaces: number | null; importable: boolean }
    expect(same).toMatchObject({ alreadyImported: 1, replaces: null, importable: true })
    const edited = Buffer.concat([readFileSync(REAL + EXAMPLE1), Buffer.from('### checked by the office\n')])
    const correction = await call('tournaments:preview', { fileName: 'example1-v3.trf', base64: edited.toString('base64') }) as { alreadyImported: number | null; replaces: number | null }
    expect(correction).toMatchObject({ alreadyImported: null, replaces: 1 })
    const fresh = await call('tournaments:preview', file(REAL, 'sklangen_TRF__tests__2020_06.trf')) as { alreadyImported: number | null; replaces: number | null; header: { name: string; rounds: number }; players: unknown[]; encoding: string }
    expect(fresh).toMatchObject({ alreadyImported: null, replaces: null, header: { name: 'Mai 5 Plus 0 Turnier', rounds: 10 }, encoding: 'ascii' })
    expect(fresh.players).toHaveLength(13)
    const bad = await call('tournaments:preview', file(TRF, 'py4swiss_missing_starting_number.trf')) as { importable: boolean; findings: { fatal: boolean; message: string }[] }
    expect(bad.importable).toBe(false)
    expect(bad.findings.filter((f) => f.fatal).map((f) => f.message)).toEqual(['Line 7: start number 8 found where 7 was expected; start numbers must run from 1 to 7.'])
    expect([count('tournaments'), count('tournament_files'), count('audit_log')]).toEqual(before)
  })
})

describe('festival sections', () => {
  it('keeps sections that share name, dates and place apart: Bunratty 2011 Masters, Major and Minor are three tournaments', async () => {
    const sections = ['masters', 'major', 'minor'].map((s) => file(REAL, `sanichi_icu_tournament__spec__samples__krause__bunratty_${s}_2011.tab`))
    const r = await call('tournaments:import', { files: sections }) as { ok: boolean; outcome: string; tournamentId: number; players: number }[]
    expect(r.map((x) => [x.outcome, x.players])).toEqual([['imported', 34], ['imported', 56], ['imported', 103]])
    expect(new Set(r.map((x) => x.tournamentId)).size).toBe(3)
    // the other export of the Masters (ICU ratings app) has the same players: it is a new version of that section
    const other = file(REAL, 'sanichi_icu_ratings_app__spec__files__bunratty_masters_2011.tab')
    const held = await call('tournaments:import', { files: [other] }) as { outcome: string; replacement: { tournamentId: number } }[]
    expect(held[0]).toMatchObject({ outcome: 'held', replacement: { tournamentId: r[0].tournamentId } })
    const again = await call('tournaments:import', { files: [{ ...other, replaces: r[0].tournamentId }] }) as { outcome: string; tournamentId: number; players: number }[]
    expect(again[0]).toMatchObject({ outcome: 'replaced', tournamentId: r[0].tournamentId })
  })
})

describe('every fixture of test/fixtures/trf', () => {
  const MALFORMED = ['py4swiss_incompatible_result.trf', 'py4swiss_invalid_code.trf', 'py4swiss_missing_result.trf', 'py4swiss_missing_starting_number.trf', 'py4swiss_too_many_results.trf']
  it('imports, or is refused with a located error naming the line, as the fixture intends', async () => {
    const names = readdirSync(TRF).filter((f) => f.endsWith('.trf')).sort()
    expect(names).toHaveLength(16)
    const results = await call('tournaments:import', { files: names.map((n) => file(TRF, n)) }) as { ok: boolean; fileName: string; outcome?: string; supersededBy?: string; message?: string; findings?: { fatal: boolean; location: { file: string; line: number | null } }[] }[]
    // two reports of the Gros open (same name, start, place and players): the 5-round one goes in, the 4-round one is
    // set aside and said so; imported in name order, the 4-round file used to replace the 5-round one silently
    const gros = results.find((r) => r.fileName === 'py4swiss_javafo_example.trf')!
    expect(gros).toMatchObject({ ok: false, outcome: 'superseded', supersededBy: 'echecsjs_javafo_sample2.trf' })
    expect(gros.message).toBe('py4swiss_javafo_example.trf reports the same tournament as echecsjs_javafo_sample2.trf, a later report of this import (4 rounds, 5 in echecsjs_javafo_sample2.trf): set aside, not imported.')
    for (const r of results) {
      if (r === gros) continue
      if (MALFORMED.includes(r.fileName)) {
        expect(r.ok, r.fileName).toBe(false)
        expect(r.findings!.length, r.fileName).toBeGreaterThan(0)
        for (const f of r.findings!) {
          expect(f.fatal).toBe(true)
          expect(f.location.file).toBe(r.fileName)
          expect(f.location.line, r.fileName).toBeGreaterThan(0)
        }
      } else expect(r.ok, r.fileName).toBe(true)
    }
  })
})

describe('migration 3 keeps its promises', () => {
  it('refuses an unknown status and any change to an imported file', () => {
    expect(() => db.prepare("UPDATE tournaments SET status = 'published' WHERE id = 1").run()).toThrow(/CHECK constraint failed/)
    expect(() => db.prepare("UPDATE tournament_files SET file_name = 'other.trf' WHERE id = 1").run()).toThrow(/an imported file is kept as it was/)
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations))
  })
})
