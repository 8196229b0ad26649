// The stored form of a calculation sheet: the compact form gives back exactly what JSON gave (keys, order, values),
// whatever the object holds; version 2 is version 1 with the strings of STRINGS_V2 as references; version 1 and the
// deflated JSON of older databases are still read.
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { STRINGS_V2, decodeSheet, encodeSheet } from '../../../../src/main/core/lists/sheet-codec'
import { generateList } from '../../../../src/main/core/lists/generate'
import { addMonths } from '../../../../src/main/core/lists/calendar'
import { addDays } from '../../../../src/main/core/util/dates'
import { editionForDate } from '../../../../src/main/core/rules/editions'
import type { BaseEntry, CalculationSheet, GenerationInput, PeriodTournament } from '../../../../src/main/core/lists/types'
import type { RatingType, ResultCode } from '../../../../src/main/core/model/tournament'
import { referenceEncodeSheet } from './sheet-codec-reference'
import { asBase, ed, entry, facts, tournament } from './helpers'

/** What the old form stored and gave back: JSON of the sheet. */
const viaJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v))

/**
 * A version-2 sheet as version 1 writes it: each reference `[-2, i]` replaced by STRINGS_V2[i] (the encoder writes no
 * other array starting with -2: its arrays start with -1, its shapes with their id), the rest as it was (JSON's
 * numbers and strings are the encoder's own).
 */
function asVersion1(blob: Buffer): Buffer {
  const top = JSON.parse(blob.toString('utf8')) as [number, unknown]
  expect(top[0]).toBe(2)
  const expand = (v: unknown): unknown => {
    if (Array.isArray(v)) return v[0] === -2 ? STRINGS_V2[v[1] as number] : v.map(expand)
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]))
    return v
  }
  return Buffer.from(JSON.stringify([1, expand(top[1])]))
}

/** The encoder's bytes as version 1 writes them (compared with the first encoder's). */
const encodeV1 = (v: unknown): Buffer => asVersion1(encodeSheet(v))

const game = (round: number, over: Record<string, unknown> = {}) => ({
  round,
  opponentId: 7,
  opponentRating: 2285,
  opponentListId: 1,
  score: 0.5,
  counted: true,
  notCounted: null,
  ratingUsed: 2061,
  capped: true,
  d: -400,
  pd: 0.08,
  chg: 0.42,
  note: 'difference -624 counted as -400 (FIDE 2024: rating-difference cap (regulations.md § 1))',
  ...over
})

const sheet = {
  playerId: 1793,
  listDate: '2025-11-01',
  edition: 'fide-2024',
  base: { listId: 1, rating: 1661, k: 20, status: 'rated', flags: null },
  tournaments: [
    {
      tournamentId: 1378,
      name: 'Open "1378" – Genève\n',
      start: '2025-10-12',
      end: '2025-10-14',
      edition: 'fide-2024',
      system: 'swiss',
      late: false,
      slice: { month: '2025-10', rounds: [1, 2], last: true },
      rating: 1661,
      ratingListId: 1,
      n: 2,
      w: 1.5,
      we: 0.16,
      chg: 1.34,
      k: 20,
      kChg: 26.8,
      event: null,
      games: [game(1), game(2, { counted: false, notCounted: 'forfeit', chg: null, d: null, pd: null }), game(3, { opponentId: null, notCounted: 'bye' })],
      notes: [{ ref: 'FIDE 2024: K factor (regulations.md § 1)', text: 'K 20 from the base list (list 1): the K printed for this period' }]
    },
    {
      tournamentId: 9,
      name: 'Unrated',
      start: '2025-10-20',
      end: '2025-10-21',
      edition: 'fide-2024',
      system: 'round-robin',
      late: true,
      slice: null,
      rating: null,
      ratingListId: null,
      n: 5,
      w: 3,
      we: null,
      chg: null,
      k: null,
      kChg: null,
      event: { ra: 1812.4, ru: 1890, n: 5, w: 3 },
      games: [],
      notes: []
    }
  ],
  periodGames: 2,
  changeExact: 26.8,
  change: 27,
  compression: { before: 1688, after: 1700, ref: 'compression of 2024-03-01' },
  firstRating: {
    // a window event with its optional keys (ru, teamChampionship): a shape the codec does not know
    window: [{ tournamentId: 3, name: 'W', start: '2025-01-01', editionId: 'fide-2024', listDate: '2025-02-01', n: 5, w: 2.5, sumOpponents: 9000, ru: 1810, counted: true }],
    ra: 1800,
    p: 0.5,
    dp: 0,
    ru: 1800,
    games: 5,
    published: true,
    reason: null
  },
  rating: 1688,
  status: 'rated',
  flags: 'w',
  kNext: { k: 20, note: { ref: 'r', text: 't' } },
  notes: []
}

