// `rating-office period`: a batch of calc documents rated in the worker job, as a script runs it.
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { tempDir } from '../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function period(stdin: string) {
  const r = spawnSync('npx', ['tsx', 'src/main/cli/main.ts', 'period', '--db', tmp.file('office.db')], { input: stdin, encoding: 'utf8', timeout: 150_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('rating-office period', { timeout: 120_000 }, () => {
  it('rates every player of the batch in the worker', () => {
    const items = [
      { player: { rating: 2000, k: 20 }, tournaments: [{ start: '2025-01-10', games: [{ opponentRating: 2000, score: 1 }, { opponentRating: 2100, score: 0.5 }] }] },
      { player: { rating: null }, tournaments: [{ start: '2025-02-01', games: [[1900, 1], [1901, 1], [1902, 1], [1902, 0], [1902, 0]].map(([opponentRating, score]) => ({ opponentRating, score })) }] }
    ]
    const r = period(JSON.stringify(items))
    expect(r.code, r.err).toBe(0)
    const out = JSON.parse(r.out)
    expect([out.players, out.games]).toEqual([2, 7])
    expect(out.results[0]).toMatchObject({ change: 13, newRating: 2013, k: 20 })
    expect(out.results[1].initial.ru).toBe(1922)
  })

  it('exits 1 with the index of a bad item, and the line and column of bad JSON', () => {
    const bad = period(JSON.stringify([{ player: { rating: 2000 }, tournaments: [] }]))
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('Period item 0: tournaments')
    const broken = period('[\n {"player": }\n]')
    expect(broken.code).toBe(1)
    expect(broken.err).toContain('stdin: line 2, column 13: invalid JSON')
  })
})
