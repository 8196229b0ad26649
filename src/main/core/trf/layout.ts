// The TRF player record (001) and its round blocks as fixed columns, described once for the reader, the writer, the checks and the matching's locations.

/** A fixed-width field: 1-based inclusive columns as the FIDE specification numbers them, and its alignment when written. */
export interface TrfField {
  column: number
  endColumn: number
  align: 'left' | 'right'
}

const field = (column: number, endColumn: number, align: TrfField['align'] = 'right'): TrfField => ({ column, endColumn, align })

/** The 001 record (TRF16/TRF26 §"Player section"): columns 1-3 hold "001", single spaces between the fields. */
export const PLAYER_FIELDS = {
  startRank: field(5, 8),
  sex: field(10, 10, 'left'),
  title: field(11, 13),
  name: field(15, 47, 'left'),
  rating: field(49, 52),
  federation: field(54, 56, 'left'),
  fideId: field(58, 68),
  birth: field(70, 79, 'left'),
  points: field(81, 84),
  rank: field(86, 89)
} as const satisfies Record<string, TrfField>

export type PlayerFieldName = keyof typeof PLAYER_FIELDS

/** Round blocks follow the rank: ten columns each ("  NNNN c r"), the first one starting at column 90. */
export const ROUND_BLOCK = {
  firstColumn: 90,
  width: 10,
  /** Offsets (1-based) inside a block. */
  opponent: { from: 3, to: 6 },
  colour: 8,
  result: 10
} as const

/**
 * The 132 record (round dates): each round's date sits above its round block, YY/MM/DD in the block's last eight
 * columns (round n at columns 92+10(n-1) .. 99+10(n-1)).
 */
export const ROUND_DATE = { offset: 3, width: 8 } as const

/** The columns (1-based, inclusive) of round n's date on the 132 line. */
export function roundDateColumns(round: number): [number, number] {
  const from = roundBlockColumns(round).column + ROUND_DATE.offset - 1
  return [from, from + ROUND_DATE.width - 1]
}

/** The 013 team record (TRF16): the team's name, then its members' start ranks, four columns each after a space. */
export const TEAM_013_FIELDS = {
  name: field(5, 36, 'left')
} as const satisfies Record<string, TrfField>

/** The 310 team record (TRF26 §"Team section"); its members' start ranks follow the rank, four columns each after a space. */
export const TEAM_310_FIELDS = {
  number: field(5, 7),
  name: field(9, 40, 'left'),
  federation: field(42, 46, 'left'),
  averageRating: field(48, 53),
  matchPoints: field(55, 60),
  gamePoints: field(62, 67),
  rank: field(69, 71)
} as const satisfies Record<string, TrfField>

/** Where a team record's member list starts (1-based): the column after the last field and its space. */
export const TEAM_MEMBERS_COLUMN = { '013': TEAM_013_FIELDS.name.endColumn + 1, '310': TEAM_310_FIELDS.rank.endColumn + 2 } as const

/** Width of a field in characters. */
export function widthOf(f: TrfField): number {
  return f.endColumn - f.column + 1
}

/** The text of a field in a line (shorter when the line ends before it). */
export function fieldText(line: string, f: TrfField): string {
  return line.slice(f.column - 1, f.endColumn)
}

/** A field's columns, for a finding's location. */
export function columnsOf(f: TrfField): { column: number; endColumn: number } {
  return { column: f.column, endColumn: f.endColumn }
}

/** The 0-based index in a player line where the block of a round (1-based) starts. */
export function roundBlockStart(round: number): number {
  return ROUND_BLOCK.firstColumn - 1 + ROUND_BLOCK.width * (round - 1)
}

/** Column range (1-based) of a round block in a player line. */
export function roundBlockColumns(round: number): { column: number; endColumn: number } {
  const base = roundBlockStart(round)
  return { column: base + 1, endColumn: base + ROUND_BLOCK.width }
}

/** A value padded (or cut) to a field's width, on the side its alignment says. */
export function fit(v: string | number | null | undefined, f: TrfField): string {
  const s = v === null || v === undefined ? '' : String(v)
  const width = widthOf(f)
  if (s.length >= width) return s.slice(0, width)
  return f.align === 'right' ? ' '.repeat(width - s.length) + s : s + ' '.repeat(width - s.length)
}

/** A record line: its three-character code, then each field written at its columns (spaces between). */
export function recordLine(code: string, fields: readonly TrfField[], values: readonly (string | number | null | undefined)[]): string {
  let line = code
  fields.forEach((f, i) => {
    line += ' '.repeat(f.column - 1 - line.length) + fit(values[i], f)
  })
  return line
}
