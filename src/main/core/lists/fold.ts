// Player merges folded into a base list: two records of one person (a registry merge) become one line and one window
// before a list is computed from that base. Pure: the caller gives the base's lines, its window and the merges.
import type { BaseEntry, ListGames, UnratedWindow } from './types'
import type { ImportedGames } from './look-back'

/** A registry merge as the fold takes it: the dropped record's line and games become the kept record's. */
export interface FoldMerge {
  mergeId: number
  keepId: number
  dropId: number
}

/** What one fold did, for the sheet and the changelog. */
export interface FoldedMerge extends FoldMerge {
  /** Whose line the person keeps: the kept record's, the dropped record's (the only rated one), or none was on the base. */
  line: 'keep' | 'drop' | 'none'
  /** The dropped record's rating on the base (null: not rated there or not on it). */
  dropRating: number | null
  keepRating: number | null
  text: string
}

const isRated = (b: BaseEntry | undefined): boolean => b !== undefined && b.status === 'rated' && b.rating !== null

function sumOrNull(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b
}

/** The person's rated games per list: both records' games of one list added, most recent last. */
function mergeRecent(a: readonly ListGames[], b: readonly ListGames[]): ListGames[] {
  const by = new Map<string, number>()
  for (const g of [...a, ...b]) by.set(g.listDate, (by.get(g.listDate) ?? 0) + g.games)
  return [...by.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([listDate, games]) => ({ listDate, games }))
}

/**
 * Both records' games on the imported lists before the office's own (lists/look-back.ts): added, known from the later
 * of the two dates from which each record's games are known (his imported games', else his office's); none when
 * neither has any, or when either record's date is unknown (then the year is not known for the person).
 */
function mergeImported(keep: BaseEntry, drop: BaseEntry): ImportedGames | null {
  if (!keep.imported && !drop.imported) return null
  const a = keep.imported?.since ?? keep.trackedSince
  const b = drop.imported?.since ?? drop.trackedSince
  if (a === null || b === null) return null
  return { games: (keep.imported?.games ?? 0) + (drop.imported?.games ?? 0), since: a > b ? a : b }
}

/**
 * The one line of a person whose two records were both on the base list. The line that stands is the rated one; when
 * both are rated, the kept record's (the officer chose it in the merge). The carried state is the person's: career
 * games added (unknown when either is), the highest rating either record ever published (K 10 "for ever" once 2400 was
 * reached under either), the later of the two dates from which the office knows every game, the games per list added.
 */
export function foldLines(keep: BaseEntry, drop: BaseEntry): { line: BaseEntry; from: 'keep' | 'drop' } {
  const from = isRated(keep) || !isRated(drop) ? 'keep' : 'drop'
  const chosen = from === 'keep' ? keep : drop
  const peak = (b: BaseEntry): number | null => b.highestRating ?? (isRated(b) ? b.rating : null)
  const peaks = [peak(keep), peak(drop)].filter((x): x is number => x !== null)
  const highest = peaks.length ? Math.max(...peaks) : null
  return {
    from,
    line: {
      ...chosen,
      playerId: keep.playerId,
      title: keep.title,
      federation: keep.federation,
      birthYear: keep.birthYear,
      sex: keep.sex,
      games: keep.games === null && drop.games === null ? null : (keep.games ?? 0) + (drop.games ?? 0),
      ratedGamesToDate: sumOrNull(keep.ratedGamesToDate, drop.ratedGamesToDate),
      highestRating: highest,
      trackedSince: keep.trackedSince === null || drop.trackedSince === null ? null : keep.trackedSince > drop.trackedSince ? keep.trackedSince : drop.trackedSince,
      recentGames: mergeRecent(keep.recentGames, drop.recentGames),
      imported: mergeImported(keep, drop)
    }
  }
}

/** Two windows of one person: the events of both (each event once), in order of start; past his first event if either was. */
function foldWindows(keepId: number, a: UnratedWindow | undefined, b: UnratedWindow | undefined): UnratedWindow {
  const events = new Map<number, UnratedWindow['events'][number]>()
  for (const e of [...(a?.events ?? []), ...(b?.events ?? [])]) if (!events.has(e.tournamentId)) events.set(e.tournamentId, e)
  return {
    playerId: keepId,
    firstEventDone: (a?.firstEventDone ?? false) || (b?.firstEventDone ?? false),
    events: [...events.values()].sort((x, y) => x.start.localeCompare(y.start) || x.tournamentId - y.tournamentId)
  }
}

