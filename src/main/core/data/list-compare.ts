// SQL of list comparisons: two lists of one type side by side (counts by kind of change, one kind's rows paged),
// and the players on which an office list and a reference list disagree, with the base entries of each side.
import type { Db } from '../db/open'
import type { SideEntry, BaseEntryFacts, SheetFacts } from '../compare/reconcile'
import type { CalculationSheet } from '../lists/types'
import { unpackSheet } from './office-lists'
import { publishedRatingSql } from './published-rating'

export const DIFF_KINDS = ['up', 'down', 'new', 'delisted', 'inactive', 'reactivated', 'title'] as const
export type DiffKind = (typeof DIFF_KINDS)[number]

const inactive = (a: string): string => `instr(coalesce(${a}.flags, ''), 'i') > 0`

/** The condition of each kind over `t` (the later list) and `f` (the earlier), either of which may be missing. */
const KIND_SQL: Record<DiffKind, string> = {
  up: 't.rating IS NOT NULL AND f.rating IS NOT NULL AND t.rating > f.rating',
  down: 't.rating IS NOT NULL AND f.rating IS NOT NULL AND t.rating < f.rating',
  new: 't.rating IS NOT NULL AND f.rating IS NULL',
  delisted: 'f.rating IS NOT NULL AND t.rating IS NULL',
  inactive: `t.player_id IS NOT NULL AND f.player_id IS NOT NULL AND ${inactive('t')} AND NOT ${inactive('f')}`,
  reactivated: `t.player_id IS NOT NULL AND f.player_id IS NOT NULL AND ${inactive('f')} AND NOT ${inactive('t')}`,
  title: "t.player_id IS NOT NULL AND f.player_id IS NOT NULL AND coalesce(t.title, '') <> coalesce(f.title, '')"
}

/** Kinds whose rows are only on the earlier list possibly (the others need the player on the later one). */
const FROM_SIDE: ReadonlySet<DiffKind> = new Set(['delisted'])

/** Every kind's count, in two passes: over the later list (left-joined to the earlier), over the earlier's leavers. */
export function diffCounts(db: Db, fromId: number, toId: number): Record<DiffKind, number> & { unchanged: number } {
  const sums = (['up', 'down', 'new', 'inactive', 'reactivated', 'title'] as const).map((k) => `coalesce(sum(${KIND_SQL[k]}), 0) AS ${k}`)
  const later = db
    .prepare(
      `SELECT ${sums.join(', ')},
              coalesce(sum(f.player_id IS NOT NULL AND t.rating IS f.rating AND t.k IS f.k AND coalesce(t.flags, '') = coalesce(f.flags, '')
                           AND coalesce(t.title, '') = coalesce(f.title, '')), 0) AS unchanged,
              coalesce(sum(f.rating IS NOT NULL AND t.rating IS NULL), 0) AS delistedHere
         FROM rating_list_entries t LEFT JOIN rating_list_entries f ON f.list_id = ? AND f.player_id = t.player_id
        WHERE t.list_id = ?`
    )
    .get(fromId, toId) as Record<string, number>
  const gone = db
    .prepare(
      `SELECT count(*) FROM rating_list_entries f
        WHERE f.list_id = ? AND f.rating IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM rating_list_entries t WHERE t.list_id = ? AND t.player_id = f.player_id)`
    )
    .pluck()
    .get(fromId, toId) as number
  return {
    up: later.up!,
    down: later.down!,
    new: later.new!,
    delisted: later.delistedHere! + gone,
    inactive: later.inactive!,
    reactivated: later.reactivated!,
    title: later.title!,
    unchanged: later.unchanged!
  }
}

export interface DiffRow {
  playerId: number
  fideId: number | null
  surname: string
  givenNames: string
  federation: string | null
  from: (SideEntry & { title: string | null }) | null
  to: (SideEntry & { title: string | null }) | null
}

/** Orders over the compared rows (d): biggest gains or losses first, new and leaving players by rating. */
const ORDER: Record<DiffKind, string> = {
  up: '(d.tRating - d.fRating) DESC, d.nameFolded, d.playerId',
  down: '(d.tRating - d.fRating) ASC, d.nameFolded, d.playerId',
  new: 'd.tRating DESC, d.nameFolded, d.playerId',
  delisted: 'd.fRating DESC, d.nameFolded, d.playerId',
  inactive: 'd.tRating DESC, d.nameFolded, d.playerId',
  reactivated: 'd.tRating DESC, d.nameFolded, d.playerId',
  title: 'd.nameFolded, d.playerId'
}

type RawDiff = Omit<DiffRow, 'from' | 'to'> & Record<`${'f' | 't'}${'Present' | 'Rating' | 'Games' | 'K' | 'Flags' | 'Title'}`, number | string | null>

const side = (r: RawDiff, p: 'f' | 't'): DiffRow['from'] =>
  r[`${p}Present`] === null
    ? null
    : { rating: r[`${p}Rating`] as number | null, games: r[`${p}Games`] as number | null, k: r[`${p}K`] as number | null, flags: r[`${p}Flags`] as string | null, title: r[`${p}Title`] as string | null }

