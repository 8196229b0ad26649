// A published list computed again from its frozen parameters (a correction, a replay of the history): its base (the
// list it was computed from, or the chain's previous list recomputed), its tournaments as stored now, the merges to
// fold; nothing written.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { BaseEntry, GenerationResult, ListEntry, PlayerFacts, UnratedWindow } from '../lists/types'
import type { FoldMerge, FoldedMerge } from '../lists/fold'
import { generateList } from '../lists/generate'
import { getList, getMeta } from '../data/list-reads'
import type { BaseListRef } from '../data/base-list'
import type { PeriodTournamentRow } from '../data/period-tournaments'
import { buildGenerationInput, type BuildOptions, type BuiltInput } from '../data/generation-input'
import { adjustmentsByIds, ratedTournamentRows, type RatedTournamentRow } from '../data/list-history'
import { UserError } from '../util/errors'
import { foldInto, noteFolds } from './list-merges'
import { rulesFor } from './list-rules'

/** A list's entries as the base of the next generation. */
export function asBase(entries: readonly ListEntry[]): BaseEntry[] {
  return entries.map((e) => ({
    playerId: e.playerId,
    rating: e.rating,
    k: e.k,
    games: e.games,
    flags: e.flags,
    status: e.status,
    title: e.title,
    federation: e.federation,
    birthYear: e.birthYear,
    sex: e.sex,
    ratedGamesToDate: e.ratedGamesToDate,
    highestRating: e.highestRating,
    trackedSince: e.trackedSince,
    recentGames: e.recentGames
  }))
}

/** The previous list of a chain as the next one's base, computed and not written. */
export interface ChainBase {
  ref: BaseListRef
  entries: BaseEntry[]
  window: UnratedWindow[]
}

export interface Regenerated {
  list: ReturnType<typeof getList>
  meta: NonNullable<ReturnType<typeof getMeta>>
  edition: Edition
  /** The tournaments the list rated, with the file version it rated and the one current now. */
  rows: RatedTournamentRow[]
  built: BuiltInput
  result: GenerationResult
  /** The registry's merges folded into its base. */
  folded: FoldedMerge[]
}

/** A published list's frozen plan, what it is computed again with (one thread here; two for a big correction). */
export interface ReplayOptions {
  list: ReturnType<typeof getList>
  meta: NonNullable<ReturnType<typeof getMeta>>
  edition: Edition
  /** The tournaments it rated, with the file version it rated and the one current now. */
  rows: RatedTournamentRow[]
  /** Its inputs' options: its edition's rules, closing date and chain, its base list, those tournaments (and the ones
   *  given with them), the corrections it carried. */
  options: BuildOptions
}

/** What a published list is computed again with: its frozen parameters, and `extraRows` (tournaments found late). */
export function replayOptions(db: Db, listId: number, extraRows: readonly PeriodTournamentRow[] = []): ReplayOptions {
  const list = getList(db, listId)
  const meta = getMeta(db, listId)
  if (!meta) throw new UserError('lists.notOffice', { listId })
  const edition = JSON.parse(meta.params) as Edition
  const rules = rulesFor(db, edition.kind === 'fide' ? null : edition)
  const rows = ratedTournamentRows(db, listId)
  const all: PeriodTournamentRow[] = [...rows, ...extraRows].sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id)
  const carried = (JSON.parse(meta.counters) as { adjustments?: number[] }).adjustments ?? []
  return {
    list,
    meta,
    edition,
    rows,
    options: {
      listDate: list.listDate,
      closingDate: meta.closingDate,
      ratingType: list.ratingType,
      edition,
      source: list.source,
      editionAt: rules.tournament,
      cutoffOf: rules.cutoff,
      listEdition: rules.list,
      rows: all,
      baseListId: meta.baseListId,
      adjustments: adjustmentsByIds(db, carried)
    }
  }
}

/**
 * One published list computed again from its frozen parameters (edition, closing date, the tournaments and rounds it
 * rated, the corrections it carried) and the tournaments as stored now; its base is `previous` (a chain computed
 * again) or the list it was computed from. `extraRows`: tournaments found late, rated with it. `merges`: the registry's
 * merges to fold into its base (those its generation knew, for a replay; all, for a correction). `frozenIdentity`: the
 * identity printed on the list (title, federation, birth year, sex) instead of the registry's facts now, so that a
 * later registry edit does not read as a difference of the ratings. Nothing is written.
 */
export function regenerateList(
  db: Db,
  listId: number,
  previous: ChainBase | null,
  o: {
    extraRows?: PeriodTournamentRow[]
    merges?: readonly FoldMerge[]
    frozenIdentity?: readonly ListEntry[]
    replacedRatings?: ReadonlyMap<number, ReadonlyMap<number, number | null>>
    throwIfCancelled?: () => void
  } = {}
): Regenerated {
  const { list, meta, edition, rows, options } = replayOptions(db, listId, o.extraRows)
  const built = buildGenerationInput(db, { ...options, base: previous ?? undefined, replacedRatings: o.replacedRatings, throwIfCancelled: o.throwIfCancelled })
  const folded = foldInto(built, o.merges ?? [])
  if (o.frozenIdentity) {
    // the generation gives a player's registry facts only where they differ from his base line; here the facts are
    // the printed identity wherever it differs from the base line, and none where it does not
    const registry = new Map(built.input.players.map((f) => [f.playerId, f]))
    const baseLine = new Map(built.input.base.entries.map((b) => [b.playerId, b]))
    const facts: PlayerFacts[] = []
    const printedIds = new Set<number>()
    for (const e of o.frozenIdentity) {
      printedIds.add(e.playerId)
      const b = baseLine.get(e.playerId)
      if (b && b.title === e.title && b.federation === e.federation && b.sex === e.sex && b.birthYear === e.birthYear) continue
      const f = registry.get(e.playerId)
      const year = f?.birthDate ? Number(f.birthDate.slice(0, 4)) : null
      facts.push({ ...f, playerId: e.playerId, title: e.title, federation: e.federation, sex: e.sex, birthDate: f && year === e.birthYear ? f.birthDate : e.birthYear === null ? null : String(e.birthYear) })
    }
    for (const f of built.input.players) if (!printedIds.has(f.playerId)) facts.push(f)
    built.input.players = facts.sort((a, b) => a.playerId - b.playerId)
  }
  o.throwIfCancelled?.()
  const result = generateList(built.input)
  noteFolds(result, folded, built)
  return { list, meta, edition, rows, built, result, folded }
}

/** A regenerated list as the base of the next one in its chain. */
export function asChainBase(r: Regenerated): ChainBase {
  return { ref: { id: r.list.id, kind: 'office', listDate: r.list.listDate, closingDate: r.meta.closingDate, source: r.list.source }, entries: asBase(r.result.entries), window: r.result.window }
}
