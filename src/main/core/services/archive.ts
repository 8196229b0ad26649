// Read side of the list archive: find a player, his entry on one list, his history across every list.
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { ArchivePlayer, RatedTournament } from '../../../shared/contract/archive'
import type { CalculationSheet } from '../lists/types'
import { UserError } from '../util/errors'
import { displayName, getListSummary, playerSearchCondition } from './lists'
import { archivePlayerColumns as playerColumns, archivePlayerRow, findPlayerRows, listEntryOf, playerHistory, playerSheets, type ArchivePlayerRow as PlayerRow } from '../data/archive'
import { unpackSheet } from '../lists/stored-sheet'

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
  let row = ref.playerId !== undefined ? archivePlayerRow(db, 'id', ref.playerId) : archivePlayerRow(db, 'fide_id', ref.fideId!)
  if (!row) throw new UserError('archive.playerNotFound', { ref: ref.playerId !== undefined ? `id ${ref.playerId}` : `FIDE ID ${ref.fideId}` })
  const seen = new Set<number>([row.id])
  while (row.status === 'merged' && row.mergedInto !== null && !seen.has(row.mergedInto)) {
    const next = archivePlayerRow(db, 'id', row.mergedInto)
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
    const entry = listEntryOf(db, input.listId, player.id)
    return { player, list, onList: entry !== undefined, entry: entry ?? null }
  },

  'archive:history': (input, { db }) => {
    const player = resolvePlayer(db, input)
    const entries = playerHistory(db, player.id, input.ratingType, input.includeDrafts ?? false)
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
