// A big list's generation on two threads. The helper (produceDraftRows, on a worker) reads the period, rates it and
// computes the lines of the players it touched; the job's thread composes every other line of the base list and
// writes the draft, taking the helper's rows between its batches (ThreeParts). The list is the one a single thread
// computes, row for row.
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import type { GenerateInput, GenerateResult } from '../../../shared/contract/office-lists'
import type { UnratedWindow } from '../lists/types'
import { emptyCounters, generateList, sumCounters, untouchedLines } from '../lists/generate'
import { CanonicalRun, checksumOfRuns } from '../lists/checksum'
import { ENTRY_COLUMNS, RowGroups, SHEET_COLUMNS, entryRowLines, finishRows, lineRows, mergedWindowRows, windowRows } from '../lists/draft-rows'
import { correctionDeltas } from '../lists/corrections'
import { openDatabase } from '../db/open'
import { openDraft, type DraftTarget } from '../data/draft-writer'
import { lastPlayerId, readBaseLinesExcept, touchedPlayers } from '../data/base-list'
import type { BuildOptions } from '../data/generation-input'
import { listEntryCount } from '../data/list-pages'
import { activeMerges } from '../data/list-history'
import { withTempStoreInMemory } from '../data/statements'
import type { WorkerScript } from '../workers/runner'
import { errorOf, type PacedReceiver } from '../workers/paced-channel'
import { NO_TAIL, startGenerator, type CorrectionData, type GeneratorData, type GeneratorMessage } from './list-generator-thread'
import { notingFolds } from './list-merges'
import { auditGeneration, generationOptions, generationPlan, readInputs, resultOf, type GenerateHooks, type GenerationPlan } from './generation-plan'
import { replayOptions } from './list-regeneration'

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
    const { input, correction } = data
    // a generation's plan is the settings' now; a correction's, the published list's frozen one with the late tournaments
    const options = correction ? replayOptions(db, correction.listId, correction.extraRows).options : generationOptions(input, generationPlan(db, input))
    const merged = activeMerges(db).flatMap((m) => [m.keepId, m.dropId])
    // the players the period touched are this thread's; the job's thread writes the others' lines meanwhile
    let said: PlanMessage | null = null
    const split: BuildOptions['splitBase'] = (base, rows, adjustments, lookBack) => {
      said = { kind: 'plan', base, touched: touchedPlayers(db, base, rows, adjustments, merged), adjustments: [...adjustments], lookBack }
      post(said)
      return said.touched
    }
    const { built, folded, meta } = readInputs(db, options, { progress: (done, total, message) => post({ kind: 'progress', done, total, message }) }, split)
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
      untouchedRows(db, input, options.edition, said, into, rows, { from, limit: () => Infinity }, () => undefined)
      rows.flush()
      tail = { entriesRest: rows.entries.rest(), sheetsRest: rows.sheets.rest(), counters: into.counters, window: windowRows(into.window), sheets: rows.sheets.count }
    }
    const { listDate, ratingType, edition, counters, checksum } = result
    post({
      kind: 'end',
      entriesRest: own.entries.rest(),
      sheetsRest: own.sheets.rest(),
      finish: finishRows(built, result, meta, correction?.reason ?? null),
      summary: { listDate, ratingType, edition, counters, checksum, baseListId: built.base.id, folded },
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
 * A big list written on two threads. The helper (produceDraftRows) reads the period, rates it and computes the lines
 * of the players it touched; it says first who they are. This thread composes every other line of the base list itself
 * (untouchedLines: a line without games depends on its base line and the registry only) and writes them as it reads
 * them, taking the helper's rows as they come between its batches. When the helper has sent its own lines it is free:
 * this thread hands it the last untouched lines (from a player id KEPT_WHEN_FREE of the way through what is left: this
 * thread still inserts every row, the helper only composes), then inserts the rest of the helper's rows. The list is
 * the one a single thread computes, row for row: the same lines, their checksum over the three parts merged in player
 * order. Run in the caller's transaction: a write transaction holds the write lock from before the helper starts, so
 * that both threads read the same committed state (a preview's read transaction writes nothing). `target`: where the rows go (the draft, opened once the helper has started;
 * a correction's comparison, data/line-comparison.ts), given back with the result. `correction`: the list is a
 * published list's again.
 */
export function writeOnTwoThreads<T extends DraftTarget>(
  db: Db,
  input: GenerateInput,
  edition: Edition,
  script: WorkerScript,
  hooks: GenerateHooks,
  target: () => T,
  correction?: CorrectionData
): { listId: number; summary: EndMessage['summary']; target: T } {
  if (!db.inTransaction) throw new Error('a list on two threads is written in its caller’s transaction')
  const helper = startGenerator(script, db.name, input, correction)
  try {
    const opened = target()
    const parts = new ThreeParts(db, opened, helper, awaitPlan(helper, hooks), hooks)
    parts.writeOwnLines(input, edition)
    parts.takeTheRest()
    return { ...parts.finish(), target: opened }
  } finally {
    helper.stop()
  }
}

/**
 * A big generation on two threads (writeOnTwoThreads), in one transaction that takes the write lock at its start
 * (BEGIN IMMEDIATE) before the helper starts; the draft it replaces is deleted while the helper reads. Audited.
 */
export function generateOnThread(db: Db, input: GenerateInput, plan: GenerationPlan, script: WorkerScript, hooks: GenerateHooks): GenerateResult {
  const write = db.transaction(() => {
    hooks.locked?.begun()
    const done = writeOnTwoThreads(db, input, plan.edition, script, hooks, () => openDraft(db, input, { params: plan.edition, source: plan.source }, { replaceDraft: true }))
    auditGeneration(db, done.listId, input, plan.edition, done.summary.baseListId, done.summary)
    hooks.locked?.committing(db)
    return done
  })
  const { listId, summary } = withTempStoreInMemory(db, () => write.immediate())
  return resultOf(db, listId, summary.baseListId, summary, plan.closingDate)
}

/** The helper's plan (the players it computes), its progress shown until then; its failure thrown as this thread's. */
function awaitPlan(thread: PacedReceiver<GeneratorMessage>, hooks: GenerateHooks): PlanMessage {
  let m = thread.next(hooks.throwIfCancelled)
  for (; m.kind === 'progress'; m = thread.next(hooks.throwIfCancelled)) hooks.progress?.(m.done, m.total, m.message)
  if (m.kind === 'failed') throw errorOf(m.error)
  if (m.kind !== 'plan') throw new Error(`list generator: '${m.kind}' before the plan`)
  return m
}

type EndMessage = Extract<GeneratorMessage, { kind: 'end' }>

/**
 * The job's thread's side of a big generation: the draft's three parts, each in player order with its canonical
 * lines — this thread's untouched lines, the helper's lines, the tail of untouched lines the helper takes over — and
 * the helper's messages, taken between this thread's batches and after them until its end.
 */
class ThreeParts {
  readonly own = { counters: emptyCounters(0), window: [] as UnratedWindow[], checksum: new CanonicalRun() }
  readonly theirs = new CanonicalRun()
  readonly tail = new CanonicalRun()
  readonly entries: RowGroups
  readonly sheets: RowGroups
  private helperLines = 0
  private tailLines = 0
  private end: EndMessage | null = null
  /** Where this thread's untouched lines end: the base's end, until the helper is free. */
  private limit = Infinity
  private ownDone = false
  private lastRead = -1
  private freed = false
  private reported = 0
  private readonly lastId: number
  private readonly expected: number

  constructor(
    private readonly db: Db,
    private readonly target: DraftTarget,
    private readonly thread: PacedReceiver<GeneratorMessage>,
    private readonly said: PlanMessage,
    private readonly hooks: GenerateHooks
  ) {
    this.entries = new RowGroups(ENTRY_COLUMNS, target.entries.group, true)
    this.sheets = new RowGroups(SHEET_COLUMNS, target.sheets.group, true)
    this.lastId = lastPlayerId(db, said.base.id)
    this.expected = Math.max(1, listEntryCount(db, said.base.id))
  }

  private next(): GeneratorMessage {
    return this.thread.next(this.hooks.throwIfCancelled)
  }

  /** The helper is free: it takes the last untouched lines from a player id KEPT_WHEN_FREE of the way on (or none). */
  private free(at: number): void {
    const from = this.ownDone ? NO_TAIL : Math.max(at + 1, at + 1 + Math.ceil((this.lastId - at) * KEPT_WHEN_FREE))
    if (from <= this.lastId && from < NO_TAIL) this.limit = from
    this.thread.answer(from <= this.lastId ? from : NO_TAIL)
    this.freed = true
  }

  /** One message of the helper: its rows inserted (their lines checksummed in their part), free, end, or progress. */
  private take(x: GeneratorMessage): void {
    if (x.kind === 'failed') throw errorOf(x.error)
    if (x.kind === 'rows') {
      const run = x.tail ? this.tail : this.theirs
      for (const g of x.entries) {
        this.target.entries.group(g)
        entryRowLines(g, run)
      }
      for (const g of x.sheets) this.target.sheets.group(g)
      if (x.tail) this.tailLines = x.lines
      else this.helperLines = x.lines
    } else if (x.kind === 'free') this.free(this.lastRead)
    else if (x.kind === 'end') this.end = x
    // the helper's phases are shown only once this thread's own lines are written: till then, the lines written
    else if (x.kind === 'progress' && this.ownDone) this.hooks.progress?.(x.done, x.total, x.message)
  }

  /** The lines written so far, every 16,384. */
  private report(): void {
    const lines = this.entries.count + this.helperLines + this.tailLines
    if (lines - this.reported < 16384) return
    this.reported = lines
    this.hooks.progress?.(Math.min(lines, this.expected), this.expected, 'entries')
  }

  /** This thread's untouched lines, composed and written as they are read; the helper's messages between batches. */
  writeOwnLines(input: GenerateInput, edition: Edition): void {
    const { hooks } = this
    untouchedRows(this.db, input, edition, this.said, this.own, { entries: this.entries, sheets: this.sheets }, { from: 0, limit: () => this.limit, batch: hooks.batch }, (at) => {
      this.lastRead = at
      hooks.throwIfCancelled?.()
      for (let x = this.thread.poll(); x !== undefined; x = this.thread.poll()) this.take(x)
      while (hooks.waitForFree && !this.freed && this.end === null) this.take(this.next())
      this.report()
    })
    this.ownDone = true
  }

  /** The helper's messages until its end. */
  takeTheRest(): void {
    while (this.end === null) {
      this.take(this.next())
      this.report()
    }
  }

  /** The last rows of the three parts, then the list's figures from the three together. */
  finish(): { listId: number; summary: EndMessage['summary'] } {
    const last = this.end!
    const { own, theirs, tail, entries, sheets, expected, hooks } = this
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
    const listId = this.target.finish(entriesRest, sheetsRest, { ...last.finish, checksum, counters, window })
    return { listId, summary: { ...last.summary, counters, checksum } }
  }
}
