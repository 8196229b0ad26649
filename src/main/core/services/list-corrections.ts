// A published list's correction, run by the `lists:correctPreview` and `lists:correct` jobs: the list and the later
// lists of its chain recomputed with the tournaments as they are now (late ones, corrected files, merges), then either
// published again as new versions with a changelog, or carried into the next list (FIDE practice).
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { CorrectionCause, CorrectionChange, CorrectionPreview, CorrectResult } from '../../../shared/contract/office-lists'
import type { GenerationResult, ListEntry } from '../lists/types'
import { getList, getMeta, listEntriesCanonical, listEntriesOf, playerNameReader, publishedListsAfter, publishedVersionOf } from '../data/list-reads'
import type { FoldMerge } from '../lists/fold'
import { baseListById } from '../data/base-list'
import { periodTournamentRows, type PeriodTournamentRow } from '../data/period-tournaments'
import type { BuiltInput } from '../data/generation-input'
import { adjustmentWriter, changelogWriter } from '../data/list-corrections'
import { openDraft, writeGeneratedList, type DraftTarget, type OpenDraft } from '../data/draft-writer'
import { compareWithList } from '../data/line-comparison'
import { readTransaction } from '../data/statements'
import type { WorkerScript } from '../workers/runner'
import { markPublished, recordedPublisher } from '../data/list-publication'
import { activeMerges, markRatedAgain, ratedTournamentRows, tournamentState, type RatedTournamentRow } from '../data/list-history'
import { publishedRating } from '../data/published-rating'
import { UserError } from '../util/errors'
import { displayName } from './lists'
import { ENGINE_VERSION, auditList, rulesFor, type JobHooks } from './list-rules'
import { asChainBase, regenerateList, type ChainBase } from './list-regeneration'
import { publishingFederation } from './list-publication'
import { twoThreadsFor, type GenerateHooks } from './generation-plan'
import { writeOnTwoThreads } from './generation-on-two-threads'
import { replayPreparedLines, type PreparedOutcome, type PreparedWriter } from '../data/prepared-lines'

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

/** A correction starts from a published list in force (not one a later version superseded). */
export function assertCorrectable(db: Db, listId: number): void {
  const head = getList(db, listId)
  if (head.kind !== 'office' || head.status !== 'published') throw new UserError('lists.notPublished', { listId })
  const superseded = publishedVersionOf(db, listId)
  if (superseded !== undefined) throw new UserError('lists.superseded', { listId, by: superseded })
}

/** The approved tournaments of a published list's period that no list rated (found late), but those it rated. */
function lateTournaments(db: Db, listId: number, own: readonly RatedTournamentRow[]): PeriodTournamentRow[] {
  const list = getList(db, listId)
  const meta = getMeta(db, listId)!
  return periodTournamentRows(db, list.ratingType, meta.closingDate, list.source, baseClosingOf(db, meta.baseListId, JSON.parse(meta.params) as Edition)).filter(
    (r) => r.ratedThrough === 0 && !own.some((o) => o.id === r.id)
  )
}

/** The tournaments a list rated whose current file is not the one it rated; each must be approved again to be taken. */
function correctedFiles(db: Db, rated: readonly RatedTournamentRow[]): RatedTournamentRow[] {
  const changed = rated.filter((r) => r.fileId !== r.ratedFileId)
  for (const t of changed) {
    const st = tournamentState(db, t.id)
    if (st.status !== 'approved' && st.status !== 'rated') throw new UserError('lists.correctionNotApproved', { id: t.id, name: st.name ?? `#${t.id}`, status: st.status })
  }
  return changed
}

/** Why a list changes: its tournaments found late, its corrected files, the records merged into its base. */
function causesOf(db: Db, added: readonly PeriodTournamentRow[], changedFiles: readonly PeriodTournamentRow[], folded: readonly FoldMerge[]): CorrectionCause[] {
  return [
    ...added.map((t): CorrectionCause => ({ kind: 'late', tournamentId: t.id, name: t.name })),
    ...changedFiles.map((t): CorrectionCause => ({ kind: 'corrected', tournamentId: t.id, name: t.name })),
    ...folded.map((m) => mergedCause(db, m, false))
  ]
}

/** A merge as a cause: its records by name too (the screens name the players, the changelog their ids). */
function mergedCause(db: Db, m: Pick<FoldMerge, 'mergeId' | 'keepId' | 'dropId'>, leaves: boolean): CorrectionCause {
  const name = playerNameReader(db)
  const named = (id: number): string => {
    const [, surname, given] = name(id)
    return displayName(surname, given)
  }
  return { kind: 'merged', mergeId: m.mergeId, keepId: m.keepId, dropId: m.dropId, keep: named(m.keepId), drop: named(m.dropId), leaves }
}

