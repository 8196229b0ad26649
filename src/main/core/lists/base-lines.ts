// The base list's lines by player id, looked up in the order a list is written, without a map of two million lines.
import type { BaseEntry } from './types'

/**
 * The base list by player id: its lines sorted by id — as read from the database, then without a copy — looked up at
 * the line after the last one found (the lines are asked in ascending order while the list is written), else by
 * bisection of their ids. At FIDE scale a Map of the 1.9 M lines cost about 60 MB beside them, and its building.
 * `release` drops a line (the list's walk has passed it: it is never asked again).
 */
export class BaseLines {
  readonly lines: (BaseEntry | undefined)[]
  private readonly ids: Float64Array
  private at = 0
  constructor(entries: BaseEntry[]) {
    let sorted = true
    for (let i = 1; i < entries.length && sorted; i++) sorted = entries[i - 1]!.playerId < entries[i]!.playerId
    if (sorted) this.lines = entries
    else {
      // a stable sort; of two lines of one player the later counts (as a map filled in order would keep it)
      const out: BaseEntry[] = []
      for (const e of [...entries].sort((a, b) => a.playerId - b.playerId)) {
        if (out.length && out[out.length - 1]!.playerId === e.playerId) out[out.length - 1] = e
        else out.push(e)
      }
      this.lines = out
    }
    this.ids = new Float64Array(this.lines.length)
    for (let i = 0; i < this.lines.length; i++) this.ids[i] = this.lines[i]!.playerId
  }
  private find(id: number): number {
    const ids = this.ids
    const c = this.at
    if (c < ids.length && ids[c] === id) return c
    if (c + 1 < ids.length && ids[c + 1] === id) return (this.at = c + 1)
    let lo = 0
    let hi = ids.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const p = ids[mid]!
      if (p < id) lo = mid + 1
      else if (p > id) hi = mid - 1
      else return (this.at = mid)
    }
    return -1
  }
  get(id: number): BaseEntry | undefined {
    const i = this.find(id)
    return i < 0 ? undefined : this.lines[i]
  }
  has(id: number): boolean {
    return this.find(id) >= 0
  }
  /** Drops a player's line (the walk of the list is past it). */
  release(id: number): void {
    const i = this.find(id)
    if (i >= 0) this.lines[i] = undefined
  }
  get size(): number {
    return this.ids.length
  }
  playerIds(): Float64Array {
    return this.ids
  }
}
