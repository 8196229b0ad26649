// Dates between date pickers (local midnight in milliseconds) and the contract's YYYY-MM-DD days.

/** The local calendar day of a picker's value, as YYYY-MM-DD. */
export function isoDay(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
