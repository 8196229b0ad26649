// The stored form of a calculation sheet: the compact form gives back exactly what JSON gave (keys, order, values),
// whatever the object holds; the deflated JSON of older databases is still read.
import { describe, expect, it } from 'vitest'
import { deflateSync } from 'node:zlib'
import { decodeSheet, encodeSheet } from '../../../../src/main/core/lists/sheet-codec'

/** What the old form stored and gave back: JSON of the sheet. */
const viaJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v))

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
    expect(() => decodeSheet(Buffer.from('[2,[0]]'))).toThrow(/unknown stored version 2/)
    expect(() => decodeSheet(Buffer.from('[1,[99,1]]'))).toThrow(/unknown shape 99/)
  })
})