describe('calculation sheet codec', () => {
  it('gives back exactly what JSON gave: every key in its order, every value', () => {
    const back = decodeSheet(encodeSheet(sheet))
    expect(back).toStrictEqual(viaJson(sheet))
    expect(JSON.stringify(back)).toBe(JSON.stringify(sheet))
  })

  it('writes the known shapes as arrays: a third of the JSON, and the first byte tells it from a zlib stream', () => {
    const blob = encodeSheet(sheet)
    expect(blob[0]).toBe(0x5b)
    expect(blob.length).toBeLessThan(JSON.stringify(sheet).length * 0.75)
    // the games are arrays of their 13 values, without their keys
    expect(blob.toString('utf8')).not.toContain('opponentListId')
    expect(blob.toString('utf8')).toContain('[3,1,7,2285,1,0.5,true,null,2061,true,-400,0.08,0.42,')
  })

  it('keeps as JSON does what is not one of its shapes: keys out of order, a missing or undefined key, NaN, -0, a Date', () => {
    const odd = {
      // the Note shape's keys in the other order stay an object with that order
      notes: [{ text: 't', ref: 'r' }, { ref: 'r', text: undefined }, { ref: 'r' }],
      // a game with an extra key, one whose value is undefined (JSON drops the key), one with a function
      games: [game(1, { extra: 1 }), game(2, { note: undefined }), game(3, { note: () => 1 })],
      values: [NaN, Infinity, -0, undefined, 1e21, 0.1 + 0.2, 'é\u2028"\\'],
      at: new Date(Date.UTC(2025, 10, 1)),
      empty: [],
      nested: [[], [1, 2], [-1], [0, 'x']]
    }
    const back = decodeSheet(encodeSheet(odd))
    expect(back).toStrictEqual(viaJson(odd))
    expect(JSON.stringify(back)).toBe(JSON.stringify(odd))
  })

  it('reads the deflated JSON that older databases stored (the old form)', () => {
    const old = deflateSync(Buffer.from(JSON.stringify(sheet)), { level: 1 })
    expect(decodeSheet(old)).toStrictEqual(viaJson(sheet))
    expect(decodeSheet(deflateSync(Buffer.from(JSON.stringify(sheet))))).toStrictEqual(viaJson(sheet))
  })

  it('refuses a compact form of a version it does not know, rather than showing a wrong sheet', () => {
    expect(() => decodeSheet(Buffer.from('[3,[0]]'))).toThrow(/unknown stored version 3/)
    expect(() => decodeSheet(Buffer.from('[1,[99,1]]'))).toThrow(/unknown shape 99/)
    // a reference is version 2's: version 1 never wrote one, and one past the strings is no string
    expect(() => decodeSheet(Buffer.from('[1,[-2,0]]'))).toThrow(/unknown shape -2/)
    expect(() => decodeSheet(Buffer.from(`[2,[-2,${STRINGS_V2.length}]]`))).toThrow(/unknown string \[88\]/)
    expect(() => decodeSheet(Buffer.from('[2,[-2,"x"]]'))).toThrow(/unknown string \["x"\]/)
    expect(() => decodeSheet(Buffer.from('[2,[-2,1,2]]'))).toThrow(/unknown string \[1,2\]/)
    expect(decodeSheet(Buffer.from('[2,[-2,2]]'))).toBe('FIDE 2005: K factor (regulations.md § 1)')
  })

  it('writes the strings most sheets repeat as references, the rest as version 1 does; reads version 1 as before', () => {
    const blob = encodeSheet(sheet)
    expect(blob.toString('utf8').startsWith('[2,[0,')).toBe(true)
    // the test sheet's edition and its K note's reference
    expect(blob.toString('utf8')).toContain(`[-2,${STRINGS_V2.indexOf('fide-2024')}]`)
    expect(asVersion1(blob).equals(referenceEncodeSheet(sheet))).toBe(true)
    // a sheet stored by version 1 (the first encoder's bytes) reads as it always did
    expect(decodeSheet(referenceEncodeSheet(sheet))).toStrictEqual(viaJson(sheet))
    for (const s of generated.slice(0, 200)) expect(decodeSheet(referenceEncodeSheet(s))).toStrictEqual(viaJson(s))
    // the generated lists' sheets: a tenth smaller at least (16 % here; a quarter in the bench's FIDE-sized month)
    const bytes = (encode: (v: unknown) => Buffer): number => generated.reduce((n, s) => n + encode(s).length, 0)
    expect(bytes(encodeSheet)).toBeLessThan(0.9 * bytes(referenceEncodeSheet))
  })

  it('keeps its strings as they were frozen: a changed one would misread every sheet stored with it', () => {
    expect(STRINGS_V2).toHaveLength(88)
    expect(new Set(STRINGS_V2).size).toBe(STRINGS_V2.length)
    expect(createHash('sha256').update(JSON.stringify(STRINGS_V2)).digest('hex')).toBe('a331e9a24e5658243eb7bd56ef1d00bacd25aababd7968516f9b5ccb73c83b0c')
    // each one, as a note's reference and text, is written as its reference and read back
    const all = { ...sheet, notes: STRINGS_V2.map((x) => ({ ref: x, text: x })) }
    const blob = encodeSheet(all)
    STRINGS_V2.forEach((_, i) => expect(blob.toString('utf8')).toContain(`[4,[-2,${i}],[-2,${i}]]`))
    expect(asVersion1(blob).equals(referenceEncodeSheet(all))).toBe(true)
    expect(decodeSheet(blob)).toStrictEqual(viaJson(all))
  })
})

