// Whole-database figures: the home page's counts, the health check's tables and row counts, whether the registry holds data.
import type { Db } from '../db/open'
import { quoteIdent } from '../db/ident'
import { entryCountSql } from './list-pages'
import { RATING_TYPES } from '../model/tournament'

/** The database's own tables (SQLite's internal ones aside), by name. */
export function tableNames(db: Db): string[] {
  return (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
}

export function tableRowCount(db: Db, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${quoteIdent(table)}`).get() as { n: number }).n
}

/** True when the registry holds a player or a rating list (a list import then backs it up first). */
export function registryHoldsData(db: Db): boolean {
  return (db.prepare('SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM rating_lists) AS n').get() as { n: number }).n !== 0
}

export type ReferenceList = { id: number; listDate: string; ratingType: string; entries: number }

export interface HomeFigures {
  players: number
  playersActive: number
  tournamentsByStatus: Record<string, number>
  /** Reports waiting for the officer: imported or checked, neither approved, rejected nor rated. */
  toCheck: number
  referenceLists: number
  lastPublished: { id: number; listDate: string; ratingType: string; version: number; publishedAt: string; entries: number } | null
  /** The latest imported reference list of each rating type (null: none of that type). */
  references: Record<(typeof RATING_TYPES)[number], ReferenceList | null>
}

/** The home page's counts: players, tournaments by status and those to check, reference lists, the latest published list and the latest reference list of each type. */
export function homeFigures(db: Db): HomeFigures {
  const players = (db.prepare("SELECT count(*) AS n FROM players WHERE status <> 'merged'").get() as { n: number }).n
  const playersActive = (db.prepare("SELECT count(*) AS n FROM players WHERE status = 'active'").get() as { n: number }).n
  const tournamentsByStatus: Record<string, number> = {}
  for (const r of db.prepare('SELECT status, count(*) AS n FROM tournaments GROUP BY status').all() as { status: string; n: number }[]) {
    tournamentsByStatus[r.status] = r.n
  }
  const referenceLists = (db.prepare("SELECT count(*) AS n FROM rating_lists WHERE kind = 'reference'").get() as { n: number }).n
  const pub = db
    .prepare(
      `SELECT l.id, l.list_date AS listDate, l.rating_type AS ratingType, l.version, l.published_at AS publishedAt,
              ${entryCountSql('l')} AS entries
         FROM rating_lists l WHERE l.kind = 'office' AND l.status = 'published'
        ORDER BY l.list_date DESC, l.version DESC LIMIT 1`
    )
    .get() as HomeFigures['lastPublished'] | undefined
  const latestReference = db.prepare(
    `SELECT l.id, l.list_date AS listDate, l.rating_type AS ratingType,
            ${entryCountSql('l')} AS entries
       FROM rating_lists l WHERE l.kind = 'reference' AND l.rating_type = ? ORDER BY l.list_date DESC, l.id DESC LIMIT 1`
  )
  const references = Object.fromEntries(RATING_TYPES.map((type) => [type, (latestReference.get(type) as ReferenceList | undefined) ?? null])) as HomeFigures['references']
  const toCheck = (tournamentsByStatus.imported ?? 0) + (tournamentsByStatus.checked ?? 0)
  return { players, playersActive, tournamentsByStatus, toCheck, referenceLists, lastPublished: pub ?? null, references }
}
