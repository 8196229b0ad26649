// Reading the audit log: one page newest first with its total, and the entity kinds present (for filters).
import type { Db } from '../db/open'
import type { AuditRow } from '../../../shared/contract/audit'

export interface AuditFilter {
  entity?: string
  entityId?: string
  action?: string
  since?: string
  until?: string
}

interface Row {
  id: number
  at: string
  actor: string
  action: string
  entity: string
  entityId: string | null
  reason: string | null
  data: string | null
  total: number
}

function where(f: AuditFilter): { sql: string; params: unknown[] } {
  // `at` is an ISO timestamp: a day's bounds compare as text ('T99' sorts after every time of that day)
  const conditions: [string, unknown][] = [
    ['entity = ?', f.entity],
    ['entity_id = ?', f.entityId],
    ['action = ?', f.action],
    ['at >= ?', f.since],
    ['at < ?', f.until ? `${f.until}T99` : undefined]
  ]
  const used = conditions.filter(([, v]) => v !== undefined && v !== '')
  const parts = used.map(([sql]) => sql)
  const params = used.map(([, v]) => v)
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

function parseData(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

type Subject = NonNullable<AuditRow['subject']>

const NONE: Subject = { name: null, listDate: null, ratingType: null, version: null, listKind: null, tournamentId: null }

/** SQL of what each kind of entity is called (its name, a list's date, type and version, the tournament it belongs to). */
const SUBJECT_SQL: Record<string, string> = {
  rating_list: 'SELECT list_date AS listDate, rating_type AS ratingType, version, kind AS listKind FROM rating_lists WHERE id = ?',
  tournament: 'SELECT name, id AS tournamentId FROM tournaments WHERE id = ?',
  player: "SELECT trim(surname || CASE WHEN given_names <> '' THEN ', ' || given_names ELSE '' END) AS name FROM players WHERE id = ?",
  arbiter: "SELECT trim(p.surname || CASE WHEN p.given_names <> '' THEN ', ' || p.given_names ELSE '' END) AS name FROM arbiters a LEFT JOIN players p ON p.id = a.player_id WHERE a.id = ?",
  rating_profile: 'SELECT name FROM rating_profiles WHERE id = ?',
  tournament_player: 'SELECT tp.name AS name, tp.tournament_id AS tournamentId FROM tournament_players tp WHERE tp.id = ?',
  tournament_finding: 'SELECT t.name AS name, f.tournament_id AS tournamentId FROM tournament_findings f JOIN tournaments t ON t.id = f.tournament_id WHERE f.id = ?'
}

/** What an entry names, as the log's sentence says it (the first id of an entry naming several). */
function subjectOf(db: Db, entity: string, entityId: string | null): Subject | null {
  const sql = SUBJECT_SQL[entity]
  const id = entityId?.split(',')[0]?.trim()
  if (!sql || !id) return null
  const row = db.prepare(sql).get(/^\d+$/.test(id) ? Number(id) : id) as Partial<Subject> | undefined
  return row ? { ...NONE, ...row } : null
}

/** A page of the log, newest first (ids grow with time), and how many entries match in all. */
export function auditPage(db: Db, filter: AuditFilter, offset: number, limit: number): { total: number; rows: AuditRow[] } {
  const w = where(filter)
  const rows = db
    .prepare(
      `SELECT id, at, actor, action, entity, entity_id AS entityId, reason, data, count(*) OVER () AS total
       FROM audit_log ${w.sql} ORDER BY id DESC LIMIT ? OFFSET ?`
    )
    .all(...w.params, limit, offset) as Row[]
  const total = rows[0]?.total ?? (offset > 0 ? (db.prepare(`SELECT count(*) AS n FROM audit_log ${w.sql}`).get(...w.params) as { n: number }).n : 0)
  return { total, rows: rows.map(({ total: _t, data, ...r }) => ({ ...r, data: parseData(data), subject: subjectOf(db, r.entity, r.entityId) })) }
}

/** Every matching entry, oldest first, for exports. */
export function* auditRows(db: Db, filter: AuditFilter): Generator<AuditRow> {
  const w = where(filter)
  const stmt = db.prepare(`SELECT id, at, actor, action, entity, entity_id AS entityId, reason, data FROM audit_log ${w.sql} ORDER BY id`)
  for (const r of stmt.iterate(...w.params) as Iterable<Omit<Row, 'total'>>) yield { ...r, data: parseData(r.data) }
}

/** The kinds of entity the log speaks of. */
export function auditEntities(db: Db): string[] {
  return (db.prepare('SELECT DISTINCT entity FROM audit_log ORDER BY entity').all() as { entity: string }[]).map((r) => r.entity)
}
