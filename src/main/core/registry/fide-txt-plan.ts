// What reading a line needs from a TXT header, worked out once per header: the name's place, the columns after it, a
// slot per field key.
import type { FieldKey, TxtColumn, TxtHeader } from './fide-txt-header'

/** What parseTxtLine needs from a header, worked out once per header instead of once per line. */
export interface HeaderPlan {
  nameIdx: number
  nameStart: number
  fedStart: number | null
  /** The columns after the name, with the slot of their key. */
  rest: TxtColumn[]
  restSlot: Int32Array
  restStart: Int32Array
  /** Slot of each key (one slot per distinct key, as a map keyed by key would hold). */
  slot: Map<FieldKey, number>
  /** Where a missing value of each slot is reported (the key's first column), before the shift. */
  slotDefault: Int32Array
  slots: number
  /** Slots of the keys a line is read into (-1: the header has no such column). */
  keys: PlanKeys
}
export interface RatingKeys {
  rating: number
  games: number
  k: number
}
export interface PlanKeys {
  fed: number
  flag: number
  sex: number
  title: number
  wtitle: number
  otitle: number
  foa: number
  birth: number
  single: RatingKeys
  standard: RatingKeys
  rapid: RatingKeys
  blitz: RatingKeys
}
const plans = new WeakMap<TxtHeader, HeaderPlan>()

export function planOf(header: TxtHeader): HeaderPlan {
  let plan = plans.get(header)
  if (plan) return plan
  const cols = header.columns
  const nameIdx = cols.findIndex((c) => c.key === 'name')
  const slot = new Map<FieldKey, number>()
  const defaults: number[] = []
  for (const c of cols) {
    if (!slot.has(c.key)) {
      slot.set(c.key, slot.size)
      defaults.push(c.start)
    }
  }
  const rest = cols.slice(nameIdx + 1)
  const at = (key: FieldKey): number => slot.get(key) ?? -1
  const rated = (prefix: '' | 'standard.' | 'rapid.' | 'blitz.'): RatingKeys => ({
    rating: at(`${prefix}rating`),
    games: at(`${prefix}games`),
    k: at(`${prefix}k`)
  })
  plan = {
    nameIdx,
    nameStart: cols[nameIdx]!.start,
    fedStart: cols.find((c) => c.key === 'fed')?.start ?? null,
    rest,
    restSlot: Int32Array.from(rest, (c) => slot.get(c.key)!),
    restStart: Int32Array.from(rest, (c) => c.start),
    slot,
    slotDefault: Int32Array.from(defaults),
    slots: slot.size,
    keys: {
      fed: at('fed'), flag: at('flag'), sex: at('sex'), title: at('title'), wtitle: at('wtitle'), otitle: at('otitle'),
      foa: at('foa'), birth: at('birth'),
      single: rated(''), standard: rated('standard.'), rapid: rated('rapid.'), blitz: rated('blitz.')
    }
  }
  plans.set(header, plan)
  return plan
}
