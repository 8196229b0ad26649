// SQL of list comparisons: two lists of one type side by side (counts by kind of change, one kind's rows paged),
// and the players on which an office list and a reference list disagree, with the base entries of each side.
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import type { SideEntry, BaseEntryFacts, SheetFacts } from '../compare/reconcile'
import type { CalculationSheet } from '../lists/types'
import { delistedSql as delisted, publishedRatingSql } from './published-rating'
import type { EntryStatus } from '../lists/types'
import { CHANGE_KINDS, emptyChangeCounts, type ChangeKindName } from '../lists/change-kinds'
import { decodeSheet } from '../lists/sheet-codec'

/** Every kind of change, in the screens' order (the one definition: lists/change-kinds.ts). */
export const DIFF_KINDS = CHANGE_KINDS
export type DiffKind = ChangeKindName

/** A line's standing as SQL over an entry alias that may be missing (a LEFT JOIN's): 0 or 1, never NULL. */
const rated = (a: string): string => `(${a}.rating IS NOT NULL AND coalesce(${a}.entry_status, 'rated') = 'rated')`
const listed = (a: string): string => `(${a}.player_id IS NOT NULL)`
const inactive = (a: string): string => `(instr(coalesce(${a}.flags, ''), 'i') > 0)`

const DELISTED_SQL = `${listed('t')} AND (${delisted('t')} OR (NOT ${rated('t')} AND NOT ${delisted('t')} AND ${rated('f')}))`
const NEW_SQL = `${rated('t')} AND NOT ${rated('f')}`
const UP_SQL = `${rated('t')} AND ${rated('f')} AND t.rating > f.rating`
const DOWN_SQL = `${rated('t')} AND ${rated('f')} AND t.rating < f.rating`

/**
 * Each kind of change as a condition over `t` (the entry on the new list) and `f` (on the base list), either of which
 * may be missing (LEFT JOINs): lists/change-kinds.ts in SQL, for the comparisons of lists of two million lines. A test
 * holds the two to each other over every combination of lines (test/main/core/data/list-compare-kinds.spec.ts).
 * 'unlisted' is a row without `t`: the rows compared are every line of the new list, every line of the base list
 * without one on the new, and the new list's sheets of players on neither (kindUnion).
 */
export const KIND_SQL: Record<DiffKind, string> = {
  up: UP_SQL,
  down: DOWN_SQL,
  new: NEW_SQL,
  delisted: DELISTED_SQL,
  inactive: `${rated('t')} AND ${rated('f')} AND ${inactive('t')} AND NOT ${inactive('f')}`,
  reactivated: `${rated('t')} AND ${rated('f')} AND ${inactive('f')} AND NOT ${inactive('t')}`,
  title: `${listed('t')} AND ${listed('f')} AND coalesce(t.title, '') <> coalesce(f.title, '')`,
  unchanged: `${listed('t')} AND NOT (${DELISTED_SQL}) AND NOT (${NEW_SQL}) AND NOT (${UP_SQL}) AND NOT (${DOWN_SQL})`,
  unlisted: `NOT ${listed('t')}`
}

/**
 * The tables of the two lists compared, each named in the file that holds it (db/archive-files.ts): `f` the base
 * list's entries, `t` the new list's, `s` the new list's sheets. Through the views every lookup of one list would be
 * one per file.
 */
interface Pair {
  f: string
  t: string
  s: string
}

export function pairOf(db: Db, fromId: number, toId: number): Pair {
  const to = listTables(db, toId)
  return { f: listTables(db, fromId).entries, t: to.entries, s: to.sheets }
}

/** The base list's lines without one on the new list (@from, @to bound): unlisted. */
const LEAVERS = (x: Pair): string => `FROM ${x.f} f WHERE f.list_id = @from AND NOT EXISTS (SELECT 1 FROM ${x.t} t WHERE t.list_id = @to AND t.player_id = f.player_id)`
/** The new list's sheets of players on neither list (the period touched them, the list gives them no line): unlisted. */
const SHEETS_ALONE = (x: Pair): string => `FROM ${x.s} s WHERE s.list_id = @to
   AND NOT EXISTS (SELECT 1 FROM ${x.t} t WHERE t.list_id = @to AND t.player_id = s.player_id)
   AND NOT EXISTS (SELECT 1 FROM ${x.f} f WHERE f.list_id = @from AND f.player_id = s.player_id)`

