// Handlers of lists going out: the desktop save of an export (the host's dialog chooses the file), the
// comparison of two lists, and the reconciliation of an office list with FIDE's.
import type { Handler } from './dispatch'
import type { Db } from '../db/open'
import type { ListSummary } from '../../../shared/contract/lists'
import type { ListOutCall, ReconcileReasonName } from '../../../shared/contract/list-out'
import { existsSync } from 'node:fs'
import { UserError } from '../util/errors'
import { listExportFileName } from './list-exports'
import { displayName, getListSummary, previousList } from './lists'
import { DIFF_KINDS, diffCounts, diffIds, diffRows, diffRowsOf, reconcileCandidates, referenceBaseList, sheetFacts, type DiffKind, type DiffRow } from '../data/list-compare'
import { diffCacheFile, diffKey, openDiffCache, storeDiff, storedDiff, storedDiffPage, type DiffCounts } from '../data/list-diff-cache'
import { RECONCILE_REASONS, reconcilePlayer } from '../compare/reconcile'
import { getMeta } from '../data/list-reads'
import { listRows } from '../data/list-rows'

function sameType(from: ListSummary, to: ListSummary): void {
  if (from.id === to.id) throw new UserError('lists.sameList', { listId: from.id })
  if (from.ratingType !== to.ratingType) throw new UserError('lists.differentTypes', { from: from.id, fromType: from.ratingType, to: to.id, toType: to.ratingType })
}

/** Two lists holding together at most this many entries are compared in the call itself (milliseconds); bigger ones by the lists:diff job. */
export const DIRECT_DIFF_ENTRIES = 60_000

/**
 * The lists:diff job's work: both lists checked, every kind's count, then each kind's players in order stored in the
 * comparison cache (one transaction), with progress by step; cancellable between steps.
 */
export function compareAndStore(
  db: Db,
  dbPath: string,
  fromId: number,
  toId: number,
  o: { progress?: (done: number, total: number, message: string) => void; throwIfCancelled?: () => void } = {}
): { fromId: number; toId: number; counts: DiffCounts } {
  const from = getListSummary(db, fromId)
  const to = getListSummary(db, toId)
  sameType(from, to)
  const file = diffCacheFile(dbPath)
  if (!file) throw new UserError('lists.diffNoCache', { dbPath })
  const steps = DIFF_KINDS.length + 1
  const key = diffKey(db, from, to)
  o.progress?.(0, steps, 'counts')
  const counts = diffCounts(db, fromId, toId)
  const cache = openDiffCache(file)
  try {
    let step = 1
    storeDiff(cache, fromId, toId, key, counts, DIFF_KINDS, (kind) => diffIds(db, fromId, toId, kind), (kind) => {
      o.throwIfCancelled?.()
      o.progress?.(step++, steps, kind)
    })
  } finally {
    cache.close()
  }
  o.progress?.(steps, steps, 'done')
  return { fromId, toId, counts }
}

/** One page of a stored comparison of two lists and its counts, when the cache holds one that still matches them. */
function storedPage(db: Db, dbPath: string, from: ListSummary, to: ListSummary, kind: DiffKind, offset: number, limit: number): { counts: DiffCounts; ids: number[] } | null {
  const file = diffCacheFile(dbPath)
  if (!file || !existsSync(file)) return null
  const cache = openDiffCache(file)
  try {
    const counts = storedDiff(cache, from.id, to.id, diffKey(db, from, to))
    return counts ? { counts, ids: storedDiffPage(cache, from.id, to.id, kind, offset, limit) } : null
  } finally {
    cache.close()
  }
}

/** The lists:diff job running for a pair of lists of a database, so that a second ask waits for the same one. */
const runningDiffs = new Map<string, string>()

/** Every differing player of an office list against a reference list, with the reasons (see reconcilePlayer). */
export function reconcileLists(db: Db, listId: number, referenceId: number) {
  const list = getListSummary(db, listId)
  const reference = getListSummary(db, referenceId)
  sameType(list, reference)
  // the base the list generation recorded; a list without one (imported, or older) is compared with the list before it
  const meta = list.kind === 'office' ? getMeta(db, list.id) : null
  const officeBase = meta ? { id: meta.baseListId, listDate: getListSummary(db, meta.baseListId).listDate } : previousList(db, list)
  const refBaseId = referenceBaseList(db, reference.ratingType, reference.source, reference.listDate)
  const referenceBase = refBaseId === null ? null : { id: refBaseId, listDate: getListSummary(db, refBaseId).listDate }
  const sheets = sheetFacts(db, list.id)
  const rows = reconcileCandidates(db, list.id, reference.id, officeBase?.id ?? null, refBaseId).map((c) => {
    const v = reconcilePlayer({ office: c.office, reference: c.reference, officeBase: c.officeBase, referenceBase: c.referenceBase, sheet: sheets.get(c.playerId) ?? null })
    return { playerId: c.playerId, fideId: c.fideId, name: displayName(c.surname, c.givenNames), federation: c.federation, office: c.office, reference: c.reference, ...v }
  })
  const counts = Object.fromEntries(RECONCILE_REASONS.map((r) => [r, 0])) as Record<ReconcileReasonName, number>
  for (const r of rows) for (const reason of new Set(r.reasons.map((x) => x.code))) counts[reason]++
  return {
    list,
    reference,
    officeBase: officeBase ? { id: officeBase.id, listDate: officeBase.listDate } : null,
    referenceBase,
    sheets: sheets.size > 0,
    rows: rows.filter((r) => r.differences.length > 0),
    counts
  }
}

