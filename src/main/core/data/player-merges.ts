// Player merges: re-point every row that references the dropped player, record exactly what moved, and undo it while allowed.
import type { Db } from '../db/open'
import { listSchema } from '../db/archive-files'
import { UserError } from '../util/errors'
import { appendAudit } from './audit'
import { officerName } from './settings'
import { prepared } from './statements'
import { displayName } from './list-pages'
import { attachRewrites, recordRewrites, replayMoves, rewriteArchiveFile, sealedFilesOf, settleRewrites, type FileRewrite, type SealedMove } from './archive-rewrite'

/**
 * The record a player id stands in today: itself, or the record its merges lead to (a merged record points to the one
 * it went into, which may have been merged since). At most 20 hops: a loop in corrupted data cannot hang the caller.
 */
export function standingRecord(db: Db, playerId: number): number {
  const follow = prepared(db, 'SELECT status, merged_into AS mergedInto FROM players WHERE id = ?')
  let id = playerId
  let row = follow.get(id) as { status: string; mergedInto: number | null } | undefined
  for (let hops = 0; row && row.status === 'merged' && row.mergedInto !== null && hops < 20; hops++) row = follow.get((id = row.mergedInto)) as typeof row
  return id
}

/** Tables whose references to players are bookkeeping of the registry itself, never re-pointed. */
const NOT_MOVED = new Set(['players', 'player_merges', 'duplicate_candidates'])

/**
 * What an office list stored as it computed it, under the record it computed it for: its sheets, its window, its
 * changelog. A merge leaves them there (a later list folds the two records, lists/README.md); only the list's entries
 * move to the kept record (rating_list_entries, below). These were all WITHOUT ROWID tables, which a merge skipped by
 * their form; the sheets are a rowid table since migration 20, so the rule is said by name.
 */
const KEPT_AS_COMPUTED = new Set(['office_list_sheets', 'office_list_window', 'office_list_changelog'])

interface Reference {
  table: string
  column: string
  withoutRowid: boolean
}

