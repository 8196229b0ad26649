// A tournament's review: the facts the regulation checks read, its state (imported → checked → approved | rejected →
// rated), the officer's facts (received date, historical, flags, typed time control, edition) and the dashboard query.
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'
import type { ListChain } from './lists'
import { decisionsToTakeSql, hasDecisionToTakeSql } from './findings'

export type TournamentStatus = 'imported' | 'checked' | 'approved' | 'rejected' | 'rated'

export interface ReviewFacts {
  id: number
  name: string | null
  federation: string | null
  startDate: string | null
  endDate: string | null
  system: 'swiss' | 'round-robin'
  ratingType: 'standard' | 'rapid' | 'blitz' | null
  timeControl: string | null
  rounds: number
  declaredRounds: number | null
  header: string
  status: TournamentStatus
  currentFileId: number | null
  receivedDate: string
  registeredDate: string | null
  historical: number
  flags: string
  timeControlOverride: string | null
  edition: string | null
  createdAt: string
  /** Where the rating type came from: '222', '122' (time control), '092', '012' (words), 'officer'; null: not recorded. */
  ratingTypeSource: '222' | '122' | '092' | '012' | 'officer' | null
  /** The reference of the Qualification Commission's approval for the standard list (2026 season); null: none recorded. */
  qcReference: string | null
}

export function reviewFacts(db: Db, id: number): ReviewFacts | undefined {
  return prepared(db,
      `SELECT id, name, federation, start_date AS startDate, end_date AS endDate, system, rating_type AS ratingType, time_control AS timeControl, rounds,
              declared_rounds AS declaredRounds, header, status, current_file_id AS currentFileId, received_date AS receivedDate, registered_date AS registeredDate, historical, flags,
              time_control_override AS timeControlOverride, edition, created_at AS createdAt,
              rating_type_source AS ratingTypeSource, qc_reference AS qcReference
         FROM tournaments WHERE id = ?`
    )
    .get(id) as ReviewFacts | undefined
}

export function roundDates(db: Db, id: number): (string | null)[] {
  return (preparedPluck(db, 'SELECT date FROM tournament_rounds WHERE tournament_id = ? ORDER BY round').all(id) as (string | null)[])
}

export interface StoredArbiter {
  position: number
  role: 'chief' | 'deputy'
  name: string
  title: string | null
  fideId: number | null
}

export function tournamentArbiters(db: Db, id: number): StoredArbiter[] {
  return prepared(db, 'SELECT position, role, name, title, fide_id AS fideId FROM tournament_arbiters WHERE tournament_id = ? ORDER BY position').all(id) as StoredArbiter[]
}

const ARBITER_NAME = "CASE WHEN p.given_names = '' THEN p.surname ELSE p.surname || ', ' || p.given_names END"

/** The registry arbiters whose folded name is exactly this one (the players' name index; at most 2: one is an answer). */
export function arbitersNamed(db: Db, folded: string): number[] {
  return preparedPluck(db, 'SELECT a.fide_id FROM players p JOIN arbiters a ON a.player_id = p.id WHERE p.name_folded = ? LIMIT 2').all(folded) as number[]
}

/**
 * Registry arbiters sharing a name word with a report's arbiter (an FTS5 query over the players' name index), for
 * close-name suggestions: read from the index, never by scanning every arbiter for every report.
 */
export function arbiterNameCandidates(db: Db, ftsQuery: string): { fideId: number; name: string }[] {
  return prepared(
    db,
    `SELECT a.fide_id AS fideId, ${ARBITER_NAME} AS name
       FROM players_fts f JOIN players p ON p.id = f.rowid JOIN arbiters a ON a.player_id = p.id
      WHERE players_fts MATCH ?`
  ).all(ftsQuery) as { fideId: number; name: string }[]
}

/** Whether a registry player (by FIDE ID or registry id) played in a tournament that started before `start`. */
export function hasEarlierEvent(db: Db, playerId: number | null, fideId: number | null, start: string, tournamentId: number): boolean {
  return (
    prepared(db,
        `SELECT 1 FROM tournament_players tp JOIN tournaments t ON t.id = tp.tournament_id
          WHERE t.id <> ? AND t.status <> 'rejected' AND t.start_date < ? AND ((? IS NOT NULL AND tp.player_id = ?) OR (? IS NOT NULL AND tp.fide_id = ?)) LIMIT 1`
      )
      .get(tournamentId, start, playerId, playerId, fideId, fideId) !== undefined
  )
}

export interface StoredPlayerLink {
  startRank: number
  playerId: number | null
  fideId: number | null
}