export const listOutHandlers: { [N in ListOutCall]: Handler<N> } = {
  'lists:publishSite': async (_input, ctx) => {
    if (!ctx.chooseFolder) throw new UserError('site.noFolderDialog', { host: ctx.host })
    const out = await ctx.chooseFolder()
    if (out === null) return { saved: false, result: null }
    return { saved: true, result: await ctx.jobs.run('site:build', { out }) }
  },
  'lists:saveExport': async (input, ctx) => {
    if (!ctx.chooseSaveFile) throw new UserError('exports.noSaveDialog', { host: ctx.host })
    // the name only (no count: at FIDE scale a count is a scan), then the rows and the layout in the worker
    const file = await ctx.chooseSaveFile(listExportFileName(ctx.db, input))
    if (file === null) return { saved: false, file: null, rows: 0, skipped: 0 }
    const r = await ctx.jobs.run('lists:export', { ...input, out: file })
    return { saved: true, file: r.file, rows: r.rows, skipped: r.skipped }
  },

  'lists:top': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    let rank = 0
    const rows = [...listRows(db, { listId: list.id, listDate: list.listDate, sort: 'rating', category: input.category, federation: input.federation ?? null, region: input.region ?? null, top: input.limit }, input.limit)].map((r) => ({
      rank: ++rank,
      playerId: r.playerId,
      fideId: r.fideId,
      name: displayName(r.surname, r.givenNames),
      federation: r.federation,
      region: r.region ?? null,
      title: r.title,
      sex: r.sex,
      birthYear: r.birthYear,
      rating: r.rating,
      games: r.games,
      k: r.k
    }))
    return { list, rows }
  },

  'lists:diff': (input, { db, dbPath, jobs }) => {
    const from = getListSummary(db, input.fromId)
    const to = getListSummary(db, input.toId)
    sameType(from, to)
    const out = (counts: DiffCounts | null, total: number, rows: DiffRow[], jobId: string | null) => ({
      from,
      to,
      counts,
      kind: input.kind,
      total,
      rows: rows.map((r) => ({ playerId: r.playerId, fideId: r.fideId, name: displayName(r.surname, r.givenNames), federation: r.federation, from: r.from, to: r.to })),
      jobId
    })
    // a comparison already made (by the job) pages by primary key, whatever the lists' size
    const stored = storedPage(db, dbPath, from, to, input.kind, input.offset, input.limit)
    if (stored) return out(input.withCounts ? stored.counts : null, stored.counts[input.kind], diffRowsOf(db, from.id, to.id, stored.ids), null)
    if (from.entries + to.entries <= DIRECT_DIFF_ENTRIES || !diffCacheFile(dbPath)) {
      const page = diffRows(db, from.id, to.id, input.kind, input.offset, input.limit)
      return out(input.withCounts ? diffCounts(db, from.id, to.id) : null, page.total, page.rows, null)
    }
    // two big lists: compared once in a worker, the caller follows the job and asks again
    const pair = `${dbPath}\n${from.id}\n${to.id}`
    let jobId = runningDiffs.get(pair)
    if (!jobId || jobs.get(jobId).state !== 'running') {
      const started = jobs.start('lists:diff', { fromId: from.id, toId: to.id })
      runningDiffs.set(pair, started)
      void jobs.wait(started).finally(() => {
        if (runningDiffs.get(pair) === started) runningDiffs.delete(pair)
      })
      jobId = started
    }
    return out(null, 0, [], jobId)
  },

  'lists:reconcile': (input, { db }) => {
    const r = reconcileLists(db, input.listId, input.referenceId)
    const chosen = input.reason ? r.rows.filter((row) => row.reasons.some((x) => x.code === input.reason)) : r.rows
    return {
      list: r.list,
      reference: r.reference,
      officeBase: r.officeBase,
      referenceBase: r.referenceBase,
      sheets: r.sheets,
      differing: r.rows.length,
      counts: r.counts,
      total: chosen.length,
      rows: chosen.slice(input.offset, input.offset + input.limit)
    }
  }
}
