// Tournaments, their stored files and their rows (players, games, arbiters, rounds, teams, findings): the SQL of the TRF import and of the tournaments calls.
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'
import { decisionsToTakeSql } from './findings'
import type { ParsedTrf, TrfFinding } from '../trf/index'
import type { MatchResult } from '../tournaments/match'

export interface TournamentRef {
  id: number
  status: string
}

export function tournamentStatus(db: Db, id: number): TournamentRef | undefined {
  return prepared(db, 'SELECT id, status FROM tournaments WHERE id = ?').get(id) as TournamentRef | undefined
}

/** The tournaments of a name, start date and place (no place matches no place), newest first. */
export function tournamentsNamed(db: Db, name: string, startDate: string, city: string | null): TournamentRef[] {
  return prepared(db, "SELECT id, status FROM tournaments WHERE name = ? AND start_date = ? AND coalesce(city, '') = coalesce(?, '') ORDER BY id DESC")
    .all(name, startDate, city) as TournamentRef[]
}

/** The players' names of each tournament asked for, one query prepared for all. */
export function tournamentPlayerNames(db: Db): (tournamentId: number) => string[] {
  const namesOf = preparedPluck(db, 'SELECT name FROM tournament_players WHERE tournament_id = ?')
  return (id) => namesOf.all(id) as string[]
}

export interface StoredFileRef {
  id: number
  tournamentId: number
  version: number
}

/** The latest stored file with these bytes, if any. */
export function fileBySha256(db: Db, sha256: string): StoredFileRef | undefined {
  return prepared(db, 'SELECT f.id, f.tournament_id AS tournamentId, f.version FROM tournament_files f WHERE f.sha256 = ? ORDER BY f.id DESC LIMIT 1')
    .get(sha256) as StoredFileRef | undefined
}

/** A tournament that stores a file with these bytes (the preview's "already imported"). */
export function tournamentWithFile(db: Db, sha256: string): number | null {
  return (prepared(db, 'SELECT tournament_id AS id FROM tournament_files WHERE sha256 = ? LIMIT 1').get(sha256) as { id: number } | undefined)?.id ?? null
}

/** A tournament's current file: its version and name, and when it was stored. */
export function currentTournamentFile(db: Db, tournamentId: number): { version: number; fileName: string; importedAt: string } | undefined {
  return prepared(db,
      `SELECT f.version, f.file_name AS fileName, f.imported_at AS importedAt
         FROM tournaments t JOIN tournament_files f ON f.id = t.current_file_id WHERE t.id = ?`
    )
    .get(tournamentId) as { version: number; fileName: string; importedAt: string } | undefined
}

export function nextFileVersion(db: Db, tournamentId: number): number {
  return ((prepared(db, 'SELECT max(version) AS v FROM tournament_files WHERE tournament_id = ?').get(tournamentId) as { v: number | null }).v ?? 0) + 1
}

/** The header columns of a tournament, as a file gives them, in the order of the INSERT and UPDATE below. */
function headerValues(parsed: ParsedTrf): unknown[] {
  const h = parsed.header
  return [h.name, h.city, h.federation, h.startDate, h.endDate, parsed.system, h.type, h.ratingType, h.timeControl, parsed.roundsInData, h.declaredRounds, JSON.stringify(h), h.ratingTypeSource ?? null]
}

