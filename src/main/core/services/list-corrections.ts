// A published list's correction, run by the `lists:correctPreview` and `lists:correct` jobs: the list and the later
// lists of its chain recomputed with the tournaments as they are now (late ones, corrected files, merges), then either
// published again as new versions with a changelog, or carried into the next list (FIDE practice).
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { CorrectionChange, CorrectionPreview, CorrectResult } from '../../../shared/contract/office-lists'
import type { GenerationResult, ListEntry } from '../lists/types'
import { getList, getMeta, listEntriesCanonical, playerNameReader, publishedListsAfter, publishedVersionOf } from '../data/list-reads'
import { baseListById } from '../data/base-list'
import { periodTournamentRows, type PeriodTournamentRow } from '../data/period-tournaments'
import type { BuiltInput } from '../data/generation-input'
import { adjustmentWriter, changelogWriter } from '../data/list-corrections'
import { writeGeneratedList } from '../data/draft-writer'
import { markPublished, recordedPublisher } from '../data/list-publication'
import { activeMerges, markRatedAgain, ratedTournamentRows, tournamentState, type RatedTournamentRow } from '../data/list-history'
import { publishedRating } from '../data/published-rating'
import { UserError } from '../util/errors'
import { displayName } from './lists'
import { ENGINE_VERSION, auditList, rulesFor, type JobHooks } from './list-rules'
import { asChainBase, regenerateList, type ChainBase } from './list-regeneration'
import { publishingFederation } from './list-publication'

interface Recomputed {
  listId: number
  list: ReturnType<typeof getList>
  built: BuiltInput
  result: GenerationResult
  closingDate: string
  edition: Edition
  changes: CorrectionChange[]
  /** The published lines of the players whose line changes (their changelog's "before"), by player. */
  before: Map<number, ListEntry>
  added: PeriodTournamentRow[]
  changedFiles: RatedTournamentRow[]
}

/** The closing date of the list a published list was computed from (its own, or its date minus its rules' cutoff). */
function baseClosingOf(db: Db, baseListId: number, edition: Edition): string {
  return baseListById(db, baseListId, rulesFor(db, edition.kind === 'fide' ? null : edition).cutoff).closingDate
}

/** The published lists of a chain: the list, then each later published list of its type and source, newest versions. */
function chainFrom(db: Db, listId: number): number[] {
  const first = getList(db, listId)
  return [listId, ...publishedListsAfter(db, first.ratingType, first.source, first.listDate)]
}

/**
 * Recomputes a published list and the later lists built on it, from their frozen parameters and the tournaments as
 * they are now: the same tournaments with their current files, plus (for the first list) approved tournaments of its
 * period that no list rated (found late). Nothing is written.
 */
