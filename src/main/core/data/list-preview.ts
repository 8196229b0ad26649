// SQL of a list's preview: its counts by kind of change against its base and one page of its players in the
// preview's order (the orders stored as its generation wrote them, else the comparison's own SQL), each row with his
// two lines' kind and marks, the tournaments behind his sheet, and why a player has no line.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { ChangeKind, PreviewRow } from '../../../shared/contract/office-lists'
import type { CalculationSheet, EntryStatus } from '../lists/types'
import { emptyChangeCounts, marksOf, ratingKindOf, type KindLine } from '../lists/change-kinds'
import { unpackSheet } from '../lists/stored-sheet'
import { getMeta, type MetaRow } from './list-reads'
import { diffCounts, kindPage, sheetKindPage } from './list-compare'
import { publishedRating } from './published-rating'
import { preparedRaw } from './statements'
import { ORDER_CHUNK, unpackIds } from './list-orders'

/** A list's sheets by the kind stored with each (its rating kind since lists/change-kinds.ts; migration 21). */
export function sheetCounts(db: Db, listId: number): Record<ChangeKind, number> {
  const counts = emptyChangeCounts()
  for (const [kind, n] of preparedRaw(db, 'SELECT kind, sheets FROM office_list_kind_counts WHERE list_id = ?').all(listId) as [ChangeKind, number][]) counts[kind] = n
  return counts
}

/**
 * A list's players by kind of change against its base (lists/change-kinds.ts), counted by the comparison's own SQL
 * (diffCounts) as its generation wrote its last line, and kept with its counters; null for a list generated before
 * (its preview counts them as the comparison does, at each call).
 */
function storedChanges(meta: MetaRow): Record<ChangeKind, number> | null {
  return (JSON.parse(meta.counters) as { changes?: Record<ChangeKind, number> }).changes ?? null
}

/** The kinds a sheet stores (a player's rating kind): their players are the sheets of that kind, the other kinds' are not only sheets. */
const SHEET_KINDS: ReadonlySet<ChangeKind> = new Set<ChangeKind>(['up', 'down', 'new', 'delisted', 'unlisted'])

/** A list's sheets, as its generation counted them (kept with its counters since lists/change-kinds.ts); null before. */
function storedSheets(meta: MetaRow): number | null {
  return (JSON.parse(meta.counters) as { sheets?: number }).sheets ?? null
}

/** The preview's order, biggest changes first then by player (stored in chunks since migration 22). */
const PREVIEW_ORDER = 'abs(coalesce(change, 0)) DESC, player_id'

/**
 * `count` player ids from position `offset` of a list's stored preview order (`kind` 'all' or one kind), read from the
 * one or two rows that hold them; null when the rows are not all there (the caller sorts the sheets itself).
 */
export function previewOrderSlice(db: Db, listId: number, kind: string, offset: number, count: number): number[] | null {
  if (count <= 0) return []
  const first = Math.floor(offset / ORDER_CHUNK)
  const last = Math.floor((offset + count - 1) / ORDER_CHUNK)
  const chunks = preparedRaw(db, 'SELECT chunk, players FROM office_list_orders WHERE list_id = ? AND kind = ? AND chunk BETWEEN ? AND ? ORDER BY chunk').all(listId, kind, first, last) as [number, Buffer][]
  if (chunks.length !== last - first + 1) return null
  const ids: number[] = []
  for (const [, b] of chunks) unpackIds(b, ids)
  const slice = ids.slice(offset - first * ORDER_CHUNK, offset - first * ORDER_CHUNK + count)
  return slice.length === count ? slice : null
}

/** The ids of one page of the list's sheets (every kind stored, or one), in the preview's order. */
function sheetPage(db: Db, listId: number, q: { kind?: ChangeKind; playerIds?: number[] | null; offset: number; limit: number }, total: number): number[] {
  const stored = q.playerIds ? null : previewOrderSlice(db, listId, q.kind ?? 'all', q.offset, Math.min(q.limit, total - q.offset))
  if (stored) return stored
  const where = ['list_id = ?']
  const params: (string | number)[] = [listId]
  if (q.kind) {
    where.push('kind = ?')
    params.push(q.kind)
  }
  if (q.playerIds) {
    where.push(`player_id IN (${q.playerIds.map(() => '?').join(',')})`)
    params.push(...q.playerIds)
  }
  return db.prepare(`SELECT player_id FROM ${listTables(db, listId).sheets} WHERE ${where.join(' AND ')} ORDER BY ${PREVIEW_ORDER} LIMIT ? OFFSET ?`).pluck().all(...params, q.limit, q.offset) as number[]
}

/**
 * A list's preview: its counts by kind of change against its base and one page of rows. Without a kind, the page is of
 * every player with a sheet (those the period touched or whose line changed), biggest changes first; with a kind, of
 * that kind's players as lists/change-kinds.ts defines it, the same players as the comparison of the two lists gives
 * (lists:diff): biggest changes first, then by player. `playerIds` narrows them to a search's players. The counts are
 * the comparison's (diffCounts), stored with the list as it was written.
 */
