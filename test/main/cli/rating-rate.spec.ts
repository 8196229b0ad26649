// `rating-office rate FILE.trf`: the ten-player round robin of 2010 § 8.58 from a TRF file, ratings as written or from --db.
import { afterAll, describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { openDatabase } from '../../../src/main/core/db/open'
import { tempDir } from '../../helpers/temp-db'
import { roundRobinTrf } from './trf-writer'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const ROWS = ['x111111110', '0x11011111', '00x1111111', '000x111111', '0100x11111', '00000x1111', '000000x111', '0000000x11', '00000000x1', '100000000x']
const RATINGS = [2600, 2500, null, 2400, null, 2150, 2300, null, null, 2300]
const file = tmp.file('ten.trf')
writeFileSync(file, roundRobinTrf('Ten players', '2011-05-01', 'Round robin', RATINGS.map((rating, i) => ({ name: `Player ${'ABCDEFGHIJ'[i]}`, rating, fideId: 900001 + i, results: ROWS[i]!.split('') }))))

function rate(args: string[]) {
  const r = spawnSync('npx', ['tsx', 'src/main/cli/main.ts', 'rate', ...args], { encoding: 'utf8', timeout: 150_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}
type Row = { startRank: number; name: string; rating: number | null; ru: number | null; n: number; w: number; we: number | null; k: number | null; kChg: number | null }

describe('rating-office rate', { timeout: 180_000 }, () => {
  it('rates the 2010 § 8.58 round robin read from the file: edition by start date, system from 092, Ru(new) and rated changes', () => {
    const r = rate([file, '--json'])
    expect(r.code, r.err).toBe(0)
    const out = JSON.parse(r.out) as { edition: string; system: string; players: Row[] }
    expect([out.edition, out.system]).toEqual(['fide-2010', 'round-robin'])
    const by = (n: string) => out.players.find((p) => p.name === `Player ${n}`)!
    expect(['C', 'E', 'H', 'I'].map((n) => by(n).ru)).toEqual([2423, 2393, 2144, 2006])
    expect(by('A')).toMatchObject({ startRank: 1, rating: 2600, ru: null, n: 9, w: 8, we: 7.36, k: 10, kChg: 6.4 })
    expect(by('C')).toMatchObject({ rating: null, n: 9, w: 7, we: null, k: null, kChg: null })
  })

  it('follows --edition and --system (a Swiss counts rated opponents only)', () => {
    const r05 = JSON.parse(rate([file, '--json', '--edition', 'fide-2005']).out) as { players: Row[] }
    expect(r05.players.filter((p) => p.rating === null).map((p) => p.ru)).toEqual([2414, 2386, 2139, 1989])
    const sw = JSON.parse(rate([file, '--json', '--system', 'swiss']).out) as { system: string; players: Row[] }
    expect(sw.system).toBe('swiss')
    expect(sw.players[0]).toMatchObject({ n: 5, w: 4 })
  })

  it('takes ratings and K from the list in force at the start with --db', () => {
    const dbPath = tmp.file('office.db')
    const db = openDatabase(dbPath)
    const ins = db.prepare("INSERT INTO players (fide_id, surname, name_folded) VALUES (?, ?, ?)")
    for (let i = 0; i < 10; i++) ins.run(900001 + i, `Player ${'ABCDEFGHIJ'[i]}`, `player ${'abcdefghij'[i]}`)
    const list = (date: string) => Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(date).lastInsertRowid)
    const early = list('2011-03-01')
    const late = list('2011-07-01')
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, k) VALUES (?, (SELECT id FROM players WHERE fide_id = ?), ?, ?)')
    // on the list in force: A is 2610 with K 15 printed; the later list must not be used
    entry.run(early, 900001, 2610, 15)
    entry.run(early, 900002, 2500, 10)
    entry.run(late, 900001, 2700, 10)
    entry.run(late, 900003, 2380, 40)
    db.close()
    const r = rate([file, '--json', '--db', dbPath])
    expect(r.code, r.err).toBe(0)
    const out = JSON.parse(r.out) as { players: Row[] }
    expect(out.players[0]).toMatchObject({ rating: 2610, k: 15 })
    expect(out.players[1]).toMatchObject({ rating: 2500, k: 10 })
    // players missing from the list in force are unrated there; C (900003), published on the later list, is rated
    // with that rating for himself (§ 8.4) and keeps an event rating for his opponents
    expect(out.players[3]).toMatchObject({ rating: null })
    expect(out.players[2]!.rating).toBe(2380)
    expect(out.players[2]!.ru).not.toBeNull()
  })

  it('rates a stored tournament with --tournament through the tournaments:rate call, same figures as the file with --db', () => {
    const dbPath = tmp.file('office.db') // the lists of the test above
    const imp = spawnSync('npx', ['tsx', 'src/main/cli/main.ts', '--db', dbPath, '--json', 'tournaments', 'import', file], { encoding: 'utf8', timeout: 150_000 })
    expect(imp.status, imp.stderr).toBe(0)
    const id = (JSON.parse(imp.stdout) as { tournamentId: number }[])[0]!.tournamentId
    const r = rate(['--tournament', String(id), '--db', dbPath, '--json'])
    expect(r.code, r.err).toBe(0)
    const out = JSON.parse(r.out) as { tournamentId: number; edition: string; list: { listDate: string }; players: (Row & { ratingFrom: string; games: { round: number; counted: boolean; reason: { code: string } | null }[] })[] }
    expect([out.tournamentId, out.edition, out.list.listDate]).toEqual([id, 'fide-2010', '2011-03-01'])
    expect(out.players[0]).toMatchObject({ rating: 2610, ratingFrom: 'list', k: 15 })
    // C (900003) unrated at the start, published on the later list: rated with it for himself (2010 § 8.4)
    expect(out.players[2]).toMatchObject({ rating: 2380, ratingFrom: 'publishedSince' })
    // D (900004) is on no list: unrated, his nine games are counted only against rated opponents for his Ru
    expect(out.players[3]!.games.filter((g) => g.counted).length).toBe(out.players[3]!.n)
    const text = rate(['--tournament', String(id), '--db', dbPath])
    expect(text.out.split('\n')[0]).toBe('edition fide-2010, round-robin; ratings from the reference list of 2011-03-01')
    expect(rate(['--tournament', 'x', '--db', dbPath]).code).toBe(2)
  })

  it('needs a start date: from 042, else the round dates, else --start', () => {
    const undated = tmp.file('undated.trf')
    writeFileSync(undated, readFileSync(file, 'utf8').split('\n').filter((l) => !/^0[45]2 /.test(l)).join('\n'))
    const r = rate([undated, '--json'])
    expect(r.code).toBe(1)
    expect(r.err).toContain('give one with --start YYYY-MM-DD')
    const ok = rate([undated, '--json', '--start', '2006-05-01'])
    expect(ok.code, ok.err).toBe(0)
    expect(JSON.parse(ok.out).edition).toBe('fide-2005')
    expect(rate([undated, '--start', '2006-5-1']).code).toBe(2)
  })

  it('refuses a missing file with exit 1 and a bad --system with exit 2', () => {
    expect(rate([tmp.file('nope.trf')]).code).toBe(1)
    expect(rate([file, '--system', 'knockout']).code).toBe(2)
  })
})
