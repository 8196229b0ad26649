// Imports a TRF file into the database in one transaction: header, file bytes + hash, players matched to the registry, games, findings.
import { createHash } from 'node:crypto'
import type { Db } from '../db/open'
import { readTrf, type ParsedTrf, type TrfFinding } from '../trf/index'
import { UserError } from '../util/errors'
import { describeFinding } from '../trf/describe'
import { matchPlayers, type MatchResult } from './match'
import { diffTournaments, type TournamentDiff } from './diff'
import { loadTournamentModel } from '../data/tournament-model'
import { foldName } from '../registry/names'
import { appendAudit } from '../data/audit'
import { officerName } from '../data/settings'

export type ImportOutcome = 'imported' | 'replaced' | 'duplicate'

export interface ImportSummary {
  fileName: string
  outcome: ImportOutcome
  tournamentId: number
  fileId: number
  version: number
  sha256: string
  name: string | null
  startDate: string | null
  players: number
  rounds: number
  games: number
  findings: { error: number; warning: number; info: number }
  matched: { byFideId: number; unknownId: number; candidates: number; unmatched: number }
  diff: TournamentDiff | null
  /** The tournament's status before this file (null for a new tournament): the checks audit the way back. */
  previousStatus: string | null
}

export interface ImportOptions {
  /** Replace this tournament with the file (a corrected version); found by name and start date otherwise. */
  replaces?: number
  actor?: string
  /** Called inside the transaction as players are written (progress for the UI; a seam for the crash test). */
  onProgress?: (done: number, total: number) => void
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function countLevels(findings: { level: string }[]): ImportSummary['findings'] {
  const out = { error: 0, warning: 0, info: 0 }
  for (const f of findings) out[f.level as keyof typeof out]++
  return out
}

/** Refuses a file that cannot stand for a tournament, with every fatal finding located in the error details. */
export function refuseIfFatal(parsed: ParsedTrf): void {
  const fatal = parsed.findings.filter((f) => f.fatal)
  if (fatal.length === 0) return
  throw new UserError('trf.import.refused', { file: parsed.fileName, count: fatal.length, first: describeFinding(fatal[0]) }, fatal)
}

/** Share of the smaller field found in the other, by folded name: a corrected file keeps (almost) all its players. */
export function playerOverlap(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0
  const set = new Set(b.map((n) => foldName(n)))
  const common = a.filter((n) => set.has(foldName(n))).length
  return common / Math.min(a.length, b.length)
}

/** Below this overlap two files with the same name, place and start are different sections, not versions. */
export const SAME_TOURNAMENT_OVERLAP = 0.5

/**
 * The tournament a file corrects: the one named explicitly, or the latest with the same name, start date and place
 * whose players mostly reappear (festival sections often share name, dates and place).
 */
export function findExisting(db: Db, parsed: Pick<ParsedTrf, 'header' | 'players'>, replaces?: number): { id: number; status: string } | null {
  if (replaces !== undefined) {
    const row = db.prepare('SELECT id, status FROM tournaments WHERE id = ?').get(replaces) as { id: number; status: string } | undefined
    if (!row) throw new UserError('tournaments.notFound', { id: replaces })
    return row
  }
  const h = parsed.header
  if (!h.name || !h.startDate) return null
  const rows = db
    .prepare("SELECT id, status FROM tournaments WHERE name = ? AND start_date = ? AND coalesce(city, '') = coalesce(?, '') ORDER BY id DESC")
    .all(h.name, h.startDate, h.city) as { id: number; status: string }[]
  const names = parsed.players.map((p) => p.name)
  const namesOf = db.prepare('SELECT name FROM tournament_players WHERE tournament_id = ?').pluck()
  return rows.find((r) => playerOverlap(names, namesOf.all(r.id) as string[]) >= SAME_TOURNAMENT_OVERLAP) ?? null
}

function insertFindings(db: Db, tournamentId: number, fileId: number, source: string, findings: TrfFinding[], startRankOf: (f: TrfFinding) => number | null): void {
  const stmt = db.prepare(
    `INSERT INTO tournament_findings (tournament_id, file_id, source, level, code, grp, start_rank, file_name, line, column_start, column_end, found, expected, params)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  for (const f of findings) {
    stmt.run(tournamentId, fileId, source, f.level, f.code, f.group, startRankOf(f), f.location.file, f.location.line, f.location.column, f.location.endColumn, f.found, f.expected, JSON.stringify(f.params))
  }
}

/** The start rank a reader finding is about, from its parameters or its "player N" group. */
function startRankOfFinding(f: TrfFinding): number | null {
  const p = f.params.player ?? f.params.a
  if (typeof p === 'number') return p
  const m = /^player (\d+)$/.exec(f.group)
  return m ? Number(m[1]) : null
}

/** Reads and imports one file. Never leaves a trace when it fails: everything happens in one transaction. */
export function importTrf(db: Db, bytes: Uint8Array, fileName: string, options: ImportOptions = {}): ImportSummary {
  const sha256 = sha256Of(bytes)
  const same = db
    .prepare('SELECT f.id, f.tournament_id AS tournamentId, f.version FROM tournament_files f WHERE f.sha256 = ? ORDER BY f.id DESC LIMIT 1')
    .get(sha256) as { id: number; tournamentId: number; version: number } | undefined
  if (same) return duplicateSummary(db, fileName, sha256, same)
  const parsed = readTrf(bytes, fileName)
  refuseIfFatal(parsed)
  const actor = officerName(db, options.actor)

  const run = db.transaction((): ImportSummary => {
    const existing = findExisting(db, parsed, options.replaces)
    if (existing && existing.status === 'rated') throw new UserError('tournaments.alreadyRated', { id: existing.id, file: fileName })
    const h = parsed.header
    let tournamentId: number
    let version = 1
    let diff: TournamentDiff | null = null
    if (existing) {
      tournamentId = existing.id
      const before = loadTournamentModel(db, tournamentId)
      diff = diffTournaments(before, parsed)
      version = ((db.prepare('SELECT max(version) AS v FROM tournament_files WHERE tournament_id = ?').get(tournamentId) as { v: number }).v ?? 0) + 1
      for (const table of ['tournament_games', 'tournament_players', 'tournament_arbiters', 'tournament_rounds', 'tournament_teams']) {
        db.prepare(`DELETE FROM ${table} WHERE tournament_id = ?`).run(tournamentId)
      }
      db.prepare('UPDATE tournament_findings SET active = 0 WHERE tournament_id = ? AND active = 1').run(tournamentId)
      db.prepare(
        `UPDATE tournaments SET name = ?, city = ?, federation = ?, start_date = ?, end_date = ?, system = ?, type_text = ?, rating_type = ?,
                time_control = ?, rounds = ?, declared_rounds = ?, header = ?, status = 'imported', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`
      ).run(h.name, h.city, h.federation, h.startDate, h.endDate, parsed.system, h.type, h.ratingType, h.timeControl, parsed.roundsInData, h.declaredRounds, JSON.stringify(h), tournamentId)
    } else {
      tournamentId = Number(
        db
          .prepare(
            `INSERT INTO tournaments (name, city, federation, start_date, end_date, system, type_text, rating_type, time_control, rounds, declared_rounds, header)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
          )
          .run(h.name, h.city, h.federation, h.startDate, h.endDate, parsed.system, h.type, h.ratingType, h.timeControl, parsed.roundsInData, h.declaredRounds, JSON.stringify(h)).lastInsertRowid
      )
    }
    const extras = { teams: parsed.teams, nationalRatings: parsed.nationalRatings, byes: parsed.byes, kept: parsed.kept, scoring: parsed.scoring }
    const fileId = Number(
      db
        .prepare(
          `INSERT INTO tournament_files (tournament_id, version, file_name, sha256, size, bytes, format, encoding, line_ending, extras, diff, imported_by)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
        )
        .run(tournamentId, version, fileName, sha256, bytes.byteLength, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), parsed.format, parsed.encoding, parsed.lineEnding, JSON.stringify(extras), diff ? JSON.stringify(diff) : null, actor).lastInsertRowid
    )
    db.prepare('UPDATE tournaments SET current_file_id = ? WHERE id = ?').run(fileId, tournamentId)

    const arb = db.prepare('INSERT INTO tournament_arbiters (tournament_id, position, role, name, title, fide_id) VALUES (?, ?, ?, ?, ?, ?)')
    h.arbiters.forEach((a, i) => arb.run(tournamentId, i + 1, a.role, a.name, a.title, a.fideId && /^\d+$/.test(a.fideId) ? Number(a.fideId) : null))
    const rd = db.prepare('INSERT INTO tournament_rounds (tournament_id, round, date) VALUES (?, ?, ?)')
    const roundCount = Math.max(parsed.roundsInData, h.roundDates.length)
    for (let r = 1; r <= roundCount; r++) rd.run(tournamentId, r, h.roundDates[r - 1] ?? null)
    const team = db.prepare('INSERT INTO tournament_teams (tournament_id, position, record, number, name, federation, members) VALUES (?, ?, ?, ?, ?, ?, ?)')
    parsed.teams.forEach((t, i) => team.run(tournamentId, i + 1, t.record, t.number, t.name, t.federation, JSON.stringify(t.members)))

    const match: MatchResult = matchPlayers(db, parsed)
    const pl = db.prepare(
      `INSERT INTO tournament_players (tournament_id, start_rank, player_id, match_status, match_confidence, candidate_player_id, fide_id, name, sex, title, federation, birth, rating, points, rank, line)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const game = db.prepare('INSERT INTO tournament_games (tournament_id, start_rank, round, opponent, color, code) VALUES (?, ?, ?, ?, ?, ?)')
    let games = 0
    const total = parsed.players.length
    parsed.players.forEach((p, i) => {
      const m = match.byStartRank.get(p.startRank)!
      pl.run(tournamentId, p.startRank, m.playerId, m.status, m.confidence, m.candidateId, p.fideId ? Number(p.fideId) : null, p.name, p.sex, p.title, p.federation, p.birth, p.rating, p.points, p.rank, parsed.playerSources[i].line)
      for (const r of p.rounds) {
        game.run(tournamentId, p.startRank, r.round, r.opponent, r.color, r.code)
        if (r.opponent !== null) games++
      }
      options.onProgress?.(i + 1, total)
    })

    insertFindings(db, tournamentId, fileId, 'trf', parsed.findings, startRankOfFinding)
    insertFindings(db, tournamentId, fileId, 'match', match.findings, (f) => (typeof f.params.startRank === 'number' ? f.params.startRank : null))
    carryDecisions(db, tournamentId, fileId)

    const counts = countLevels([...parsed.findings, ...match.findings])
    appendAudit(db, {
      actor,
      action: existing ? 'tournament.replace' : 'tournament.import',
      entity: 'tournament',
      entityId: tournamentId,
      data: { file: fileName, sha256, version, players: total, findings: counts, diff: diff ? { summary: diff.summary } : undefined }
    })
    return {
      fileName,
      outcome: existing ? 'replaced' : 'imported',
      tournamentId,
      fileId,
      version,
      sha256,
      name: h.name,
      startDate: h.startDate,
      players: total,
      rounds: parsed.roundsInData,
      games: games / 2,
      findings: counts,
      matched: match.counts,
      diff,
      previousStatus: existing?.status ?? null
    }
  })
  return run()
}

