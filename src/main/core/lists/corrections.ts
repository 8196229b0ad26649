// The corrections a list carries (FIDE practice): a published list's differences, found by a correction, added to the
// next list's base ratings. What one is, and what they add up to per player.

/** A correction's difference waiting for (or carried by) a list: one player, one delta, from one published list. */
export interface PendingAdjustment {
  id: number
  playerId: number
  delta: number
  reason: string
  sourceListId: number
}

/** The corrections' differences added up per player (what each base rating moves by before the list is computed). */
export function correctionDeltas(adjustments: readonly PendingAdjustment[]): Map<number, number> {
  const delta = new Map<number, number>()
  for (const a of adjustments) delta.set(a.playerId, (delta.get(a.playerId) ?? 0) + a.delta)
  return delta
}