// ---------------------------------------------------------------------------------------------------------------------
// The encoder against the first one (sheet-codec-reference.ts, kept as it was): the same bytes for every sheet of
// generated lists of every edition, and for odd objects of every kind; decoding gives JSON's value back.

/** A seeded generator (31-bit LCG), so that a failure is reproduced by its seed. */
function rng(seed: number) {
  let s = seed >>> 0 || 1
  const next = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff
    return (s >>> 8) % n
  }
  return { int: next, pick: <T,>(xs: readonly T[]): T => xs[next(xs.length)]!, chance: (p: number): boolean => next(1_000_000) < p * 1_000_000 }
}

type Rng = ReturnType<typeof rng>
const RESULTS = ['1-0', '0-1', '=', '=', '1-0', '+-', '-+'] as const
const BYES: ResultCode[] = ['H', 'F', 'U', 'Z', '-', '+']

/** One period's tournaments: Swiss and round robins, forfeits, byes, excluded games, late ones, month slices. */
function month(r: Rng, E: { id: string; kind: string }, listDate: string, periodMonths: number, base: GenerationInput['base'], ids: number[], next: { id: number }, ratingType: RatingType): PeriodTournament[] {
  const rated = new Map(base.entries.filter((e) => e.status === 'rated').map((e) => [e.playerId, e.rating]))
  const out: PeriodTournament[] = []
  for (let t = 0, n = 2 + r.int(4); t < n; t++) {
    const late = r.chance(0.15)
    const sliced = !late && r.chance(0.15)
    const back = late ? periodMonths + 1 + r.int(2) : 1 + r.int(periodMonths)
    const start = addDays(addMonths(listDate, -back), r.int(20))
    const end = sliced ? addDays(start, 40) : addDays(start, r.int(6))
    const edition = E.kind === 'fide' ? editionForDate(start).id : E.id
    const size = 4 + r.int(7)
    const picked = new Set<number>()
    while (picked.size < size) picked.add(r.pick(ids))
    const players = [...picked].map((id, i): [number, number, number | null, number | null, number?] => {
      const rating = rated.get(id) ?? null
      const row: [number, number, number | null, number | null, number?] = [i + 1, id, rating, rating === null ? null : base.listId]
      if (ratingType !== 'standard' && r.chance(0.3)) row.push(1400 + r.int(1000))
      return row
    })
    const roundRobin = size <= 6 && r.chance(0.5)
    const rounds = roundRobin ? size - 1 : 3 + r.int(5)
    const games: Array<[number, number, number, (typeof RESULTS)[number]]> = []
    const byes: Array<[number, number, ResultCode]> = []
    for (let round = 1; round <= rounds; round++) {
      const order = Array.from({ length: size }, (_, i) => i + 1).sort(() => r.int(3) - 1)
      for (let b = 0; b + 1 < order.length; b += 2) games.push([round, order[b]!, order[b + 1]!, r.pick(RESULTS)])
      if (order.length % 2) byes.push([round, order[order.length - 1]!, r.pick(BYES)])
    }
    const excluded = r.chance(0.2) ? [{ round: games[0]![0], startRank: games[0]![1], code: 'F' + r.int(9), reason: r.pick(['finding: "not played"', 'duplicate game \\ see report', 'nach Prüfung\tgestrichen']) }] : []
    const slice = sliced ? { month: listDate.slice(0, 7), rounds: Array.from({ length: rounds }, (_, i) => i + 1), last: r.chance(0.5) } : undefined
    const tt = tournament({ id: next.id++, start, end, edition, system: roundRobin ? 'round-robin' : 'swiss', late, ratingType, slice, excluded }, players, games, byes)
    if (r.chance(0.2)) tt.name = r.pick(['Open "Genève" – été', 'Ö\\Ä', 'Turnier\u2028Nacht', 'Ελλάδα 🏆 Open', 'tab\there'])
    if (r.chance(0.1)) tt.teamChampionship = true
    out.push(tt)
  }
  return out
}

