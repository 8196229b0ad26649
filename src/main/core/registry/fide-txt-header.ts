// The header line of a FIDE fixed-width TXT list: its column labels and where they start, and the layout they tell.
export type TxtLayout = 'combined' | 'single' | 'legacy'

export type FieldKey =
  | 'id' | 'name' | 'fed' | 'sex' | 'title' | 'wtitle' | 'otitle' | 'foa' | 'birth' | 'flag'
  | 'rating' | 'games' | 'k'
  | 'standard.rating' | 'standard.games' | 'standard.k'
  | 'rapid.rating' | 'rapid.games' | 'rapid.k'
  | 'blitz.rating' | 'blitz.games' | 'blitz.k'

export interface TxtColumn {
  key: FieldKey
  label: string
  start: number
}

export interface TxtHeader {
  layout: TxtLayout
  columns: TxtColumn[]
  /** The list month named in a single-type or legacy header (JAN23 → 2023-01), if any. */
  month: string | null
}

const LABELS: [RegExp, FieldKey | 'month'][] = [
  [/^ID[ _]?Number/i, 'id'],
  [/^B-day/i, 'birth'],
  [/^Born/i, 'birth'],
  [/^SRtng/i, 'standard.rating'],
  [/^SGm/i, 'standard.games'],
  [/^SK/i, 'standard.k'],
  [/^RRtng/i, 'rapid.rating'],
  [/^RGm/i, 'rapid.games'],
  [/^Rk/i, 'rapid.k'],
  [/^BRtng/i, 'blitz.rating'],
  [/^BGm/i, 'blitz.games'],
  [/^BK/i, 'blitz.k'],
  [/^WTit/i, 'wtitle'],
  [/^OTit/i, 'otitle'],
  [/^Titl?/i, 'title'],
  [/^Fed/i, 'fed'],
  [/^Sex/i, 'sex'],
  [/^FOA/i, 'foa'],
  [/^Games/i, 'games'],
  [/^Gms/i, 'games'],
  [/^Flag/i, 'flag'],
  [/^Name/i, 'name'],
  [/^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2}/i, 'month'],
  [/^K/i, 'k']
]
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/**
 * Reads the header line into column start offsets. Labels are recognised by name, not by spaces, because the
 * legacy header glues some of them ("TitlFed", "GamesBorn"). Returns a located problem for an unknown label.
 */
export function parseTxtHeader(line: string): TxtHeader | { column: number; found: string; expected: string } {
  const columns: TxtColumn[] = []
  let month: string | null = null
  let i = 0
  while (i < line.length) {
    if (line[i] === ' ' || line[i] === '\t') {
      i++
      continue
    }
    const rest = line.slice(i)
    const hit = LABELS.find(([re]) => re.test(rest))
    if (!hit) {
      return { column: i + 1, found: rest.split(/\s/)[0] ?? rest, expected: 'a FIDE list column label (ID Number, Name, Fed, Sex, Tit, SRtng, B-day, Flag, ...)' }
    }
    const label = rest.match(hit[0])![0]
    if (hit[1] === 'month') {
      const m = label.toUpperCase()
      month = `20${m.slice(3, 5)}-${String(MONTHS.indexOf(m.slice(0, 3)) + 1).padStart(2, '0')}`
      columns.push({ key: 'rating', label, start: i })
    } else {
      columns.push({ key: hit[1], label, start: i })
    }
    i += label.length
  }
  const keys = new Set(columns.map((c) => c.key))
  let layout: TxtLayout
  if (keys.has('standard.rating') || keys.has('rapid.rating') || keys.has('blitz.rating')) layout = 'combined'
  else if (columns.some((c) => /^Titl$/i.test(c.label)) || columns.some((c) => /^(Games|Born)$/i.test(c.label))) layout = 'legacy'
  else layout = 'single'
  for (const need of ['id', 'name'] as const) {
    if (!keys.has(need)) return { column: 1, found: line.trim().slice(0, 60), expected: `a header with an “${need === 'id' ? 'ID Number' : 'Name'}” column` }
  }
  if (layout !== 'combined' && !keys.has('rating')) {
    return { column: 1, found: line.trim().slice(0, 60), expected: 'a rating column (SRtng/RRtng/BRtng, or a month such as JAN24)' }
  }
  return { layout, columns, month }
}

/** True when the line looks like a FIDE TXT header (so a reader can be chosen from the first line). */
export function looksLikeTxtHeader(line: string): boolean {
  return /^\s*ID[ _]?Number\s/i.test(line)
}
