// Reads the date dialects found in TRF files ('2024/11/23', '1969.12.06', '1978/00/00', '24/09/2010', 'May 29, 2020', '10.09.13').

export interface ParsedDate {
  /** 'YYYY-MM-DD', or 'YYYY' for a birth date with unknown month/day. */
  iso: string
  /** The dialect, when the text is not the spec's own form; reported as a repair. */
  repair: string | null
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
  janv: 1, fev: 2, fevr: 2, mars: 3, avr: 4, mai: 5, juin: 6, juil: 7, aout: 8, sept: 9, okt: 10, dez: 12, mrz: 3, maerz: 3
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0')
}

export function validYmd(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return false
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1) return false
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return d <= days
}

function ymd(y: number, m: number, d: number): string | null {
  return validYmd(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null
}

/** Two-digit years: 00-49 → 2000s, 50-99 → 1900s (tournaments and birth dates both fit). */
export function expandYear(yy: number): number {
  return yy < 50 ? 2000 + yy : 1900 + yy
}

/**
 * A tournament or round date. The spec form is YYYY/MM/DD (132 uses YY/MM/DD); anything else is read when
 * it is unambiguous enough and returned with the dialect's name, or null when it cannot be read.
 */
export function parseEventDate(raw: string, twoDigitOrder: 'ymd' | 'dmy' = 'ymd'): ParsedDate | null {
  const s = raw.trim()
  if (!s) return null
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(s)
  if (m) {
    const iso = ymd(+m[1], +m[2], +m[3])
    if (!iso) return null
    return { iso, repair: /^\d{4}\/\d{2}\/\d{2}$/.test(s) ? null : 'date-separators' }
  }
  m = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(s)
  if (m) {
    // day first, as every European program writes it; month first only when the day cannot be a month
    let d = +m[1]
    let mo = +m[2]
    if (mo > 12 && d <= 12) [d, mo] = [mo, d]
    const iso = ymd(+m[3], mo, d)
    return iso ? { iso, repair: 'date-day-first' } : null
  }
  m = /^(\d{2})[/.-](\d{2})[/.-](\d{2})$/.exec(s)
  if (m) {
    const a = +m[1]
    const b = +m[2]
    const c = +m[3]
    const first = twoDigitOrder === 'ymd' ? ymd(expandYear(a), b, c) : ymd(expandYear(c), b, a)
    if (first) return { iso: first, repair: twoDigitOrder === 'ymd' ? null : 'date-two-digit-year' }
    const second = twoDigitOrder === 'ymd' ? ymd(expandYear(c), b, a) : ymd(expandYear(a), b, c)
    return second ? { iso: second, repair: 'date-two-digit-year' } : null
  }
  m = /^([A-Za-zÀ-ÿ]{3,5})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s)
  if (m) {
    const mo = MONTHS[m[1].toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')]
    const iso = mo ? ymd(+m[3], mo, +m[2]) : null
    return iso ? { iso, repair: 'date-month-name' } : null
  }
  m = /^(\d{1,2})\.?\s+([A-Za-zÀ-ÿ]{3,5})\.?\s+(\d{4})$/.exec(s)
  if (m) {
    const mo = MONTHS[m[2].toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')]
    const iso = mo ? ymd(+m[3], mo, +m[1]) : null
    return iso ? { iso, repair: 'date-month-name' } : null
  }
  return null
}

/** A birth date (columns 70-79): 'YYYY/MM/DD', 'YYYY/00/00', 'YYYY', '1969.12.06', '1975.  .', 'YYYY-MM-DD'. */
export function parseBirthDate(raw: string): ParsedDate | null {
  const s = raw.trim()
  if (!s) return null
  let m = /^(\d{4})$/.exec(s)
  if (m) return { iso: m[1], repair: 'birth-year-only' }
  // YYYY then month and day, either of which may be 00 or blank ("1978/00/00", "1975.  .", "1969.12.06")
  m = /^(\d{4})\s*[/.-]\s*(\d{1,2})?\s*(?:[/.-]\s*(\d{1,2})?\s*)?$/.exec(s)
  if (m) {
    const y = +m[1]
    const mo = m[2] ? +m[2] : 0
    const d = m[3] ? +m[3] : 0
    const spec = /^\d{4}\/\d{2}\/\d{2}$/.test(s)
    if (mo === 0 || d === 0) {
      if (y < 1850 || y > 2200) return null
      return { iso: String(y), repair: spec ? null : 'birth-date-dialect' }
    }
    const iso = ymd(y, mo, d)
    if (!iso) return null
    return { iso, repair: spec ? null : 'birth-date-dialect' }
  }
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s)
  if (m) {
    const iso = ymd(+m[3], +m[2], +m[1])
    return iso ? { iso, repair: 'birth-date-dialect' } : null
  }
  // YY/MM/DD (old exports): a birth year cannot be in the future, so 69 is 1969 and 05 is 2005
  m = /^(\d{2})[/.-](\d{2})[/.-](\d{2})$/.exec(s)
  if (m) {
    const yy = +m[1]
    const year = 2000 + yy <= new Date().getUTCFullYear() ? 2000 + yy : 1900 + yy
    const iso = +m[2] === 0 || +m[3] === 0 ? String(year) : ymd(year, +m[2], +m[3])
    return iso ? { iso, repair: 'birth-date-dialect' } : null
  }
  return null
}

/** The form a TRF file writes: YYYY/MM/DD, or YYYY/00/00 for a year alone. */
export function toTrfDate(iso: string | null): string {
  if (!iso) return ''
  if (/^\d{4}$/.test(iso)) return `${iso}/00/00`
  return iso.replace(/-/g, '/')
}