/** A base list over ids 1..n: rated, delisted, titled unrated and absent players, flags, K, games to date. */
function baseList(r: Rng, listId: number, listDate: string, n: number, floor: number): GenerationInput['base'] {
  const entries: BaseEntry[] = []
  for (let id = 1; id <= n; id++) {
    const roll = r.int(100)
    if (roll < 15) continue // unrated: not on the list
    const rating = floor + r.int(1700)
    const over: Partial<BaseEntry> = {
      k: r.pick([null, 10, 15, 20, 30, 40]),
      flags: r.pick([null, null, 'w', 'i', 'wi']),
      ratedGamesToDate: r.pick([null, 0, 8, 25, 100]),
      highestRating: r.pick([null, rating, rating + 300]),
      trackedSince: r.pick([null, addMonths(listDate, -24), addMonths(listDate, -6)]),
      recentGames: r.chance(0.5) ? [{ listDate: addMonths(listDate, -3), games: r.int(4) }] : [],
      birthYear: r.pick([null, 1950, 1990, 2010])
    }
    if (roll < 19) entries.push(entry(id, null, { ...over, status: 'titled-unrated', title: 'GM', k: null, highestRating: null }))
    else if (roll < 23) entries.push(entry(id, floor - 1 - r.int(50), { ...over, status: 'delisted' }))
    else entries.push(entry(id, rating, over))
  }
  return { listId, listDate, entries }
}

/** The sheets of a chain of lists of one edition (or across editions), each list's base and window the last one's. */
function sheetsOf(seed: number, listEdition: string, firstList: string, lists: number, ratingType: RatingType = 'standard'): CalculationSheet[] {
  const r = rng(seed)
  const E0 = ed(listEdition)
  const kind = E0.kind
  const editions = kind === 'fide' ? ['fide-2005', 'fide-2010', 'fide-2014', 'fide-2017', 'fide-2022', 'fide-2024'].map(ed) : [E0]
  const ids = Array.from({ length: 40 }, (_, i) => i + 1)
  const players = ids.map((id) => ({ ...facts(id, r.pick(['1960', '1995-04-01', '2012-09-30', null]), id % 4 === 0 ? 'F' : 'M', id % 9 === 0 ? 'IM' : null), ...(id % 11 === 0 ? { reducedMinimum: true } : {}) }))
  let listDate = firstList
  let base = baseList(r, 900 + seed, addMonths(listDate, -E0.list.periodMonths), ids.length, E0.list.floor)
  let window: GenerationInput['window'] = []
  const next = { id: 1 }
  const sheets: CalculationSheet[] = []
  for (let l = 0; l < lists; l++) {
    const E = kind === 'fide' ? editionForDate(listDate) : E0
    const tournaments = month(r, E, listDate, E.list.periodMonths, base, ids, next, ratingType)
    const res = generateList({ listDate, ratingType, edition: E, editions, base, tournaments, window, players, unpublishable: seed % 2 ? [3, 7, 19] : undefined })
    sheets.push(...res.sheets)
    base = asBase(res, base.listId! + 1)
    window = res.window
    listDate = addMonths(listDate, E.list.periodMonths)
  }
  return sheets
}

