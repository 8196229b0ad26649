// The office's own lists as use cases: generate a draft (run by the `lists:generate` job), preview it, read a
// sheet, publish it (checked against its inputs, checksum verified, audited), and correct a published list.
import type { Db } from '../db/open'
import type { Handler } from './dispatch'
import type { Edition } from '../../../shared/contract/rating'
import type { SheetView } from '../../../shared/contract/office-lists'
import type { CorrectionChange, CorrectionPreview, CorrectResult, GenerateInput, GenerateResult, ListTournament, OfficeListCall, PublishResult } from '../../../shared/contract/office-lists'
import { translateError } from '../../../shared/errors/index'
import { readSettings } from '../data/settings'
import type { RatingType } from '../model/tournament'
import type { BaseEntry, CalculationSheet, GenerationResult, ListEntry, PlayerFacts, UnratedWindow } from '../lists/types'
import { emptyCounters, generateList, sumCounters, untouchedLines } from '../lists/generate'
import { CanonicalRun, checksumOfRuns } from '../lists/checksum'
import { listCalendar } from '../lists/calendar'
import { editionForDate } from '../rules/editions'
import { findEdition } from './rating'
import { citeReference } from '../../../shared/citations'
import { editionChain } from '../data/lists'
import { displayName, getListSummary, playerSearchCondition } from './lists'
import { adjustmentWriter, changelogWriter, pendingAdjustments } from '../data/list-corrections'
import { assertNotPublished, openListWriter, writeGeneratedList, openDraft } from '../data/draft-writer'
import { baseListById, findBaseList, importedLookBack, windowPlayers, readBaseLinesExcept, lastPlayerId, touchedPlayers, type BaseListRef } from '../data/base-list'
import { buildGenerationInput, inputsFingerprint, playersWithoutFideId, type BuildOptions, type BuiltInput } from '../data/generation-input'
import { getList, getMeta, listEntriesCanonical, listTournaments, listTournamentCount, matchingPlayerIds, playerBrief, playerNameReader, publishedListsAfter, publishedVersionOf, readEntry, readSheet, sheetReferences } from '../data/list-reads'
import { markPublished, recordedPublisher } from '../data/list-publication'
import { periodTournamentRows, type PeriodTournamentRow } from '../data/period-tournaments'
import { previewRows } from '../data/list-preview'
import { lineRows, finishRows, RowGroups, entryRowLines, windowRows, mergedWindowRows, ENTRY_COLUMNS, SHEET_COLUMNS, type DraftMeta } from '../lists/draft-rows'
import { correctionDeltas } from '../lists/corrections'
import { listEntryCount } from '../data/list-pages'
import { storedPlayerCount } from '../data/players'
import { openDatabase } from '../db/open'
import type { WorkerScript } from '../workers/runner'
import { errorOf, type PacedReceiver } from '../workers/paced-channel'
import { NO_TAIL, startGenerator, type GeneratorData, type GeneratorMessage } from './list-generator-thread'
import { withTempStoreInMemory } from '../data/statements'
import { UserError } from '../util/errors'
import { appVersion } from '../util/version'
import { appendAudit } from '../data/audit'
import { writeSettings } from '../data/settings'
import { nextListDate } from './tournament-list'
import { activeMerges, adjustmentsByIds, markRatedAgain, ratedTournamentRows, tournamentState, type RatedTournamentRow } from '../data/list-history'
import { foldFingerprint, foldInto, foldsOnList, noteFolds, notingFolds } from './list-merges'
import type { FoldMerge, FoldedMerge } from '../lists/fold'
import { publishedRating } from '../data/published-rating'

/** Written with every office list: the code that computed it. */
export const ENGINE_VERSION = `rating-office ${appVersion}`