function recompute(db: Db, listId: number, includeLate: boolean, hooks: JobHooks = {}, write?: (c: Recomputed) => number | null): Recomputed[] {
  const head = getList(db, listId)
  if (head.kind !== 'office' || head.status !== 'published') throw new UserError('lists.notPublished', { listId })
  const superseded = publishedVersionOf(db, listId)
  if (superseded !== undefined) throw new UserError('lists.superseded', { listId, by: superseded })
  const out: Recomputed[] = []
  let previous: ChainBase | null = null
  // a later list rates its tournaments with the ratings of the corrected lists before it (the versions that will be in force)
  const replacedRatings = new Map<number, Map<number, number | null>>()
  // the registry as it is now: two records of one person are one line from the list corrected on
  const merges = activeMerges(db)
  const dropped = new Map(merges.map((m) => [m.dropId, m]))
  const chain = chainFrom(db, listId)
  for (const [i, id] of chain.entries()) {
    hooks.throwIfCancelled?.()
    hooks.progress?.(i, chain.length, 'lists')
    const meta = getMeta(db, id)!
    const list = getList(db, id)
    const own = ratedTournamentRows(db, id)
    const added =
      id === listId && includeLate
        ? periodTournamentRows(db, list.ratingType, meta.closingDate, list.source, baseClosingOf(db, meta.baseListId, JSON.parse(meta.params) as Edition)).filter(
            (r) => r.ratedThrough === 0 && !own.some((o) => o.id === r.id)
          )
        : []
    const again = regenerateList(db, id, previous, { extraRows: added, merges, replacedRatings, throwIfCancelled: hooks.throwIfCancelled })
    const changedFiles = again.rows.filter((r) => r.fileId !== r.ratedFileId)
    for (const t of changedFiles) {
      const st = tournamentState(db, t.id)
      if (st.status !== 'approved' && st.status !== 'rated') throw new UserError('lists.correctionNotApproved', { id: t.id, name: st.name ?? `#${t.id}`, status: st.status })
    }
    const { built, result, edition } = again
    const published = new Map(listEntriesCanonical(db, id).map((e) => [e.playerId, e]))
    const why = [
      ...added.map((t) => `tournament ${t.id} (${t.name ?? ''}) found late`),
      ...changedFiles.map((t) => `tournament ${t.id} (${t.name ?? ''}) corrected`),
      ...again.folded.map((m) => `player ${m.dropId} merged into player ${m.keepId} (merge ${m.mergeId})`)
    ]
    const reason = why.length ? why.join('; ') : `carried from the corrected list ${out[out.length - 1]?.list.listDate ?? ''}`
    const changes: CorrectionChange[] = []
    const before = new Map<number, ListEntry>()
    const name = playerNameReader(db)
    for (const e of result.entries) {
      const p = published.get(e.playerId)
      if (p && p.rating === e.rating && p.games === e.games && p.k === e.k && p.flags === e.flags && p.status === e.status) continue
      if (p) before.set(e.playerId, p)
      const [fideId, surname, given] = name(e.playerId)
      changes.push({ listId: id, listDate: list.listDate, playerId: e.playerId, fideId, name: displayName(surname, given), before: p?.rating ?? null, after: e.rating, beforeGames: p?.games ?? null, afterGames: e.games, reason })
    }
    // a merged record's line leaves the list: the person's line is his kept record's
    const fresh = new Set(result.entries.map((e) => e.playerId))
    for (const p of published.values()) {
      if (fresh.has(p.playerId)) continue
      const m = dropped.get(p.playerId)
      before.set(p.playerId, p)
      const [fideId, surname, given] = name(p.playerId)
      changes.push({
        listId: id,
        listDate: list.listDate,
        playerId: p.playerId,
        fideId,
        name: displayName(surname, given),
        before: p.rating,
        after: null,
        beforeGames: p.games,
        afterGames: null,
        reason: m ? `player ${m.dropId} merged into player ${m.keepId} (merge ${m.mergeId}): one line, the kept record's` : reason
      })
    }
    changes.sort((a, b) => a.playerId - b.playerId)
    const c: Recomputed = { listId: id, list, built, result, closingDate: meta.closingDate, edition, changes, before, added, changedFiles }
    out.push(c)
    if (changes.length) replacedRatings.set(id, new Map(result.entries.map((e) => [e.playerId, publishedRating(e.rating, e.status)])))
    previous = asChainBase(again)
    // a correction writes each new version before the next list is computed: that list's base, its fingerprint and
    // its sheets then name the version in force (the new one; listInForce finds it) instead of the superseded one
    const written = write?.(c) ?? null
    if (written !== null) previous = { ...previous, ref: { ...previous.ref, id: written } }
  }
  return out
}

export function correctionPreview(db: Db, listId: number, hooks: JobHooks = {}): CorrectionPreview {
  const chain = recompute(db, listId, true, hooks)
  hooks.progress?.(chain.length, chain.length, 'lists')
  return {
    listId,
    lists: chain.map((c) => ({ listId: c.listId, listDate: c.list.listDate, changed: c.changes.length })),
    changes: chain.flatMap((c) => c.changes),
    addedTournaments: chain[0]!.added.map((t) => ({ id: t.id, name: t.name })),
    changedTournaments: chain.flatMap((c) => c.changedFiles.map((t) => ({ id: t.id, name: t.name })))
  }
}

