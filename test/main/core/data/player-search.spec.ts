// Player queries: age categories, birth privacy, the match cap of broad name searches, sorting and paging.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { MATCH_CAP, PlayerReader, ageCategory, fromTheEnd, ftsPlan, ftsQuery, publishBirth, wordsPrefixMatch } from '../../../../src/main/core/data/player-search'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('birth privacy', () => {
  it('gives FIDE age categories by the age reached in the year', () => {
    expect(ageCategory(2017, 2025)).toBe('U8')
    expect(ageCategory(2016, 2025)).toBe('U10')
    expect(ageCategory(2007, 2025)).toBe('U18')
    expect(ageCategory(2005, 2025)).toBe('U20')
    expect(ageCategory(2004, 2025)).toBe('open')
    expect(ageCategory(1975, 2025)).toBe('S50')
    expect(ageCategory(1960, 2025)).toBe('S65')
  })
  it('never publishes the full date', () => {
    expect(publishBirth('1961-04-02', 'year', 2025)).toEqual({ birthYear: 1961, ageCategory: null })
    expect(publishBirth('1961-04-02', 'age-category', 2025)).toEqual({ birthYear: null, ageCategory: 'S50' })
    expect(publishBirth(null, 'year', 2025)).toEqual({ birthYear: null, ageCategory: null })
  })
})

describe('search', () => {
  const db = openDatabase(tmp.file('search.db'))
  const ins = db.prepare("INSERT INTO players(surname, given_names, name_folded, federation) VALUES (?, 'Anna', ?, 'GER')")
  db.transaction(() => {
    for (let i = 0; i < MATCH_CAP + 3; i++) ins.run(`Testname${i}`, `testname${i} anna`)
    ins.run('Zebra', 'zebra anna')
  })()
  const reader = new PlayerReader(db, 'year', 2025)
  it('builds prefix AND queries from folded words', () => {
    expect(ftsQuery('Mül  Jür')).toBe('"mul"* "jur"*')
    expect(ftsQuery(' - ')).toBeNull()
    expect(ftsPlan('Kasparov G')).toEqual({ match: '"kaspar"*', words: ['kasparov', 'g'], exact: false })
  })
  it('checks cut prefixes and initials on the folded name', () => {
    expect(wordsPrefixMatch('kasparov garry', 'kasparov g')).toBe(true)
    expect(wordsPrefixMatch('kasparian garry', 'kasparov g')).toBe(false)
    expect(reader.search({ text: 'testname4999 a' }).rows.map((r) => r.surname)).toEqual(['Testname4999'])
    expect(reader.search({ text: 'testname4999 b' }).total).toBe(0)
  })
  it('caps a broad name search and says so', () => {
    const broad = reader.search({ text: 'testname', limit: 10 })
    expect(broad).toMatchObject({ total: MATCH_CAP, capped: true })
    expect(broad.rows).toHaveLength(10)
    const narrow = reader.search({ text: 'zeb ann' })
    expect(narrow).toMatchObject({ total: 1, capped: false })
  })
  it('gives the same total with the first page of a search, on later pages, and past the end', () => {
    // 'testname49' matches Testname49, Testname490..499 and Testname4900..4999: 111 players.
    const first = reader.search({ text: 'testname49', limit: 4 })
    expect(first.total).toBe(111)
    expect(first.rows[0]!.surname).toBe('Testname49')
    // Asked again (the total now remembered), the same page.
    expect(reader.search({ text: 'testname49', limit: 4 }).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id))
    const last = reader.search({ text: 'testname49', limit: 4, offset: 108 })
    expect(last.total).toBe(111)
    expect(last.rows).toHaveLength(3)
    // A page past the end, asked first, still counts the matches.
    expect(reader.search({ text: 'testname48', limit: 4, offset: 400 })).toMatchObject({ total: 111, rows: [] })
  })
  it('pages by name in both directions', () => {
    const asc = reader.search({ limit: 2, sort: 'name' }).rows.map((r) => r.surname)
    const desc = reader.search({ limit: 2, sort: 'name', order: 'desc' }).rows.map((r) => r.surname)
    expect(asc).toEqual(['Testname0', 'Testname1'])
    expect(desc).toEqual(['Zebra', 'Testname999'])
    expect(reader.search({ limit: 1, offset: 1, sort: 'name' }).rows[0]!.surname).toBe('Testname1')
  })
})

describe('deep pages (read from the other end past the middle)', () => {
  // 12,000 players with repeated names, birth years and titles (ties), some without a FIDE ID, some merged: a
  // deep page read backwards from the end must be exactly the page a forward read gives.
  const db = openDatabase(tmp.file('deep.db'))
  const ins = db.prepare('INSERT INTO players(fide_id, surname, given_names, name_folded, federation, birth_date, title, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  const TITLES = [null, 'GM', 'IM', 'FM', 'WGM']
  db.transaction(() => {
    for (let i = 0; i < 12_000; i++) {
      const name = `Name${i % 700}`
      ins.run(i % 13 === 0 ? null : 1_000_000 + ((i * 7919) % 100_000), name, 'Given', `${name.toLowerCase()} given`, ['GER', 'FRA', 'ESP'][i % 3], i % 17 === 0 ? null : String(1940 + (i % 60)), TITLES[i % 5], i % 29 === 0 ? 'merged' : 'active')
    }
  })()
  const reader = new PlayerReader(db, 'year', 2025)
  const ORDER: Record<string, string> = {
    name: 'p.name_folded D, p.status D, p.id D',
    fideId: 'p.fide_id D, p.status D, p.id D',
    federation: 'p.federation D, p.name_folded D, p.status D, p.id D',
    birthYear: 'substr(p.birth_date, 1, 4) D, p.name_folded D, p.status D, p.id D',
    title: 'p.title D, p.name_folded D, p.status D, p.id D'
  }
  it('gives the page a forward read gives, for every sort and both orders, up to the last partial page', () => {
    const total = (db.prepare("SELECT count(*) AS n FROM players WHERE status <> 'merged'").get() as { n: number }).n
    for (const [sort, terms] of Object.entries(ORDER)) {
      for (const order of ['asc', 'desc'] as const) {
        for (const offset of [5_000, 9_000, total - 50, total - 7]) {
          const forward = (db.prepare(`SELECT p.id FROM players p WHERE p.status <> 'merged' ORDER BY ${terms.replaceAll('D', order)} LIMIT 50 OFFSET ?`).pluck().all(offset) as number[])
          const page = reader.search({ sort: sort as 'name', order, offset, limit: 50 })
          expect(page.total).toBe(total)
          expect(page.rows.map((r) => r.id), `${sort} ${order} at ${offset}`).toEqual(forward)
        }
      }
    }
  })
  it('counts a page from the end only past the middle and within the rows', () => {
    expect(fromTheEnd(10_000, 4_999, 50)).toBeNull()
    expect(fromTheEnd(10_000, 4_960, 50)).toBeNull()
    expect(fromTheEnd(10_000, 5_000, 50)).toEqual({ offset: 4_950, limit: 50 })
    expect(fromTheEnd(10_000, 6_000, 50)).toEqual({ offset: 3_950, limit: 50 })
    expect(fromTheEnd(10_000, 9_990, 50)).toEqual({ offset: 0, limit: 10 })
    expect(fromTheEnd(10_000, 10_000, 50)).toBeNull()
  })
})