/** A cause as the changelog records it, in words (the office's record; the screens say the causes in their language). */
function causeText(c: CorrectionCause): string {
  switch (c.kind) {
    case 'late':
      return `tournament ${c.tournamentId} (${c.name ?? ''}) found late`
    case 'corrected':
      return `tournament ${c.tournamentId} (${c.name ?? ''}) corrected`
    case 'merged':
      return `player ${c.dropId} merged into player ${c.keepId} (merge ${c.mergeId})${c.leaves ? ": one line, the kept record's" : ''}`
    case 'carried':
      return `carried from the corrected list ${c.listDate}`
  }
}

/**
 * A list's changes: each line computed again that differs from its published line (rating, games, K, flags, status)
 * or has none, then each published line with no line now (a merged record's leaves the list), by player. `published`
 * holds every published line that may differ (all of them, or those of the players found differing).
 */
function lineChanges(
  db: Db,
  list: { id: number; listDate: string },
  lines: Iterable<ListEntry>,
  published: ReadonlyMap<number, ListEntry>,
  causes: CorrectionCause[]
): { changes: CorrectionChange[]; before: Map<number, ListEntry> } {
  const dropped = new Map(activeMerges(db).map((m) => [m.dropId, m]))
  const changes: CorrectionChange[] = []
  const before = new Map<number, ListEntry>()
  const name = playerNameReader(db)
  const change = (playerId: number, p: ListEntry | undefined, e: ListEntry | null, why: CorrectionCause[]): void => {
    if (p) before.set(playerId, p)
    const [fideId, surname, given] = name(playerId)
    changes.push({
      listId: list.id,
      listDate: list.listDate,
      playerId,
      fideId,
      name: displayName(surname, given),
      before: p?.rating ?? null,
      after: e?.rating ?? null,
      beforeGames: p?.games ?? null,
      afterGames: e?.games ?? null,
      reason: why.map(causeText).join('; '),
      causes: why
    })
  }
  const fresh = new Set<number>()
  for (const e of lines) {
    fresh.add(e.playerId)
    const p = published.get(e.playerId)
    if (p && p.rating === e.rating && p.games === e.games && p.k === e.k && p.flags === e.flags && p.status === e.status) continue
    change(e.playerId, p, e, causes)
  }
  // a merged record's line leaves the list: the person's line is his kept record's
  for (const p of published.values()) {
    if (fresh.has(p.playerId)) continue
    const m = dropped.get(p.playerId)
    change(p.playerId, p, null, m ? [mergedCause(db, m, true)] : causes)
  }
  changes.sort((a, b) => a.playerId - b.playerId)
  return { changes, before }
}

/**
 * Recomputes a published list and the later lists built on it, from their frozen parameters and the tournaments as
 * they are now: the same tournaments with their current files, plus (for the first list) approved tournaments of its
 * period that no list rated (found late). Nothing is written.
 */
function recompute(db: Db, listId: number, includeLate: boolean, hooks: JobHooks = {}, write?: (c: Recomputed) => number | null): Recomputed[] {
  assertCorrectable(db, listId)
  const out: Recomputed[] = []
  let previous: ChainBase | null = null
  // a later list rates its tournaments with the ratings of the corrected lists before it (the versions that will be in force)
  const replacedRatings = new Map<number, Map<number, number | null>>()
  // the registry as it is now: two records of one person are one line from the list corrected on
  const merges = activeMerges(db)
  const chain = chainFrom(db, listId)
  for (const [i, id] of chain.entries()) {
    hooks.throwIfCancelled?.()
    hooks.progress?.(i, chain.length, 'lists')
    const meta = getMeta(db, id)!
    const list = getList(db, id)
    const added = id === listId && includeLate ? lateTournaments(db, id, ratedTournamentRows(db, id)) : []
    const again = regenerateList(db, id, previous, { extraRows: added, merges, replacedRatings, throwIfCancelled: hooks.throwIfCancelled })
    const changedFiles = correctedFiles(db, again.rows)
    const { built, result, edition } = again
    const why = causesOf(db, added, changedFiles, again.folded)
    const causes: CorrectionCause[] = why.length ? why : [{ kind: 'carried', listDate: out[out.length - 1]?.list.listDate ?? '' }]
    const published = new Map(listEntriesCanonical(db, id).map((e) => [e.playerId, e]))
    const { changes, before } = lineChanges(db, list, result.entries, published, causes)
    const c: Recomputed = { listId: id, list, built, result, closingDate: meta.closingDate, edition, changes, before, added, changedFiles }
    out.push(c)
    if (changes.length) replacedRatings.set(id, new Map(result.entries.map((e) => [e.playerId, publishedRating(e.rating, e.status)])))
    previous = asChainBase(again)
    // a correction writes each new version before the next list is computed: that list's base, its fingerprint and
    // its sheets name the version in force (the new one; listInForce finds it) instead of the superseded one
    const written = write?.(c) ?? null
    if (written !== null) previous = { ...previous, ref: { ...previous.ref, id: written } }
  }
  return out
}