/**
 * Applies a correction. 'new-version': each list of the chain that changes is published again as its next version
 * (supersedes_id), with a changelog row per changed entry; the earlier versions stay readable. 'next-list' (FIDE's
 * practice): the differences of corrected tournaments on the latest list are carried into the next generated list,
 * and tournaments found late are rated there as late tournaments.
 */
export function applyCorrection(db: Db, listId: number, mode: 'next-list' | 'new-version', reason: string, hooks: JobHooks = {}): CorrectResult {
  const run = db.transaction(() => {
    if (mode === 'next-list') {
      // tournaments found late go to the next list by themselves; corrected files leave a difference to carry
      const chain = recompute(db, listId, false, hooks)
      const last = chain[chain.length - 1]!
      const published = new Map(listEntriesCanonical(db, last.listId).map((e) => [e.playerId, e]))
      const adjust = adjustmentWriter(db)
      let changed = 0
      for (const e of last.result.entries) {
        const p = published.get(e.playerId)
        if (!p || p.rating === null || e.rating === null || p.rating === e.rating) continue
        adjust(listId, e.playerId, e.rating - p.rating, reason)
        changed++
      }
      // a corrected file taken this way is rated again: its difference is carried, its list stays as published
      const corrected = [...new Map(chain.flatMap((c) => c.changedFiles).map((t) => [t.id, t])).values()]
      markRatedAgain(db, corrected.map((t) => t.id))
      auditList(db, 'list.correct', listId, reason, { mode, changed, tournaments: corrected.map((t) => ({ id: t.id, sha256: t.sha256, ratedSha256: t.ratedSha256 })) })
      return { mode, newListIds: [], changed }
    }
    const newIds: number[] = []
    let changed = 0
    // each new version is written (published) as soon as it is computed, so that the next list of the chain is
    // computed on it: its base is the new version, and its sheets name it as the source of the ratings it took
    recompute(db, listId, true, hooks, (c) => {
      if (!c.changes.length && !c.added.length && !c.changedFiles.length) return null
      const newId = writeGeneratedList(
        db,
        c.built,
        c.result,
        // the corrections (FIDE practice) the list carried stay with its new version
        { closingDate: c.closingDate, profileId: c.edition.id, params: c.edition, engineVersion: ENGINE_VERSION, inputsHash: c.built.inputsHash, source: c.list.source, adjustments: c.built.adjustments },
        { status: 'draft', replaceDraft: false, version: c.list.version + 1, supersedesId: c.listId, reason }
      )
      const log = changelogWriter(db)
      // the changed players' lines only (the list's whole lines read again and mapped took seconds at FIDE's size)
      const changedIds = new Set(c.changes.map((ch) => ch.playerId))
      const fresh = new Map<number, ListEntry>()
      for (const e of c.result.entries) if (changedIds.has(e.playerId)) fresh.set(e.playerId, e)
      for (const ch of c.changes) {
        const p = c.before.get(ch.playerId)
        const e = fresh.get(ch.playerId) ?? { rating: null, games: null, k: null, flags: null }
        log({ listId: newId, playerId: ch.playerId, before: p ?? null, after: e, reason: `${reason} — ${ch.reason}` })
      }
      // a new version is published by the federation that published the version it corrects (the settings' when
      // that one recorded none)
      markPublished(db, newId, recordedPublisher(db, c.listId) ?? publishingFederation(db))
      auditList(db, 'list.correct', newId, reason, {
        mode,
        supersedes: c.listId,
        changed: c.changes.length,
        checksum: c.result.checksum,
        tournaments: [...c.added.map((t) => ({ id: t.id, sha256: t.sha256, found: 'late' })), ...c.changedFiles.map((t) => ({ id: t.id, sha256: t.sha256, ratedSha256: t.ratedSha256 }))]
      })
      newIds.push(newId)
      changed += c.changes.length
      return newId
    })
    return { mode, newListIds: newIds, changed }
  })
  return run.immediate()
}
