// Whole-database figures: the home page's counts, the health check's tables and row counts, whether the registry holds data.
import type { Db } from '../db/open'
import { entryCountSql } from './list-pages'

/** The database's own tables (SQLite's internal ones aside), by name. */
export function tableNames(db: Db): string[] {
  return (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name)
}

export function tableRowCount(db: Db, table: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}"`).get() as { n: number }).n
}

/** True when the registry holds a player or a rating list (a list import then backs it up first). */
export function registryHoldsData(db: Db): boolean {
  return (db.prepare('SELECT (SELECT count(*) FROM players) + (SELECT count(*) FROM rating_lists) AS n').get() as { n: number }).n !== 0
}

export interface HomeFigures {
  players: number
  playersActive: number
  tournamentsByStatus: Record<string, number>
  referenceLists: number
  lastPublished: { id: number; listDate: string; ratingType: string; publishedAt: string; entries: number } | null
  lastReference: { id: number; listDate: string; ratingType: string; entries: number } | null
}

/** The home page's counts: players, tournaments by status, reference lists, the latest published and reference lists. */
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
      `SELECT l.id, l.list_date AS listDate, l.rating_type AS ratingType, l.published_at AS publishedAt,
              ${entryCountSql('l')} AS entries
         FROM rating_lists l WHERE l.kind = 'office' AND l.status = 'published'
        ORDER BY l.list_date DESC, l.version DESC LIMIT 1`
    )
    .get() as HomeFigures['lastPublished'] | undefined
  const ref = db
    .prepare(
      `SELECT l.id, l.list_date AS listDate, l.rating_type AS ratingType,
              ${entryCountSql('l')} AS entries
         FROM rating_lists l WHERE l.kind = 'reference' ORDER BY l.list_date DESC, l.id DESC LIMIT 1`
    )
    .get() as HomeFigures['lastReference'] | undefined
  return { players, playersActive, tournamentsByStatus, referenceLists, lastPublished: pub ?? null, lastReference: ref ?? null }
}