/** The merges that apply to a base holding these players (in merge order: a record merged twice follows its chain). */
export function foldsApplying(present: ReadonlySet<number>, merges: readonly FoldMerge[]): FoldMerge[] {
  const has = new Set(present)
  const out: FoldMerge[] = []
  for (const m of [...merges].sort((a, b) => a.mergeId - b.mergeId)) {
    if (!has.has(m.dropId)) continue
    out.push(m)
    has.delete(m.dropId)
    has.add(m.keepId)
  }
  return out
}

/**
 * Folds merged records into one line per person on a base list and its window. A dropped record's line leaves the
 * base: alone, it becomes the kept record's line; beside the kept record's line, the two become one (`foldLines`).
 * Its window joins the kept record's. Lines stay in player order. Merges whose dropped record is on neither are not
 * folded (nothing to do) and not reported. Only the lines of merged records are looked at: a FIDE-sized base is not
 * copied into a map.
 */
export function foldMerges(entries: readonly BaseEntry[], window: readonly UnratedWindow[], merges: readonly FoldMerge[]): { entries: BaseEntry[]; window: UnratedWindow[]; folded: FoldedMerge[] } {
  const involved = new Set(merges.flatMap((m) => [m.keepId, m.dropId]))
  const lines = new Map<number, BaseEntry>()
  for (const e of entries) if (involved.has(e.playerId)) lines.set(e.playerId, e)
  const windows = new Map<number, UnratedWindow>()
  for (const w of window) if (involved.has(w.playerId)) windows.set(w.playerId, w)
  const applying = foldsApplying(new Set([...lines.keys(), ...windows.keys()]), merges)
  if (!applying.length) return { entries: entries as BaseEntry[], window: window as UnratedWindow[], folded: [] }
  const folded: FoldedMerge[] = []
  for (const m of applying) {
    const k = lines.get(m.keepId)
    const d = lines.get(m.dropId)
    let line: FoldedMerge['line'] = 'none'
    if (d) {
      lines.delete(m.dropId)
      if (k) {
        const f = foldLines(k, d)
        lines.set(m.keepId, f.line)
        line = f.from
      } else {
        lines.set(m.keepId, { ...d, playerId: m.keepId })
        line = 'drop'
      }
    } else if (k) line = 'keep'
    const wd = windows.get(m.dropId)
    if (wd) {
      windows.delete(m.dropId)
      windows.set(m.keepId, foldWindows(m.keepId, windows.get(m.keepId), wd))
    }
    const dropRating = d && isRated(d) ? d.rating : null
    const keepRating = k && isRated(k) ? k.rating : null
    const stands =
      line === 'drop'
        ? `the line of record ${m.dropId}${dropRating !== null ? ` (${dropRating})` : ''} stands`
        : line === 'keep'
          ? `the line of record ${m.keepId}${keepRating !== null ? ` (${keepRating})` : ''} stands`
          : 'neither record is on the base list'
    const ends =
      line === 'keep' && d
        ? `; record ${m.dropId}'s line${dropRating !== null ? ` (${dropRating})` : ''} ends, its games and state join`
        : line === 'drop' && k
          ? `; record ${m.keepId}'s line${keepRating !== null ? ` (${keepRating})` : ''} ends, its games and state join`
          : ''
    const joins = wd ? `; ${wd.events.length} window event(s) of record ${m.dropId} join` : ''
    folded.push({ ...m, line, dropRating, keepRating, text: `player ${m.dropId} merged into player ${m.keepId} (merge ${m.mergeId}): one person, one line — ${stands}${ends}${joins}` })
  }
  // the base without the folded records' old lines, with the person's line where the kept record is (in order)
  const out: BaseEntry[] = []
  const placed = new Set<number>()
  for (const e of entries) {
    if (!involved.has(e.playerId)) out.push(e)
    else if (lines.has(e.playerId)) {
      out.push(lines.get(e.playerId)!)
      placed.add(e.playerId)
    }
  }
  const added = [...lines.values()].filter((e) => !placed.has(e.playerId))
  if (added.length) {
    out.push(...added)
    out.sort((a, b) => a.playerId - b.playerId)
  }
  const win = window.filter((w) => !involved.has(w.playerId))
  win.push(...windows.values())
  win.sort((a, b) => a.playerId - b.playerId)
  return { entries: out, window: win, folded }
}
