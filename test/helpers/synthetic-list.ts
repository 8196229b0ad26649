// A synthetic FIDE combined TXT list (players_list_foa.txt layout), deterministic: for the registry benchmark
// and for the tests that compare the ways of loading one.
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs'

export const COMBINED_HEADER =
  'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag'
const COLS = [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152, 158]
const FEDS = ['GER', 'FRA', 'ESP', 'IND', 'RUS', 'USA', 'ITA', 'POL', 'NED', 'BEL', 'CZE', 'HUN', 'SRB', 'TUR', 'IRI', 'BRA']
const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an', 'do', 'ri', 'us', 'el', 'sch', 'mül', 'gar', 'cía', 'lé']
const GIVEN = ['Jürgen', 'Anna', 'Pierre', 'María', 'Ivan', 'Wei', 'Magnus', 'Fabiano', 'Sofia', 'Luca', 'Jan', 'Eva', 'Ole', 'Zoé', 'Ahmed', 'Priya']

export interface CombinedFields {
  id: number
  name: string
  fed: string
  sex: 'M' | 'F'
  title?: string
  standard?: { rating: number; games: number; k: number }
  rapid?: { rating: number; games: number; k: number }
  blitz?: { rating: number; games: number; k: number }
  birthYear: number
  flag?: string
}

/** One line of the combined list from its 19 column values, each padded to its column. */
export function combinedLine(v: readonly string[]): string {
  let out = ''
  for (let c = 0; c < 19; c++) {
    const width = c + 1 < COLS.length ? COLS[c + 1]! - COLS[c]! : v[c]!.length + 1
    out += v[c]!.length >= width ? v[c] + ' ' : v[c]!.padEnd(width)
  }
  return out.trimEnd()
}

/** A small combined list written field by field (tests that need a player's exact rating and K). */
export function writeCombinedList(file: string, players: readonly CombinedFields[]): string {
  const r = (x: { rating: number; games: number; k: number } | undefined): string[] => (x ? [String(x.rating), String(x.games), String(x.k)] : ['', '', ''])
  const lines = players.map((p) => combinedLine([String(p.id), p.name, p.fed, p.sex, p.title ?? '', '', '', '', ...r(p.standard), ...r(p.rapid), ...r(p.blitz), String(p.birthYear), p.flag ?? '']))
  writeFileSync(file, [COMBINED_HEADER, ...lines].join('\n') + '\n')
  return file
}

export interface SyntheticListOptions {
  /** Every n-th line repeats the ID of the line before (a duplicate the import must report). */
  repeatEvery?: number
  /** Every n-th line carries a title FIDE does not have (a warning). */
  oddTitleEvery?: number
  seed?: number
  /**
   * Months after the first list: the same players (names, IDs, flags) with ratings moved by a few points, as
   * FIDE's next list would have them (for timing a monthly update).
   */
  month?: number
  /** The same players in FIDE's combined XML layout (players_list_xml) instead of the TXT columns. */
  format?: 'txt' | 'xml'
}

/** Writes `lines` player lines under the combined header; returns the file's path. */
export function writeSyntheticCombinedList(file: string, lines: number, opts: SyntheticListOptions = {}): string {
  let seed = opts.seed ?? 12345
  // A linear congruential generator; its low bits repeat with short periods, so the draw takes the high ones.
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return (seed >>> 15) % n
  }
  const word = (): string => {
    let w = ''
    for (let i = 0, k = 2 + rnd(3); i < k; i++) w += SYL[rnd(SYL.length)]
    return w[0]!.toUpperCase() + w.slice(1)
  }
  const makeLine = (i: number): string => {
    const rated = (p: number): boolean => rnd(100) < p
    const v: string[] = new Array<string>(19).fill('')
    const repeat = opts.repeatEvery && i > 0 && i % opts.repeatEvery === 0
    v[0] = String(100000 + (repeat ? i - 1 : i))
    v[1] = `${word()}, ${GIVEN[rnd(GIVEN.length)]}`
    v[2] = FEDS[rnd(FEDS.length)]!
    const woman = rnd(10) < 2
    v[3] = woman ? 'F' : 'M'
    if (rnd(200) === 0) v[4] = 'FM'
    if (opts.oddTitleEvery && i % opts.oddTitleEvery === 0) v[4] = 'XM'
    if (rnd(500) === 0) v[6] = ['FA', 'IA', 'NA,FT'][rnd(3)]!
    // A later month moves each rating by -10..+10 without drawing from the generator (the rest stays the same).
    const move = (k: number): number => (opts.month ? ((i * 37 + k * 11 + opts.month * 7) % 21) - 10 : 0)
    if (rated(45)) [v[8], v[9], v[10]] = [String(1000 + rnd(1700) + move(0)), String(rnd(30)), String([20, 40][rnd(2)])]
    if (rated(25)) [v[11], v[12], v[13]] = [String(1000 + rnd(1700) + move(1)), String(rnd(30)), '20']
    if (rated(20)) [v[14], v[15], v[16]] = [String(1000 + rnd(1700) + move(2)), String(rnd(30)), '20']
    v[17] = String(1940 + rnd(80))
    v[18] = rnd(3) === 0 ? (woman ? 'wi' : 'i') : woman ? 'w' : ''
    return xml ? xmlPlayer(v) : combinedLine(v)
  }
  const xml = opts.format === 'xml'
  const fd = openSync(file, 'w')
  try {
    writeSync(fd, xml ? '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n' : COMBINED_HEADER + '\n')
    let buf: string[] = []
    for (let i = 0; i < lines; i++) {
      buf.push(makeLine(i))
      if (buf.length === 20000) {
        writeSync(fd, buf.join('\n') + '\n')
        buf = []
      }
    }
    if (buf.length) writeSync(fd, buf.join('\n') + '\n')
    if (xml) writeSync(fd, '</playerslist>\n')
  } finally {
    closeSync(fd)
  }
  return file
}

const XML_FIELDS = ['fideid', 'name', 'country', 'sex', 'title', 'w_title', 'o_title', 'foa_title', 'rating', 'games', 'k', 'rapid_rating', 'rapid_games', 'rapid_k', 'blitz_rating', 'blitz_games', 'blitz_k', 'birthday', 'flag']

/** One <player> of the combined XML list from the 19 values of a TXT line (the same columns, in order). */
function xmlPlayer(v: readonly string[]): string {
  return `<player>\n${XML_FIELDS.map((f, c) => `<${f}>${v[c]}</${f}>`).join('\n')}\n</player>`
}
