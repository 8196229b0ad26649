// Handlers of lists going out: the desktop save of an export (the host's dialog chooses the file), the
// comparison of two lists, and the reconciliation of an office list with FIDE's.
import type { Handler } from './dispatch'
import type { Db } from '../db/open'
import type { ListSummary } from '../../../shared/contract/lists'
import type { ListOutCall, ReconcileReasonName } from '../../../shared/contract/list-out'
import { UserError } from '../util/errors'
import { planListExport, writeListExportFile } from './list-exports'
import { displayName, getListSummary, previousList } from './lists'
import { diffCounts, diffRows, reconcileCandidates, referenceBaseList, sheetFacts } from '../data/list-compare'
import { RECONCILE_REASONS, reconcilePlayer } from '../compare/reconcile'
import { getMeta } from '../data/office-lists'
import { listRows } from '../data/list-rows'

function sameType(from: ListSummary, to: ListSummary): void {
  if (from.id === to.id) throw new UserError('lists.sameList', { listId: from.id })
  if (from.ratingType !== to.ratingType) throw new UserError('lists.differentTypes', { from: from.id, fromType: from.ratingType, to: to.id, toType: to.ratingType })
}

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
  'lists:saveExport': async (input, ctx) => {
    if (!ctx.chooseSaveFile) throw new UserError('exports.noSaveDialog', { host: ctx.host })
    const plan = planListExport(ctx.db, input)
    const file = await ctx.chooseSaveFile(plan.fileName)
    if (file === null) return { saved: false, file: null, rows: 0, skipped: 0 }
    const r = await writeListExportFile(ctx.db, input, file)
    return { saved: true, file: r.file, rows: r.rows, skipped: r.skipped }
  },

  'lists:top': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    let rank = 0
    const rows = [...listRows(db, { listId: list.id, listDate: list.listDate, sort: 'rating', category: input.category, federation: input.federation ?? null, top: input.limit }, input.limit)].map((r) => ({
      rank: ++rank,
      playerId: r.playerId,
      fideId: r.fideId,
      name: displayName(r.surname, r.givenNames),
      federation: r.federation,
      title: r.title,
      sex: r.sex,
      birthYear: r.birthYear,
      rating: r.rating,
      games: r.games,
      k: r.k
    }))
    return { list, rows }
  },

  'lists:diff': (input, { db }) => {
    const from = getListSummary(db, input.fromId)
    const to = getListSummary(db, input.toId)
    sameType(from, to)
    const counts = input.withCounts ? diffCounts(db, from.id, to.id) : null
    const page = diffRows(db, from.id, to.id, input.kind, input.offset, input.limit)
    return {
      from,
      to,
      counts,
      kind: input.kind,
      total: page.total,
      rows: page.rows.map((r) => ({ playerId: r.playerId, fideId: r.fideId, name: displayName(r.surname, r.givenNames), federation: r.federation, from: r.from, to: r.to }))
    }
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
