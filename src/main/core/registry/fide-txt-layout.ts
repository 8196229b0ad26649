// The columns of FIDE's single-type TXT download (standard_rating_list.txt etc.), described once: the list
// export writes them, and a test checks that the TXT reader (fide-txt.ts) finds each label where it is written.

export type FideTxtField = 'id' | 'name' | 'fed' | 'sex' | 'title' | 'wtitle' | 'otitle' | 'foa' | 'rating' | 'games' | 'k' | 'birth' | 'flag'

export interface FideTxtColumn {
  field: FideTxtField
  /** Header label; the rating column's label is the list month (NOV25), given by `monthLabel`. */
  label: string
  /** Offset of the column's first character (0-based), as in FIDE's files. */
  start: number
  /** Characters before the next column starts (the last column takes what it needs). */
  width: number
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/** The rating column's label for a list date: 2025-11-01 → NOV25. */
export function monthLabel(listDate: string): string {
  return `${MONTHS[Number(listDate.slice(5, 7)) - 1]}${listDate.slice(2, 4)}`
}

export const FIDE_TXT_COLUMNS: readonly FideTxtColumn[] = [
  { field: 'id', label: 'ID Number', start: 0, width: 15 },
  { field: 'name', label: 'Name', start: 15, width: 61 },
  { field: 'fed', label: 'Fed', start: 76, width: 4 },
  { field: 'sex', label: 'Sex', start: 80, width: 4 },
  { field: 'title', label: 'Tit', start: 84, width: 5 },
  { field: 'wtitle', label: 'WTit', start: 89, width: 5 },
  { field: 'otitle', label: 'OTit', start: 94, width: 15 },
  { field: 'foa', label: 'FOA', start: 109, width: 4 },
  { field: 'rating', label: 'MONTH', start: 113, width: 6 },
  { field: 'games', label: 'Gms', start: 119, width: 4 },
  { field: 'k', label: 'K', start: 123, width: 3 },
  { field: 'birth', label: 'B-day', start: 126, width: 6 },
  // FIDE's i, w, wi; the office's lists add d (wd) for a line shown as delisted, with no rating (registry/list-record.ts)
  { field: 'flag', label: 'Flag', start: 132, width: 4 }
]

/**
 * One line laid out in the columns: each value starts at its column, or one space after the previous value
 * when that one ran past its width (a long name), which is how FIDE's writer shifts a line and what the reader
 * expects. Trailing spaces are dropped, as in FIDE's files.
 */
export function layoutTxtLine(values: Record<FideTxtField, string>): string {
  let line = ''
  let shift = 0
  for (const c of FIDE_TXT_COLUMNS) {
    let at = c.start + shift
    if (line.length > 0 && line.length >= at) {
      // the previous value ran into this column: this one and every later one move right
      shift += line.length + 1 - at
      at = line.length + 1
    }
    const v = values[c.field]
    if (!v) continue
    line += ' '.repeat(at - line.length) + v
  }
  return line.trimEnd()
}

/** The header line of a list of `listDate`. */
export function txtHeaderLine(listDate: string): string {
  const labels = Object.fromEntries(FIDE_TXT_COLUMNS.map((c) => [c.field, c.field === 'rating' ? monthLabel(listDate) : c.label])) as Record<FideTxtField, string>
  return layoutTxtLine(labels)
}
