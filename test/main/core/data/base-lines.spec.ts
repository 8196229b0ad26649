// The base lines as a list's generation reads them (readBaseLinesExcept): a player's registry facts come with his
// line only when they differ from it, which SQL now decides for most rows (FACTS_AS_LINE). Integration test on a real
// temporary database: every combination of facts against the comparison the generation makes (differingFacts), which
// the read must give exactly.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { readBaseEntries, readBaseLinesExcept, touchedBaseRows, type BaseListRef, type LookBack } from '../../../../src/main/core/data/base-list'
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

describe('readBaseLinesExcept: the games on the look-back’s imported lists', () => {
  // the base (1 December) and three imported lists before it; a player's games on each: absent (no line), a line
  // without games (null), none, some, and more than the merge's number carries (2^20: that list read as pairs)
  const lists = [
    { listId: 1, listDate: '2025-12-01', periodStart: '2025-11-01' },
    { listId: 2, listDate: '2025-11-01', periodStart: '2025-10-01' },
    { listId: 3, listDate: '2025-10-01', periodStart: '2025-09-01' },
    { listId: 4, listDate: '2025-09-01', periodStart: '2025-08-01' }
  ]
  const kinds: ('absent' | null | number)[] = ['absent', null, 0, 3, 1_048_576]
  const gamesOf = (id: number, list: number): 'absent' | null | number => {
    if (list === 1) return id % 5
    if (list === 4 && id > 900) return 2 ** 20 + id // the last players' games too big for the number on the oldest list
    return kinds[Math.floor(id / (list === 2 ? 1 : list === 3 ? 5 : 25)) % kinds.length]!
  }

  it('are the joins’ own, batch by batch, whatever a player has on each list', () => {
    const db = openDatabase(tmp.file('look-back.db'))
    const list = db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')")
    for (const l of lists) list.run(l.listId, l.listDate)
    const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, ?, '', ?)")
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, 20)')
    db.transaction(() => {
      for (let id = 1; id <= 1000; id++) {
        player.run(id, `P${id}`, `p${id}`)
        for (const l of lists) {
          const g = gamesOf(id, l.listId)
          if (g !== 'absent') entry.run(l.listId, id, 1500 + (id % 700), g)
        }
      }
    })()
    const base: BaseListRef = { id: 1, kind: 'reference', listDate: '2025-12-01', closingDate: '2025-11-28', source: 'FIDE' }
    const lookBack: LookBack = { yearStart: '2025-01-01', lists }
    // the joins' reading: every player's row read by key with his games on each imported list joined (touchedBaseRows)
    const everyone = Float64Array.from({ length: 1000 }, (_, i) => i + 1)
    const joined = readBaseEntries(db, base, lookBack, new Map(), { given: null, touched: touchedBaseRows(db, base, lookBack, everyone) }, []).entries
    // the whole list's reading (a small list's generation): the merge's
    expect(readBaseEntries(db, base, lookBack, new Map(), { given: null, touched: null }, []).entries).toEqual(joined)
    for (const batch of [7, 64, 2048]) {
      const merged: typeof joined = []
      readBaseLinesExcept(db, base, new Float64Array(0), new Map(), { from: 0, limit: () => Infinity, batch }, (line) => merged.push(line), () => undefined, lookBack)
      expect(merged, `batches of ${batch}`).toEqual(joined)
    }
    db.close()
    // what the lines say: every kind of games on the imported lists was met, and summed up to the first list without a line
    const imported = new Map(joined.map((l) => [l.playerId, l.imported]))
    expect(joined).toHaveLength(1000)
    const expected = (id: number): { games: number; since: string } | null => {
      let games = id % 5
      let since = '2025-11-01'
      for (const l of [2, 3, 4]) {
        const g = gamesOf(id, l)
        if (g === 'absent' || g === null) break
        games += g
        since = lists[l - 1]!.periodStart
      }
      return { games, since }
    }
    for (const id of [1, 2, 3, 4, 5, 26, 130, 999, 1000]) expect(imported.get(id), `player ${id}`).toEqual(expected(id))
    expect(new Set(joined.map((l) => l.imported?.since))).toEqual(new Set(['2025-11-01', '2025-10-01', '2025-09-01', '2025-08-01']))
    expect(joined.some((l) => (l.imported?.games ?? 0) > 2 ** 20)).toBe(true)
  })
})
