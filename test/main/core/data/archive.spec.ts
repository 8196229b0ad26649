// findPlayerRows: a narrow search sorts its matches, a dense one walks the name index, a one-word search that is
// nearly all one surname reads that surname's range and sorts the few others; all give the same players in the same
// order (name, then id), merged records left out, at most `limit`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { DENSE_SEARCH, SURNAME_SEARCH, findPlayerRows } from '../../../../src/main/core/data/archive'
import { playerSearchCondition } from '../../../../src/main/core/services/lists'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
let db: Db
const SURNAMES = ['karpov', 'karlsen', 'kasparov', 'tal', 'petrosian', 'smyslov']
const GIVEN = ['anatoly', 'magnus', 'garry', 'mikhail', 'tigran', 'vasily', 'karl']
const N = 3 * DENSE_SEARCH

beforeAll(() => {
  db = openDatabase(tmp.file('archive.db'))
  const ins = db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded, status, merged_into) VALUES (?, ?, ?, ?, ?, ?, ?)")
  db.transaction(() => {
    for (let i = 1; i <= N; i++) {
      const s = SURNAMES[(i * 7) % SURNAMES.length]!
      const g = GIVEN[(i * 3) % GIVEN.length]!
      // every 10th record merged into the one before it: never found
      const merged = i % 10 === 0
      ins.run(i, 4_000_000 + i, s, g, `${s} ${g}`, merged ? 'merged' : 'active', merged ? i - 1 : null)
    }
  })()
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

/** Every match read and sorted in JavaScript: what either plan must give. */
function expected(query: string, limit: number): number[] {
  const cond = playerSearchCondition(query)!
  const all = db.prepare(`SELECT p.id, p.name_folded AS n FROM players p WHERE p.status <> 'merged' AND (${cond.sql})`).all(...cond.params) as { id: number; n: string }[]
  return all
    .sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : a.id - b.id))
    .slice(0, limit)
    .map((r) => r.id)
}
const found = (query: string, limit: number): number[] => findPlayerRows<{ id: number }>(db, 'p.id', playerSearchCondition(query)!, limit).map((r) => r.id)

describe('findPlayerRows', () => {
  it('a dense search (thousands of matches) walks the name index and gives the first players by name', () => {
    const count = db.prepare("SELECT count(*) FROM players WHERE name_folded LIKE 'ka%'").pluck().get() as number
    expect(count).toBeGreaterThan(DENSE_SEARCH)
    const ids = found('ka', 50)
    expect(ids).toHaveLength(50)
    expect(ids).toEqual(expected('ka', 50))
    // "karl" is a surname's start and a given name: both match (every word of the query starts a word of the name)
    expect(found('karl', 100)).toEqual(expected('karl', 100))
  })

  it('a narrow search sorts its matches: two words, each starting a word of the name', () => {
    const ids = found('tal tig', 20)
    // 'tal' is surname (7i mod 6 = 3: i ≡ 3 mod 6) and 'tigran' given name (3i mod 7 = 4: i ≡ 6 mod 7) for i ≡ 27 mod 42;
    // the first twenty, none a tenth record merged away
    expect(ids).toEqual(Array.from({ length: 20 }, (_, k) => 27 + 42 * k))
    expect(ids).toEqual(expected('tal tig', 20))
    const names = db.prepare(`SELECT name_folded FROM players WHERE id IN (${ids.join(',')})`).pluck().all() as string[]
    expect(new Set(names)).toEqual(new Set(['tal tigran']))
  })

  it('a one-word search whose matches are nearly all one surname, late in the alphabet: that range and the few others, merged', () => {
    // 2,600 Zorins (every 10th merged), and 40 players whose given name starts with "zor": they sort first
    const ins = db.prepare("INSERT INTO players (id, surname, given_names, name_folded, status, merged_into) VALUES (?, ?, ?, ?, ?, ?)")
    db.transaction(() => {
      for (let i = 0; i < 2600; i++) ins.run(100_000 + i, 'Zorin', `G${i % 37}`, `zorin g${i % 37}`, i % 10 === 0 ? 'merged' : 'active', i % 10 === 0 ? 1 : null)
      for (let i = 0; i < 40; i++) ins.run(200_000 + i, i % 2 ? 'Abel' : 'Tal', 'Zoran', `${i % 2 ? 'abel' : 'tal'} zoran`, 'active', null)
    })()
    const matches = db.prepare(`SELECT count(*) FROM players_fts WHERE players_fts MATCH '"zor"*'`).pluck().get() as number
    expect(matches).toBeGreaterThanOrEqual(DENSE_SEARCH)
    expect(matches).toBeLessThan(SURNAME_SEARCH)
    for (const limit of [10, 50, 300]) expect(found('zor', limit), `limit ${limit}`).toEqual(expected('zor', limit))
    // the 20 Abels first, then the 20 Tals ("tal zoran" sorts before "zorin"), then Zorins never merged
    const first = found('zor', 45)
    expect(first.slice(0, 20).every((id) => id >= 200_000 && id % 2 === 1)).toBe(true)
    expect(first.slice(20, 40).every((id) => id >= 200_000 && id % 2 === 0)).toBe(true)
    expect(first.slice(40).every((id) => id >= 100_000 && id < 200_000 && (id - 100_000) % 10 !== 0)).toBe(true)
  })

  it('a FIDE ID prefix matching the whole registry is dense too, never a merged record', () => {
    const ids = found('400', 30)
    expect(ids).toEqual(expected('400', 30))
    expect(ids.every((id) => id % 10 !== 0)).toBe(true)
  })
})
