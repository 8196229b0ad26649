// `rating-office calc` as scripts run it: JSON on stdin, JSON out; located errors with exit 1, usage errors exit 2.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { parseCalcDocument } from '../../../src/main/cli/commands/rating'

function calc(stdin: string, args: string[] = []) {
  const r = spawnSync('npx', ['tsx', 'src/main/cli/main.ts', 'calc', ...args], { input: stdin, encoding: 'utf8', timeout: 150_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('rating-office calc (spawned)', { timeout: 120_000 }, () => {
  it("prints the period of a 2813 player under 2024 rules: the 2650 exemption, K 10, change rounded 0.5 away from zero", () => {
    const input = {
      player: { rating: 2813, k: 10 },
      tournaments: [{ name: 'Open', start: '2025-11-07', end: '2025-11-09', games: [{ opponentRating: 2205, score: 0.5 }, { opponentRating: 2700, score: 1 }, { opponentRating: null, score: 1 }] }]
    }
    const r = calc(JSON.stringify(input))
    expect(r.code).toBe(0)
    const out = JSON.parse(r.out)
    expect(out.tournaments[0]).toMatchObject({ name: 'Open', edition: 'fide-2024', rating: 2813, k: 10, n: 2, w: 1.5, we: 1.63, chg: -0.13, kChg: -1.3 })
    // 2813 − 2205 = 608, not capped (rated ≥ 2650 after 1 Oct 2025): row 560–619 → .98
    expect(out.tournaments[0].games[0]).toMatchObject({ opponentRating: 2205, ratingUsed: 2205, capped: false, pd: 0.98, score: 0.5, chg: -0.48, kChg: -4.8 })
    expect(out.tournaments[0].games[2]).toMatchObject({ opponentRating: null, counted: false })
    expect([out.change, out.newRating]).toEqual([-1, 2812])
  })

  it('gives the 2024 first rating of an unrated player (1922)', () => {
    const games = [[1900, 1], [1901, 1], [1902, 1], [1902, 0], [1902, 0]].map(([opponentRating, score]) => ({ opponentRating, score }))
    const r = calc(JSON.stringify({ player: { rating: null }, tournaments: [{ start: '2025-02-01', games }] }))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).initial).toMatchObject({ ra: 1872.43, p: 0.57, dp: 50, ru: 1922, games: 5, published: true })
  })

  it('exits 1 with the line and column of invalid JSON', () => {
    const r = calc('{\n  "player": { "rating": 2000 },\n  "tournaments": [ }\n}')
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/stdin: line 3, column \d+: invalid JSON/)
    expect(r.out).toBe('')
  })

  it('exits 1 with the JSON path, what was found and what was expected for a schema error', () => {
    const r = calc(JSON.stringify({ player: { rating: 2000 }, tournaments: [{ start: '2025-13', games: [{ opponentRating: 2100, score: 0.25 }] }] }))
    expect(r.code).toBe(1)
    expect(r.err).toContain('stdin: $.tournaments[0].start: expected a date as YYYY-MM-DD (found "2025-13")')
    expect(r.err).toContain('$.tournaments[0].games[0].score')
  })

  it('exits 2 on a usage error', () => {
    expect(calc('{}', ['--frobnicate']).code).toBe(2)
  })
})

describe('parseCalcDocument', () => {
  it('reports a missing field with its path', () => {
    expect(() => parseCalcDocument('{"tournaments":[]}', 'in.json')).toThrow(/in\.json: \$\.player: .*\(missing\)/)
  })
})