/** Every sheet of chains of lists of every edition: first ratings, unlisted players, slices, compression, late events. */
const generated: CalculationSheet[] = [
  ...sheetsOf(1, 'fide-2005', '2006-01-01', 4),
  ...sheetsOf(2, 'fide-2010', '2011-01-01', 4),
  ...sheetsOf(3, 'fide-2014', '2015-01-01', 5),
  ...sheetsOf(4, 'fide-2017', '2019-01-01', 4),
  // FIDE 2022 to 2024 across the compression of 1 March 2024
  ...sheetsOf(5, 'fide-2022', '2024-01-01', 5),
  ...sheetsOf(6, 'fide-2024', '2025-01-01', 5),
  ...sheetsOf(7, 'fide-2024', '2025-01-01', 4, 'rapid'),
  ...sheetsOf(8, 'fide-2024', '2025-02-01', 3, 'blitz'),
  ...sheetsOf(9, 'fse', '2021-03-01', 4),
  ...sheetsOf(10, 'fide-2024', '2024-06-01', 6)
]

/** A copy of `v` with one thing changed somewhere, as a sheet could come to hold anything. */
function mutated(r: Rng, v: unknown): unknown {
  const JUNK: unknown[] = [undefined, null, NaN, -0, Infinity, -Infinity, 1e21, 1e-7, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, 0.1 + 0.2, '', 'x"y\\z', '\ud800', '\udc00a', 'é', '😀', '\u0000\u001f\u007f', true, [], {}, [undefined], () => 1, Symbol('s'), new Date(0), { toJSON: () => 'j' }, Object.create(null)]
  const copy = (x: unknown): unknown => (Array.isArray(x) ? x.map(copy) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, copy(y)])) : x)
  const root = copy(v) as Record<string, unknown>
  // walk down to a random object or array
  let at: Record<string, unknown> | unknown[] = root
  while (r.chance(0.8)) {
    const kids: Array<Record<string, unknown>> = Object.values(at).filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
    if (!kids.length) break
    at = r.pick(kids)
  }
  const keys = Object.keys(at)
  const key = keys.length ? r.pick(keys) : '0'
  const o = at as Record<string, unknown>
  switch (r.int(6)) {
    case 0: // a value replaced
      o[key] = r.pick(JUNK)
      break
    case 1: // a key removed
      delete o[key]
      break
    case 2: // a key added
      o[r.pick(['extra', 'ref', '0', '__x', 'toJSON_'])] = r.pick(JUNK)
      break
    case 3: {
      // the keys in another order (the same values)
      const entries = Object.entries(o).sort(() => r.int(3) - 1)
      for (const [k] of entries) delete o[k]
      for (const [k, x] of entries) o[k] = x
      break
    }
    case 4: // an own accessor in place of a value (a pure one)
      if (keys.length) {
        const x = o[key]
        Object.defineProperty(o, key, { get: () => x, enumerable: true, configurable: true })
      }
      break
    default: // a value replaced by an object of another shape holding one of this sheet's objects
      o[key] = { wrapped: copy(r.pick([root.base, root.kNext, root.tournaments, root])), n: r.int(5) }
  }
  return root
}

const same = (v: unknown): void => {
  const got = encodeV1(v)
  const want = referenceEncodeSheet(v)
  if (!got.equals(want)) expect(got.toString('utf8')).toBe(want.toString('utf8'))
  expect(got.equals(want)).toBe(true)
}

