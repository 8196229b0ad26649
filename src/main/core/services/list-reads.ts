// The reads of an office list that its screens, its PDF and the public site show: the tournaments it rates with their
// findings in the office's language, and one player's calculation sheet with what it names joined at read time.
import type { Db } from '../db/open'
import type { ListTournament, SheetView } from '../../../shared/contract/office-lists'
import type { CalculationSheet } from '../lists/types'
import { translateError } from '../../../shared/errors/index'
import { citeReference } from '../../../shared/citations'
import { readSettings } from '../data/settings'
import { getList, listTournaments, playerBrief, readEntry, readSheet, sheetReferences } from '../data/list-reads'
import { UserError } from '../util/errors'
import { findEdition } from './rating'
import { displayName } from './lists'

/**
 * The tournaments a list rates, each with its finding that it rates no game or far fewer than it holds (the figures of
 * checks/rated.ts, its sentence in the office's language): the preview shows such a tournament as such.
 */
export function ratedTournaments(db: Db, listId: number, page?: { offset: number; limit: number }): ListTournament[] {
  const loc = readSettings(db).locale
  return listTournaments(db, listId, page).map(({ ratedGames: f, ...t }) => ({
    ...t,
    ratedGames: f && {
      code: f.code,
      level: f.level,
      held: Number(f.params.held),
      rated: Number(f.params.rated),
      message: translateError(f.code, f.params, loc),
      decision: f.decision
    }
  }))
}

/** The ids a calculation sheet names: its opponents, and the lists its ratings came from (his base list, his own
 *  rating's list in each tournament, each opponent's). */
export function sheetReferenceIds(sheet: CalculationSheet): { players: number[]; lists: number[] } {
  const players = new Set<number>()
  const lists = new Set<number>()
  if (sheet.base.listId !== null) lists.add(sheet.base.listId)
  for (const t of sheet.tournaments) {
    if (t.ratingListId !== null) lists.add(t.ratingListId)
    for (const g of t.games) {
      if (g.opponentId !== null) players.add(g.opponentId)
      if (g.opponentListId !== null) lists.add(g.opponentListId)
    }
  }
  return { players: [...players].sort((a, b) => a - b), lists: [...lists].sort((a, b) => a - b) }
}

/**
 * One player's calculation sheet with what it names joined at read time (the stored sheet keeps ids and never
 * changes): opponents' names and FIDE IDs, the date of every list a rating came from, the rule sets by name, and the
 * citation of the rating-difference cap of each edition that capped a game (the legend of "−400*"). `lists:sheet`
 * and its PDF.
 */
export function sheetView(db: Db, input: { listId: number; playerId?: number | undefined; fideId?: number | undefined }): SheetView {
  if ((input.playerId === undefined) === (input.fideId === undefined)) throw new UserError('lists.sheetPlayer', {})
  const player = input.playerId !== undefined ? playerBrief(db, 'id', input.playerId) : playerBrief(db, 'fide_id', input.fideId!)
  if (!player) throw new UserError('archive.playerNotFound', { ref: input.fideId !== undefined ? `FIDE ID ${input.fideId}` : `id ${input.playerId}` })
  getList(db, input.listId)
  const sheet = readSheet(db, input.listId, player.id) as CalculationSheet | null
  const ids = sheet ? sheetReferenceIds(sheet) : { players: [], lists: [] }
  const refs = sheetReferences(db, ids.players, ids.lists)
  const cited = sheetCitations(db, sheet)
  return {
    listId: input.listId,
    player: { id: player.id, fideId: player.fideId, name: displayName(player.surname, player.givenNames) },
    entry: readEntry(db, input.listId, player.id),
    sheet,
    rounding: cited.rounding,
    references: {
      players: refs.players.map((p) => ({ id: p.id, fideId: p.fideId, name: displayName(p.surname, p.givenNames) })),
      lists: refs.lists
    },
    editions: cited.editions,
    caps: cited.caps
  }
}

/** What a sheet cites beside its figures: its editions, the cap of each edition a capped game met, the list edition's rounding rule. */
export function sheetCitations(db: Db, sheet: CalculationSheet | null): Pick<SheetView, 'rounding' | 'editions' | 'caps'> {
  const caps: SheetView['caps'] = []
  const editions: SheetView['editions'] = []
  for (const editionId of new Set((sheet?.tournaments ?? []).map((t) => t.edition))) {
    const e = findEdition(db, editionId)
    if (!e) continue
    editions.push({ id: e.id, name: e.name })
    if (sheet!.tournaments.some((t) => t.edition === editionId && t.games.some((g) => g.capped))) {
      caps.push({ edition: editionId, points: e.cap.points, citation: { en: citeReference(e.refs.cap, 'en', e.id), fr: citeReference(e.refs.cap, 'fr', e.id) } })
    }
  }
  const listEdition = sheet ? findEdition(db, sheet.edition) : undefined
  return {
    rounding: listEdition ? { en: citeReference(listEdition.refs.rounding, 'en', listEdition.id), fr: citeReference(listEdition.refs.rounding, 'fr', listEdition.id) } : null,
    editions,
    caps
  }
}