export function insertTournament(db: Db, parsed: ParsedTrf): number {
  return Number(
    prepared(db,
        `INSERT INTO tournaments (name, city, federation, start_date, end_date, system, type_text, rating_type, time_control, rounds, declared_rounds, header, rating_type_source)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(...headerValues(parsed)).lastInsertRowid
  )
}

/**
 * Empties a tournament for a corrected file: its rows go, its findings stay but inactive (their decisions are
 * carried over), its header becomes the file's and its status 'imported'. A rating type the officer decided stays his
 * (like his decisions on findings): the new file's reading is in its header.
 */
export function resetTournament(db: Db, tournamentId: number, parsed: ParsedTrf): void {
  for (const table of ['tournament_games', 'tournament_players', 'tournament_arbiters', 'tournament_rounds', 'tournament_teams']) {
    prepared(db, `DELETE FROM ${table} WHERE tournament_id = ?`).run(tournamentId)
  }
  prepared(db, 'UPDATE tournament_findings SET active = 0 WHERE tournament_id = ? AND active = 1').run(tournamentId)
  prepared(db,
    `UPDATE tournaments SET name = ?, city = ?, federation = ?, start_date = ?, end_date = ?, system = ?, type_text = ?,
            rating_type = CASE WHEN rating_type_source = 'officer' THEN rating_type ELSE ? END,
            time_control = ?, rounds = ?, declared_rounds = ?, header = ?,
            rating_type_source = CASE WHEN rating_type_source = 'officer' THEN 'officer' ELSE ? END,
            status = 'imported', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`
  ).run(...headerValues(parsed), tournamentId)
}

export interface NewTournamentFile {
  tournamentId: number
  version: number
  fileName: string
  sha256: string
  bytes: Uint8Array
  format: string
  encoding: string
  lineEnding: string
  extras: unknown
  diff: unknown
  importedBy: string
}

/** Stores a file's bytes as the tournament's current file; returns its id. */
export function insertCurrentFile(db: Db, f: NewTournamentFile): number {
  const fileId = Number(
    prepared(db,
        `INSERT INTO tournament_files (tournament_id, version, file_name, sha256, size, bytes, format, encoding, line_ending, extras, diff, imported_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        f.tournamentId, f.version, f.fileName, f.sha256, f.bytes.byteLength, Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength), f.format, f.encoding,
        f.lineEnding, JSON.stringify(f.extras), f.diff ? JSON.stringify(f.diff) : null, f.importedBy
      ).lastInsertRowid
  )
  prepared(db, 'UPDATE tournaments SET current_file_id = ? WHERE id = ?').run(fileId, f.tournamentId)
  return fileId
}

/** The header's arbiters, round dates and teams. */
export function insertTournamentHeaderRows(db: Db, tournamentId: number, parsed: ParsedTrf): void {
  const h = parsed.header
  const arb = prepared(db, 'INSERT INTO tournament_arbiters (tournament_id, position, role, name, title, fide_id) VALUES (?, ?, ?, ?, ?, ?)')
  h.arbiters.forEach((a, i) => arb.run(tournamentId, i + 1, a.role, a.name, a.title, a.fideId && /^\d+$/.test(a.fideId) ? Number(a.fideId) : null))
  const rd = prepared(db, 'INSERT INTO tournament_rounds (tournament_id, round, date) VALUES (?, ?, ?)')
  const roundCount = Math.max(parsed.roundsInData, h.roundDates.length)
  for (let r = 1; r <= roundCount; r++) rd.run(tournamentId, r, h.roundDates[r - 1] ?? null)
  const team = prepared(db, 'INSERT INTO tournament_teams (tournament_id, position, record, number, name, federation, members) VALUES (?, ?, ?, ?, ?, ?, ?)')
  parsed.teams.forEach((t, i) => team.run(tournamentId, i + 1, t.record, t.number, t.name, t.federation, JSON.stringify(t.members)))
}

