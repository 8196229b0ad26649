// findPlayerRows: a narrow search sorts its matches, a dense one walks the name index (testing each name, or looking it
// up in the set of matches), a one-word search that is nearly all one surname reads that surname's range and sorts the
// few others; all give the same players in the same order (name, then id), merged records left out, at most `limit`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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

/** Every match read and sorted in JavaScript: what either plan must give (in `on`, this file's database by default). */
function expected(query: string, limit: number, on: Db = db): number[] {
  const cond = playerSearchCondition(query)!
  const all = on.prepare(`SELECT p.id, p.name_folded AS n FROM players p WHERE p.status <> 'merged' AND (${cond.sql})`).all(...cond.params) as { id: number; n: string }[]
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

// The walk that tests each name in the index (nameWordsTest) instead of looking it up in the set of the FTS matches:
// a registry of 32,000 where "ber" starts a word of most names (over SURNAME_SEARCH matches), "zu" of thousands, half
// of them later words, and words holding "ber" or "zu" inside them ("kaber", "lozu"), which never match; the same
// players in the same order as the FTS query sorted, every one of its pages.
describe('findPlayerRows, a walk testing the names in the index', () => {
  const wide = tempDir()
  let w: Db
  const SYL = ['an', 'ber', 'ka', 'lo', 'zu', 'o', 'x9', 'be']
  beforeAll(() => {
    w = openDatabase(wide.file('wide.db'))
    const ins = w.prepare('INSERT INTO players (id, surname, given_names, name_folded, status, merged_into) VALUES (?, ?, ?, ?, ?, ?)')
    w.transaction(() => {
      for (let i = 1; i <= 32_000; i++) {
        const k = (i * 7919) % 32_003
        const surname = SYL[k % 8]! + SYL[(k >> 3) % 8]!
        // two given names in three start with "ber"; every fourth player has a second given name
        const given = (i % 3 ? 'ber' : SYL[(k >> 6) % 8]!) + SYL[(k >> 9) % 8]! + (i % 4 === 0 ? ` ${SYL[(k >> 2) % 8]}${SYL[(k >> 5) % 8]}` : '')
        // a few players share one name (ties by id); every 10th record is merged
        const folded = i % 97 === 0 ? 'ber an' : `${surname} ${given}`
        ins.run(i, surname, given, folded, i % 10 === 0 ? 'merged' : 'active', i % 10 === 0 ? i - 1 : null)
      }
    })()
  })
  afterAll(() => {
    w.close()
    wide.cleanup()
  })

  /** The rows of findPlayerRows, and whether its query tested the names (instr) instead of the set of matches. */
  function walked(query: string, limit: number): { ids: number[]; tested: boolean } {
    const sqls: string[] = []
    const prepare = w.prepare.bind(w)
    const spy = vi.spyOn(w, 'prepare').mockImplementation(((sql: string) => (sqls.push(sql), prepare(sql))) as Db['prepare'])
    try {
      const ids = findPlayerRows<{ id: number }>(w, 'p.id', playerSearchCondition(query)!, limit).map((r) => r.id)
      return { ids, tested: sqls.some((s) => s.includes('instr(')) }
    } finally {
      spy.mockRestore()
    }
  }
  /** Every FTS match read and sorted in JavaScript, merged records left out (the file's `expected`, on this registry). */
  const plain = (query: string, limit: number): number[] => expected(query, limit, w)
  /** The players a later word of whose name starts with `word`, not the first. */
  const others = (word: string): number =>
    (w.prepare('SELECT name_folded FROM players').pluck().all() as string[]).filter((n) => !n.startsWith(word) && n.split(' ').some((x) => x.startsWith(word))).length
  const matches = (query: string): number => w.prepare('SELECT count(*) FROM players_fts WHERE players_fts MATCH ?').pluck().get(playerSearchCondition(query)!.fts) as number

  it('one word starting most names’ words (over SURNAME_SEARCH matches): the names tested, the same rows as the FTS query', () => {
    expect(matches('ber')).toBeGreaterThanOrEqual(SURNAME_SEARCH)
    for (const limit of [1, 50, 500, 5000]) {
      const { ids, tested } = walked('ber', limit)
      expect(tested).toBe(true)
      expect(ids, `limit ${limit}`).toHaveLength(limit)
      expect(ids, `limit ${limit}`).toEqual(plain('ber', limit))
    }
    // "kaber": "ber" inside a word is no match; the players sharing the name "ber an" follow each other, by id
    const first = walked('ber', 5000).ids
    const names = w.prepare(`SELECT name_folded FROM players WHERE id IN (${first.join(',')})`).pluck().all() as string[]
    expect(names.every((n) => n.startsWith('ber') || n.includes(' ber'))).toBe(true)
    expect(w.prepare("SELECT count(*) FROM players WHERE name_folded LIKE '%_ber%' AND name_folded NOT LIKE '% ber%' AND name_folded NOT LIKE 'ber%'").pluck().get()).toBeGreaterThan(0)
    const shared = first.filter((id) => id % 97 === 0)
    expect(shared.length).toBeGreaterThan(100)
    expect(shared).toEqual([...shared].sort((a, b) => a - b))
    expect(first.indexOf(shared.at(-1)!) - first.indexOf(shared[0]!)).toBe(shared.length - 1)
  })

  it('one word matching thousands, many of them later words: the names tested, the same rows', () => {
    for (const q of ['zu', 'x9', 'an']) {
      expect(matches(q), q).toBeGreaterThanOrEqual(DENSE_SEARCH)
      expect(matches(q), q).toBeLessThan(SURNAME_SEARCH)
      // more than DENSE_SEARCH names with the word starting a later word: surnameFirst declines, the walk answers
      expect(others(q), q).toBeGreaterThanOrEqual(DENSE_SEARCH)
      for (const limit of [10, 50, 300]) {
        const { ids, tested } = walked(q, limit)
        expect(tested, q).toBe(true)
        expect(ids, `${q}, limit ${limit}`).toEqual(plain(q, limit))
      }
    }
    // a word whose others are fewer is read by surnameFirst, the same rows
    expect(others('o')).toBeLessThan(DENSE_SEARCH)
    expect(walked('o', 300)).toEqual({ ids: plain('o', 300), tested: false })
  })

  it('several words: over SURNAME_SEARCH matches the names are tested, fewer keep the set; the same rows either way', () => {
    expect(matches('ber b')).toBeGreaterThanOrEqual(SURNAME_SEARCH) // "b" dropped: one word, "ber"
    const queries = ['ber an', 'ber zu', 'an ber', 'zu x9', 'ber be']
    const counts = queries.map(matches)
    expect(counts.some((n) => n >= SURNAME_SEARCH)).toBe(true)
    expect(counts.some((n) => n >= DENSE_SEARCH && n < SURNAME_SEARCH)).toBe(true)
    for (const q of queries) {
      const n = matches(q)
      for (const limit of [10, 50, 300]) {
        const { ids, tested } = walked(q, limit)
        if (n >= DENSE_SEARCH) expect(tested, `${q}: ${n} matches`).toBe(n >= SURNAME_SEARCH)
        expect(ids, `${q}, limit ${limit}`).toEqual(plain(q, limit))
      }
    }
  })
})
