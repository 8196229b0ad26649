// The demo federation: the bundle in resources/demo is what the seeded generator writes, and loading it into an empty
// database makes the checks fire on the problems it was built to carry (an unlicensed arbiter, four rounds on one
// day, a time control too short for the strongest player, a late report, a misspelt name, a duplicate).
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { generateDemo } from '../../../../src/main/core/demo/generate'
import { generateDemoBundle } from '../../../../src/main/core/demo/fide-list'
import { demoDir, loadDemo, readDemoManifest } from '../../../../src/main/core/demo/load'
import { openDatabase } from '../../../../src/main/core/db/open'
import { scanDuplicates } from '../../../../src/main/core/registry/duplicates'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function activeCodes(db: ReturnType<typeof openDatabase>, id: number): Record<string, number> {
  const rows = db.prepare('SELECT code, count(*) AS n FROM tournament_findings WHERE tournament_id = ? AND active = 1 GROUP BY code').all(id) as { code: string; n: number }[]
  return Object.fromEntries(rows.map((r) => [r.code, r.n]))
}

describe('demo federation bundle', () => {
  it('is exactly what the seeded generator writes (run `npx tsx scripts/demo-federation.ts` after changing it)', () => {
    // FIDE's next list comes from a run of the month on a scratch database: run twice, the same bytes
    const a = generateDemoBundle()
    const b = generateDemoBundle()
    expect([...a.files.entries()]).toEqual([...b.files.entries()])
    const dir = demoDir()
    const onDisk = [...readdirSync(dir).filter((f) => f !== 'reports'), ...readdirSync(join(dir, 'reports')).map((f) => `reports/${f}`)].sort()
    expect(onDisk).toEqual([...a.files.keys()].sort())
    for (const [name, text] of a.files) expect(readFileSync(join(dir, name), 'utf8'), name).toBe(text)
  })

  it('holds a few hundred players with diacritics, titles, ages and some unrated, and eight arbiters', () => {
    const { players, arbiters } = generateDemo()
    expect(players).toHaveLength(321)
    expect(players.filter((p) => /[^\x20-\x7e]/.test(p.surname + p.givenNames)).length).toBeGreaterThan(100)
    expect(players.filter((p) => p.title === 'GM')).toHaveLength(3)
    expect(players.filter((p) => p.standard === null).length).toBeGreaterThan(10)
    expect(Math.min(...players.map((p) => p.birthYear))).toBeLessThan(1960)
    expect(Math.max(...players.map((p) => p.birthYear))).toBeGreaterThan(2012)
    expect(arbiters.filter((a) => a.licenceCategory === null && a.status === 'inactive')).toHaveLength(1)
  })
})

describe('loading the demo federation', () => {
  const file = tmp.file('demo.db')
  const db = openDatabase(file)
  afterAll(() => db.close())

  it('imports both national lists, the arbiters and five reports, each checked', async () => {
    const steps: string[] = []
    const res = await loadDemo(db, { progress: (_d, _t, m) => steps.push(m) })
    expect(res.players).toBe(321)
    expect(res.lists.map((l) => l.ratingType)).toEqual(['standard', 'rapid'])
    expect(res.arbiters).toBe(8)
    expect(res.reports.map((r) => r.tournamentId)).toEqual([1, 2, 3, 4, 5])
    expect(steps.at(-1)).toBe('done')
    expect(db.prepare("SELECT count(*) FROM tournaments WHERE status = 'checked'").pluck().get()).toBe(5)
  })

  it('fires on each report the finding it was built to carry', () => {
    const m = readDemoManifest()
    const ids = db.prepare('SELECT id FROM tournaments ORDER BY id').pluck().all() as number[]
    m.reports.forEach((r, i) => {
      const codes = activeCodes(db, ids[i]!)
      for (const code of r.expect) expect(codes[code], `${r.file}: ${code}`).toBeGreaterThan(0)
    })
    // the round robin's chief arbiter has no licence; the juniors played four rounds of 90′/40 + 30′ + 30″ on the
    // Saturday: 150 minutes a side for 60 moves, 5 hours a game, 20 hours (2014 § 3.1: at most 12)
    expect(activeCodes(db, 4)['check.arbiters.unlicensed']).toBe(1)
    const hours = db.prepare("SELECT params FROM tournament_findings WHERE tournament_id = 5 AND code = 'check.schedule.hoursPerDay'").pluck().get() as string
    expect(JSON.parse(hours)).toMatchObject({ date: '2025-09-20', count: 4, hours: 20, max: 12 })
    // 60′ + 30″ is 90 minutes for 60 moves: the GM's five games need 120 (2022 thresholds, kept in 2024)
    expect(activeCodes(db, 3)['check.timeControl.gameBelowMinimum']).toBe(5)
    // the rapid report reached the office twelve days after its end (7 allowed)
    const late = db.prepare("SELECT params FROM tournament_findings WHERE tournament_id = 2 AND code = 'check.deadline.report'").pluck().get() as string
    expect(JSON.parse(late)).toMatchObject({ daysAfter: 12, allowed: 7 })
  })

  it('lets the duplicate scan find the junior registered twice', () => {
    const res = scanDuplicates(db)
    // the junior registered twice is the demo's one pair alike enough to be a candidate
    expect(res.candidatesAdded).toBe(1)
    const { players } = generateDemo()
    const twin = players.at(-1)!
    const pair = db
      .prepare("SELECT count(*) FROM duplicate_candidates d JOIN players a ON a.id = d.player_a JOIN players b ON b.id = d.player_b WHERE a.surname = ? AND b.surname = ? AND a.given_names = b.given_names")
      .pluck()
      .get(twin.surname, twin.surname)
    expect(pair).toBe(1)
  })

  it('refuses a database that already holds an office', async () => {
    await expect(loadDemo(db)).rejects.toMatchObject({ key: 'demo.notEmpty' })
  })
})