/** Every kind's count: one pass over the new list (left-joined to the base), then the unlisted (base leavers, sheets alone). */
export function diffCounts(db: Db, fromId: number, toId: number): Record<DiffKind, number> {
  // each line's rating kind by one CASE (the rating kinds exclude each other: the first that holds is the only one),
  // the marks summed beside (one pass, each condition read once a line)
  const ratingKinds = (['delisted', 'new', 'up', 'down'] as const).map((k) => `WHEN ${KIND_SQL[k]} THEN '${k}'`).join(' ')
  const out = emptyChangeCounts()
  const x = pairOf(db, fromId, toId)
  const rows = db
    .prepare(
      `SELECT rk, count(*), sum(mi), sum(mr), sum(mt) FROM (
         SELECT CASE ${ratingKinds} ELSE 'unchanged' END AS rk, (${KIND_SQL.inactive}) AS mi, (${KIND_SQL.reactivated}) AS mr, (${KIND_SQL.title}) AS mt
           FROM ${x.t} t LEFT JOIN ${x.f} f ON f.list_id = @from AND f.player_id = t.player_id
          WHERE t.list_id = @to)
        GROUP BY rk`
    )
    .raw()
    .all({ from: fromId, to: toId }) as [DiffKind, number, number, number, number][]
  for (const [kind, n, inactive, reactivated, title] of rows) {
    out[kind] += n
    out.inactive += inactive
    out.reactivated += reactivated
    out.title += title
  }
  const leavers = db.prepare(`SELECT count(*) ${LEAVERS(x)}`).pluck().get({ from: fromId, to: toId }) as number
  const alone = db.prepare(`SELECT count(*) ${SHEETS_ALONE(x)}`).pluck().get({ from: fromId, to: toId }) as number
  out.unlisted = leavers + alone
  return out
}

/** A player's line on one side of a comparison, with what the kinds read of it. */
export type DiffSideEntry = SideEntry & { title: string | null; status: EntryStatus | null }

export interface DiffRow {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  from: DiffSideEntry | null
  to: DiffSideEntry | null
}

/** Orders over the compared rows (d): biggest gains or losses first, new and leaving players by rating. */
const ORDER: Record<DiffKind, string> = {
  up: '(d.tRating - d.fRating) DESC, d.nameFolded, d.playerId',
  down: '(d.tRating - d.fRating) ASC, d.nameFolded, d.playerId',
  new: 'd.tRating DESC, d.nameFolded, d.playerId',
  delisted: 'd.fRating DESC, d.nameFolded, d.playerId',
  inactive: 'd.tRating DESC, d.nameFolded, d.playerId',
  reactivated: 'd.tRating DESC, d.nameFolded, d.playerId',
  title: 'd.nameFolded, d.playerId',
  unchanged: 'd.tRating DESC, d.nameFolded, d.playerId',
  unlisted: 'd.fRating DESC, d.nameFolded, d.playerId'
}

type RawDiff = Omit<DiffRow, 'from' | 'to'> & Record<`${'f' | 't'}${'Present' | 'Rating' | 'Games' | 'K' | 'Flags' | 'Title' | 'Status'}`, number | string | null>

const side = (r: RawDiff, p: 'f' | 't'): DiffRow['from'] =>
  r[`${p}Present`] === null
    ? null
    : {
        rating: r[`${p}Rating`] as number | null,
        games: r[`${p}Games`] as number | null,
        k: r[`${p}K`] as number | null,
        flags: r[`${p}Flags`] as string | null,
        title: r[`${p}Title`] as string | null,
        status: r[`${p}Status`] as EntryStatus | null
      }

// the ratings shown are the published ones (a delisted line shows none; the kinds read the lines themselves)
const DIFF_COLUMNS = `p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.name_folded AS nameFolded,
    coalesce(t.federation, f.federation, p.federation) AS federation,
    f.player_id AS fPresent, ${publishedRatingSql('f')} AS fRating, f.games AS fGames, f.k AS fK, f.flags AS fFlags, f.title AS fTitle, f.entry_status AS fStatus,
    t.player_id AS tPresent, ${publishedRatingSql('t')} AS tRating, t.games AS tGames, t.k AS tK, t.flags AS tFlags, t.title AS tTitle, t.entry_status AS tStatus`

