// The office's own lists as calls (the contract's handlers): the calendar, the preview and its tournaments, a sheet
// and its PDF answered at once; the generation, the staleness check, the publication and the corrections run as jobs
// (list-generation.ts, list-publication.ts, list-corrections.ts).
import type { Handler } from './dispatch'
import type { OfficeListCall } from '../../../shared/contract/office-lists'
import { readSettings } from '../data/settings'
import { getList, getMeta, listTournamentCount, matchingPlayerIds } from '../data/list-reads'
import { previewRows } from '../data/list-preview'
import { getListSummary, playerSearchCondition } from './lists'
import { nextListDate } from './tournament-list'
import { calendar } from './list-rules'
import { ratedTournaments, sheetView } from './list-reads'
import { assertPublishableNow } from './list-publication'

export const officeListsHandlers: { [N in OfficeListCall]: Handler<N> } = {
  'lists:calendar': (input, { db }) => calendar(db, input.year, input.ratingType, input.profile),
  'lists:nextDate': (input, { db }) => nextListDate(db, input.ratingType, input.profile),
  'lists:preview': (input, { db }) => {
    const list = getListSummary(db, input.listId)
    const metaRow = getMeta(db, input.listId)
    let playerIds: number[] | null = null
    if (input.search) {
      const cond = playerSearchCondition(input.search)
      if (cond) playerIds = matchingPlayerIds(db, cond, 5000)
    }
    const { counts, ...page } = previewRows(db, input.listId, { kind: input.kind, playerIds, offset: input.offset, limit: input.limit })
    const meta = metaRow
      ? {
          baseListId: metaRow.baseListId,
          baseListDate: getList(db, metaRow.baseListId).listDate,
          closingDate: metaRow.closingDate,
          profileId: metaRow.profileId,
          engineVersion: metaRow.engineVersion,
          generatedAt: metaRow.generatedAt,
          reason: metaRow.reason
        }
      : null
    return { list, meta, counts, tournamentCount: listTournamentCount(db, input.listId), ...page }
  },
  'lists:tournaments': (input, { db }) => {
    getList(db, input.listId)
    return { total: listTournamentCount(db, input.listId), rows: ratedTournaments(db, input.listId, { offset: input.offset, limit: input.limit }) }
  },
  // in the worker for a draft: reading the period's inputs again takes over 100 ms at FIDE scale
  // a question the preview asks as it opens, which shows its own state: not a job for the jobs bar
  'lists:stale': (input, { db, jobs }) => (getList(db, input.listId).status === 'draft' ? jobs.run('lists:stale', input, undefined, { quiet: true }) : { stale: false }),
  'lists:sheet': (input, { db }) => sheetView(db, input),
  'lists:sheetPdf': async (input, { db }) => {
    const view = sheetView(db, input)
    const [{ sheetPdf }, { loadPdfFonts }] = await Promise.all([import('../exports/sheet-pdf'), import('../exports/fonts')])
    return sheetPdf(view, getList(db, input.listId), input.locale ?? readSettings(db).locale, loadPdfFonts(), readSettings(db).federationName.trim() || null)
  },
  // in the worker: checking the draft against its inputs and marking the period's tournaments takes seconds at FIDE scale
  'lists:publish': (input, { db, jobs }) => {
    // the quick refusals come at once, without a worker (the job checks them again in its transaction)
    assertPublishableNow(db, input.listId, input.federation)
    return jobs.run('lists:publish', input)
  },
  'lists:correctPreview': (input, { jobs }) => jobs.run('lists:correctPreview', input),
  'lists:correct': (input, { jobs }) => jobs.run('lists:correct', input)
}