export function playerLinks(db: Db, id: number): StoredPlayerLink[] {
  return prepared(db, 'SELECT start_rank AS startRank, player_id AS playerId, fide_id AS fideId FROM tournament_players WHERE tournament_id = ? ORDER BY start_rank').all(id) as StoredPlayerLink[]
}

/** Published office lists of a chain (data/lists.ts) and reference lists of a rating type, with their dates (newest first). */
export function publishedLists(db: Db, ratingType: string, chain: ListChain): { listDate: string; kind: string }[] {
  return prepared(db,
      `SELECT DISTINCT list_date AS listDate, kind FROM rating_lists
        WHERE rating_type = ? AND ((kind = 'office' AND status = 'published' AND source = ?) OR kind = 'reference') ORDER BY list_date DESC`
    )
    .all(ratingType, chain) as { listDate: string; kind: string }[]
}

export function setStatus(db: Db, id: number, status: TournamentStatus): void {
  prepared(db, "UPDATE tournaments SET status = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(status, id)
}

export interface ReviewFactsPatch {
  receivedDate?: string
  registeredDate?: string | null
  historical?: boolean
  flags?: Record<string, boolean>
  timeControlOverride?: string | null
  edition?: string | null
}

export function setReviewFacts(db: Db, id: number, patch: ReviewFactsPatch): void {
  const sets: string[] = []
  const args: unknown[] = []
  const set = (sql: string, value: unknown): void => {
    sets.push(sql)
    args.push(value)
  }
  if (patch.receivedDate !== undefined) set('received_date = ?', patch.receivedDate)
  if (patch.registeredDate !== undefined) set('registered_date = ?', patch.registeredDate)
  if (patch.historical !== undefined) set('historical = ?', patch.historical ? 1 : 0)
  if (patch.flags !== undefined) set('flags = ?', JSON.stringify(patch.flags))
  if (patch.timeControlOverride !== undefined) set('time_control_override = ?', patch.timeControlOverride)
  if (patch.edition !== undefined) set('edition = ?', patch.edition)
  if (!sets.length) return
  prepared(db, `UPDATE tournaments SET ${sets.join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`).run(...args, id)
}

/** The officer's rating type of a tournament (the lists it goes into follow it). */
export function setRatingType(db: Db, id: number, ratingType: 'standard' | 'rapid' | 'blitz'): void {
  prepared(db, "UPDATE tournaments SET rating_type = ?, rating_type_source = 'officer', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(ratingType, id)
}

/** The reference of the Qualification Commission's approval of a tournament (null: the mark taken off). */
export function setQcReference(db: Db, id: number, reference: string | null): void {
  prepared(db, "UPDATE tournaments SET qc_reference = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(reference, id)
}

/** Tournaments (not yet rated) an arbiter directed: a licence change re-runs their checks. */
export function tournamentsOfArbiter(db: Db, fideId: number): { id: number; name: string | null; startDate: string | null; endDate: string | null; status: TournamentStatus; role: string }[] {
  return prepared(db,
      `SELECT t.id, t.name, t.start_date AS startDate, t.end_date AS endDate, t.status, a.role
         FROM tournament_arbiters a JOIN tournaments t ON t.id = a.tournament_id
        WHERE a.fide_id = ? GROUP BY t.id ORDER BY coalesce(t.start_date, '') DESC, t.id DESC`
    )
    .all(fideId) as { id: number; name: string | null; startDate: string | null; endDate: string | null; status: TournamentStatus; role: string }[]
}

export interface AuditRow {
  id: number
  at: string
  actor: string
  action: string
  entity: string
  entityId: string | null
  reason: string | null
  data: string | null
}

/** The audit log of one tournament: its imports and transitions, and the decisions on its findings, oldest first. */
export function tournamentAudit(db: Db, id: number): AuditRow[] {
  return prepared(db,
      `SELECT id, at, actor, action, entity, entity_id AS entityId, reason, data FROM audit_log
        WHERE (entity = 'tournament' AND entity_id = ?)
           OR (entity = 'tournament_finding' AND entity_id IN (SELECT CAST(id AS TEXT) FROM tournament_findings WHERE tournament_id = ?))
        ORDER BY id`
    )
    .all(String(id), id) as AuditRow[]
}

export interface DashboardFilter {
  status?: TournamentStatus
  level?: 'error' | 'warning' | 'open' | 'clean'
  code?: string
  federation?: string
  month?: string
  search?: string
  sort: 'endDate' | 'startDate' | 'name' | 'status' | 'errors' | 'warnings' | 'open' | 'federation'
  order: 'asc' | 'desc'
  limit: number
  offset: number
}

export interface DashboardDbRow {
  id: number
  name: string | null
  city: string | null
  federation: string | null
  startDate: string | null
  endDate: string | null
  ratingType: string | null
  status: TournamentStatus
  players: number
  rounds: number
  errors: number
  warnings: number
  open: number
  historical: number
  receivedDate: string
  edition: string | null
}

const COUNT = {
  errors: "(SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'error')",
  warnings: "(SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'warning')",
  open: `(${decisionsToTakeSql('t')})`
}

const ORDER: Record<DashboardFilter['sort'], string> = {
  endDate: "coalesce(t.end_date, t.start_date, '')",
  startDate: "coalesce(t.start_date, '')",
  name: "coalesce(t.name, '') COLLATE NOCASE",
  status: "CASE t.status WHEN 'imported' THEN 0 WHEN 'checked' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 ELSE 4 END",
  federation: "coalesce(t.federation, '')",
  errors: COUNT.errors,
  warnings: COUNT.warnings,
  open: COUNT.open
}

/**
 * The validation dashboard's page: filters on indexed columns and EXISTS probes of the findings index, the counts
 * computed for the rows of the page only (unless the sort is on a count).
 */
export function dashboardRows(db: Db, f: DashboardFilter): { total: number; rows: DashboardDbRow[] } {
  const where: string[] = []
  const args: unknown[] = []
  const add = (sql: string, ...values: unknown[]): void => {
    where.push(sql)
    args.push(...values)
  }
  if (f.status) add('t.status = ?', f.status)
  if (f.federation) add('t.federation = ?', f.federation.toUpperCase())
  if (f.month) add('coalesce(t.end_date, t.start_date) >= ? AND coalesce(t.end_date, t.start_date) < ?', `${f.month}-01`, `${f.month}-32`)
  if (f.search?.trim()) {
    const like = `%${f.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`
    add("(t.name LIKE ? ESCAPE '\\' OR coalesce(t.city, '') LIKE ? ESCAPE '\\' OR CAST(t.id AS TEXT) = ?)", like, like, f.search.trim())
  }
  if (f.code) add('EXISTS (SELECT 1 FROM tournament_findings x WHERE x.code = ? AND x.tournament_id = t.id AND x.active = 1)', f.code)
  if (f.level === 'error' || f.level === 'warning') add('EXISTS (SELECT 1 FROM tournament_findings x WHERE x.tournament_id = t.id AND x.active = 1 AND x.level = ?)', f.level)
  if (f.level === 'open') where.push(hasDecisionToTakeSql('t'))
  if (f.level === 'clean') where.push(`NOT ${hasDecisionToTakeSql('t')}`)
  const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const total = (prepared(db, `SELECT count(*) AS n FROM tournaments t ${w}`).get(...args) as { n: number }).n
  const dir = f.order === 'asc' ? 'ASC' : 'DESC'
  const rows = prepared(db,
      `SELECT t.id, t.name, t.city, t.federation, t.start_date AS startDate, t.end_date AS endDate, t.rating_type AS ratingType, t.status, t.rounds,
              (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players,
              ${COUNT.errors} AS errors, ${COUNT.warnings} AS warnings, ${COUNT.open} AS open,
              t.historical, t.received_date AS receivedDate, t.edition
         FROM tournaments t ${w} ORDER BY ${ORDER[f.sort]} ${dir}, t.id ${dir} LIMIT ? OFFSET ?`
    )
    .all(...args, f.limit, f.offset) as DashboardDbRow[]
  return { total, rows }
}

/** What the dashboard's filters offer: rules with active findings, federations and end months of the tournaments. */
export function dashboardFilterValues(db: Db): { rules: { code: string; tournaments: number }[]; federations: string[]; months: string[] } {
  return {
    rules: prepared(db, 'SELECT code, count(DISTINCT tournament_id) AS tournaments FROM tournament_findings WHERE active = 1 GROUP BY code ORDER BY code').all() as { code: string; tournaments: number }[],
    federations: preparedPluck(db, 'SELECT DISTINCT federation FROM tournaments WHERE federation IS NOT NULL ORDER BY federation').all() as string[],
    months: preparedPluck(db, 'SELECT DISTINCT substr(coalesce(end_date, start_date), 1, 7) AS m FROM tournaments WHERE coalesce(end_date, start_date) IS NOT NULL ORDER BY m DESC').all() as string[]
  }
}