/**
 * A new version written: its changelog (the changed players' lines before and after), its publication by the
 * federation that published the version it corrects (the settings' when that one recorded none), its audit entry.
 */
function recordNewVersion(
  db: Db,
  newId: number,
  c: Pick<Recomputed, 'listId' | 'changes' | 'before' | 'added' | 'changedFiles'> & { after: ReadonlyMap<number, ListEntry>; checksum: string },
  reason: string
): void {
  const log = changelogWriter(db)
  for (const ch of c.changes) {
    const e = c.after.get(ch.playerId) ?? { rating: null, games: null, k: null, flags: null }
    log({ listId: newId, playerId: ch.playerId, before: c.before.get(ch.playerId) ?? null, after: e, reason: `${reason} — ${ch.reason}` })
  }
  markPublished(db, newId, recordedPublisher(db, c.listId) ?? publishingFederation(db))
  auditList(db, 'list.correct', newId, reason, {
    mode: 'new-version',
    supersedes: c.listId,
    changed: c.changes.length,
    checksum: c.checksum,
    tournaments: [...c.added.map((t) => ({ id: t.id, sha256: t.sha256, found: 'late' })), ...c.changedFiles.map((t) => ({ id: t.id, sha256: t.sha256, ratedSha256: t.ratedSha256 }))]
  })
}

/** A correction computed from a published list's frozen plan: the list, its edition, its late tournaments and corrected files. */
interface CorrectionScope {
  list: ReturnType<typeof getList>
  edition: Edition
  added: PeriodTournamentRow[]
  changedFiles: RatedTournamentRow[]
}

/** A correction computed on two threads: its scope and the helper's script. */
export interface OnTwoThreads extends CorrectionScope {
  thread: WorkerScript
}

/**
 * The scope of a correction that a big office computes on two threads as a big generation is (generation-on-two-
 * threads.ts), from the list's frozen parameters: the latest published list of its chain, with a tournament found late
 * or a corrected file. Null: the one-thread way (a chain of lists, a merge alone — whether anything changes is known
 * only once computed).
 */
function correctionScope(db: Db, listId: number): CorrectionScope | null {
  assertCorrectable(db, listId)
  if (chainFrom(db, listId).length !== 1) return null
  const own = ratedTournamentRows(db, listId)
  const added = lateTournaments(db, listId, own)
  const changedFiles = correctedFiles(db, own)
  if (!added.length && !changedFiles.length) return null
  return { list: getList(db, listId), edition: JSON.parse(getMeta(db, listId)!.params) as Edition, added, changedFiles }
}

/** Whether a correction of a published list is computed on two threads: in a big office, in the scope above. */
export function correctionOnTwoThreads(db: Db, listId: number, hooks: GenerateHooks): OnTwoThreads | null {
  const thread = twoThreadsFor(db, hooks)
  if (!thread) return null
  const scope = correctionScope(db, listId)
  return scope && { ...scope, thread }
}

/**
 * The list's lines computed again on two threads, compared with its published lines as they come (data/line-
 * comparison.ts) on their way into `draft` (its new version, or a preview's prepared lines; none for a plain preview);
 * the new list's id (0 without a draft) and what the comparison found.
 */
function computedOnTwoThreads(db: Db, c: OnTwoThreads, hooks: GenerateHooks, reason: string, draft?: () => DraftTarget): { newId: number; outcome: PreparedOutcome } {
  const { list } = c
  const { listId, summary, target } = writeOnTwoThreads(db, { listDate: list.listDate, ratingType: list.ratingType }, c.edition, c.thread, hooks, () => compareWithList(db, list.id, draft?.()), {
    listId: list.id,
    extraRows: c.added,
    reason
  })
  return { newId: listId, outcome: { listId: list.id, differing: target.differing, gone: target.gone(), checksum: summary.checksum, folded: summary.folded } }
}

