// Read side of the list archive: find a player, his entry on one list, his history across every list.
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { ArchivePlayer, HistoryRow, RatedTournament } from '../../../shared/contract/archive'
import type { CalculationSheet } from '../lists/types'
import { UserError } from '../util/errors'
import { displayName, getListSummary, playerSearchCondition } from './lists'
import { findPlayerRows, playerSheets } from '../data/archive'
import { unpackSheet } from '../data/office-lists'

const playerColumns = `p.id, p.fide_id AS fideId, p.surname, p.given_names AS givenNames, p.federation, p.sex,
  CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear, p.title, p.status, p.merged_into AS mergedInto`

type PlayerRow = Omit<ArchivePlayer, 'name'> & { mergedInto: number | null }

function toPlayer(r: PlayerRow): ArchivePlayer {
  return {
    id: r.id,
    fideId: r.fideId,
    surname: r.surname,
    givenNames: r.givenNames,
    name: displayName(r.surname, r.givenNames),
    federation: r.federation,
    sex: r.sex,
    birthYear: r.birthYear,
    title: r.title,
    status: r.status
  }
}

/**
 * The player named by id or FIDE ID; a merged record leads to the record it was merged into, because a
 * merge re-points the list entries to the surviving player.
 */
export function resolvePlayer(db: Db, ref: { playerId?: number; fideId?: number }): ArchivePlayer {
  const byId = db.prepare(`SELECT ${playerColumns} FROM players p WHERE p.id = ?`)
  let row = (
    ref.playerId !== undefined ? byId.get(ref.playerId) : db.prepare(`SELECT ${playerColumns} FROM players p WHERE p.fide_id = ?`).get(ref.fideId)
  ) as PlayerRow | undefined
  if (!row) throw new UserError('archive.playerNotFound', { ref: ref.playerId !== undefined ? `id ${ref.playerId}` : `FIDE ID ${ref.fideId}` })
  const seen = new Set<number>([row.id])
  while (row.status === 'merged' && row.mergedInto !== null && !seen.has(row.mergedInto)) {
    const next = byId.get(row.mergedInto) as PlayerRow | undefined
    if (!next) break
    seen.add(next.id)
    row = next
  }
  return toPlayer(row)
}

export const archiveHandlers: HandlersOf<'archive'> = {
  'archive:findPlayers': (input, { db }) => {
    const cond = playerSearchCondition(input.query)
    if (!cond) return []
    const rows = findPlayerRows<PlayerRow>(db, playerColumns, cond, input.limit)
    return rows.map(toPlayer)
  },

  'archive:ratingOn': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    const player = resolvePlayer(db, input)
    const entry = db
      .prepare('SELECT rating, games, k, flags, title, federation FROM rating_list_entries WHERE list_id = ? AND player_id = ?')
      .get(input.listId, player.id) as
      | { rating: number | null; games: number | null; k: number | null; flags: string | null; title: string | null; federation: string | null }
      | undefined
    return { player, list, onList: entry !== undefined, entry: entry ?? null }
  },

  'archive:history': (input, { db }) => {
    const player = resolvePlayer(db, input)
    const where = ['e.player_id = ?']
    const params: (string | number)[] = [player.id]
    if (input.ratingType) {
      where.push('l.rating_type = ?')
      params.push(input.ratingType)
    }
    if (!input.includeDrafts) where.push("l.status <> 'draft'")
    const entries = db
      .prepare(
        `SELECT l.id AS listId, l.list_date AS listDate, l.kind, l.status, l.source, l.rating_type AS ratingType,
                l.version, e.rating, e.games, e.k, e.flags, e.title, e.federation
           FROM rating_list_entries e JOIN rating_lists l ON l.id = e.list_id
          WHERE ${where.join(' AND ')}
          ORDER BY l.list_date ASC, l.rating_type ASC, l.kind DESC, l.version ASC, l.id ASC`
      )
      .all(...params) as HistoryRow[]
    return { player, entries }
  },

  'archive:tournaments': (input, { db }) => {
    const player = resolvePlayer(db, input)
    const tournaments: RatedTournament[] = []
    for (const row of playerSheets(db, player.id, input.ratingType)) {
      const sheet = unpackSheet(row.sheet) as CalculationSheet
      for (const t of sheet.tournaments) {
        tournaments.push({
          listId: row.listId,
          listDate: row.listDate,
          ratingType: row.ratingType,
          version: row.version,
          listChange: row.change,
          tournamentId: t.tournamentId,
          name: t.name,
          start: t.start,
          end: t.end,
          late: t.late,
          month: t.slice?.month ?? null,
          ratingUsed: t.rating,
          games: t.n,
          points: t.w,
          expected: t.we,
          k: t.k,
          change: t.kChg,
          performance: t.event?.ru ?? null
        })
      }
    }
    return { player, tournaments }
  }
}
