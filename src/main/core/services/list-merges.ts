// Player merges in the list computations: the registry's merges folded into a generation's base (one person, one
// line, one window), named in the fingerprint of its inputs and on the sheet of the person they concern.
import { createHash } from 'node:crypto'
import type { Db } from '../db/open'
import type { BuiltInput } from '../data/generation-input'
import type { BaseEntry, CalculationSheet, GenerationResult, GenerationSink, ListEntry } from '../lists/types'
import { foldMerges, foldsApplying, type FoldMerge, type FoldedMerge } from '../lists/fold'
import { gamelessSheet } from '../lists/generate'
import { playersOnList } from '../data/list-history'

/** Where the rule is written (regulations.md says nothing of merges: the office's decision, documented there). */
const FOLD_REF = 'lists/README.md (player merges)'

/** The fingerprint of a generation's inputs with the merges folded into its base (unchanged when none is). */
export function foldFingerprint(hash: string, folded: readonly FoldMerge[]): string {
  if (!folded.length) return hash
  const h = createHash('sha256').update(hash)
  for (const m of folded) h.update(`\nfold ${m.mergeId} ${m.keepId} ${m.dropId}`)
  return h.digest('hex')
}

/** The merges a generation from this stored list folds (its lines and window as the generation reads them). */
export function foldsOnList(db: Db, listId: number, merges: readonly FoldMerge[]): FoldMerge[] {
  if (!merges.length) return []
  return foldsApplying(playersOnList(db, listId, [...new Set(merges.flatMap((m) => [m.keepId, m.dropId]))]), merges)
}

/**
 * Folds the merges into a built generation input: base lines and window (`foldMerges`), the dropped records' facts
 * left out (they have no line any more), the fingerprint naming the folds. Returns what was folded.
 */
export function foldInto(built: BuiltInput, merges: readonly FoldMerge[]): FoldedMerge[] {
  if (!merges.length) return []
  const f = foldMerges(built.input.base.entries, built.input.window, merges)
  if (!f.folded.length) return []
  built.input.base.entries = f.entries
  built.input.window = f.window
  const drops = new Set(f.folded.map((m) => m.dropId))
  built.input.players = built.input.players.filter((p) => !drops.has(p.playerId))
  built.inputsHash = foldFingerprint(built.inputsHash, f.folded)
  return f.folded
}

/** The sheet of a folded person: his own with the fold's note, or one saying only that (he had no games). */
function noted(folds: readonly FoldedMerge[], entry: ListEntry, sheet: CalculationSheet | null, base: BaseEntry | undefined, listDate: string, edition: string, baseListId: number | null): CalculationSheet {
  const s = sheet ?? gamelessSheet(entry, base, listDate, edition, baseListId)
  for (const m of folds) s.notes.push({ ref: FOLD_REF, text: m.text })
  return s
}

const byKeep = (folded: readonly FoldedMerge[]): Map<number, FoldedMerge[]> => {
  const m = new Map<number, FoldedMerge[]>()
  for (const f of folded) m.set(f.keepId, [...(m.get(f.keepId) ?? []), f])
  return m
}

/** A sink that gives each folded person's sheet the fold's note (a generation writing line by line). */
export function notingFolds<S extends GenerationSink>(sink: S, folded: readonly FoldedMerge[], built: BuiltInput): S {
  if (!folded.length) return sink
  const keep = byKeep(folded)
  const { input } = built
  return {
    ...sink,
    line: (entry: ListEntry | null, sheet: CalculationSheet | null, base: BaseEntry | undefined): void => {
      const f = entry ? keep.get(entry.playerId) : undefined
      sink.line(entry, f && entry ? noted(f, entry, sheet, base, input.listDate, input.edition.id, input.base.listId) : sheet, base)
    }
  }
}

/** The same on a computed result (a correction's new version): the folded persons' sheets noted, or added. */
export function noteFolds(result: GenerationResult, folded: readonly FoldedMerge[], built: BuiltInput): void {
  if (!folded.length) return
  const keep = byKeep(folded)
  const sheets = new Map(result.sheets.map((s) => [s.playerId, s]))
  const base = new Map(built.input.base.entries.filter((b) => keep.has(b.playerId)).map((b) => [b.playerId, b]))
  for (const e of result.entries) {
    const f = keep.get(e.playerId)
    if (!f) continue
    const s = noted(f, e, sheets.get(e.playerId) ?? null, base.get(e.playerId), built.input.listDate, built.input.edition.id, built.input.base.listId)
    if (!sheets.has(e.playerId)) result.sheets.push(s)
  }
}