export function previewRows(
  db: Db,
  listId: number,
  q: { kind?: ChangeKind; playerIds?: number[] | null; offset: number; limit: number }
): { counts: Record<ChangeKind, number>; total: number; rows: PreviewRow[] } {
  const meta = getMeta(db, listId)
  const baseId = meta?.baseListId ?? 0
  const stored = meta ? storedChanges(meta) : null
  const counts = stored ?? (meta ? diffCounts(db, baseId, listId) : emptyChangeCounts())
  if (q.playerIds && !q.playerIds.length) return { counts, total: 0, rows: [] }
  let ids: number[]
  let total: number
  if (!q.kind) {
    // every sheet, biggest change first
    total = q.playerIds
      ? (db.prepare(`SELECT count(*) FROM ${listTables(db, listId).sheets} WHERE list_id = ? AND player_id IN (${q.playerIds.map(() => '?').join(',')})`).pluck().get(listId, ...q.playerIds) as number)
      : ((meta ? storedSheets(meta) : null) ?? Object.values(sheetCounts(db, listId)).reduce((a, b) => a + b, 0))
    ids = sheetPage(db, listId, q, total)
  } else if (stored && !q.playerIds && q.kind !== 'title') {
    // a list generated with the kinds' orders (storeDraftCounts): the kind's stored order
    total = counts[q.kind]
    ids = SHEET_KINDS.has(q.kind)
      ? sheetPage(db, listId, q, total)
      : (previewOrderSlice(db, listId, q.kind, q.offset, Math.min(q.limit, total - q.offset)) ?? kindPage(db, baseId, listId, q.kind, q).ids)
  } else if (stored && !q.playerIds) {
    // title changes: each has a sheet on such a list, found among them by the comparison's own condition
    total = counts.title
    ids = sheetKindPage(db, baseId, listId, 'title', q)
  } else {
    // a search, or a list generated before: the comparison's players of that kind
    const page = kindPage(db, baseId, listId, q.kind, q)
    ids = page.ids
    total = page.total ?? counts[q.kind]
  }
  return { counts, total, rows: previewRowsOf(db, baseId, listId, ids) }
}

type PreviewRaw = {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  fP: number | null
  fR: number | null
  fS: EntryStatus | null
  fF: string | null
  fT: string | null
  tP: number | null
  tR: number | null
  tS: EntryStatus | null
  tF: string | null
  tT: string | null
  games: number | null
  tournaments: string | null
  sheet: Buffer | null
}

/**
 * The preview's rows of the given players, in that order: each player's kind and marks from his lines on the two lists
 * (lists/change-kinds.ts), the tournaments behind his sheet, and for a player without a line why (his sheet). The page's
 * players are read by key from its ids (json_each first), never a scan of a list.
 */
function previewRowsOf(db: Db, baseId: number, listId: number, ids: readonly number[]): PreviewRow[] {
  if (!ids.length) return []
  // each list in the file that holds it (db/archive-files.ts); no base: none of its rows (list 0)
  const to = listTables(db, listId)
  const from = listTables(db, baseId || null).entries
  const rows = db
    .prepare(
      `WITH page AS (SELECT value AS player_id, key AS n FROM json_each(?))
       SELECT page.player_id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, coalesce(t.federation, f.federation, p.federation) AS federation,
              f.player_id AS fP, f.rating AS fR, f.entry_status AS fS, f.flags AS fF, f.title AS fT,
              t.player_id AS tP, t.rating AS tR, t.entry_status AS tS, t.flags AS tF, t.title AS tT, t.games,
              s.tournaments,
              -- why a player has no line is in his sheet (a page of them decoded, never the list's)
              CASE WHEN t.player_id IS NULL THEN s.sheet END AS sheet
         FROM page CROSS JOIN players p ON p.id = page.player_id
         LEFT JOIN ${to.entries} t ON t.list_id = ? AND t.player_id = page.player_id
         LEFT JOIN ${from} f ON f.list_id = ? AND f.player_id = page.player_id
         LEFT JOIN ${to.sheets} s ON s.list_id = ? AND s.player_id = page.player_id
        ORDER BY page.n`
    )
    .all(JSON.stringify(ids), listId, baseId, listId) as PreviewRaw[]
  const tName = db.prepare('SELECT name FROM tournaments WHERE id = ?').pluck()
  return rows.map((r) => {
    const b: KindLine | null = r.fP === null ? null : { rating: r.fR, status: r.fS, flags: r.fF, title: r.fT }
    const n: KindLine | null = r.tP === null ? null : { rating: r.tR, status: r.tS, flags: r.tF, title: r.tT }
    // the published ratings (a delisted line publishes none: its under-floor figure is on his sheet)
    const before = b ? publishedRating(b.rating, b.status) : null
    const after = n ? publishedRating(n.rating, n.status) : null
    return {
      playerId: r.playerId,
      fideId: r.fideId,
      name: r.givenNames ? `${r.surname}, ${r.givenNames}` : r.surname,
      federation: r.federation,
      kind: ratingKindOf(b, n),
      marks: marksOf(b, n),
      before,
      after,
      change: before !== null && after !== null ? after - before : null,
      games: n ? r.games : null,
      flags: n ? r.tF : null,
      tournaments: r.tournaments ? (JSON.parse(r.tournaments) as number[]).map((id) => ({ id, name: (tName.get(id) as string | null | undefined) ?? null })) : [],
      unlisted: r.sheet ? ((unpackSheet(r.sheet) as CalculationSheet).unlisted ?? null) : null
    }
  })
}
