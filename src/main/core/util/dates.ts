// Day arithmetic on ISO calendar dates (YYYY-MM-DD): proleptic Gregorian, no time zone involved.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The date's parts [year, month, day]; a clear error for anything but YYYY-MM-DD. */
export function dateParts(date: string): [number, number, number] {
  const m = DATE.exec(date)
  if (!m) throw new RangeError(`expected a date YYYY-MM-DD, got ${JSON.stringify(date)}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

/** An UTC millisecond count as YYYY-MM-DD. */
export const isoOfTime = (t: number): string => new Date(t).toISOString().slice(0, 10)

/** date + n days (n may be negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = dateParts(date)
  return isoOfTime(Date.UTC(y, m - 1, d + n))
}