/** Decisions taken on an earlier version stay with the same finding (same rule, place and text) in the new one. */
function carryDecisions(db: Db, tournamentId: number, fileId: number): void {
  db.prepare(
    `UPDATE tournament_findings AS n SET decision = o.decision, decision_reason = o.decision_reason, decided_by = o.decided_by, decided_at = o.decided_at
       FROM (SELECT code, grp, found, expected, decision, decision_reason, decided_by, decided_at FROM tournament_findings
              WHERE tournament_id = ? AND active = 0 AND decision IS NOT NULL ORDER BY id) AS o
      WHERE n.tournament_id = ? AND n.file_id = ? AND n.decision IS NULL
        AND n.code = o.code AND n.grp = o.grp AND n.found = o.found AND n.expected = o.expected`
  ).run(tournamentId, tournamentId, fileId)
}

function duplicateSummary(db: Db, fileName: string, sha256: string, same: { id: number; tournamentId: number; version: number }): ImportSummary {
  const t = db.prepare('SELECT name, start_date AS startDate, rounds FROM tournaments WHERE id = ?').get(same.tournamentId) as { name: string | null; startDate: string | null; rounds: number }
  const players = (db.prepare('SELECT count(*) AS n FROM tournament_players WHERE tournament_id = ?').get(same.tournamentId) as { n: number }).n
  const games = (db.prepare('SELECT count(*) AS n FROM tournament_games WHERE tournament_id = ? AND opponent IS NOT NULL').get(same.tournamentId) as { n: number }).n
  const levels = db.prepare('SELECT level, count(*) AS n FROM tournament_findings WHERE tournament_id = ? AND active = 1 GROUP BY level').all(same.tournamentId) as { level: string; n: number }[]
  const findings = { error: 0, warning: 0, info: 0 }
  for (const l of levels) findings[l.level as keyof typeof findings] = l.n
  const statuses = db.prepare('SELECT match_status AS s, count(*) AS n FROM tournament_players WHERE tournament_id = ? GROUP BY match_status').all(same.tournamentId) as { s: string; n: number }[]
  const by = (s: string) => statuses.find((x) => x.s === s)?.n ?? 0
  return {
    fileName,
    outcome: 'duplicate',
    tournamentId: same.tournamentId,
    fileId: same.id,
    version: same.version,
    sha256,
    name: t.name,
    startDate: t.startDate,
    players,
    rounds: t.rounds,
    games: games / 2,
    findings,
    matched: { byFideId: by('fide-id'), unknownId: by('unknown-id'), candidates: by('candidate'), unmatched: by('unmatched') },
    diff: null,
    previousStatus: null
  }
}
