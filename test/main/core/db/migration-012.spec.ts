// Migration 12 (the players' count): on a version-11 database holding players, the count of those not merged away is
// stored; its triggers keep it through inserts, merges, unmerges and deletions, and a bulk first load (which drops the
// insert trigger) counts once at the end; the players table's first page takes its total from it (issue 14).
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { enterBulkMode } from '../../../../src/main/core/data/list-import'
import { PlayerReader } from '../../../../src/main/core/data/player-search'
import { BucketTally } from '../../../../src/main/core/data/registry-buckets'
import { storedPlayerCount } from '../../../../src/main/core/data/players'
import { migratedTo } from '../../../helpers/migrated'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('migration 12 (players count)', () => {
  const db = migratedTo(tmp.file('m12.db'), 11)
  afterAll(() => db.close())
  const insert = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, status) VALUES (?, ?, ?, ?, ?, ?, ?)')
  insert.run(1, 100, 'Doe', 'John', 'doe john', 'FRA', 'active')
  insert.run(2, 101, 'Roe', 'Jane', 'roe jane', 'FRA', 'inactive')
  insert.run(3, null, 'Doe', 'Jim', 'doe jim', 'BEL', 'merged')
  const counted = (): number => db.prepare("SELECT count(*) FROM players WHERE status <> 'merged'").pluck().get() as number

  it('stores the count of the players already there, merged ones left out', () => {
    expect(migrate(db, migrations.filter((m) => m.version <= 12))).toEqual([12])
    expect(storedPlayerCount(db)).toBe(2)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('keeps it through an insert, a merge, an unmerge, a status change and deletions', () => {
    insert.run(4, 102, 'Poe', 'Ann', 'poe ann', 'ITA', 'active')
    expect(storedPlayerCount(db)).toBe(3)
    db.prepare("UPDATE players SET status = 'merged', merged_into = 1 WHERE id = 4").run()
    expect(storedPlayerCount(db)).toBe(2)
    db.prepare("UPDATE players SET status = 'active', merged_into = NULL WHERE id = 3").run()
    expect(storedPlayerCount(db)).toBe(3)
    // active → inactive is no change of the count
    db.prepare("UPDATE players SET status = 'inactive' WHERE id = 1").run()
    expect(storedPlayerCount(db)).toBe(3)
    db.prepare('DELETE FROM players WHERE id IN (2, 4)').run()
    expect(storedPlayerCount(db)).toBe(2)
    expect(storedPlayerCount(db)).toBe(counted())
  })

  it('a bulk first load writes without the insert trigger and counts once at the end', () => {
    db.transaction(() => {
      const restore = enterBulkMode(db, new BucketTally())
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = 'players_count_insert'").pluck().get()).toBe(0)
      for (let i = 0; i < 500; i++) insert.run(1000 + i, 5000 + i, `Bulk${i}`, 'X', `bulk${i} x`, 'GER', i % 50 === 0 ? 'merged' : 'active')
      restore()
    })()
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = 'players_count_insert'").pluck().get()).toBe(1)
    expect(storedPlayerCount(db)).toBe(2 + 490)
    expect(storedPlayerCount(db)).toBe(counted())
  })

  it('the players table’s first page takes its total from the stored count, not from a count of the index', () => {
    const reader = new PlayerReader(db, 'year')
    expect(reader.search({ limit: 50 }).total).toBe(counted())
    // the stored figure is what the page says: no count(*) ran (a deliberately wrong figure shows through)
    db.prepare("UPDATE registry_counts SET n = 123456 WHERE key = 'players_not_merged'").run()
    const page = new PlayerReader(db, 'year').search({ limit: 50 })
    expect(page.total).toBe(123456)
    expect(page.rows).toHaveLength(50)
    // a name search still counts its own rows (a federation's or a status's total is the bucket counts' of migration 19)
    expect(new PlayerReader(db, 'year').search({ limit: 50, text: 'zzz' }).total).toBe(0)
    db.prepare("UPDATE registry_counts SET n = ? WHERE key = 'players_not_merged'").run(counted())
  })
})
