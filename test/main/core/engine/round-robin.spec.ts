// The ten-player round robin of 2005 § 10.54 and 2010 § 8.58 (seeds 000 and 002), with the printed inconsistencies pinned.
import { describe, expect, it } from 'vitest'
import { rateTournament } from '../../../../src/main/core/engine/tournament'
import { rateRatedTournament } from '../../../../src/main/core/engine/rated'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { fromHundredths } from '../../../../src/main/core/engine/rounding'
import { crosstable } from './helpers'

// Scores A 8, B 7, C 7, D 6, E 6, F 4, G 3, H 2, I 1, J 1 (any crosstable with these totals gives the same figures).
const ROWS = ['x111111110', '0x11011111', '00x1111111', '000x111111', '0100x11111', '00000x1111', '000000x111', '0000000x11', '00000000x1', '100000000x']
const PLAYERS = [
  { name: 'A', rating: 2600 }, { name: 'B', rating: 2500 }, { name: 'C', rating: null }, { name: 'D', rating: 2400 }, { name: 'E', rating: null },
  { name: 'F', rating: 2150 }, { name: 'G', rating: 2300 }, { name: 'H', rating: null }, { name: 'I', rating: null }, { name: 'J', rating: 2300 }
]
const field = crosstable(PLAYERS, ROWS)
const byName = (res: ReturnType<typeof rateTournament>, n: string) => res.players.find((p) => p.name === n)!

describe('2005 § 10.54: round robin with four unrated players', () => {
  const res = rateTournament({ edition: 'fide-2005', start: '2006-05-01', system: 'round-robin', players: field })
  it('gives Rar 2375, dpa 29.5, Ra 2348 and the first-pass Ru 2411/2386/2150/2032', () => {
    const ra = res.notes.map((n) => n.text).join('\n')
    expect(ra).toContain('= 2375')
    expect(ra).toContain('= 29.5')
    for (const n of ['C', 'E', 'H', 'I']) expect(byName(res, n).notes[0]!.text).toContain('→ 2348')
    expect(byName(res, 'C').notes[1]!.text).toContain('2348 + 5 × 12.5 = 2410.5') // → 2411
    expect(byName(res, 'E').notes[1]!.text).toContain('2348 + 3 × 12.5 = 2385.5') // → 2386
    expect(byName(res, 'H').notes[1]!.text).toContain('2348 + (-220) × 0.9 = 2150')
    expect(byName(res, 'I').notes[1]!.text).toContain('2348 + (-351) × 0.9 = 2032.1') // → 2032
  })
  it('gives Rc(new)/Ru(new) C 2351/2414, E 2348/2386, H 2337/2139, I 2305/1989', () => {
    const expected: Record<string, [number, number]> = { C: [2351, 2414], E: [2348, 2386], H: [2337, 2139], I: [2305, 1989] }
    for (const [n, [rc, ru]] of Object.entries(expected)) {
      const p = byName(res, n)
      expect(p.ru).toBe(ru)
      expect(p.notes.at(-1)!.text).toContain(`→ ${rc}; Ru(new) = ${ru}`)
    }
  })
  it('counts I at 2061 for C and at 2382 for A, B, C, D, E (350-point cap around Ru)', () => {
    expect(byName(res, 'C').notes.at(-1)!.text).toContain('2032 counted 2061')
    const i = byName(res, 'I').notes.at(-1)!.text
    for (const r of [2600, 2500, 2411, 2400, 2386]) expect(i).toContain(`${r} counted 2382`)
  })
})

describe('2010 § 8.58: the same round robin under 2010 rules (400 cap, +15)', () => {
  const res = rateTournament({ edition: 'fide-2010', start: '2011-05-01', system: 'round-robin', players: field })
  it('gives Ru(new) C 2423, E 2393, H 2144 (Rc 2342), I 2006 (Rc 2322)', () => {
    expect(['C', 'E', 'H', 'I'].map((n) => byName(res, n).ru)).toEqual([2423, 2393, 2144, 2006])
    expect(byName(res, 'H').notes.at(-1)!.text).toContain('→ 2342;')
    expect(byName(res, 'I').notes.at(-1)!.text).toContain('→ 2322;')
    expect(byName(res, 'H').notes.at(-1)!.text).toContain('2600 counted 2550')
  })
  it('records that the prose "2348 + 5 × 12.5 = 2411" is the old rule: § 8.23 gives 2348 + 5 × 15 = 2423', () => {
    expect(byName(res, 'C').notes[1]!.text).toContain('2348 + 5 × 15 = 2423')
  })
  it('rates the rated players with Ru(new), as the text says (§ 8.58 "R_u (nouveau)")', () => {
    const got = ['A', 'B', 'D', 'F', 'G', 'J'].map((n) => [byName(res, n).we, byName(res, n).k, byName(res, n).kChg])
    expect(got).toEqual([
      [7.36, 10, 6.4],
      [6.48, 10, 5.2],
      [5.4, 10, 6],
      [2.55, 15, 21.75],
      [4.21, 15, -18.15],
      [4.21, 15, -48.15]
    ])
  })
  it('pins the printed We/K·chg, which used the first-pass Ru column (2411, 2386, 2150, 2032): A 7.38/+6.2 … J 4.21/−48.15', () => {
    const e = builtinEdition('fide-2010')!
    const firstPass: Record<string, number> = { C: 2411, E: 2386, H: 2150, I: 2032 }
    const ratingOf = (i: number) => PLAYERS[i]!.rating ?? firstPass[PLAYERS[i]!.name]!
    const printed: Record<string, [number, number, number]> = { A: [7.38, 10, 6.2], B: [6.5, 10, 5.0], D: [5.4, 10, 6.0], F: [2.52, 15, 22.2], G: [4.21, 15, -18.15], J: [4.21, 15, -48.15] }
    for (const [name, [we, k, kChg]] of Object.entries(printed)) {
      const i = PLAYERS.findIndex((p) => p.name === name)
      const games = field[i]!.rounds.map((r) => ({ opponentRating: ratingOf(r.opponent! - 1), score: r.code === '1' ? 1 : r.code === '=' ? 0.5 : 0 }))
      const t = rateRatedTournament(e, PLAYERS[i]!.rating!, games, { start: '2011-05-01' })
      expect([fromHundredths(t.we), fromHundredths(k * t.chg)]).toEqual([we, kChg])
    }
  })
})

