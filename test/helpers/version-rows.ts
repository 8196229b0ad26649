// Every stored row of a correction's new version and what the correction wrote besides: what two ways of writing the
// same version are compared by, row for row (list-corrections-threads.spec.ts: two threads against one;
// jobs/list-corrections.spec.ts: the lines a preview prepared against the lines computed again).
import type { Db } from '../../src/main/core/db/open'

export function versionRows(db: Db, listId: number): Record<string, unknown[]> {
  const all = (sql: string, ...params: unknown[]): unknown[] => db.prepare(sql).raw().all(...params)
  return {
    list: all('SELECT id, kind, list_date, rating_type, source, edition, status, version, supersedes_id, checksum, entry_count, rated_count FROM rating_lists WHERE id = ?', listId),
    entries: all('SELECT * FROM rating_list_entries WHERE list_id = ? ORDER BY player_id', listId),
    sheets: all('SELECT * FROM office_list_sheets WHERE list_id = ? ORDER BY player_id', listId),
    window: all('SELECT * FROM office_list_window WHERE list_id = ? ORDER BY player_id', listId),
    tournaments: all('SELECT * FROM office_list_tournaments WHERE list_id = ? ORDER BY tournament_id', listId),
    // what the draft's end derives from its rows: its order by rating, its counts by kind of change, its preview's orders
    byRating: all('SELECT * FROM list_by_rating WHERE list_id = ? ORDER BY key, player_id', listId),
    counts: all('SELECT * FROM office_list_kind_counts WHERE list_id = ? ORDER BY kind', listId),
    orders: all('SELECT * FROM office_list_orders WHERE list_id = ? ORDER BY 1, 2', listId),
    // and its marks by rating, name and FIDE ID (where a page of the list starts)
    marks: all('SELECT * FROM list_marks WHERE list_id = ? ORDER BY sort, rank', listId),
    // its publication's time aside
    meta: all('SELECT * FROM office_list_meta WHERE list_id = ?', listId).map((r) => (r as unknown[]).map((v) => (typeof v === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(v) ? 'at' : v))),
    changelog: all('SELECT player_id, before_rating, after_rating, before_games, after_games, before_k, after_k, before_flags, after_flags, reason FROM office_list_changelog WHERE list_id = ? ORDER BY player_id', listId),
    audit: all("SELECT actor, action, entity, entity_id, reason, data FROM audit_log WHERE entity = 'rating_list' AND entity_id = ? ORDER BY id", String(listId)),
    states: all('SELECT id, status FROM tournaments ORDER BY id')
  }
}
