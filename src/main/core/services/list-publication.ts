// A list's publication, run by the `lists:publish` job: refused when the draft is older than its inputs (their
// fingerprint now against the one it was computed from) or its date is taken; frozen, its tournaments rated, audited,
// the federation that publishes it recorded.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { PublishResult, SafetyCopy } from '../../../shared/contract/office-lists'
import { readSettings, writeSettings } from '../data/settings'
import { getList, getMeta, listTournaments } from '../data/list-reads'
import { findBaseList, importedLookBack, windowPlayers, type BaseListRef } from '../data/base-list'
import { periodTournamentRows, type PeriodTournamentRow } from '../data/period-tournaments'
import { inputsFingerprint, playersWithoutFideId } from '../data/generation-input'
import { pendingAdjustments } from '../data/list-corrections'
import { assertNotPublished } from '../data/draft-writer'
import { markPublished } from '../data/list-publication'
import { listEntryCount } from '../data/list-pages'
import { activeMerges } from '../data/list-history'
import { UserError } from '../util/errors'
import { foldFingerprint, foldsOnList } from './list-merges'
import { auditList, rulesFor, type JobHooks } from './list-rules'

/** The fingerprint of a draft's inputs as they are now (a tournament approved since, a new file, a decision). */
function currentInputsHash(db: Db, listId: number): { now: string; stored: string; base: BaseListRef; rows: PeriodTournamentRow[] } {
  const list = getList(db, listId)
  const meta = getMeta(db, listId)
  if (!meta) throw new UserError('lists.notOffice', { listId })
  const edition = JSON.parse(meta.params) as Edition
  const rules = rulesFor(db, edition.kind === 'fide' ? null : edition)
  let base: BaseListRef
  try {
    base = findBaseList(db, list.listDate, list.ratingType, list.source, rules.cutoff)
  } catch {
    base = { id: -1, kind: 'reference', listDate: '', closingDate: '', source: '' }
  }
  const rows = periodTournamentRows(db, list.ratingType, meta.closingDate, list.source, base.closingDate)
  const folds = base.id >= 0 ? foldsOnList(db, base.id, activeMerges(db)) : []
  const idLess = playersWithoutFideId(db, list.source, rows, base.kind === 'office' ? windowPlayers(db, base.id) : [])
  const lookBack = importedLookBack(db, { listDate: list.listDate, ratingType: list.ratingType, chain: list.source, edition, listEdition: rules.list })
  return { now: foldFingerprint(inputsFingerprint(db, base, rows, pendingAdjustments(db), edition.id, idLess, lookBack), folds), stored: meta.inputsHash, base, rows }
}

/**
 * Whether a draft is older than its inputs: its fingerprint against the inputs as they are now (at FIDE scale, 15,000
 * tournaments read with their files and exclusions: over 100 ms, so the `lists:stale` call runs it in the worker). A
 * frozen list is never stale; a list without parameters (a reference list) neither.
 */
export function draftIsStale(db: Db, listId: number): boolean {
  if (getList(db, listId).status !== 'draft' || !getMeta(db, listId)) return false
  const h = currentInputsHash(db, listId)
  return h.now !== h.stored
}

/** The federation a publication names (what the publishing officer gives, else the settings'), as the input carries it. */
export type PublishingFederation = { name: string; code: string }

/**
 * The federation that publishes: the one given with the publication (checked by the contract), else the settings';
 * refused, naming what is missing, when neither names it (the first publication asks for it).
 */
export function publishingFederation(db: Db, given?: PublishingFederation): PublishingFederation {
  if (given) return given
  const s = readSettings(db)
  const name = s.federationName.trim()
  const code = s.federation.trim()
  const missing = [...(name ? [] : ['name']), ...(code ? [] : ['code'])]
  if (missing.length) throw new UserError('lists.federationUnset', { missing: missing.join(', ') })
  return { name, code }
}

/** The quick refusals of a publication (not a draft of the office, published already, its date taken, no federation named): before its backup. */
export function assertPublishableNow(db: Db, listId: number, federation?: PublishingFederation): void {
  const list = getList(db, listId)
  if (list.kind !== 'office') throw new UserError('lists.notOffice', { listId })
  if (list.status === 'published') throw new UserError('lists.alreadyPublished', { listId, listDate: list.listDate })
  assertNotPublished(db, list.listDate, list.ratingType, list.source)
  publishingFederation(db, federation)
}

/**
 * Publishes a draft in one transaction: refused when published already or older than its inputs; the checksum stored
 * with its entries frozen; its tournaments marked rated; audited. At FIDE scale the input check alone reads every
 * tournament of the period: it runs in the worker (the `lists:publish` job), never in the main process.
 */
export function publishList(db: Db, listId: number, reason: string | null, hooks: JobHooks = {}, federation?: PublishingFederation, safetyCopy?: SafetyCopy): PublishResult {
  const run = db.transaction(() => {
    hooks.progress?.(0, 3, 'checking')
    const list = getList(db, listId)
    if (list.kind !== 'office') throw new UserError('lists.notOffice', { listId })
    if (list.status === 'published') throw new UserError('lists.alreadyPublished', { listId, listDate: list.listDate })
    assertNotPublished(db, list.listDate, list.ratingType, list.source)
    const h = currentInputsHash(db, listId)
    if (h.now !== h.stored) throw new UserError('lists.staleDraft', { listId, listDate: list.listDate })
    hooks.throwIfCancelled?.()
    hooks.progress?.(1, 3, 'publishing')
    // the checksum was computed from these entries by the generation job in the same transaction that wrote them;
    // reading 1.9 M entries again here would hold the main process for seconds (a call must answer at once)
    const checksum = list.checksum ?? ''
    const entries = listEntryCount(db, listId)
    // the federation given with a first publication becomes the settings' in the same write
    const publisher = publishingFederation(db, federation)
    if (federation) writeSettings(db, { federationName: federation.name, federation: federation.code })
    const done = markPublished(db, listId, publisher)
    hooks.progress?.(2, 3, 'audit')
    auditList(db, 'list.publish', listId, reason, {
      listDate: list.listDate,
      ratingType: list.ratingType,
      checksum,
      entries,
      publisher,
      tournaments: listTournaments(db, listId).map((t) => ({ id: t.tournamentId, sha256: t.fileSha256, final: t.final })),
      ...(safetyCopy ? { safetyCopy } : {})
    })
    return { listId, checksum, publishedAt: done.publishedAt, tournaments: done.tournaments, entries, publisher, ...(safetyCopy ? { safetyCopy } : {}) }
  })
  const out = run.immediate()
  hooks.progress?.(3, 3, 'published')
  return out
}