/** Every column of every table with a foreign key to players(id): list entries, tournament players, arbiters, and what others add. */
export function playerReferences(db: Db): Reference[] {
  const tables = db.prepare("SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string | null }[]
  const refs: Reference[] = []
  for (const t of tables) {
    if (NOT_MOVED.has(t.name) || !t.sql || /VIRTUAL/i.test(t.sql)) continue
    const fks = db.prepare('SELECT "table" AS target, "from" AS col, "to" AS tocol FROM pragma_foreign_key_list(?, \'main\')').all(t.name) as { target: string; col: string; tocol: string | null }[]
    for (const fk of fks) {
      if (fk.target === 'players' && (fk.tocol === null || fk.tocol === 'id')) {
        refs.push({ table: t.name, column: fk.col, withoutRowid: /WITHOUT\s+ROWID/i.test(t.sql) })
      }
    }
  }
  return refs
}

/** The first of `lists` (by date) whose rows are in a sealed period's archive file, or null. */
function sealedList(db: Db, lists: readonly number[]): { listDate: string; file: string } | null {
  for (const id of lists) {
    if (listSchema(db, id) === 'main') continue
    return db
      .prepare('SELECT l.list_date AS listDate, f.name AS file FROM rating_lists l JOIN archive_file_lists a ON a.list_id = l.id JOIN archive_files f ON f.id = a.file_id WHERE l.id = ?')
      .get(id) as { listDate: string; file: string }
  }
  return null
}

/** A record as the officer reads it: "Müller, Anna" (its number when it has no name). */
export function recordName(db: Db, id: number): string {
  const p = db.prepare('SELECT surname, given_names AS given FROM players WHERE id = ?').get(id) as { surname: string | null; given: string | null } | undefined
  return p?.surname ? displayName(p.surname, p.given ?? '') : `#${id}`
}

/** Where a merge's sealed entries are written: the database's file (its archive folder beside it). */
export interface SealedRewrite {
  dbFile: string
  /** Each period's file as it is written anew and checked (the files done, of how many). */
  progress?: (done: number, total: number) => void
}

/**
 * Runs `change` in one transaction with `moves` (entries of sealed lists) applied to their periods' files written anew
 * (data/archive-rewrite.ts): the files written and checked first, attached in place of the recorded ones while
 * `change` runs, recorded in its transaction; the old files removed after it, or the new ones if it failed.
 * Without `archive` a move on a sealed list is refused (`refusal`): the officer confirms the rewrite first.
 */
function withSealedMoves<T>(db: Db, moves: readonly SealedMove[], archive: SealedRewrite | undefined, refusal: () => UserError, change: () => T): T {
  if (moves.length === 0) return db.transaction(change)()
  if (!archive) throw refusal()
  const files = sealedFilesOf(db, moves.map((m) => m.listId))
  const byFile = new Map<number, SealedMove[]>()
  for (const m of moves) byFile.set(files.get(m.listId)!, [...(byFile.get(files.get(m.listId)!) ?? []), m])
  const rewrites: FileRewrite[] = []
  let attached = false
  let done = false
  try {
    const todo = [...byFile].sort((a, b) => a[0] - b[0])
    for (const [fileId, its] of todo) {
      archive.progress?.(rewrites.length, todo.length)
      rewrites.push(rewriteArchiveFile(db, archive.dbFile, fileId, its))
    }
    archive.progress?.(todo.length, todo.length)
    attached = true
    attachRewrites(db, archive.dbFile, rewrites)
    const out = db.transaction(() => {
      replayMoves(db, moves)
      const value = change()
      recordRewrites(db, rewrites)
      appendAudit(db, {
        action: 'archive.rewrite',
        entity: 'archive_file',
        entityId: rewrites[0]!.fileId,
        data: {
          name: rewrites.map((r) => r.name).join(', '),
          lists: moves.map((m) => m.listId),
          files: rewrites.map((r) => ({ id: r.fileId, from: r.oldName, name: r.name, sha256: r.sha256, lists: [...r.checksums.keys()] }))
        }
      })
      return value
    })()
    done = true
    return out
  } finally {
    settleRewrites(db, archive.dbFile, rewrites, { attached, done })
  }
}

/**
 * How a merge moves the dropped record's list entries, read through the views (every list, sealed or not): the
 * lists it moves, those where both records have an entry (the dropped one's stays), and the moved ones that are sealed.
 */
function entryPlan(db: Db, keepId: number, dropId: number): { lists: number[]; conflicts: number[]; sealed: number[] } {
  const lists = db.prepare('SELECT list_id FROM rating_list_entries WHERE player_id = ? ORDER BY list_id').pluck().all(dropId) as number[]
  const has = db.prepare('SELECT 1 FROM rating_list_entries WHERE list_id = ? AND player_id = ?')
  const conflicts = lists.filter((l) => has.get(l, keepId))
  const moved = lists.filter((l) => !conflicts.includes(l))
  return { lists: moved, conflicts, sealed: [...sealedFilesOf(db, moved).keys()] }
}

interface MovedRows {
  /** rowids per "table.column" (rowid tables). */
  rows: Record<string, number[]>
  /** list ids of rating_list_entries re-pointed (a WITHOUT ROWID table keyed by list and player). */
  entryLists: number[]
  /** list ids where both players already had an entry: the dropped player's entry stays where it is. */
  entryConflicts: number[]
  keepBefore: Record<string, unknown>
  dropBefore: Record<string, unknown>
}

export interface MergeRecord {
  id: number
  keepId: number
  dropId: number
  reason: string
  at: string
  undoneAt: string | null
  undoReason: string | null
  moved: { table: string; rows: number }[]
  entryConflicts: number[]
}

const IDENTITY = ['fide_id', 'national_id', 'birth_date', 'federation', 'sex'] as const

function loadPlayer(db: Db, id: number): Record<string, unknown> & { id: number; status: string; merged_into: number | null } {
  const p = db.prepare('SELECT * FROM players WHERE id = ?').get(id) as (Record<string, unknown> & { id: number; status: string; merged_into: number | null }) | undefined
  if (!p) throw new UserError('registry.playerNotFound', { id })
  return p
}

/**
 * Merges DROP into KEEP in one transaction: every list entry and every other reference moves to KEEP,
 * KEEP's empty identity fields are filled from DROP, DROP becomes 'merged'. Recorded in player_merges (what
 * moved, for undo) and in the audit log with the reason.
 */
export function mergePlayers(db: Db, keepId: number, dropId: number, reason: string, archive?: SealedRewrite): MergeRecord {
  if (keepId === dropId) throw new UserError('registry.mergeSame', { id: keepId })
  const actor = officerName(db)
  // the sealed lists' entries are immutable: planned once; the database's own are read again in the transaction
  const sealed = entryPlan(db, keepId, dropId).sealed
  const refusal = () => new UserError('registry.mergeSealed', { keep: keepId, drop: dropId, keepName: recordName(db, keepId), dropName: recordName(db, dropId), ...sealedList(db, sealed)! })
  const run = () => {
    const keep = loadPlayer(db, keepId)
    const drop = loadPlayer(db, dropId)
    if (keep.status === 'merged') throw new UserError('registry.mergeMerged', { id: keepId, into: keep.merged_into })
    if (drop.status === 'merged') throw new UserError('registry.mergeMerged', { id: dropId, into: drop.merged_into })
    const moved: MovedRows = {
      rows: {},
      entryLists: [],
      entryConflicts: [],
      keepBefore: Object.fromEntries(IDENTITY.map((k) => [k, keep[k]])),
      dropBefore: { fide_id: drop.fide_id, national_id: drop.national_id, status: drop.status, merged_into: drop.merged_into }
    }
    for (const ref of playerReferences(db)) {
      if (ref.table === 'rating_list_entries') {
        // through the views: a sealed list's entries moved already, in its period's new file (withSealedMoves)
        const plan = entryPlan(db, keepId, dropId)
        const move = db.prepare('UPDATE main.rating_list_entries SET player_id = ? WHERE list_id = ? AND player_id = ?')
        for (const l of plan.lists) move.run(keepId, l, dropId)
        moved.entryLists = [...plan.lists, ...sealed].sort((a, b) => a - b)
        moved.entryConflicts = plan.conflicts
        continue
      }
      if (ref.withoutRowid || KEPT_AS_COMPUTED.has(ref.table)) continue
      const ids = (db.prepare(`SELECT rowid AS r FROM main."${ref.table}" WHERE "${ref.column}" = ?`).all(dropId) as { r: number }[]).map((x) => x.r)
      if (!ids.length) continue
      if (ref.table === 'arbiters' && db.prepare('SELECT 1 FROM arbiters WHERE player_id = ?').get(keepId)) continue
      try {
        db.prepare(`UPDATE main."${ref.table}" SET "${ref.column}" = ? WHERE "${ref.column}" = ?`).run(keepId, dropId)
      } catch (e) {
        throw new UserError('registry.mergeConflict', { keep: keepId, drop: dropId, table: ref.table, reason: (e as Error).message })
      }
      moved.rows[`${ref.table}.${ref.column}`] = ids
    }
    // Identity gaps of KEEP are filled from DROP; IDs move (they are unique), other facts are copied.
    const fill: Record<string, unknown> = {}
    for (const k of IDENTITY) if ((keep[k] === null || keep[k] === '') && drop[k] !== null && drop[k] !== '') fill[k] = drop[k]
    const moveIds = ['fide_id', 'national_id'].filter((k) => k in fill)
    const dropSet = ["status = 'merged'", 'merged_into = @keep', ...moveIds.map((k) => `${k} = NULL`)].join(', ')
    db.prepare(`UPDATE players SET ${dropSet}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = @drop`).run({ keep: keepId, drop: dropId })
    if (Object.keys(fill).length) {
      db.prepare(`UPDATE players SET ${Object.keys(fill).map((k) => `${k} = @${k}`).join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = @id`).run({ ...fill, id: keepId })
    }
    const id = Number(
      db.prepare('INSERT INTO player_merges(keep_id, drop_id, reason, actor, moved) VALUES (?, ?, ?, ?, ?)').run(keepId, dropId, reason, actor, JSON.stringify(moved)).lastInsertRowid
    )
    const [a, b] = keepId < dropId ? [keepId, dropId] : [dropId, keepId]
    db.prepare(
      "UPDATE duplicate_candidates SET status = 'merged', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), decision_reason = ?, merge_id = ? WHERE player_a = ? AND player_b = ?"
    ).run(reason, id, a, b)
    appendAudit(db, {
      action: 'player.merge',
      entity: 'player',
      entityId: keepId,
      reason,
      actor,
      data: { mergeId: id, keepId, dropId, entries: moved.entryLists.length, entryConflicts: moved.entryConflicts, filled: Object.keys(fill), rows: Object.fromEntries(Object.entries(moved.rows).map(([k, v]) => [k, v.length])) }
    })
    return id
  }
  const moves = sealed.map((listId) => ({ listId, from: dropId, to: keepId }))
  return getMerge(db, withSealedMoves(db, moves, archive, refusal, run))
}

interface RawMerge {
  id: number
  keep_id: number
  drop_id: number
  reason: string
  at: string
  undone_at: string | null
  undo_reason: string | null
  moved: string
}

function toRecord(r: RawMerge): MergeRecord {
  const m = JSON.parse(r.moved) as MovedRows
  return {
    id: r.id,
    keepId: r.keep_id,
    dropId: r.drop_id,
    reason: r.reason,
    at: r.at,
    undoneAt: r.undone_at,
    undoReason: r.undo_reason,
    moved: [{ table: 'rating_list_entries', rows: m.entryLists.length }, ...Object.entries(m.rows).map(([table, ids]) => ({ table, rows: ids.length }))],
    entryConflicts: m.entryConflicts
  }
}

export function getMerge(db: Db, id: number): MergeRecord {
  const r = db.prepare('SELECT * FROM player_merges WHERE id = ?').get(id) as RawMerge | undefined
  if (!r) throw new UserError('registry.mergeNotFound', { id })
  return toRecord(r)
}

export function listMerges(db: Db, playerId?: number): MergeRecord[] {
  const rows = (
    playerId === undefined
      ? db.prepare('SELECT * FROM player_merges ORDER BY id DESC LIMIT 500').all()
      : db.prepare('SELECT * FROM player_merges WHERE keep_id = ? OR drop_id = ? ORDER BY id DESC').all(playerId, playerId)
  ) as RawMerge[]
  return rows.map(toRecord)
}

/** Why a merge can no longer be undone, or null when it can. */
export function undoBlocker(db: Db, id: number): UserError | null {
  const r = db.prepare('SELECT * FROM player_merges WHERE id = ?').get(id) as RawMerge | undefined
  if (!r) return new UserError('registry.mergeNotFound', { id })
  if (r.undone_at) return new UserError('registry.mergeAlreadyUndone', { id, at: r.undone_at })
  const pub = db
    .prepare(
      "SELECT list_date AS listDate, rating_type AS ratingType, published_at AS publishedAt FROM rating_lists WHERE kind = 'office' AND status = 'published' AND published_at >= ? ORDER BY published_at LIMIT 1"
    )
    .get(r.at) as { listDate: string; ratingType: string; publishedAt: string } | undefined
  if (pub) return new UserError('registry.mergePublishedSince', { id, ...pub })
  const later = db
    .prepare('SELECT id FROM player_merges WHERE id > ? AND undone_at IS NULL AND (keep_id IN (?, ?) OR drop_id IN (?, ?)) ORDER BY id DESC LIMIT 1')
    .get(id, r.keep_id, r.drop_id, r.keep_id, r.drop_id) as { id: number } | undefined
  if (later) return new UserError('registry.mergeNotLast', { id, later: later.id })
  return null
}

/**
 * Puts back exactly what a merge moved; refused once an office list was published after it. Entries it moved on lists
 * sealed since (or across a sealed period) go back by their periods' files written anew, as the merge did (`archive`;
 * without it such an undo is refused, `registry.mergeUndoSealed`, for the officer to confirm).
 */
export function undoMerge(db: Db, id: number, reason: string, archive?: SealedRewrite): MergeRecord {
  const blocker = undoBlocker(db, id)
  if (blocker) throw blocker
  const r = db.prepare('SELECT * FROM player_merges WHERE id = ?').get(id) as RawMerge
  const m = JSON.parse(r.moved) as MovedRows
  const sealed = [...sealedFilesOf(db, m.entryLists).keys()]
  const refusal = () => new UserError('registry.mergeUndoSealed', { id, keepName: recordName(db, r.keep_id), dropName: recordName(db, r.drop_id), ...sealedList(db, sealed)! })
  withSealedMoves(db, sealed.map((listId) => ({ listId, from: r.keep_id, to: r.drop_id })), archive, refusal, () => {
    const blocker = undoBlocker(db, id)
    if (blocker) throw blocker
    const back = db.prepare('UPDATE main.rating_list_entries SET player_id = ? WHERE list_id = ? AND player_id = ?')
    for (const l of m.entryLists) if (!sealed.includes(l)) back.run(r.drop_id, l, r.keep_id)
    for (const [key, ids] of Object.entries(m.rows)) {
      const [table, column] = key.split('.') as [string, string]
      const q = db.prepare(`UPDATE main."${table}" SET "${column}" = ? WHERE rowid = ?`)
      for (const rowid of ids) q.run(r.drop_id, rowid)
    }
    const kb = m.keepBefore
    db.prepare(
      `UPDATE players SET fide_id = @fide_id, national_id = @national_id, birth_date = @birth_date, federation = @federation, sex = @sex,
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = @id`
    ).run({ fide_id: null, national_id: null, birth_date: kb.birth_date ?? null, federation: kb.federation ?? null, sex: kb.sex ?? null, id: r.keep_id })
    const db_ = m.dropBefore
    db.prepare(
      `UPDATE players SET status = @status, merged_into = @merged_into, fide_id = @fide_id, national_id = @national_id,
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = @id`
    ).run({ status: db_.status, merged_into: db_.merged_into ?? null, fide_id: db_.fide_id ?? null, national_id: db_.national_id ?? null, id: r.drop_id })
    // Restored last so that unique IDs are free again on the kept player's side.
    db.prepare('UPDATE players SET fide_id = ?, national_id = ? WHERE id = ?').run(kb.fide_id ?? null, kb.national_id ?? null, r.keep_id)
    db.prepare("UPDATE player_merges SET undone_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), undo_reason = ? WHERE id = ?").run(reason, id)
    db.prepare("UPDATE duplicate_candidates SET status = 'open', decided_at = NULL, decision_reason = NULL, merge_id = NULL WHERE merge_id = ?").run(id)
    appendAudit(db, { action: 'player.merge.undo', entity: 'player', entityId: r.keep_id, reason, data: { mergeId: id, keepId: r.keep_id, dropId: r.drop_id } })
  })
  return getMerge(db, id)
}
