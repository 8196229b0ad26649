// Property tests (fast-check): generated tournaments survive write → read; mutated real files never crash the reader.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { ResultCode, RoundEntry, TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import { readTrf, writeTrf, type TrfHeader } from '../../../../src/main/core/trf/index'
import { REAL_DIR, essence, fixtureBytes, listFixtures } from './fixtures'

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüßéèñçłąęśżźćńřčšžťďůěáíóúýÄÖÜÉŁŚŻČŘŠŽ'
const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 10 }).map((a) => a.join(''))
const name = fc.tuple(word, word).map(([a, b]) => `${a[0].toUpperCase()}${a.slice(1)}, ${b[0].toUpperCase()}${b.slice(1)}`.slice(0, 33).trim())
const isoDate = fc.date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
const GAMES: [ResultCode, ResultCode][] = [['1', '0'], ['0', '1'], ['=', '='], ['+', '-'], ['-', '+'], ['-', '-'], ['W', 'L'], ['L', 'W'], ['D', 'D']]
const BYES: ResultCode[] = ['H', 'F', 'U', 'Z', '-', '+']
/** Codes a player may write against each code of his opponent (the reader's rule, restated for the property). */
const MIRROR_OK: Partial<Record<ResultCode, ResultCode[]>> = { '1': ['0'], '0': ['1'], '=': ['='], W: ['L'], L: ['W'], D: ['D'] }

const playerFacts = fc.record({
  fideId: fc.option(fc.integer({ min: 1, max: 99999999999 }).map(String), { nil: null }),
  name,
  sex: fc.constantFrom<'M' | 'F' | null>('M', 'F', null),
  title: fc.constantFrom(null, 'GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'),
  federation: fc.option(fc.constantFrom('FRA', 'GER', 'POL', 'CZE', 'ESP', 'IRL'), { nil: null }),
  birth: fc.option(fc.oneof(isoDate, fc.integer({ min: 1930, max: 2020 }).map(String)), { nil: null }),
  rating: fc.option(fc.integer({ min: 1000, max: 2900 }), { nil: null })
})

/** A tournament whose pairings are symmetric: each round pairs a shuffled field, the odd one out gets a bye. */
const tournament = fc.integer({ min: 2, max: 24 }).chain((n) =>
  fc.record({
    facts: fc.array(playerFacts, { minLength: n, maxLength: n }),
    rounds: fc.array(fc.tuple(fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), fc.array(fc.constantFrom(...GAMES), { minLength: n, maxLength: n }), fc.constantFrom(...BYES)), { minLength: 0, maxLength: 9 }),
    header: fc.record({ name: word, city: fc.option(word, { nil: null }), startDate: isoDate, days: fc.integer({ min: 0, max: 20 }), chief: fc.tuple(fc.constantFrom(null, 'IA', 'FA'), word, fc.option(fc.integer({ min: 10000, max: 99999999 }).map(String), { nil: null })) })
  })
)

type Generated = typeof tournament extends fc.Arbitrary<infer T> ? T : never

function build(t: Generated) {
  const n = t.facts.length
  const rounds: RoundEntry[][] = Array.from({ length: n }, () => [])
  t.rounds.forEach(([order, games, bye], r) => {
    for (let k = 0; k + 1 < order.length; k += 2) {
      const [a, b] = [order[k], order[k + 1]]
      const [ca, cb] = games[k]
      rounds[a].push({ round: r + 1, opponent: b + 1, color: 'w', code: ca })
      rounds[b].push({ round: r + 1, opponent: a + 1, color: 'b', code: cb })
    }
    if (order.length % 2 === 1) rounds[order[order.length - 1]].push({ round: r + 1, opponent: null, color: null, code: bye })
  })
  const players: TournamentPlayer[] = t.facts.map((f, i) => ({ startRank: i + 1, ...f, points: null, rank: null, rounds: rounds[i] }))
  const end = new Date(Date.parse(t.header.startDate) + t.header.days * 86400000).toISOString().slice(0, 10)
  const [title, chief, id] = t.header.chief
  const header: TrfHeader = { ...emptyHeader(), name: t.header.name, city: t.header.city, startDate: t.header.startDate, endDate: end, arbiters: [{ role: 'chief', title, name: chief, fideId: id }], timeControl: '90+30', declaredRounds: t.rounds.length || null }
  return { header, players }
}

describe('properties', () => {
  it('a generated tournament written (TRF16 and TRF26) and read back is the same', () => {
    fc.assert(
      fc.property(tournament, (t) => {
        const original = build(t)
        for (const format of ['TRF16', 'TRF26'] as const) {
          const back = readTrf(writeTrf(original, { format }).bytes, 'generated.trf')
          expect(back.findings.filter((f) => f.fatal)).toEqual([])
          const a = essence(original, format)
          const b = essence(back, format)
          if (format === 'TRF26' && original.header.declaredRounds === null) b.header.declaredRounds = null
          // rounds left blank for everybody at the end are not rounds of the file
          expect(b).toEqual({ ...a, header: { ...a.header, roundDates: [] } })
        }
      }),
      { numRuns: 150 }
    )
  })

  it('changing one side of one played game is always caught as a located, grouped fatal finding', () => {
    fc.assert(
      fc.property(tournament, fc.nat(), fc.constantFrom<ResultCode>('1', '0', '=', 'W', 'L', 'D'), (t, pick, code) => {
        const original = build(t)
        const games = original.players.flatMap((p) => p.rounds.filter((r) => r.opponent !== null).map((r) => ({ p, r })))
        fc.pre(games.length > 0)
        const { p, r } = games[pick % games.length]!
        const other = original.players[r.opponent! - 1]!.rounds[r.round - 1]!
        fc.pre(code !== r.code && !(MIRROR_OK[code] ?? []).includes(other.code))
        r.code = code
        const back = readTrf(writeTrf(original, { format: 'TRF16' }).bytes, 'corrupted.trf')
        const fatal = back.findings.filter((f) => f.fatal)
        expect(fatal.length).toBeGreaterThan(0)
        const f = fatal.find((x) => x.code === 'trf.round.incompatibleResult')!
        expect(f.group).toBe(`round ${r.round}`)
        expect([f.params.a, f.params.b].sort()).toEqual([p.startRank, r.opponent].sort())
        expect(f.location.line).not.toBeNull()
      }),
      { numRuns: 150 }
    )
  })

  it('random byte mutations of real files never throw and always locate what they report', () => {
    const files = listFixtures(REAL_DIR).map((f) => fixtureBytes(REAL_DIR, f))
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: files.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'delete', 'insert')), { minLength: 1, maxLength: 40 }),
        (which, edits) => {
          const bytes = Array.from(files[which])
          for (const [pos, value, op] of edits) {
            const i = pos % Math.max(1, bytes.length)
            if (op === 'set') bytes[i] = value
            else if (op === 'delete') bytes.splice(i, 1)
            else bytes.splice(i, 0, value)
          }
          const t = readTrf(Uint8Array.from(bytes), 'mutated.trf')
          for (const f of t.findings) {
            expect(f.location.file).toBe('mutated.trf')
            if (f.location.line !== null) expect(f.location.line).toBeGreaterThan(0)
          }
        }
      ),
      { numRuns: 300 }
    )
  })
})
