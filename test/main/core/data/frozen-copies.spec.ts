// Migrations are frozen history: each keeps its own copy of the SQL and helpers it ran, and the data layer has the
// runtime's copy (the bucket keys of migration 18 and the recounts of migration 19 in data/registry-buckets.ts and
// data/rating-order.ts, the preview orders' chunks of migration 22 in data/list-orders.ts, the order by rating's key
// and triggers of migrations 23 and 24 in data/list-by-rating.ts). A rule written twice is tied here: each runtime
// copy equals the migration's, and the keys the runtime writes are the ones the schema's triggers write.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openDatabase } from '../../../../src/main/core/db/open'
import * as m018 from '../../../../src/main/core/db/migrations/018-registry-buckets'
import * as m019 from '../../../../src/main/core/db/migrations/019-status-buckets'
import * as m022 from '../../../../src/main/core/db/migrations/022-preview-chunks'
import * as m023 from '../../../../src/main/core/db/migrations/023-list-by-rating'
import * as m024 from '../../../../src/main/core/db/migrations/024-delisted-unrated'
import { BUCKETS, RARE_STATUSES, RECOUNT_STATUS_BUCKETS, type BucketSort } from '../../../../src/main/core/data/registry-buckets'
import { RECOUNT_RATING_ORDER } from '../../../../src/main/core/data/rating-order'
import { ORDER_CHUNK, ORDER_KINDS, ordersFromSheets, unpackIds, writeListOrders } from '../../../../src/main/core/data/list-orders'
import { BY_RATING_DELETE, BY_RATING_INSERT, UNRATED_KEY, keySql } from '../../../../src/main/core/data/list-by-rating'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const db = openDatabase(tmp.file('office.db'))
afterAll(() => {
  db.close()
  tmp.cleanup()
})
const triggerSql = (name: string): string => db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").pluck().get(name) as string
const SORTS: BucketSort[] = ['name', 'fideId', 'federation', 'birthYear', 'title']

describe('the registry buckets (migrations 18 and 19)', () => {
  it("each order's bucket is migration 18's, and the schema's triggers count by it", () => {
    expect(Object.keys(BUCKETS)).toEqual(SORTS)
    for (const s of SORTS) {
      for (const row of ['NEW', 'OLD', 'p']) expect(BUCKETS[s](row), `${s} ${row}`).toEqual(m018.BUCKETS[s](row))
      expect(triggerSql('players_buckets_insert'), s).toContain(`VALUES ('${s}', NEW.status, ${BUCKETS[s]('NEW').join(', ')}, 1)`)
      expect(triggerSql('players_buckets_delete'), s).toContain(`b1 = ${BUCKETS[s]('OLD')[0]} AND b2 = ${BUCKETS[s]('OLD')[1]}`)
    }
  })

  it("the recounts and the rare statuses are migration 19's", () => {
    expect(RECOUNT_STATUS_BUCKETS).toBe(m019.RECOUNT_STATUS_BUCKETS)
    expect(RECOUNT_RATING_ORDER(true)).toBe(m019.RECOUNT_RATING_ORDER(true))
    expect(RECOUNT_RATING_ORDER(false)).toBe(m019.RECOUNT_RATING_ORDER(false))
    expect(RARE_STATUSES).toEqual(m019.RARE_STATUSES)
    const partial = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '%status = ''deceased'' OR status = ''merged''%' ORDER BY name").pluck().all()
    expect(partial).toEqual(['players_rare_birth_year', 'players_rare_federation', 'players_rare_fide_id', 'players_rare_name', 'players_rare_title'])
  })
})

describe("a list's preview orders (migration 22)", () => {
  it("chunks and kinds are migration 22's, and the table's checks hold them", () => {
    expect([ORDER_CHUNK, [...ORDER_KINDS]]).toEqual([m022.ORDER_CHUNK, [...m022.ORDER_KINDS]])
    const table = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'office_list_orders'").pluck().get() as string
    expect(table).toContain(`kind IN ('all', ${ORDER_KINDS.map((k) => `'${k}'`).join(', ')})`)
    expect(table).toContain(`BETWEEN 4 AND ${4 * ORDER_CHUNK}`)
  })

  it("the runtime's writer and reader store and read the rows migration 22's do", () => {
    const sheetsOf = (d: Database.Database) => {
      d.exec('CREATE TABLE office_list_sheets (list_id INTEGER, player_id INTEGER, kind TEXT, change INTEGER); CREATE TABLE office_list_orders (list_id INTEGER, kind TEXT, chunk INTEGER, players BLOB)')
      const ins = d.prepare('INSERT INTO office_list_sheets VALUES (7, ?, ?, ?)')
      // 2,345 sheets: three chunks of 'all', kinds of every size, changes with ties and NULLs
      for (let id = 1; id <= 2345; id++) ins.run(id * 3, ORDER_KINDS[id % ORDER_KINDS.length], id % 5 === 0 ? null : ((id * 37) % 61) - 30)
      return d
    }
    const a = sheetsOf(new Database(':memory:'))
    const b = sheetsOf(new Database(':memory:'))
    const orders = ordersFromSheets(a, 7)
    expect(orders).toEqual(m022.ordersFromSheets(b, 7))
    writeListOrders(a, 7, orders)
    m022.writeListOrders(b, 7, m022.ordersFromSheets(b, 7))
    const rows = (d: Database.Database) => d.prepare('SELECT kind, chunk, hex(players) AS players FROM office_list_orders ORDER BY kind, chunk').all()
    expect(rows(a)).toEqual(rows(b))
    expect(rows(a).filter((r) => (r as { kind: string }).kind === 'all')).toHaveLength(3)
    const back: number[] = []
    for (const p of a.prepare("SELECT players FROM office_list_orders WHERE kind = 'all' ORDER BY chunk").pluck().all() as Buffer[]) unpackIds(p, back)
    expect(back).toEqual(Array.from(orders.all))
    a.close()
    b.close()
  })
})

describe("a list's order by rating (migrations 23 and 24)", () => {
  it("the unrated key and the triggers' names are migration 23's, the key migration 24's, and the schema's triggers write that key", () => {
    expect([UNRATED_KEY, BY_RATING_INSERT, BY_RATING_DELETE]).toEqual([m023.UNRATED_KEY, m023.BY_RATING_INSERT, m023.BY_RATING_DELETE])
    for (const row of ['NEW', 'OLD', 'e', undefined]) expect(keySql(row), String(row)).toBe(m024.keySql(row))
    expect(triggerSql(BY_RATING_INSERT)).toContain(`VALUES (NEW.list_id, ${keySql('NEW')}, NEW.player_id)`)
    expect(triggerSql(BY_RATING_DELETE)).toContain(`key = ${keySql('OLD')} AND player_id = OLD.player_id`)
    expect(triggerSql('rating_list_entries_by_rating_update')).toContain(`${keySql('NEW')} IS NOT ${keySql('OLD')}`)
  })
})