/**
 * Every player of one kind (@from, @to bound): the new list's players left-joined to the base list; for 'unlisted' the
 * base list's players without a line on the new one, and the new list's sheets of players on neither.
 */
export function kindUnion(kind: DiffKind, x: Pair): string {
  if (kind !== 'unlisted') {
    return `SELECT ${DIFF_COLUMNS} FROM ${x.t} t JOIN players p ON p.id = t.player_id LEFT JOIN ${x.f} f ON f.list_id = @from AND f.player_id = t.player_id WHERE t.list_id = @to AND (${KIND_SQL[kind]})`
  }
  const noT = `LEFT JOIN ${x.t} t ON t.list_id = @to AND t.player_id = p.id`
  return [
    `SELECT ${DIFF_COLUMNS} FROM ${x.f} f JOIN players p ON p.id = f.player_id ${noT} WHERE f.list_id = @from AND t.player_id IS NULL`,
    `SELECT ${DIFF_COLUMNS} FROM ${x.s} s JOIN players p ON p.id = s.player_id ${noT}
       LEFT JOIN ${x.f} f ON f.list_id = @from AND f.player_id = p.id
      WHERE s.list_id = @to AND t.player_id IS NULL AND f.player_id IS NULL`
  ].join(' UNION ALL ')
}

const toDiffRow = (r: RawDiff): DiffRow => ({ playerId: r.playerId, fideId: r.fideId, surname: r.surname, givenNames: r.givenNames, federation: r.federation, from: side(r, 'f'), to: side(r, 't') })

/** One page of one kind's players: biggest gains (or losses) first, new and leaving players by rating. */
export function diffRows(db: Db, fromId: number, toId: number, kind: DiffKind, offset: number, limit: number): { rows: DiffRow[]; total: number } {
  const union = kindUnion(kind, pairOf(db, fromId, toId))
  const total = db.prepare(`SELECT count(*) FROM (${union})`).pluck().get({ from: fromId, to: toId }) as number
  const rows = db
    .prepare(`SELECT * FROM (${union}) AS d ORDER BY ${ORDER[kind]} LIMIT @limit OFFSET @offset`)
    .all({ from: fromId, to: toId, limit, offset }) as RawDiff[]
  return { total, rows: rows.map(toDiffRow) }
}

/**
 * One page of one kind's players in the preview's order (biggest change first, then by player; a search's players
 * only when `playerIds` is given, with their count): the comparison's rows, so the preview and the comparison page the
 * same players. 'unchanged' players never changed rating: their order is the player's, which the new list's key gives.
 */
