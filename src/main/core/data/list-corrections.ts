// SQL of the corrections of published lists: the differences waiting for the next list (FIDE practice), and the
// rows a correction writes (the differences carried, a new version's changelog).
import type { Db } from '../db/open'
import type { PendingAdjustment } from '../lists/corrections'

/** The corrections' differences no list carried yet, in the order they were made. */
export function pendingAdjustments(db: Db): PendingAdjustment[] {
  return db
    .prepare('SELECT id, player_id AS playerId, delta, reason, source_list_id AS sourceListId FROM office_list_adjustments WHERE applied_list_id IS NULL ORDER BY id')
    .all() as PendingAdjustment[]
}

/** A writer of the differences a correction carries into the next list (FIDE practice), prepared once for a loop. */
export function adjustmentWriter(db: Db): (sourceListId: number, playerId: number, delta: number, reason: string) => void {
  const st = db.prepare('INSERT INTO office_list_adjustments (source_list_id, player_id, delta, reason) VALUES (?, ?, ?, ?)')
  return (sourceListId, playerId, delta, reason) => void st.run(sourceListId, playerId, delta, reason)
}

type LineFigures = { rating: number | null; games: number | null; k: number | null; flags: string | null }

/** A writer of a new version's changelog (each changed line, before and after, with its reason), prepared once. */
export function changelogWriter(db: Db): (c: { listId: number; playerId: number; before: LineFigures | null; after: LineFigures; reason: string }) => void {
  const st = db.prepare(
    'INSERT INTO office_list_changelog (list_id, player_id, before_rating, after_rating, before_games, after_games, before_k, after_k, before_flags, after_flags, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  return ({ listId, playerId, before: p, after: e, reason }) =>
    void st.run(listId, playerId, p?.rating ?? null, e.rating, p?.games ?? null, e.games, p?.k ?? null, e.k, p?.flags ?? null, e.flags, reason)
}

