// Findings of tournaments (reader, registry match, regulation checks): the SQL of their reading, storing and deciding.
import type { Db } from '../db/open'
import { prepared, preparedPluck } from './statements'

export type FindingLevel = 'error' | 'warning' | 'info'
export type FindingDecision = 'accepted' | 'rejected' | 'overridden'

/** A game by its round and the start rank of one side. */
export interface GameRef {
  round: number
  startRank: number
}

/** What a regulation finding concerns (stored as JSON in `subject`). */
export interface FindingSubject {
  startRanks?: number[]
  rounds?: number[]
  games?: GameRef[]
}

/** A game not rated because of a finding, with that finding: one row per side of the game and finding. */
export interface GameExclusion extends GameRef {
  findingId: number
  code: string
  /** The regulation paragraph the finding cites. */
  paragraph: string | null
}

/**
 * Games not rated because of a check finding that excludes games (per-game time control, rating gap 600, match with
 * an unrated player), while that finding is open or accepted; an overridden or rejected finding gives them back.
 * Both sides of each game are listed, with the finding that excludes it, sorted by round, start rank, finding.
 */
export function gameExclusions(db: Db, tournamentId: number): GameExclusion[] {
  const findings = prepared(db,
      `SELECT id, code, paragraph, subject FROM tournament_findings
        WHERE tournament_id = ? AND active = 1 AND excludes_games = 1 AND subject IS NOT NULL AND (decision IS NULL OR decision = 'accepted')
        ORDER BY id`
    )
    .all(tournamentId) as { id: number; code: string; paragraph: string | null; subject: string }[]
  if (findings.length === 0) return []
  const opponent = preparedPluck(db, 'SELECT opponent FROM tournament_games WHERE tournament_id = ? AND start_rank = ? AND round = ?')
  const seen = new Set<string>()
  const out: GameExclusion[] = []
  for (const f of findings) {
    const add = (round: number, startRank: number): void => {
      const key = `${f.id}:${round}:${startRank}`
      if (seen.has(key)) return
      seen.add(key)
      out.push({ round, startRank, findingId: f.id, code: f.code, paragraph: f.paragraph })
    }
    const subject = JSON.parse(f.subject) as FindingSubject
    for (const g of subject.games ?? []) {
      add(g.round, g.startRank)
      const other = opponent.get(tournamentId, g.startRank, g.round) as number | null | undefined
      if (typeof other === 'number') add(g.round, other)
    }
  }
  return out.sort((a, b) => a.round - b.round || a.startRank - b.startRank || a.findingId - b.findingId)
}