export function kindPage(db: Db, fromId: number, toId: number, kind: DiffKind, q: { playerIds?: number[] | null; offset: number; limit: number }): { ids: number[]; total: number | null } {
  const only = q.playerIds ? `WHERE d.playerId IN (${q.playerIds.map(() => '?').join(',')})` : ''
  const params = { from: fromId, to: toId }
  const order = kind === 'unchanged' ? 'd.playerId' : 'abs(coalesce(d.tRating - d.fRating, 0)) DESC, d.playerId'
  const ids = db
    .prepare(`SELECT d.playerId FROM (${kindUnion(kind, pairOf(db, fromId, toId))}) AS d ${only} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all(...(q.playerIds ?? []), { ...params, limit: q.limit, offset: q.offset }) as number[]
  const total = q.playerIds ? (db.prepare(`SELECT count(*) FROM (${kindUnion(kind, pairOf(db, fromId, toId))}) AS d ${only}`).pluck().get(...q.playerIds, params) as number) : null
  return { ids, total }
}

/** One page of one kind's players among the new list's sheets, in the preview's order (biggest change first, then by player). */
export function sheetKindPage(db: Db, fromId: number, toId: number, kind: DiffKind, q: { offset: number; limit: number }): number[] {
  const x = pairOf(db, fromId, toId)
  return db
    .prepare(
      `SELECT s.player_id FROM ${x.s} s
         LEFT JOIN ${x.t} t ON t.list_id = @to AND t.player_id = s.player_id
         LEFT JOIN ${x.f} f ON f.list_id = @from AND f.player_id = s.player_id
        WHERE s.list_id = @to AND (${KIND_SQL[kind]})
        ORDER BY abs(coalesce(s.change, 0)) DESC, s.player_id LIMIT @limit OFFSET @offset`
    )
    .pluck()
    .all({ from: fromId, to: toId, limit: q.limit, offset: q.offset }) as number[]
}

/** The new list's sheets that carry each mark ([player, |change|] for the flags; the title changes counted). */
export function sheetMarks(db: Db, fromId: number, toId: number): { inactive: [number, number][]; reactivated: [number, number][]; title: number } {
  const out = { inactive: [] as [number, number][], reactivated: [] as [number, number][], title: 0 }
  const x = pairOf(db, fromId, toId)
  const rows = db
    .prepare(
      `SELECT s.player_id, abs(coalesce(s.change, 0)), (${KIND_SQL.inactive}), (${KIND_SQL.reactivated}), (${KIND_SQL.title})
         FROM ${x.s} s
         LEFT JOIN ${x.t} t ON t.list_id = @to AND t.player_id = s.player_id
         LEFT JOIN ${x.f} f ON f.list_id = @from AND f.player_id = s.player_id
        WHERE s.list_id = @to AND ((${KIND_SQL.inactive}) OR (${KIND_SQL.reactivated}) OR (${KIND_SQL.title}))`
    )
    .raw()
    .all({ from: fromId, to: toId }) as [number, number, number, number, number][]
  for (const [id, size, inactive, reactivated, title] of rows) {
    if (inactive) out.inactive.push([id, size])
    if (reactivated) out.reactivated.push([id, size])
    if (title) out.title++
  }
  return out
}

/** Every player of one kind in the kind's order, streamed (the lists:diff job stores them for paging). */
export function* diffIds(db: Db, fromId: number, toId: number, kind: DiffKind): Generator<number> {
  const stmt = db.prepare(`SELECT d.playerId FROM (${kindUnion(kind, pairOf(db, fromId, toId))}) AS d ORDER BY ${ORDER[kind]}`).pluck()
  for (const id of stmt.iterate({ from: fromId, to: toId })) yield id as number
}

/** The compared rows of the given players, in the order of `ids` (a stored page: each looked up by primary key). */
export function diffRowsOf(db: Db, fromId: number, toId: number, ids: readonly number[]): DiffRow[] {
  if (!ids.length) return []
  const x = pairOf(db, fromId, toId)
  const rows = db
    .prepare(
      `SELECT ${DIFF_COLUMNS} FROM players p LEFT JOIN ${x.f} f ON f.list_id = ? AND f.player_id = p.id
         LEFT JOIN ${x.t} t ON t.list_id = ? AND t.player_id = p.id
        WHERE p.id IN (${ids.map(() => '?').join(',')})`
    )
    .all(fromId, toId, ...ids) as RawDiff[]
  const byId = new Map(rows.map((r) => [r.playerId, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    return r ? [toDiffRow(r)] : []
  })
}

/** The latest reference list of the same type and source dated before `date` (the list FIDE started from). */
export function referenceBaseList(db: Db, ratingType: string, source: string, date: string): number | null {
  const id = db
    .prepare(
      `SELECT id FROM rating_lists WHERE kind = 'reference' AND rating_type = ? AND source = ? AND list_date < ?
        ORDER BY list_date DESC, version DESC, id DESC LIMIT 1`
    )
    .pluck()
    .get(ratingType, source, date) as number | undefined
  return id ?? null
}

export interface ReconcileCandidate {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  office: SideEntry | null
  reference: SideEntry | null
  officeBase: BaseEntryFacts | null
  referenceBase: BaseEntryFacts | null
}

/**
 * Every player on which the two lists disagree (rating, K, flag) or whom one of them lacks; FIDE's players
 * the office list lacks are taken from the federations the office list holds only (FIDE's list is the world).
 */
export function reconcileCandidates(db: Db, officeId: number, referenceId: number, officeBaseId: number | null, referenceBaseId: number | null): ReconcileCandidate[] {
  const cols = `p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames,
    coalesce(o.federation, r.federation, p.federation) AS federation,
    o.player_id AS o_p, ${publishedRatingSql('o')} AS o_r, o.games AS o_g, o.k AS o_k, o.flags AS o_f,
    r.player_id AS r_p, r.rating AS r_r, r.games AS r_g, r.k AS r_k, r.flags AS r_f,
    ob.player_id AS ob_p, ${publishedRatingSql('ob')} AS ob_r, ob.k AS ob_k, rb.player_id AS rb_p, rb.rating AS rb_r, rb.k AS rb_k`
  // each list read in the file that holds it (db/archive-files.ts); a missing base joins nothing (list 0)
  const o = listTables(db, officeId).entries
  const r = listTables(db, referenceId).entries
  const bases = `LEFT JOIN ${listTables(db, officeBaseId).entries} ob ON ob.list_id = @officeBase AND ob.player_id = p.id
    LEFT JOIN ${listTables(db, referenceBaseId).entries} rb ON rb.list_id = @referenceBase AND rb.player_id = p.id`
  const rows = db
    .prepare(
      `SELECT ${cols} FROM ${o} o JOIN players p ON p.id = o.player_id
         LEFT JOIN ${r} r ON r.list_id = @reference AND r.player_id = o.player_id ${bases}
        WHERE o.list_id = @office
          -- the office's published rating (a delisted line publishes none: FIDE's list, which drops him, agrees)
          AND (r.player_id IS NULL AND o.entry_status IS NOT 'delisted' OR r.player_id IS NOT NULL
               AND (${publishedRatingSql('o')} IS NOT r.rating OR o.k IS NOT r.k OR coalesce(o.flags, '') <> coalesce(r.flags, '')))
       UNION ALL
       SELECT ${cols} FROM ${r} r JOIN players p ON p.id = r.player_id
         LEFT JOIN ${o} o ON o.list_id = @office AND o.player_id = r.player_id ${bases}
        WHERE r.list_id = @reference AND o.player_id IS NULL
          AND coalesce(r.federation, p.federation) IN (
            SELECT DISTINCT coalesce(e.federation, q.federation) FROM ${o} e JOIN players q ON q.id = e.player_id WHERE e.list_id = @office)
       ORDER BY 1`
    )
    .all({ office: officeId, reference: referenceId, officeBase: officeBaseId ?? 0, referenceBase: referenceBaseId ?? 0 }) as Record<string, number | string | null>[]
  const entry = (r: Record<string, number | string | null>, p: 'o' | 'r'): SideEntry | null =>
    r[`${p}_p`] === null ? null : { rating: r[`${p}_r`] as number | null, games: r[`${p}_g`] as number | null, k: r[`${p}_k`] as number | null, flags: r[`${p}_f`] as string | null }
  const base = (r: Record<string, number | string | null>, p: 'ob' | 'rb'): BaseEntryFacts | null =>
    r[`${p}_p`] === null ? null : { rating: r[`${p}_r`] as number | null, k: r[`${p}_k`] as number | null }
  return rows.map((r) => ({
    playerId: r.playerId as number,
    fideId: r.fideId as number | null,
    surname: r.surname as string,
    givenNames: r.givenNames as string,
    federation: r.federation as string | null,
    office: entry(r, 'o'),
    reference: entry(r, 'r'),
    officeBase: base(r, 'ob'),
    referenceBase: base(r, 'rb')
  }))
}

/** What reconciliation weighs in a calculation sheet (see CalculationSheet in lists/types.ts). */
export function sheetFactsOf(sheet: CalculationSheet): SheetFacts {
  let gap = 0
  for (const t of sheet.tournaments) {
    for (const g of t.games) {
      if (g.counted && (g.capped || (g.ratingUsed !== null && g.opponentRating !== null && Math.abs(g.ratingUsed - g.opponentRating) > 400))) gap++
    }
  }
  return { changeExact: sheet.changeExact, gapOver400: gap }
}

/** The calculation sheets the list generation stored for an office list, reduced to what reconciliation weighs. */
export function sheetFacts(db: Db, listId: number): Map<number, SheetFacts> {
  const out = new Map<number, SheetFacts>()
  const rows = db.prepare('SELECT player_id AS playerId, sheet FROM office_list_sheets WHERE list_id = ?').all(listId) as { playerId: number; sheet: Buffer }[]
  for (const row of rows) out.set(row.playerId, sheetFactsOf(decodeSheet(row.sheet) as CalculationSheet))
  return out
}