describe('the encoder writes the bytes of the first encoder', () => {
  it('for every sheet of generated lists of every edition (first ratings, unlisted, slices, compression, notes, late events)', () => {
    // the lists hold what they are meant to: each kind of sheet is there
    const all = generated
    expect(all.length).toBeGreaterThan(1000)
    expect(all.some((s) => s.compression !== null)).toBe(true)
    expect(all.some((s) => s.firstRating !== null && s.firstRating.published)).toBe(true)
    expect(all.some((s) => s.firstRating !== null && !s.firstRating.published)).toBe(true)
    expect(all.some((s) => s.unlisted !== undefined)).toBe(true)
    expect(all.some((s) => s.kNext.note !== null)).toBe(true)
    expect(all.some((s) => s.status === 'titled-unrated' || s.status === 'delisted')).toBe(true)
    const ts = all.flatMap((s) => s.tournaments)
    for (const [what, ok] of [
      ['late', ts.some((t) => t.late)],
      ['slice', ts.some((t) => t.slice !== null)],
      ['event', ts.some((t) => t.event !== null)],
      ['round robin', ts.some((t) => t.system === 'round-robin')],
      ['notes', ts.some((t) => t.notes.length > 0)],
      ['escaped name', ts.some((t) => JSON.stringify(t.name) !== `"${t.name}"`)],
      ['non-BMP name', ts.some((t) => /[\ud800-\udbff]/.test(t.name))],
      ['game note', ts.some((t) => t.games.some((g) => g.note !== null))],
      ['not counted', ts.some((t) => t.games.some((g) => g.notCounted !== null))],
      ['fractional figures', ts.some((t) => t.games.some((g) => g.pd !== null && !Number.isInteger(g.pd)))]
    ] as const)
      expect([what, ok]).toEqual([what, true])
    for (const s of all) same(s)
  })

  it('for the generated sheets changed one thing at a time (a value, a key removed or added, keys reordered, an accessor)', () => {
    const r = rng(42)
    for (let i = 0; i < 4000; i++) same(mutated(r, generated[r.int(generated.length)]))
  })

  it('for each shape exact, out of order, with an extra, a missing or a dropped key, toJSON, another prototype: alone and in its place in a sheet', () => {
    same(sheet)
    // each shape's object, and where a sheet holds it (the writers of the shapes take it there)
    type Place = (o: unknown) => unknown
    const t0 = sheet.tournaments[0]!
    const inTournament = (key: string): Place => (o) => ({ ...sheet, tournaments: [{ ...t0, [key]: o }, sheet.tournaments[1]] })
    const shapes: Array<[Record<string, unknown>, Place[]]> = [
      [sheet, [(o) => o, (o) => [o]]],
      [sheet.base, [(o) => ({ ...sheet, base: o })]],
      [t0, [(o) => ({ ...sheet, tournaments: [o, o] })]],
      [game(1), [(o) => ({ ...sheet, tournaments: [{ ...t0, games: [game(2), o] }] })]],
      [{ ref: 'r', text: 't' }, [(o) => ({ ...sheet, notes: [o] }), (o) => inTournament('notes')([o]), (o) => ({ ...sheet, kNext: { k: 20, note: o } })]],
      [sheet.kNext, [(o) => ({ ...sheet, kNext: o })]],
      [t0.slice!, [inTournament('slice')]],
      [sheet.tournaments[1]!.event!, [inTournament('event')]],
      [sheet.compression, [(o) => ({ ...sheet, compression: o })]]
    ]
    const odd: unknown[] = [undefined, null, NaN, -0, Infinity, () => 1, Symbol('s'), 'str', 0, true, [], [1], {}, { toJSON: () => undefined }, new Date(0), sheet.base]
    class Shaped {
      constructor(o: object) {
        Object.assign(this, o)
      }
    }
    for (const [o, places] of shapes) {
      const keys = Object.keys(o)
      const variants: unknown[] = [
        o,
        { ...o },
        Object.fromEntries([...keys].reverse().map((k) => [k, o[k]])),
        { ...o, extra: 1 },
        { extra: 1, ...o },
        { ...o, toJSON: () => 'own' },
        Object.assign(Object.create(null), o),
        Object.assign(Object.create({ inherited: 1 }), o),
        Object.assign(Object.create({ toJSON: () => 'inherited' }), o),
        Object.assign(Object.create({ [keys[keys.length - 1]!]: 'inherited' }), Object.fromEntries(keys.slice(0, -1).map((k) => [k, o[k]]))),
        new Shaped(o),
        Object.defineProperty({ ...o }, keys[0]!, { enumerable: false }),
        Object.defineProperty({ ...o }, keys[keys.length - 1]!, { get: () => o[keys[keys.length - 1]!], enumerable: true })
      ]
      for (const k of keys) {
        const { [k]: _, ...rest } = o
        variants.push(rest, { ...rest, [k]: o[k] }) // the key missing, the key moved to the end
        for (const x of odd) variants.push({ ...o, [k]: x })
      }
      for (const v of variants) {
        same(v)
        for (const place of places) same(place(v))
      }
    }
  })

  it('for strings that JSON escapes or not: quotes, backslashes, control characters, lone and paired surrogates, non-BMP', () => {
    const strings = [
      '', 'plain', '"', '\\', '\\"', '/', '\b\f\n\r\t\v', '\u007f\u0080\u00ff', '\u2028\u2029', 'é§×−ΣΔ’', '😀', 'a😀b',
      '\ud83d', '\ude00', 'a\ud83d', '\ude00a', '\ude00\ud83d', '\ud83d\ud83d\ude00', '\ufffd\ufeff\uffff', 'x'.repeat(5000) + '"',
      ...Array.from({ length: 32 }, (_, c) => `a${String.fromCharCode(c)}b`)
    ]
    for (const s of strings) {
      same(s)
      same([s])
      same({ ref: s, text: s })
      same({ [s]: s })
      same({ ...game(1), note: s, notCounted: s })
      same({ ...sheet, listDate: s, flags: s })
    }
    // every code unit alone and beside an ASCII letter
    const units = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c))
    same(units)
    same(units.map((u) => 'a' + u + 'b'))
    same(units.map((u) => ({ ref: u, text: u })))
  })

  it('for numbers: integers, hundredths and other doubles of every size, -0, NaN and the infinities', () => {
    const r = rng(7)
    const xs: number[] = [0, -0, NaN, Infinity, -Infinity, 1, -1, 0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e-7, 1e-6, 5e-324, Number.MAX_VALUE, Number.EPSILON, 0.1 + 0.2, 1 / 3, -2 / 3, 123456789.12, 0.005, 0.015, 1.005]
    for (let h = -300_000; h <= 300_000; h++) xs.push(h / 100)
    for (let h = -2000; h <= 2000; h++) xs.push(h / 10, h / 1000, h / 7, h * 1e-9, h * 1e15, h * 1e19)
    for (let i = 0; i < 20_000; i++) {
      const m = r.int(2 ** 30) * 2 ** 23 + r.int(2 ** 23)
      xs.push(m / 100, -m / 100, m / 10 ** r.int(20), (r.int(2 ** 30) / 2 ** 30) * 10 ** (r.int(40) - 20), m * 1.0000001)
    }
    same(xs)
    for (const x of xs.slice(0, 2000)) same({ ...game(1), pd: x, chg: x, round: x })
    same({ ...sheet, changeExact: 1e21, change: -0, periodGames: NaN })
  })

  it('for arrays and objects of other kinds: empty, sparse, subclassed, with extra keys, typed, boxed, dates, toJSON, getters', () => {
    const sparse = [1, , 3] // eslint-disable-line no-sparse-arrays
    const withKey = Object.assign([1, 2], { extra: 'x' })
    class Listy extends Array<unknown> {}
    const listy = Listy.from([1, { ref: 'r', text: 't' }])
    const ownIter = Object.assign([1, 2, 3], { [Symbol.iterator]: function* () { yield 9 } })
    const selfJson: Record<string, unknown> = { a: 1 }
    selfJson.toJSON = () => selfJson
    const getter = Object.defineProperty({ ref: 'r' }, 'text', { get: () => 'got', enumerable: true })
    const hidden = Object.defineProperty({ ref: 'r', text: 't' }, 'extra', { value: 1, enumerable: false })
    const protoKey = JSON.parse('{"__proto__": 1, "ref": "r"}') as unknown
    const values: unknown[] = [
      [], [[]], [-1], [0, 1], new Array(3), sparse, withKey, listy, ownIter, new Uint8Array([1, 2]), new Float64Array([0.5, NaN]),
      new Map([[1, 2]]), new Set([1]), new Number(3), new String('ab'), new Boolean(false), Object(Symbol('s')),
      new Date(Date.UTC(2025, 0, 1)), new Date(NaN), selfJson, getter, hidden, protoKey,
      { toJSON: (key: string) => `key "${key}"` }, { toJSON: () => ({ ref: 'r', text: 't' }) }, { toJSON: () => [{ toJSON: () => 1 }] },
      { 2: 'b', 1: 'a', x: 'c', '-1': 'd', '01': 'e' }, { '': 1, ' ': 2, '"': 3, '\ud800': 4 },
      { a: { b: { c: [{ ref: 'r', text: 't' }, { month: '2025-01', rounds: [1, [2]], last: null }] } } },
      { ref: { ref: { ref: 'r', text: 't' }, text: [sheet.kNext] }, text: sheet.base },
      { k: null, note: { text: 't', ref: 'r' } }, { k: 20, note: 'not a note' }, { month: 1, rounds: 'x', last: 'y' },
      { ra: '1', ru: {}, n: [], w: false }, { before: [1], after: { a: 1 }, ref: null }, { listId: 1, rating: 2, k: 3, status: 4, flags: 5 },
      { ...sheet, tournaments: [1, null, 'x', [], {}, sheet.base] }, { ...sheet, notes: [null, 1, { ref: 1, text: 2 }, sheet.kNext] },
      { ...sheet, tournaments: [{ ...sheet.tournaments[0]!, games: [null, [], 1, { round: 1 }, sheet.base, game(1)] }] },
      { ...sheet, tournaments: sparse }, { ...sheet, notes: withKey }, { ...sheet, tournaments: listy }, { ...sheet, notes: ownIter },
      { ...sheet, base: new Date(0) }, { ...sheet, kNext: { k: 1, note: new Date(0) } }
    ]
    for (const v of values) {
      same(v)
      same([v])
      same({ ...sheet, firstRating: v })
      same({ ...sheet, tournaments: [{ ...sheet.tournaments[0]!, event: v, slice: v, games: [v, { ...game(2), d: v }] }] })
    }
    // a BigInt throws as JSON.stringify does, in both
    expect(() => referenceEncodeSheet({ ...sheet, change: 1n })).toThrow(TypeError)
    expect(() => encodeSheet({ ...sheet, change: 1n })).toThrow(TypeError)
    expect(() => encodeSheet([{ ...game(1), d: 1n }])).toThrow(TypeError)
  })

  it('with a key on Object.prototype: an enumerable one (a shape key: Object.keys still does not see it), a toJSON', () => {
    const generatedSheet = generated.find((s) => s.tournaments.some((t) => t.games.length > 0))!
    const noNote = (() => {
      const { note: _, ...g } = game(1)
      return { ...sheet, tournaments: [{ ...sheet.tournaments[0]!, games: [g] }] }
    })()
    const values = [sheet, generatedSheet, noNote]
    const before = values.map(encodeSheet)
    const proto = Object.prototype as Record<string, unknown>
    const under = (define: () => void, key: string): [Buffer[], Buffer[]] => {
      try {
        define()
        return [values.map(encodeSheet), values.map(referenceEncodeSheet)]
      } finally {
        delete proto[key]
      }
    }
    // an enumerable key of a shape on every object: a game without its own `note` is not a game for Object.keys
    const [got, want] = under(() => (proto.note = 'inherited'), 'note')
    expect(got.map(asVersion1).map(String)).toEqual(want.map(String))
    expect(got[0]!.equals(before[0]!)).toBe(true)
    // a toJSON on every object (not enumerable): each object is what its toJSON gives
    const [got2, want2] = under(() => Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'json', configurable: true, writable: true }), 'toJSON')
    expect(got2.map(asVersion1).map(String)).toEqual(want2.map(String))
    expect(String(got2[0])).toBe('[2,"json"]')
  })

  it('when a toJSON encodes another sheet while the first is being written', () => {
    const inner = (encode: (v: unknown) => Buffer) => ({ ...sheet, firstRating: { toJSON: () => encode(sheet).toString('utf8') }, notes: [{ toJSON: () => encode(generated[1]).length }] })
    expect(encodeV1(inner(encodeV1)).equals(referenceEncodeSheet(inner(referenceEncodeSheet)))).toBe(true)
  })
})

describe('decoding gives what JSON gives', () => {
  it('for every generated sheet, and each changed one thing at a time', () => {
    for (const s of generated) expect(decodeSheet(encodeSheet(s))).toStrictEqual(viaJson(s))
    const r = rng(43)
    for (let i = 0; i < 2000; i++) {
      const v = mutated(r, generated[r.int(generated.length)])
      const back = decodeSheet(encodeSheet(v))
      expect(back).toStrictEqual(viaJson(v))
      expect(JSON.stringify(back)).toBe(JSON.stringify(v))
    }
  })
})