/** The games of gameExclusions, each once (both sides listed), sorted by round then start rank. */
export function excludedGames(db: Db, tournamentId: number): GameRef[] {
  const seen = new Set<string>()
  const out: GameRef[] = []
  for (const g of gameExclusions(db, tournamentId)) {
    const key = `${g.round}:${g.startRank}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ round: g.round, startRank: g.startRank })
  }
  return out
}

/** A stored finding as read from the table (params and subject still JSON text). */
export interface FindingRow {
  id: number
  tournamentId: number
  fileId: number | null
  source: string
  level: FindingLevel
  code: string
  edition: string | null
  grp: string
  startRank: number | null
  fileName: string | null
  line: number | null
  column: number | null
  endColumn: number | null
  found: string
  expected: string
  params: string
  active: number
  decision: FindingDecision | null
  decisionReason: string | null
  decidedBy: string | null
  decidedAt: string | null
  subject: string | null
  paragraph: string | null
  excludesGames: number
}

export const FINDING_SELECT = `SELECT id, tournament_id AS tournamentId, file_id AS fileId, source, level, code, edition, grp, start_rank AS startRank,
  file_name AS fileName, line, column_start AS "column", column_end AS endColumn, found, expected, params, active, decision,
  decision_reason AS decisionReason, decided_by AS decidedBy, decided_at AS decidedAt, subject, paragraph, excludes_games AS excludesGames
  FROM tournament_findings`

export function getFinding(db: Db, id: number): FindingRow | undefined {
  return prepared(db, `${FINDING_SELECT} WHERE id = ?`).get(id) as FindingRow | undefined
}

export interface FindingFilter {
  includeEarlierFiles?: boolean
  level?: FindingLevel
  undecidedOnly?: boolean
  code?: string
}

/** A tournament's findings, current file first, errors before warnings before information, then in file order. */
export function listFindings(db: Db, tournamentId: number, filter: FindingFilter = {}): FindingRow[] {
  const where = ['tournament_id = ?']
  const args: unknown[] = [tournamentId]
  if (!filter.includeEarlierFiles) where.push('active = 1')
  if (filter.level) {
    where.push('level = ?')
    args.push(filter.level)
  }
  if (filter.code) {
    where.push('code = ?')
    args.push(filter.code)
  }
  if (filter.undecidedOnly) where.push('decision IS NULL')
  return prepared(db, `${FINDING_SELECT} WHERE ${where.join(' AND ')} ORDER BY active DESC, CASE level WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, code, coalesce(line, 0), coalesce(start_rank, 0), id`)
    .all(...args) as FindingRow[]
}

export function setDecision(db: Db, id: number, decision: FindingDecision, reason: string, actor: string): void {
  prepared(db, "UPDATE tournament_findings SET decision = ?, decision_reason = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(decision, reason, actor, id)
}

/**
 * Errors that stop an approval: undecided ones, and accepted ones that fail the whole event (an accepted error that
 * only takes some games out, like a match with an unrated player, leaves the rest of the event ratable).
 */
export function blockingErrors(db: Db, tournamentId: number): FindingRow[] {
  return prepared(db, `${FINDING_SELECT} WHERE tournament_id = ? AND active = 1 AND level = 'error' AND (decision IS NULL OR (decision = 'accepted' AND excludes_games = 0)) ORDER BY id`)
    .all(tournamentId) as FindingRow[]
}

/** Tournament states that take no decision on findings: rejected (until reopened) and rated in a published list. */
const DECIDED_STATES = "('rejected','rated')"

/**
 * SQL of a tournament's decisions to take (`t`: the tournaments row): its errors and warnings without a decision, and
 * none while it is rejected or rated — nothing waits for the officer there. One count for the dashboard's "To decide",
 * its filters and the tournaments' list.
 */
export function decisionsToTakeSql(t = 't'): string {
  return `CASE WHEN ${t}.status IN ${DECIDED_STATES} THEN 0 ELSE (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = ${t}.id AND f.active = 1 AND f.level <> 'info' AND f.decision IS NULL) END`
}

/** SQL: whether a tournament (`t`) has a decision to take, as decisionsToTakeSql counts them (an EXISTS probe). */
export function hasDecisionToTakeSql(t = 't'): string {
  return `(${t}.status NOT IN ${DECIDED_STATES} AND EXISTS (SELECT 1 FROM tournament_findings x WHERE x.tournament_id = ${t}.id AND x.active = 1 AND x.level IN ('error','warning') AND x.decision IS NULL))`
}

export interface FindingCounts {
  error: number
  warning: number
  info: number
  /** Errors and warnings without a decision. */
  open: number
}

export function findingCounts(db: Db, tournamentId: number): FindingCounts {
  const counts: FindingCounts = { error: 0, warning: 0, info: 0, open: 0 }
  for (const r of prepared(db, 'SELECT level, decision FROM tournament_findings WHERE tournament_id = ? AND active = 1').all(tournamentId) as { level: FindingLevel; decision: string | null }[]) {
    counts[r.level]++
    if (r.level !== 'info' && r.decision === null) counts.open++
  }
  return counts
}

/** The canonical text of a subject: the same players, rounds and games give the same key in any order. */
export function subjectKey(subject: FindingSubject): string {
  const nums = (xs: readonly number[] | undefined) => [...new Set(xs ?? [])].sort((a, b) => a - b).join(',')
  const games = [...new Set((subject.games ?? []).map((g) => `${g.round}.${g.startRank}`))].sort((a, b) => {
    const [ra, sa] = a.split('.').map(Number)
    const [rb, sb] = b.split('.').map(Number)
    return ra - rb || sa - sb
  })
  return `p=${nums(subject.startRanks)};r=${nums(subject.rounds)};g=${games.join(',')}`
}

/** A regulation check finding to store. */
export interface CheckFindingRecord {
  code: string
  level: FindingLevel
  edition: string
  paragraph: string
  group: string
  params: Record<string, unknown>
  subject: FindingSubject
  excludesGames: boolean
}

export interface CheckFindingsWrite {
  inserted: number[]
  updated: number[]
  /** Findings of an earlier run that the checks no longer raise (kept, inactive). */
  retired: number[]
  /** New findings that took the decision of an earlier one with the same code and subject. */
  carried: number[]
}

/**
 * Stores a run of the regulation checks for a tournament's current file, idempotently: a finding with the same code
 * and subject as an active one updates it in place (id and decision kept); a new one takes the latest decision an
 * earlier, inactive finding with that code and subject had (a corrected file, a re-run); active ones no longer
 * raised become inactive. Runs inside the caller's transaction.
 */
export function writeCheckFindings(db: Db, tournamentId: number, fileId: number | null, findings: readonly CheckFindingRecord[]): CheckFindingsWrite {
  const existing = prepared(db,
      `SELECT id, code, subject_key AS subjectKey, active, decision, decision_reason AS reason, decided_by AS by, decided_at AS at
         FROM tournament_findings WHERE tournament_id = ? AND source = 'check' ORDER BY id DESC`
    )
    .all(tournamentId) as { id: number; code: string; subjectKey: string | null; active: number; decision: FindingDecision | null; reason: string | null; by: string | null; at: string | null }[]
  const active = new Map<string, number>()
  const earlier = new Map<string, (typeof existing)[number]>()
  for (const e of existing) {
    const key = `${e.code}|${e.subjectKey ?? ''}`
    if (e.active === 1) {
      if (!active.has(key)) active.set(key, e.id)
    } else if (e.decision !== null && !earlier.has(key)) earlier.set(key, e)
  }
  const update = prepared(db,
    `UPDATE tournament_findings SET file_id = ?, level = ?, edition = ?, grp = ?, start_rank = ?, params = ?, subject = ?, paragraph = ?, excludes_games = ?
      WHERE id = ? AND (file_id IS NOT ? OR level <> ? OR edition IS NOT ? OR grp <> ? OR start_rank IS NOT ? OR params <> ? OR subject IS NOT ? OR paragraph IS NOT ? OR excludes_games <> ?)`
  )
  const insert = prepared(db,
    `INSERT INTO tournament_findings (tournament_id, file_id, source, level, code, edition, grp, start_rank, params, subject, subject_key, paragraph, excludes_games,
                                      decision, decision_reason, decided_by, decided_at)
     VALUES (?, ?, 'check', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  const out: CheckFindingsWrite = { inserted: [], updated: [], retired: [], carried: [] }
  const kept = new Set<number>()
  for (const f of findings) {
    const sk = subjectKey(f.subject)
    const key = `${f.code}|${sk}`
    const startRank = f.subject.startRanks?.length === 1 ? f.subject.startRanks[0] : (f.subject.games?.length === 1 ? f.subject.games[0].startRank : null)
    const values = [fileId, f.level, f.edition, f.group, startRank, JSON.stringify(f.params), JSON.stringify(f.subject), f.paragraph, f.excludesGames ? 1 : 0] as const
    const id = active.get(key)
    if (id !== undefined && !kept.has(id)) {
      kept.add(id)
      if (update.run(...values, id, ...values).changes > 0) out.updated.push(id)
      continue
    }
    const prior = earlier.get(key)
    const newId = Number(
      insert.run(tournamentId, fileId, f.level, f.code, f.edition, f.group, startRank, values[5], values[6], sk, f.paragraph, values[8], prior?.decision ?? null, prior?.reason ?? null, prior?.by ?? null, prior?.at ?? null).lastInsertRowid
    )
    kept.add(newId)
    out.inserted.push(newId)
    if (prior) out.carried.push(newId)
  }
  const retire = prepared(db, 'UPDATE tournament_findings SET active = 0 WHERE id = ?')
  for (const id of active.values()) {
    if (kept.has(id)) continue
    retire.run(id)
    out.retired.push(id)
  }
  return out
}