export interface JobHooks {
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

function audit(db: Db, action: 'list.generate' | 'list.publish' | 'list.correct', entityId: number, reason: string | null, data: unknown): void {
  appendAudit(db, { action, entity: 'rating_list', entityId, reason, data })
}

/** The rule set of a list: the named profile (or shipped edition), else the FIDE edition in force on its date. */
function profileEdition(db: Db, profile: string | undefined): Edition | null {
  if (profile === undefined) return null
  const e = findEdition(db, profile)
  if (!e) throw new UserError('engine.unknownEdition', { id: profile, known: 'fide-2005 … fide-2024, fse, or a saved profile' })
  return e
}

export interface Rules {
  list: (date: string) => Edition
  tournament: (date: string, id: string | null) => Edition
  cutoff: (date: string) => number
}

export function rulesFor(db: Db, profile: Edition | null): Rules {
  const list = (date: string): Edition => profile ?? editionForDate(date)
  return {
    list,
    tournament: (date, id) => (id ? (findEdition(db, id) ?? list(date)) : (profile ?? editionForDate(date))),
    cutoff: (date) => list(date).list.cutoffDays
  }
}

export function calendar(db: Db, year: number, ratingType: RatingType, profile?: string): { listDate: string; closingDate: string; edition: string }[] {
  const rules = rulesFor(db, profileEdition(db, profile))
  return listCalendar(rules.list, year, ratingType).map((c) => ({ listDate: c.listDate, closingDate: c.closingDate, edition: c.edition }))
}

/** The calendar entry of a list date, or a clear error naming the dates of that year. */
function calendarEntry(rules: Rules, listDate: string, ratingType: RatingType): { closingDate: string } {
  const year = Number(listDate.slice(0, 4))
  const dates = listCalendar(rules.list, year, ratingType)
  const hit = dates.find((c) => c.listDate === listDate)
  if (!hit) throw new UserError('lists.offCalendar', { listDate, dates: dates.map((c) => c.listDate).join(', ') })
  return hit
}

/**
 * The tournaments a list rates, each with its finding that it rates no game or far fewer than it holds (the figures of
 * checks/rated.ts, its sentence in the office's language): the preview shows such a tournament as such.
 */
function ratedTournaments(db: Db, listId: number, page?: { offset: number; limit: number }): ListTournament[] {
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

function resultOf(db: Db, listId: number, baseListId: number, result: Pick<GenerationResult, 'listDate' | 'ratingType' | 'edition' | 'counters' | 'checksum'>, closingDate: string): GenerateResult {
  return {
    listId,
    listDate: result.listDate,
    closingDate,
    type: result.ratingType,
    edition: result.edition,
    baseListId,
    players: result.counters.players,
    rated: result.counters.rated,
    newlyRated: result.counters.newlyRated,
    delisted: result.counters.delisted,
    inactive: result.counters.inactive,
    checksum: result.checksum,
    tournaments: ratedTournaments(db, listId)
  }
}

/** What a generation is: its rules, closing date, edition and chain (the source written on the list). */
interface GenerationPlan {
  rules: Rules
  closingDate: string
  edition: Edition
  source: string
}

function generationPlan(db: Db, input: GenerateInput): GenerationPlan {
  const rules = rulesFor(db, profileEdition(db, input.profile))
  const { closingDate } = calendarEntry(rules, input.listDate, input.ratingType)
  const edition = rules.list(input.listDate)
  // the source written on the list is its chain: 'FIDE' for FIDE's editions, the profile's id for a federation's own
  return { rules, closingDate, edition, source: editionChain(edition) }
}

/** The generation's inputs read (base list, period tournaments, decisions) and the merged records folded. */
function readInputs(db: Db, input: GenerateInput, plan: GenerationPlan, hooks: JobHooks, splitBase?: BuildOptions['splitBase']): { built: BuiltInput; folded: FoldedMerge[]; meta: DraftMeta } {
  hooks.progress?.(0, 1, 'reading')
  const built = buildGenerationInput(db, {
    splitBase,
    listDate: input.listDate,
    closingDate: plan.closingDate,
    ratingType: input.ratingType,
    edition: plan.edition,
    source: plan.source,
    editionAt: plan.rules.tournament,
    cutoffOf: plan.rules.cutoff,
    listEdition: plan.rules.list,
    progress: hooks.progress,
    throwIfCancelled: hooks.throwIfCancelled
  })
  // two records of one person merged in the registry: one line on the base, one window (lists/README.md)
  const folded = foldInto(built, activeMerges(db))
  const { edition, closingDate, source } = plan
  const meta: DraftMeta = { closingDate, profileId: edition.id, params: edition, engineVersion: ENGINE_VERSION, inputsHash: built.inputsHash, source, adjustments: built.adjustments }
  return { built, folded, meta }
}

function auditGeneration(db: Db, listId: number, input: GenerateInput, edition: Edition, baseListId: number, result: Pick<GenerationResult, 'checksum' | 'counters'>): void {
  audit(db, 'list.generate', listId, null, { listDate: input.listDate, ratingType: input.ratingType, edition: edition.id, baseListId, checksum: result.checksum, counters: result.counters })
}

/** From how many players in the registry a generation computes on a thread of its own while this one writes. */
const THREAD_FROM = 20_000

export interface GenerateHooks extends JobHooks {
  /** The worker entry (workers/script.ts): given, a big list is computed on a helper thread (list-generator-thread.ts). */
  thread?: WorkerScript
  /** From how many players the helper thread is used (default THREAD_FROM; 0: always, for tests). */
  threadFrom?: number
  /** Tests: the base lines this thread reads a batch (default 2,048), and whether it waits after its first batch for
   *  the helper to be free, so that the helper takes a tail of untouched lines over whatever the timing. */
  batch?: number
  waitForFree?: boolean
}

/**
 * Generates the draft of a list date and type: base list, period tournaments, the engine, then every row written in
 * one transaction that replaces the earlier draft of that date. Runs in the worker (the `lists:generate` job).
 */
export function generateDraft(db: Db, input: GenerateInput, hooks: GenerateHooks = {}): GenerateResult {
  const plan = generationPlan(db, input)
  assertNotPublished(db, input.listDate, input.ratingType, plan.source)
  if (hooks.thread && !db.memory && (storedPlayerCount(db) ?? 0) >= (hooks.threadFrom ?? THREAD_FROM)) return generateOnThread(db, input, plan, hooks.thread, hooks)
  const { built, folded, meta } = readInputs(db, input, plan, hooks)
  hooks.throwIfCancelled?.()
  hooks.progress?.(0, 1, 'computing')
  // each line is written as it is computed, in the one transaction of the draft: at FIDE scale two million entries
  // and their sheets are never held at once (the profile's lesson: they were most of the memory and of the GC's time)
  const write = db.transaction(() => {
    const writer = openListWriter(db, built, meta, { status: 'draft', replaceDraft: true, progress: hooks.progress, throwIfCancelled: hooks.throwIfCancelled })
    // the base lines are given up as their lines are written: nothing below reads them (the writer took its count)
    const result = generateList({ ...built.input, releaseBase: true }, notingFolds(writer, folded, built))
    const listId = writer.finish(result)
    auditGeneration(db, listId, input, plan.edition, built.base.id, result)
    return { listId, result }
  })
  const { listId, result } = withTempStoreInMemory(db, write)
  return resultOf(db, listId, built.base.id, result, plan.closingDate)
}

type PlanMessage = Extract<GeneratorMessage, { kind: 'plan' }>

/** What a line's rows go to: its entry and sheet rows in groups, with their count. */
interface RowSink {
  entries: RowGroups
  sheets: RowGroups
}

/**
 * The untouched lines of the base list in a range (every player of the base the plan's helper does not compute),
 * composed as generateList composes them (untouchedLines) and turned into their rows (lineRows); their counters and
 * window go to `into`, their canonical lines to its checksum. Run by the job's thread, and by the helper for the tail
 * it takes over.
 */
function untouchedRows(
  db: Db,
  input: GenerateInput,
  edition: Edition,
  plan: PlanMessage,
  into: Parameters<typeof untouchedLines>[1],
  out: RowSink,
  range: { from: number; limit: () => number; batch?: number },
  between: (lastId: number) => void
): void {
  const delta = correctionDeltas(plan.adjustments)
  const compose = untouchedLines({ edition, listDate: input.listDate, ratingType: input.ratingType, baseListId: plan.base.id, baseListDate: plan.base.listDate }, into)
  const rowsOf = lineRows({ listDate: input.listDate, base: { listId: plan.base.id } }, { params: edition, adjustments: plan.adjustments }, out.entries, out.sheets)
  readBaseLinesExcept(
    db,
    plan.base,
    plan.touched,
    delta,
    range,
    (b, f) => {
      const line = compose(b, f ?? undefined)
      rowsOf(line.entry, line.sheet, b)
    },
    between,
    plan.lookBack
  )
}

/** The helper's rows as messages: 256 groups of 16 rows a message, a few thousand lines, one every few milliseconds. */
function postedRows(post: (m: GeneratorMessage) => void, expected: number, tail: boolean): RowSink & { flush(): void } {
  let entryGroups: unknown[][] = []
  let sheetGroups: unknown[][] = []
  const flush = (): void => {
    if (!entryGroups.length && !sheetGroups.length) return
    post({ kind: 'rows', entries: entryGroups, sheets: sheetGroups, lines: entries.count, expected, ...(tail ? { tail: true as const } : {}) })
    entryGroups = []
    sheetGroups = []
  }
  const entries: RowGroups = new RowGroups(ENTRY_COLUMNS, (v) => entryGroups.push(v) >= 256 && flush(), false)
  const sheets = new RowGroups(SHEET_COLUMNS, (v) => sheetGroups.push(v) >= 256 && flush(), false)
  return { entries, sheets, flush }
}

/**
 * The helper thread's part of a big generation: the inputs read on its own read-only connection, the players the
 * period touched said first (the job's thread composes the others' lines meanwhile), the list computed for them, each
 * line turned into its rows and posted in groups, then what the draft stores at its end. Once its own lines are sent it
 * says it is free: the job's thread may hand it the last untouched lines of the base list (a tail from a player id on),
 * which it composes as the job's thread would and posts apart.
 */
export function produceDraftRows(data: GeneratorData, post: (m: GeneratorMessage) => void, awaitAnswer: () => number): void {
  const db = openDatabase(data.dbPath, { readonly: true })
  try {
    const { input } = data
    const plan = generationPlan(db, input)
    const merged = activeMerges(db).flatMap((m) => [m.keepId, m.dropId])
    // the players the period touched are this thread's; the job's thread writes the others' lines meanwhile
    let said: PlanMessage | null = null
    const split: BuildOptions['splitBase'] = (base, rows, adjustments, lookBack) => {
      said = { kind: 'plan', base, touched: touchedPlayers(db, base, rows, adjustments, merged), adjustments: [...adjustments], lookBack }
      post(said)
      return said.touched
    }
    const { built, folded, meta } = readInputs(db, input, plan, { progress: (done, total, message) => post({ kind: 'progress', done, total, message }) }, split)
    post({ kind: 'progress', done: 0, total: 1, message: 'computing' })
    const expected = Math.max(1, built.input.base.entries.length)
    const own = postedRows(post, expected, false)
    const result = generateList({ ...built.input, releaseBase: true }, notingFolds({ line: lineRows(built.input, meta, own.entries, own.sheets) }, folded, built))
    own.flush()

    // free: the last untouched lines, if the job's thread hands them over
    post({ kind: 'free' })
    const from = awaitAnswer()
    let tail: Extract<GeneratorMessage, { kind: 'end' }>['tail'] = null
    if (from !== NO_TAIL && said !== null) {
      const rows = postedRows(post, expected, true)
      // the job's thread takes the tail's canonical lines from its rows: none kept here
      const into = { counters: emptyCounters(0), window: [] as UnratedWindow[], checksum: { add: (): void => undefined } }
      untouchedRows(db, input, plan.edition, said, into, rows, { from, limit: () => Infinity }, () => undefined)
      rows.flush()
      tail = { entriesRest: rows.entries.rest(), sheetsRest: rows.sheets.rest(), counters: into.counters, window: windowRows(into.window), sheets: rows.sheets.count }
    }
    const { listDate, ratingType, edition, counters, checksum } = result
    post({
      kind: 'end',
      entriesRest: own.entries.rest(),
      sheetsRest: own.sheets.rest(),
      finish: finishRows(built, result, meta, null),
      summary: { listDate, ratingType, edition, counters, checksum, baseListId: built.base.id },
      sheets: own.sheets.count,
      expected,
      tail
    })
  } finally {
    db.close()
  }
}

/** The share of the base's remaining player ids the job's thread keeps for itself when its helper is free. */
const KEPT_WHEN_FREE = 0.15

/**
 * A big generation on two threads. The helper (produceDraftRows) reads the period, rates it and computes the lines of
 * the players it touched; it says first who they are. This thread composes every other line of the base list itself
 * (untouchedLines: a line without games depends on its base line and the registry only) and writes them as it reads
 * them, taking the helper's rows as they come between its batches. When the helper has sent its own lines it is free:
 * this thread hands it the last untouched lines (from a player id KEPT_WHEN_FREE of the way through what is left: this
 * thread still inserts every row, the helper only composes), then inserts the rest of the helper's rows. The list is
 * the one a single thread computes, row for row: the same lines, their checksum over the three parts merged in player
 * order. The transaction starts with the write lock (BEGIN IMMEDIATE) before the helper starts, so that both threads
 * read the same committed state; the draft it replaces is deleted while the helper reads.
 */
function generateOnThread(db: Db, input: GenerateInput, plan: GenerationPlan, script: WorkerScript, hooks: GenerateHooks): GenerateResult {
  let helper: PacedReceiver<GeneratorMessage> | null = null
  try {
    const write = db.transaction(() => {
      const thread = (helper = startGenerator(script, db.name, input))
      const next = (): GeneratorMessage => thread.next(hooks.throwIfCancelled)
      const target = openDraft(db, input, { params: plan.edition, source: plan.source }, { replaceDraft: true })
      let m = next()
      for (; m.kind === 'progress'; m = next()) hooks.progress?.(m.done, m.total, m.message)
      if (m.kind === 'failed') throw errorOf(m.error)
      if (m.kind !== 'plan') throw new Error(`list generator: '${m.kind}' before the plan`)
      const said = m

      // three parts of the list, each in player order: this thread's untouched lines, the helper's lines, the tail of
      // untouched lines the helper takes over
      const own = { counters: emptyCounters(0), window: [] as UnratedWindow[], checksum: new CanonicalRun() }
      const theirs = new CanonicalRun()
      const tail = new CanonicalRun()
      const entries = new RowGroups(ENTRY_COLUMNS, target.entries.group, true)
      const sheets = new RowGroups(SHEET_COLUMNS, target.sheets.group, true)
      let helperLines = 0
      let tailLines = 0
      let end: Extract<GeneratorMessage, { kind: 'end' }> | null = null
      // where this thread's untouched lines end: the base's end, until the helper is free
      let limit = Infinity
      let ownDone = false
      let lastRead = -1
      let freed = false
      const lastId = lastPlayerId(db, said.base.id)
      const free = (at: number): void => {
        const from = ownDone ? NO_TAIL : Math.max(at + 1, at + 1 + Math.ceil((lastId - at) * KEPT_WHEN_FREE))
        if (from <= lastId && from < NO_TAIL) limit = from
        thread.answer(from <= lastId ? from : NO_TAIL)
        freed = true
      }
      // the helper's phases are shown only once this thread's own lines are written: till then, the lines written
      const take = (x: GeneratorMessage): void => {
        if (x.kind === 'failed') throw errorOf(x.error)
        if (x.kind === 'rows') {
          const run = x.tail ? tail : theirs
          for (const g of x.entries) {
            target.entries.group(g)
            entryRowLines(g, run)
          }
          for (const g of x.sheets) target.sheets.group(g)
          if (x.tail) tailLines = x.lines
          else helperLines = x.lines
        } else if (x.kind === 'free') free(lastRead)
        else if (x.kind === 'end') end = x
        else if (x.kind === 'progress' && ownDone) hooks.progress?.(x.done, x.total, x.message)
      }
      const expected = Math.max(1, listEntryCount(db, said.base.id))
      let reported = 0
      const report = (): void => {
        const lines = entries.count + helperLines + tailLines
        if (lines - reported < 16384) return
        reported = lines
        hooks.progress?.(Math.min(lines, expected), expected, 'entries')
      }
      untouchedRows(db, input, plan.edition, said, own, { entries, sheets }, { from: 0, limit: () => limit, batch: hooks.batch }, (at) => {
        lastRead = at
        hooks.throwIfCancelled?.()
        for (let x = thread.poll(); x !== undefined; x = thread.poll()) take(x)
        while (hooks.waitForFree && !freed && end === null) take(next())
        report()
      })
      ownDone = true
      while (end === null) {
        take(next())
        report()
      }
      const last: Extract<GeneratorMessage, { kind: 'end' }> = end
      hooks.throwIfCancelled?.()
      for (const r of last.entriesRest) entryRowLines(r, theirs)
      for (const r of last.tail?.entriesRest ?? []) entryRowLines(r, tail)
      const entriesRest = [...entries.rest(), ...last.entriesRest, ...(last.tail?.entriesRest ?? [])]
      const sheetsRest = [...sheets.rest(), ...last.sheetsRest, ...(last.tail?.sheetsRest ?? [])]
      const sheetCount = sheets.count + last.sheets + (last.tail?.sheets ?? 0)
      hooks.progress?.(expected, expected, 'entries')
      hooks.progress?.(sheetCount, sheetCount, 'sheets')
      // the list's figures: the three parts' counters, windows and lines together
      const counters = sumCounters(sumCounters(last.summary.counters, own.counters), last.tail?.counters ?? emptyCounters(0))
      const checksum = checksumOfRuns(own.checksum, theirs, tail)
      const window = mergedWindowRows(mergedWindowRows(windowRows(own.window), last.finish.window), last.tail?.window ?? [])
      const listId = target.finish(entriesRest, sheetsRest, { ...last.finish, checksum, counters, window })
      const summary = { ...last.summary, counters, checksum }
      auditGeneration(db, listId, input, plan.edition, summary.baseListId, summary)
      return { listId, summary }
    })
    const { listId, summary } = withTempStoreInMemory(db, () => write.immediate())
    return resultOf(db, listId, summary.baseListId, summary, plan.closingDate)
  } finally {
    ;(helper as PacedReceiver<GeneratorMessage> | null)?.stop()
  }
}

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
export function publishList(db: Db, listId: number, reason: string | null, hooks: JobHooks = {}, federation?: PublishingFederation): PublishResult {
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
    audit(db, 'list.publish', listId, reason, { listDate: list.listDate, ratingType: list.ratingType, checksum, entries, publisher, tournaments: listTournaments(db, listId).map((t) => ({ id: t.tournamentId, sha256: t.fileSha256, final: t.final })) })
    return { listId, checksum, publishedAt: done.publishedAt, tournaments: done.tournaments, entries, publisher }
  })
  const out = run.immediate()
  hooks.progress?.(3, 3, 'published')
  return out
}