/** The file's players with their registry match, and their games; returns the games counted from both sides. */
export function insertTournamentPlayers(db: Db, tournamentId: number, parsed: ParsedTrf, match: MatchResult, onProgress?: (done: number, total: number) => void): number {
  const pl = prepared(db,
    `INSERT INTO tournament_players (tournament_id, start_rank, player_id, match_status, match_confidence, candidate_player_id, fide_id, name, sex, title, federation, birth, rating, points, rank, line)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  let games = 0
  const total = parsed.players.length
  const values: unknown[] = []
  parsed.players.forEach((p, i) => {
    const m = match.byStartRank.get(p.startRank)!
    pl.run(tournamentId, p.startRank, m.playerId, m.status, m.confidence, m.candidateId, p.fideId ? Number(p.fideId) : null, p.name, p.sex, p.title, p.federation, p.birth, p.rating, p.points, p.rank, parsed.playerSources[i].line)
    // a player's rounds in statements of up to GAMES_A_STATEMENT rows: one call per row was half of their insert's time
    for (let from = 0; from < p.rounds.length; from += GAMES_A_STATEMENT) {
      const chunk = p.rounds.slice(from, from + GAMES_A_STATEMENT)
      values.length = 0
      for (const r of chunk) {
        values.push(tournamentId, p.startRank, r.round, r.opponent, r.color, r.code)
        if (r.opponent !== null) games++
      }
      prepared(db, gamesInsertSql(chunk.length)).run(values)
    }
    onProgress?.(i + 1, total)
  })
  return games
}

const GAMES_A_STATEMENT = 16
const gamesSql: string[] = []
/** The insert of `rows` game rows in one statement (the texts kept: `prepared` finds a statement by its text). */
function gamesInsertSql(rows: number): string {
  return (gamesSql[rows] ??= `INSERT INTO tournament_games (tournament_id, start_rank, round, opponent, color, code) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`)
}

/** Stores findings of one source ('trf', 'match') against the file they were found in. */
export function insertFindings(db: Db, tournamentId: number, fileId: number, source: string, findings: TrfFinding[], startRankOf: (f: TrfFinding) => number | null): void {
  const stmt = prepared(db,
    `INSERT INTO tournament_findings (tournament_id, file_id, source, level, code, grp, start_rank, file_name, line, column_start, column_end, found, expected, params)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  for (const f of findings) {
    stmt.run(tournamentId, fileId, source, f.level, f.code, f.group, startRankOf(f), f.location.file, f.location.line, f.location.column, f.location.endColumn, f.found, f.expected, JSON.stringify(f.params))
  }
}

/** Decisions taken on an earlier version stay with the same finding (same rule, place and text) in the new one. */
export function carryDecisions(db: Db, tournamentId: number, fileId: number): void {
  prepared(db,
    `UPDATE tournament_findings AS n SET decision = o.decision, decision_reason = o.decision_reason, decided_by = o.decided_by, decided_at = o.decided_at
       FROM (SELECT code, grp, found, expected, decision, decision_reason, decided_by, decided_at FROM tournament_findings
              WHERE tournament_id = ? AND active = 0 AND decision IS NOT NULL ORDER BY id) AS o
      WHERE n.tournament_id = ? AND n.file_id = ? AND n.decision IS NULL
        AND n.code = o.code AND n.grp = o.grp AND n.found = o.found AND n.expected = o.expected`
  ).run(tournamentId, tournamentId, fileId)
}

/** What a stored tournament holds, as an import summary counts it (a file imported again says what it was). */
export interface StoredTournamentCounts {
  name: string | null
  startDate: string | null
  rounds: number
  players: number
  /** Games counted from both sides. */
  games: number
  findings: { error: number; warning: number; info: number }
  matchStatuses: { s: string; n: number }[]
}

export function storedTournamentCounts(db: Db, tournamentId: number): StoredTournamentCounts {
  const t = prepared(db, 'SELECT name, start_date AS startDate, rounds FROM tournaments WHERE id = ?').get(tournamentId) as { name: string | null; startDate: string | null; rounds: number }
  const players = (prepared(db, 'SELECT count(*) AS n FROM tournament_players WHERE tournament_id = ?').get(tournamentId) as { n: number }).n
  const games = (prepared(db, 'SELECT count(*) AS n FROM tournament_games WHERE tournament_id = ? AND opponent IS NOT NULL').get(tournamentId) as { n: number }).n
  const levels = prepared(db, 'SELECT level, count(*) AS n FROM tournament_findings WHERE tournament_id = ? AND active = 1 GROUP BY level').all(tournamentId) as { level: string; n: number }[]
  const findings = { error: 0, warning: 0, info: 0 }
  for (const l of levels) findings[l.level as keyof typeof findings] = l.n
  const matchStatuses = prepared(db, 'SELECT match_status AS s, count(*) AS n FROM tournament_players WHERE tournament_id = ? GROUP BY match_status').all(tournamentId) as { s: string; n: number }[]
  return { ...t, players, games, findings, matchStatuses }
}

export interface TournamentListFilter {
  status?: string
  search?: string
  limit: number
  offset: number
}

/** One page of the tournaments table, newest start first, with players and open findings counted. */
export function tournamentPage(db: Db, input: TournamentListFilter): { total: number; rows: unknown[] } {
  const where: string[] = []
  const args: unknown[] = []
  if (input.status) {
    where.push('t.status = ?')
    args.push(input.status)
  }
  if (input.search?.trim()) {
    where.push("(t.name LIKE ? OR coalesce(t.city, '') LIKE ?)")
    args.push(`%${input.search.trim()}%`, `%${input.search.trim()}%`)
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const total = (prepared(db, `SELECT count(*) AS n FROM tournaments t ${w}`).get(...args) as { n: number }).n
  const rows = prepared(db,
      `SELECT t.id, t.name, t.city, t.federation, t.start_date AS startDate, t.end_date AS endDate, t.system, t.rating_type AS ratingType, t.status, t.rounds,
              (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players,
              (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'error') AS errors,
              (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'warning') AS warnings,
              ${decisionsToTakeSql('t')} AS openDecisions,
              t.created_at AS importedAt
         FROM tournaments t ${w} ORDER BY coalesce(t.start_date, '') DESC, t.id DESC LIMIT ? OFFSET ?`
    )
    .all(...args, input.limit, input.offset)
  return { total, rows }
}

export interface TournamentShape {
  id: number
  status: 'imported'
  system: 'swiss' | 'round-robin'
  rounds: number
  /** The tournament's rating type (the officer's when he decided; the file's header keeps the file's own). */
  ratingType: 'standard' | 'rapid' | 'blitz' | null
  ratingTypeSource: '222' | '122' | '092' | '012' | 'officer' | null
}

export function tournamentShape(db: Db, id: number): TournamentShape | undefined {
  return prepared(db, 'SELECT id, status, system, rounds, rating_type AS ratingType, rating_type_source AS ratingTypeSource FROM tournaments WHERE id = ?').get(id) as TournamentShape | undefined
}

export interface PlayerMatchRow {
  id: number
  startRank: number
  playerId: number | null
  matchStatus: string
  matchConfidence: number | null
  candidatePlayerId: number | null
  candidateName: string | null
  candidateFideId: number | null
  candidateFederation: string | null
  candidateBirth: string | null
  candidateSex: string | null
  candidateTitle: string | null
}

/** Each of a tournament's players as matched to the registry, with the proposed candidate's registry record. */
export function tournamentPlayerMatches(db: Db, tournamentId: number): PlayerMatchRow[] {
  return prepared(db,
      `SELECT tp.id, tp.start_rank AS startRank, tp.player_id AS playerId, tp.match_status AS matchStatus, tp.match_confidence AS matchConfidence,
              tp.candidate_player_id AS candidatePlayerId,
              CASE WHEN c.id IS NULL THEN NULL ELSE c.surname || CASE WHEN c.given_names <> '' THEN ', ' || c.given_names ELSE '' END END AS candidateName,
              c.fide_id AS candidateFideId, c.federation AS candidateFederation, c.birth_date AS candidateBirth, c.sex AS candidateSex, c.title AS candidateTitle
         FROM tournament_players tp LEFT JOIN players c ON c.id = tp.candidate_player_id WHERE tp.tournament_id = ?`
    )
    .all(tournamentId) as PlayerMatchRow[]
}

/** A tournament's stored files, newest version first, without their bytes. */
export function tournamentFiles(db: Db, tournamentId: number): { diff: string | null }[] {
  return prepared(db,
      `SELECT id, version, file_name AS fileName, sha256, size, format, encoding, line_ending AS lineEnding, imported_at AS importedAt, imported_by AS importedBy, diff
         FROM tournament_files WHERE tournament_id = ? ORDER BY version DESC`
    )
    .all(tournamentId) as { diff: string | null }[]
}

export function storedFile(db: Db, fileId: number): { fileName: string; sha256: string; bytes: Buffer } | undefined {
  return prepared(db, 'SELECT file_name AS fileName, sha256, bytes FROM tournament_files WHERE id = ?').get(fileId) as { fileName: string; sha256: string; bytes: Buffer } | undefined
}

export interface TournamentPlayerRecord {
  id: number
  tournamentId: number
  startRank: number
  matchStatus: string
  candidateId: number | null
  fideId: number | null
  name: string
  sex: string | null
  title: string | null
  federation: string | null
  birth: string | null
}

export function tournamentPlayer(db: Db, id: number): TournamentPlayerRecord | undefined {
  return prepared(db, 'SELECT id, tournament_id AS tournamentId, start_rank AS startRank, match_status AS matchStatus, candidate_player_id AS candidateId, fide_id AS fideId, name, sex, title, federation, birth FROM tournament_players WHERE id = ?')
    .get(id) as TournamentPlayerRecord | undefined
}

/**
 * Records the officer's match of a tournament's player and decides the open matching findings about him
 * (candidate, unknown ID, no candidate) with it.
 */
export function setPlayerMatch(
  db: Db,
  tp: Pick<TournamentPlayerRecord, 'id' | 'tournamentId' | 'startRank'>,
  match: { playerId: number | null; status: string },
  decision: { decision: 'accepted' | 'rejected'; reason: string; by: string }
): void {
  prepared(db, 'UPDATE tournament_players SET player_id = ?, match_status = ? WHERE id = ?').run(match.playerId, match.status, tp.id)
  prepared(db,
    `UPDATE tournament_findings SET decision = ?, decision_reason = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      WHERE tournament_id = ? AND start_rank = ? AND active = 1 AND source = 'match' AND code IN ('trf.match.candidate','trf.match.unknownId','trf.match.noCandidate') AND decision IS NULL`
  ).run(decision.decision, decision.reason, decision.by, tp.tournamentId, tp.startRank)
}
