// The base lines as a list's generation reads them (readBaseLinesExcept): a player's registry facts come with his
// line only when they differ from it, which SQL now decides for most rows (FACTS_AS_LINE). Integration test on a real
// temporary database: every combination of facts against the comparison the generation makes (differingFacts), which
// the read must give exactly.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { readBaseLinesExcept, type BaseListRef } from '../../../../src/main/core/data/base-list'
import { birthYearOf } from '../../../../src/main/core/lists/generate'
import type { BaseEntry, PlayerFacts } from '../../../../src/main/core/lists/types'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

// registry birth date, the line's birth year
const births: [string | null, number | null][] = []
for (const date of [null, '', '1990', '1990-05-01', '0199-01-01', '199a-01-01', '1800-01-01', '1801-02-03', '１９９０-01-01', ' 1990-01-01'])
  for (const year of [null, 1990, 1800, 199, 1801]) births.push([date, year])
// [registry, line] for sex, title, federation
const sexes: ['M' | 'F' | null, 'M' | 'F' | null][] = [[null, null], ['M', 'M'], ['M', 'F'], [null, 'F'], ['F', null]]
const titles: [string | null, string | null][] = [[null, null], ['GM', 'GM'], ['GM', null], [null, 'IM'], ['WGM', 'WIM']]
const feds: [string | null, string | null][] = [['FRA', 'FRA'], ['FRA', 'GER'], [null, 'FRA'], ['FRA', null], ['CÔT', 'CÔT'], ['CÔT', 'COT']]

describe('readBaseLinesExcept: the registry facts of a line', () => {
  it('gives a player’s facts exactly when the registry differs from his line, for every combination', () => {
    const db = openDatabase(tmp.file('lines.db'))
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (1, 'reference', '2025-10-01', 'standard', 'FIDE', 'reference')").run()
    const player = db.prepare('INSERT INTO players (id, surname, given_names, name_folded, sex, title, federation, birth_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex) VALUES (1, ?, ?, 0, 20, NULL, ?, ?, ?, ?)')
    type Case = { id: number; registry: Omit<PlayerFacts, 'playerId'>; line: { title: string | null; federation: string | null; birthYear: number | null; sex: 'M' | 'F' | null }; rating: number | null }
    const cases: Case[] = []
    let id = 0
    db.transaction(() => {
      for (const [birthDate, birthYear] of births)
        for (const [pSex, eSex] of sexes)
          for (const [pTitle, eTitle] of titles)
            for (const [pFed, eFed] of feds) {
              id++
              // every seventh line without a rating: listed only when titled (the line's title or the registry's)
              const rating = id % 7 === 0 ? null : 1500 + (id % 900)
              player.run(id, `P${id}`, '', `p${id}`, pSex, pTitle, pFed, birthDate)
              entry.run(id, rating, eTitle, eFed, birthYear, eSex)
              cases.push({ id, registry: { birthDate, sex: pSex, title: pTitle, federation: pFed }, line: { title: eTitle, federation: eFed, birthYear, sex: eSex }, rating })
            }
    })()
    const base: BaseListRef = { id: 1, kind: 'reference', listDate: '2025-10-01', closingDate: '2025-09-28', source: 'FIDE' }
    const got = new Map<number, { line: BaseEntry; facts: PlayerFacts | null }>()
    const lastIds: number[] = []
    readBaseLinesExcept(db, base, new Float64Array(0), new Map(), { from: 0, limit: () => Infinity, batch: 500 }, (line, facts) => got.set(line.playerId, { line, facts }), (lastId) => lastIds.push(lastId))
    db.close()

    // the generation's comparison, on the full facts
    const differs = (c: Case): boolean =>
      c.registry.sex !== c.line.sex || c.registry.title !== c.line.title || c.registry.federation !== c.line.federation || (birthYearOf(c.registry.birthDate) ?? null) !== c.line.birthYear
    let withFacts = 0
    let listed = 0
    for (const c of cases) {
      const r = got.get(c.id)
      if (c.rating === null && !(c.line.title ?? c.registry.title)) {
        expect(r, `player ${c.id}: no rating, no title: no line`).toBeUndefined()
        continue
      }
      listed++
      expect(r?.line.playerId, `player ${c.id}`).toBe(c.id)
      expect(r!.line.status).toBe(c.rating === null ? 'titled-unrated' : 'rated')
      expect(r!.line).toMatchObject({ title: c.line.title, federation: c.line.federation, birthYear: c.line.birthYear, sex: c.line.sex })
      if (differs(c)) {
        withFacts++
        expect(r!.facts, `player ${c.id}: ${JSON.stringify(c)}`).toEqual({ playerId: c.id, ...c.registry })
      } else expect(r!.facts, `player ${c.id}: ${JSON.stringify(c)}`).toBeNull()
    }
    expect(cases).toHaveLength(7500)
    expect(got.size).toBe(listed)
    // both kinds are there in number: 7,500 lines less the 214 unrated without a title are listed; the registry agrees
    // with the line on 80 combinations (10 birth pairs alike × 2 sexes × 2 titles × 2 federations), 75 of them listed
    expect([listed, listed - withFacts]).toEqual([7286, 75])
    // batches of 500 over the list's 7,500 entries: the thread's other work runs after each of the 15 full ones
    expect(lastIds).toEqual(Array.from({ length: 15 }, (_, i) => 500 * (i + 1)))
  })
})