// ---- corrections ----

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

interface Recomputed {
  listId: number
  list: ReturnType<typeof getList>
  built: BuiltInput
  result: GenerationResult
  closingDate: string
  edition: Edition
  changes: CorrectionChange[]
  added: PeriodTournamentRow[]
  changedFiles: RatedTournamentRow[]
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
  const list = getList(db, listId)
  const meta = getMeta(db, listId)
  if (!meta) throw new UserError('lists.notOffice', { listId })
  const edition = JSON.parse(meta.params) as Edition
  const rules = rulesFor(db, edition.kind === 'fide' ? null : edition)
  const rows = ratedTournamentRows(db, listId)
  const extra = o.extraRows ?? []
  const all: PeriodTournamentRow[] = [...rows, ...extra].sort((a, b) => a.endDate.localeCompare(b.endDate) || a.id - b.id)
  const carried = (JSON.parse(meta.counters) as { adjustments?: number[] }).adjustments ?? []
  const built = buildGenerationInput(db, {
    listDate: list.listDate,
    closingDate: meta.closingDate,
    ratingType: list.ratingType,
    edition,
    source: list.source,
    editionAt: rules.tournament,
    cutoffOf: rules.cutoff,
    listEdition: rules.list,
    rows: all,
    base: previous ?? undefined,
    baseListId: meta.baseListId,
    adjustments: adjustmentsByIds(db, carried),
    replacedRatings: o.replacedRatings,
    throwIfCancelled: o.throwIfCancelled
  })
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

/** The closing date of the list a published list was computed from (its own, or its date minus its rules' cutoff). */
function baseClosingOf(db: Db, baseListId: number, edition: Edition): string {
  return baseListById(db, baseListId, rulesFor(db, edition.kind === 'fide' ? null : edition).cutoff).closingDate
}

/** The published lists of a chain: the list, then each later published list of its type and source, newest versions. */
function chainFrom(db: Db, listId: number): number[] {
  const first = getList(db, listId)
  return [listId, ...publishedListsAfter(db, first.ratingType, first.source, first.listDate)]
}

/** A regenerated list as the base of the next one in its chain. */
export function asChainBase(r: Regenerated): ChainBase {
  return { ref: { id: r.list.id, kind: 'office', listDate: r.list.listDate, closingDate: r.meta.closingDate, source: r.list.source }, entries: asBase(r.result.entries), window: r.result.window }
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
    const name = playerNameReader(db)
    for (const e of result.entries) {
      const p = published.get(e.playerId)
      if (p && p.rating === e.rating && p.games === e.games && p.k === e.k && p.flags === e.flags && p.status === e.status) continue
      const [fideId, surname, given] = name(e.playerId)
      changes.push({ listId: id, listDate: list.listDate, playerId: e.playerId, fideId, name: displayName(surname, given), before: p?.rating ?? null, after: e.rating, beforeGames: p?.games ?? null, afterGames: e.games, reason })
    }
    // a merged record's line leaves the list: the person's line is his kept record's
    const fresh = new Set(result.entries.map((e) => e.playerId))
    for (const p of published.values()) {
      if (fresh.has(p.playerId)) continue
      const m = dropped.get(p.playerId)
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
    const c: Recomputed = { listId: id, list, built, result, closingDate: meta.closingDate, edition, changes, added, changedFiles }
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
      audit(db, 'list.correct', listId, reason, { mode, changed, tournaments: corrected.map((t) => ({ id: t.id, sha256: t.sha256, ratedSha256: t.ratedSha256 })) })
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
      const published = new Map(listEntriesCanonical(db, c.listId).map((e) => [e.playerId, e]))
      const fresh = new Map(c.result.entries.map((e) => [e.playerId, e]))
      for (const ch of c.changes) {
        const p = published.get(ch.playerId)
        const e = fresh.get(ch.playerId) ?? { rating: null, games: null, k: null, flags: null }
        log({ listId: newId, playerId: ch.playerId, before: p ?? null, after: e, reason: `${reason} — ${ch.reason}` })
      }
      // a new version is published by the federation that published the version it corrects (the settings' when
      // that one recorded none)
      markPublished(db, newId, recordedPublisher(db, c.listId) ?? publishingFederation(db))
      audit(db, 'list.correct', newId, reason, {
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

// ---- handlers ----

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
    listId: input.listId,
    player: { id: player.id, fideId: player.fideId, name: displayName(player.surname, player.givenNames) },
    entry: readEntry(db, input.listId, player.id),
    sheet,
    rounding: listEdition ? { en: citeReference(listEdition.refs.rounding, 'en', listEdition.id), fr: citeReference(listEdition.refs.rounding, 'fr', listEdition.id) } : null,
    references: {
      players: refs.players.map((p) => ({ id: p.id, fideId: p.fideId, name: displayName(p.surname, p.givenNames) })),
      lists: refs.lists
    },
    editions,
    caps
  }
}

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

