// The archive's lookups read through indexes only (issue 12): every statement that a player's history, his rating
// on one list, a name search, the lists screen and the pages of a list (by rating, by name, searched, near the end)
// prepare is explained, and none scans the list entries — so their cost does not grow with the number of lists; a page
// in the middle of a list by name, by FIDE ID or by rating starts from the list's marks of that order (migrations 13
// and 15), not from the list's first entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { archiveHandlers } from '../../../../src/main/core/services/archive'
import { listsHandlers } from '../../../../src/main/core/services/lists'
import { listRows } from '../../../../src/main/core/data/list-rows'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import type { ListSummary } from '../../../../src/shared/contract/lists'
import { tempDir } from '../../../helpers/temp-db'
import { queryPlans, type QueryPlan } from '../../../helpers/query-plans'

const tmp = tempDir()
let db: Db
const PLAYERS = 12_000

beforeAll(() => {
  db = openDatabase(tmp.file('plans.db'))
  db.transaction(() => {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation)
       SELECT i, 100000 + i, 'Sur' || (i % 97), 'Giv' || (i % 13), 'sur' || (i % 97) || ' giv' || (i % 13), 'FRA' FROM n`
    ).run(PLAYERS)
    for (let l = 1; l <= 3; l++) {
      db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')").run(l, `2025-0${l}-01`)
      db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, id, CASE WHEN id % 11 = 0 THEN NULL ELSE 1000 + id % 1500 END, 0, 20 FROM players').run(l)
      storeListCounts(db, l)
    }
  })()
  db.pragma('optimize')
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

const plansOf = (f: (ctx: ServiceContext) => unknown): QueryPlan[] => queryPlans(db, f)

const LOOKUPS: [string, (ctx: ServiceContext) => unknown][] = [
  ['a player’s history', (ctx) => archiveHandlers['archive:history']({ playerId: 77, includeDrafts: false }, ctx)],
  ['his history by FIDE ID', (ctx) => archiveHandlers['archive:history']({ fideId: 100077, includeDrafts: false }, ctx)],
  ['his rating on one list', (ctx) => archiveHandlers['archive:ratingOn']({ playerId: 77, listId: 2 }, ctx)],
  ['a name search (dense)', (ctx) => archiveHandlers['archive:findPlayers']({ query: 'su', limit: 50 }, ctx)],
  ['a name search (narrow)', (ctx) => archiveHandlers['archive:findPlayers']({ query: 'sur5 giv3', limit: 50 }, ctx)],
  ['the lists screen', (ctx) => listsHandlers['lists:list']({}, ctx)],
  ['a page by rating', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: 1000, limit: 50, sort: 'rating', order: 'desc' }, ctx)],
  ['a page near the end by rating', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS - 60, limit: 50, sort: 'rating', order: 'asc' }, ctx)],
  ['a page by name', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: 0, limit: 50, sort: 'name', order: 'asc' }, ctx)],
  ['a page near the end by name', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS - 60, limit: 50, sort: 'name', order: 'asc' }, ctx)],
  ['a page in the middle by name', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS / 2 - 25, limit: 50, sort: 'name', order: 'asc' }, ctx)],
  ['a page in the middle by name, descending', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS / 2 + 25, limit: 50, sort: 'name', order: 'desc' }, ctx)],
  ['a page in the middle by FIDE ID', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS / 2 - 25, limit: 50, sort: 'fideId', order: 'asc' }, ctx)],
  ['a page in the middle by rating', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS / 2 - 25, limit: 50, sort: 'rating', order: 'desc' }, ctx)],
  ['a search inside a list', (ctx) => listsHandlers['lists:entries']({ listId: 2, offset: 0, limit: 50, sort: 'rating', order: 'desc', search: 'sur5' }, ctx)]
]

describe('archive lookups: query plans', () => {
  for (const [name, f] of LOOKUPS) {
    it(`${name}: no scan of the list entries`, () => {
      const plans = plansOf(f)
      expect(plans.length).toBeGreaterThan(0)
      for (const { sql, plan } of plans) {
        // a SCAN of rating_list_entries or of the lists' orders by rating (under any alias) reads every list's entries
        // (a list's tables are named in the file that holds it, `main.` or a sealed period's: db/archive-files.ts)
        const scans = plan.filter((d) => /^SCAN ((main|archive_\d+)\.)?(rating_list_entries|list_by_rating|e|pe|f|o)\b/.test(d))
        expect(scans, sql).toEqual([])
      }
    })
  }

  const MIDDLE: [string, 'name' | 'fideId' | 'rating', string][] = [
    ['name', 'name', 'SEARCH p USING COVERING INDEX players_name_status (name_folded>?)'],
    ['FIDE ID', 'fideId', 'SEARCH p USING COVERING INDEX sqlite_autoindex_players_1 (fide_id>?)'],
    // the list's order by rating (migration 23)
    ['rating', 'rating', 'SEARCH main.list_by_rating USING PRIMARY KEY (list_id=? AND (key,player_id)>(?,?))']
  ]
  for (const [name, sort, walk] of MIDDLE) {
    it(`a page in the middle by ${name}, both ways, starts from the list’s nearest mark of that order, not from its first entry (migrations 13, 15)`, () => {
      for (const order of ['asc', 'desc'] as const) {
        const plans = plansOf((ctx) => listsHandlers['lists:entries']({ listId: 2, offset: PLAYERS / 2 - 25, limit: 50, sort, order }, ctx))
        const details = plans.flatMap((p) => p.plan)
        expect(details).toContain('SEARCH list_marks USING COVERING INDEX list_marks_rank (list_id=? AND sort=? AND rank<?)')
        expect(details).toContain(walk)
        expect(details.filter((d) => /^SCAN p\b/.test(d))).toEqual([])
        // no walk from the first entry: every read of the list's order starts at a key
        const fromStart = plans.filter((p) => /ORDER BY (p\.name_folded|p\.fide_id|key)/.test(p.sql) && !/>= @k|>= \(@k|>= @id/.test(p.sql))
        expect(fromStart.map((p) => p.sql)).toEqual([])
      }
    })
  }

  it('an export by rating reads the list’s order by rating from each page’s last key, and gives the list’s order (migration 23)', () => {
    let rows: { playerId: number; rating: number | null }[] = []
    const plans = plansOf((ctx) => {
      rows = [...listRows(ctx.db, { listId: 2, listDate: '2025-02-01', sort: 'rating', category: 'open', federation: null }, 700)]
    })
    // the rated from the highest (ties by id, highest first), then the unrated by id from the highest
    const plain = db
      .prepare('SELECT player_id FROM rating_list_entries WHERE list_id = 2 ORDER BY rating IS NULL, rating DESC, player_id DESC')
      .pluck()
      .all()
    expect(rows.map((r) => r.playerId)).toEqual(plain)
    const reads = plans.filter((p) => /FROM main\.list_by_rating o/.test(p.sql))
    expect(reads.length).toBe(4) // each phase's first page, and its pages after a key
    for (const { sql, plan } of reads) {
      const walk = plan.find((d) => /^SEARCH o /.test(d))
      expect(walk, sql).toMatch(/\(key,player_id\)<\(\?,\?\)|key<\?\)|key=\? AND player_id<\?\)|\(list_id=\? AND key=\?\)/)
      if (/\(o\.key, o\.player_id\) </.test(sql)) expect(walk).toBe('SEARCH o USING PRIMARY KEY (list_id=? AND (key,player_id)<(?,?))')
    }
  })

  it('a frozen list answers its count from the stored one: the same as counting', async () => {
    const lists = (await listsHandlers['lists:list']({}, { db } as ServiceContext)) as ListSummary[]
    const summary = lists.find((l) => l.id === 2)
    expect(summary!.entries).toBe(PLAYERS)
    expect(db.prepare('SELECT entry_count, rated_count FROM rating_lists WHERE id = 2').raw().get()).toEqual([PLAYERS, PLAYERS - Math.floor(PLAYERS / 11)])
  })
})