const DIFF_COLUMNS = `p.id AS playerId, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.name_folded AS nameFolded,
    coalesce(t.federation, f.federation, p.federation) AS federation,
    f.player_id AS fPresent, f.rating AS fRating, f.games AS fGames, f.k AS fK, f.flags AS fFlags, f.title AS fTitle,
    t.player_id AS tPresent, t.rating AS tRating, t.games AS tGames, t.k AS tK, t.flags AS tFlags, t.title AS tTitle`

/** Every player of one kind (@from, @to bound), the later list's players left-joined to the earlier, and for leavers the earlier list's players not on it. */
function kindUnion(kind: DiffKind): string {
  const parts = [
    `SELECT ${DIFF_COLUMNS} FROM rating_list_entries t JOIN players p ON p.id = t.player_id LEFT JOIN rating_list_entries f ON f.list_id = @from AND f.player_id = t.player_id WHERE t.list_id = @to AND (${KIND_SQL[kind]})`
  ]
  if (FROM_SIDE.has(kind)) {
    parts.push(
      `SELECT ${DIFF_COLUMNS} FROM rating_list_entries f JOIN players p ON p.id = f.player_id LEFT JOIN rating_list_entries t ON t.list_id = @to AND t.player_id = f.player_id
        WHERE f.list_id = @from AND t.player_id IS NULL AND f.rating IS NOT NULL`
    )
  }
  return parts.join(' UNION ALL ')
}

const toDiffRow = (r: RawDiff): DiffRow => ({ playerId: r.playerId, fideId: r.fideId, surname: r.surname, givenNames: r.givenNames, federation: r.federation, from: side(r, 'f'), to: side(r, 't') })

/** One page of one kind's players: biggest gains (or losses) first, new and leaving players by rating. */
export function diffRows(db: Db, fromId: number, toId: number, kind: DiffKind, offset: number, limit: number): { rows: DiffRow[]; total: number } {
  const union = kindUnion(kind)
  const total = db.prepare(`SELECT count(*) FROM (${union})`).pluck().get({ from: fromId, to: toId }) as number
  const rows = db
    .prepare(`SELECT * FROM (${union}) AS d ORDER BY ${ORDER[kind]} LIMIT @limit OFFSET @offset`)
    .all({ from: fromId, to: toId, limit, offset }) as RawDiff[]
  return { total, rows: rows.map(toDiffRow) }
}

/** Every player of one kind in the kind's order, streamed (the lists:diff job stores them for paging). */
export function* diffIds(db: Db, fromId: number, toId: number, kind: DiffKind): Generator<number> {
  const stmt = db.prepare(`SELECT d.playerId FROM (${kindUnion(kind)}) AS d ORDER BY ${ORDER[kind]}`).pluck()
  for (const id of stmt.iterate({ from: fromId, to: toId })) yield id as number
}

/** The compared rows of the given players, in the order of `ids` (a stored page: each looked up by primary key). */
export function diffRowsOf(db: Db, fromId: number, toId: number, ids: readonly number[]): DiffRow[] {
  if (!ids.length) return []
  const rows = db
    .prepare(
      `SELECT ${DIFF_COLUMNS} FROM players p LEFT JOIN rating_list_entries f ON f.list_id = ? AND f.player_id = p.id
         LEFT JOIN rating_list_entries t ON t.list_id = ? AND t.player_id = p.id
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
  const bases = `LEFT JOIN rating_list_entries ob ON ob.list_id = @officeBase AND ob.player_id = p.id
    LEFT JOIN rating_list_entries rb ON rb.list_id = @referenceBase AND rb.player_id = p.id`
  const rows = db
    .prepare(
      `SELECT ${cols} FROM rating_list_entries o JOIN players p ON p.id = o.player_id
         LEFT JOIN rating_list_entries r ON r.list_id = @reference AND r.player_id = o.player_id ${bases}
        WHERE o.list_id = @office
          -- the office's published rating (a delisted line publishes none: FIDE's list, which drops him, agrees)
          AND (r.player_id IS NULL AND o.entry_status IS NOT 'delisted' OR r.player_id IS NOT NULL
               AND (${publishedRatingSql('o')} IS NOT r.rating OR o.k IS NOT r.k OR coalesce(o.flags, '') <> coalesce(r.flags, '')))
       UNION ALL
       SELECT ${cols} FROM rating_list_entries r JOIN players p ON p.id = r.player_id
         LEFT JOIN rating_list_entries o ON o.list_id = @office AND o.player_id = r.player_id ${bases}
        WHERE r.list_id = @reference AND o.player_id IS NULL
          AND coalesce(r.federation, p.federation) IN (
            SELECT DISTINCT coalesce(e.federation, q.federation) FROM rating_list_entries e JOIN players q ON q.id = e.player_id WHERE e.list_id = @office)
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
  for (const row of rows) out.set(row.playerId, sheetFactsOf(unpackSheet(row.sheet) as CalculationSheet))
  return out
}