describe('iteration until stable (2014 onward, regulations.md § 4.2)', () => {
  it('stops when no Ru changes, and a further pass would change nothing', () => {
    const res = rateTournament({ edition: 'fide-2014', start: '2015-05-01', system: 'round-robin', players: field })
    const last = res.notes.at(-1)!.text
    expect(last).toMatch(/iterative method: \d+ pass\(es\), stable/)
    const passes = Number(/(\d+) pass/.exec(last)![1])
    expect(passes).toBeGreaterThan(1)
    const e = builtinEdition('fide-2014')!
    const more = rateTournament({ edition: { ...e, roundRobin: { ...e.roundRobin, iterationPasses: passes + 3 } }, start: '2015-05-01', system: 'round-robin', players: field })
    expect(more.players.map((p) => p.ru)).toEqual(res.players.map((p) => p.ru))
    // and the single pass of 2010 differs from the stable figures (I keeps falling as more opponents are capped)
    const one = rateTournament({ edition: { ...e, roundRobin: { ...e.roundRobin, iterationPasses: 1 } }, start: '2015-05-01', system: 'round-robin', players: field })
    expect(byName(one, 'I').ru).toBeGreaterThan(byName(res, 'I').ru!)
  })
  it('treats a round robin with an unplayed game as a Swiss (2005 § 6.43): unrated opponents then do not count', () => {
    const rows = [...ROWS]
    rows[0] = 'x11111111+'
    rows[9] = '-00000000x'
    const res = rateTournament({ edition: 'fide-2010', start: '2011-05-01', system: 'round-robin', players: crosstable(PLAYERS, rows) })
    expect(res.system).toBe('swiss')
    expect(res.treatedAsSwiss).toBe(true)
    const a = byName(res, 'A')
    expect(a.n).toBe(4) // B, D, F, G; J was a forfeit, C E H I unrated
  })
})

describe('other round-robin shapes', () => {
  it('2024: unrated players rated from rated opponents with two virtual 1800 draws; rated players count rated opponents only', () => {
    const res = rateTournament({ edition: 'fide-2024', start: '2025-05-01', system: 'round-robin', players: field })
    // C: 3 rated wins (D, F, G, J → 4) and losses to A, B: 4/6 vs 2600+2500+2400+2150+2300+2300 = 14250
    const c = byName(res, 'C')
    expect([c.n, c.w]).toEqual([6, 4])
    // Ra = (14250 + 3600) / 8 = 2231.25; p = 5/8 = .625 → .63 → 95; Ru 2326.25 → 2326, at most 2200
    expect(c.ru).toBe(2200)
    expect(byName(res, 'A').n).toBe(5)
  })
  it('gives no event rating when no rated player took part', () => {
    const res = rateTournament({ edition: 'fide-2010', start: '2011-05-01', system: 'round-robin', players: crosstable([{ name: 'X', rating: null }, { name: 'Y', rating: null }, { name: 'Z', rating: null }], ['x1=', '0x1', '=0x']) })
    expect(res.players.map((p) => p.ru)).toEqual([null, null, null])
    expect(res.notes[0]!.text).toContain('no rated player')
  })
})

describe('a player published after the start (2005 § 10.4, 2010 § 8.4)', () => {
  it('is rated with his new rating, and his opponents still count him as unrated (at his Ru)', () => {
    const base = rateTournament({ edition: 'fide-2010', start: '2011-05-01', system: 'round-robin', players: field })
    const res = rateTournament({ edition: 'fide-2010', start: '2011-05-01', system: 'round-robin', players: field, laterRatings: new Map([[3, 2410]]) })
    const c = byName(res, 'C')
    expect(c).toMatchObject({ rating: 2410, ru: 2423, n: 9, w: 7, k: 30 })
    // opponents' figures are unchanged: C is still unrated for them
    expect(byName(res, 'A')).toMatchObject({ we: byName(base, 'A').we, kChg: byName(base, 'A').kChg })
    expect(['E', 'H', 'I'].map((n) => byName(res, n).ru)).toEqual([2393, 2144, 2006])
    expect(c.notes.some((x) => x.text.includes('published 2410 since'))).toBe(true)
  })
})