/** A correction's changes from what its computation found: each differing or gone line with its published one and why. */
function changesOf(db: Db, c: CorrectionScope, outcome: PreparedOutcome): Pick<Recomputed, 'changes' | 'before'> & { after: Map<number, ListEntry> } {
  const { list } = c
  const published = listEntriesOf(db, list.id, [...outcome.differing.map((e) => e.playerId), ...outcome.gone])
  const { changes, before } = lineChanges(db, list, outcome.differing, published, causesOf(db, c.added, c.changedFiles, outcome.folded))
  return { changes, before, after: new Map(outcome.differing.map((e) => [e.playerId, e])) }
}

/** The draft of a correction's new version: the next version of the list, superseding it. */
function openNewVersion(db: Db, c: CorrectionScope): OpenDraft {
  const { list } = c
  return openDraft(db, list, { params: c.edition, source: list.source }, { replaceDraft: false, version: list.version + 1, supersedesId: list.id })
}

/** A new version written (`newId`, its lines in): its changelog, publication and audit entry from what was found. */
function newVersionOf(db: Db, c: CorrectionScope, newId: number, outcome: PreparedOutcome, reason: string): CorrectResult {
  const v = changesOf(db, c, outcome)
  recordNewVersion(db, newId, { ...v, checksum: outcome.checksum, listId: c.list.id, added: c.added, changedFiles: c.changedFiles }, reason)
  return { mode: 'new-version', newListIds: [newId], changed: v.changes.length }
}

/** A correction's new version written on two threads: the version the one-thread way writes, row for row. */
function newVersionOnTwoThreads(db: Db, c: OnTwoThreads, reason: string, hooks: GenerateHooks): CorrectResult {
  const { newId, outcome } = computedOnTwoThreads(db, c, hooks, reason, () => openNewVersion(db, c))
  return newVersionOf(db, c, newId, outcome, reason)
}

/**
 * A correction's new version written from the lines its preview prepared (data/prepared-lines.ts), in the caller's
 * write transaction, which has proven the database the one the preview read: the version computing them again writes,
 * row for row. `file` is attached to `db` (attachPrepared). Null when the list is not one whose correction is prepared
 * (the caller computes it).
 */
export function newVersionFromPrepared(db: Db, listId: number, reason: string, file: string, hooks: GenerateHooks = {}): CorrectResult | null {
  return db.transaction(() => {
    const scope = correctionScope(db, listId)
    if (!scope) return null
    const { listId: newId, outcome } = replayPreparedLines(file, listId, openNewVersion(db, scope), reason, hooks)
    return newVersionOf(db, scope, newId, outcome, reason)
  })()
}

/**
 * A correction's preview on two threads: in one read transaction, nothing written, no write lock taken; or, with a
 * `writer`, in the caller's write transaction (which writes nothing either), its lines prepared for the correction.
 */
export function previewOnTwoThreads(db: Db, c: OnTwoThreads, hooks: GenerateHooks, writer?: PreparedWriter): CorrectionPreview {
  const { list } = c
  const run = (): Pick<Recomputed, 'changes'> => {
    const { outcome } = computedOnTwoThreads(db, c, hooks, '', writer && (() => writer.target))
    writer?.close(outcome)
    return changesOf(db, c, outcome)
  }
  const { changes } = writer ? run() : readTransaction(db, run)
  hooks.progress?.(1, 1, 'lists')
  return {
    listId: list.id,
    lists: [{ listId: list.id, listDate: list.listDate, changed: changes.length }],
    changes,
    addedTournaments: c.added.map((t) => ({ id: t.id, name: t.name })),
    changedTournaments: c.changedFiles.map((t) => ({ id: t.id, name: t.name }))
  }
}

export function correctionPreview(db: Db, listId: number, hooks: GenerateHooks = {}): CorrectionPreview {
  const big = correctionOnTwoThreads(db, listId, hooks)
  if (big) return previewOnTwoThreads(db, big, hooks)
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
export function applyCorrection(db: Db, listId: number, mode: 'next-list' | 'new-version', reason: string, hooks: GenerateHooks = {}): CorrectResult {
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
    const big = correctionOnTwoThreads(db, listId, hooks)
    if (big) return newVersionOnTwoThreads(db, big, reason, hooks)
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
      // the changed players' lines only (the list's whole lines read again and mapped took seconds at FIDE's size)
      const changedIds = new Set(c.changes.map((ch) => ch.playerId))
      const after = new Map<number, ListEntry>()
      for (const e of c.result.entries) if (changedIds.has(e.playerId)) after.set(e.playerId, e)
      recordNewVersion(db, newId, { ...c, after, checksum: c.result.checksum }, reason)
      newIds.push(newId)
      changed += c.changes.length
      return newId
    })
    return { mode, newListIds: newIds, changed }
  })
  return run.immediate()
}
