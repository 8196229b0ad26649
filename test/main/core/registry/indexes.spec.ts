// Migrations 5 and 6: the registry's lookups and orderings run on indexes, in the indexes' own order.
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openDatabase } from '../../../../src/main/core/db/open'
import { migrate } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const plan = (db: Database.Database, sql: string, ...params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ')

describe('migration 5 (registry indexes)', () => {
  it('drops the narrow name index and keeps only national IDs that exist, keeping the data', () => {
    const file = tmp.file('m5.db')
    const raw = new Database(file)
    migrate(raw, migrations.filter((m) => m.version <= 4))
    raw.prepare("INSERT INTO players(fide_id, national_id, surname, given_names, name_folded) VALUES (1503014, NULL, 'Carlsen', 'Magnus', 'carlsen magnus')").run()
    raw.prepare("INSERT INTO players(fide_id, national_id, surname, given_names, name_folded) VALUES (NULL, 'FRA-123', 'Dupont', 'Jean', 'dupont jean')").run()
    raw.close()
    const db = openDatabase(file)
    const indexes = (db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'players'").all() as { name: string; sql: string | null }[])
    expect(indexes.map((i) => i.name)).not.toContain('players_name_folded')
    expect(indexes.find((i) => i.name === 'players_national_id')?.sql).toMatch(/WHERE national_id IS NOT NULL$/)
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 2 })
    expect(db.prepare('SELECT surname FROM players WHERE national_id = ?').get('FRA-123')).toEqual({ surname: 'Dupont' })
    db.close()
  })

  it('answers the registry queries from indexes, not table scans', () => {
    const db = openDatabase(tmp.file('plans.db'))
    // Paging by name (PlayerReader's order: name, status, id) reads the (name_folded, status) index as it is,
    // skipping merged records there and sorting nothing, however deep the page.
    for (const dir of ['ASC', 'DESC']) {
      const byName = plan(db, `SELECT id FROM players p WHERE p.status <> 'merged' ORDER BY p.name_folded ${dir}, p.status ${dir}, p.id ${dir} LIMIT 50 OFFSET 100000`)
      expect(byName).toMatch(/COVERING INDEX players_name_status/)
      expect(byName).not.toMatch(/TEMP B-TREE/)
    }
    // A federation's players by name, and the whole table by federation, in the index's order: no sort.
    const fed = plan(db, "SELECT id FROM players p WHERE p.federation = ? AND p.status <> 'merged' ORDER BY p.name_folded, p.status, p.id LIMIT 50 OFFSET 1000", 'FRA')
    expect(fed).toMatch(/COVERING INDEX players_federation_name \(federation=\?\)/)
    expect(fed).not.toMatch(/TEMP B-TREE/)
    const byFed = plan(db, "SELECT id FROM players p WHERE p.status <> 'merged' ORDER BY p.federation DESC, p.name_folded DESC, p.status DESC, p.id DESC LIMIT 50")
    expect(byFed).toMatch(/COVERING INDEX players_federation_name/)
    expect(byFed).not.toMatch(/TEMP B-TREE/)
    // A national ID (an equality test) still finds its row through the partial index, alone or next to a FIDE ID.
    expect(plan(db, 'SELECT id FROM players WHERE national_id = ?', 'X')).toMatch(/INDEX players_national_id \(national_id=\?\)/)
    const either = plan(db, 'SELECT id FROM players p WHERE (p.fide_id = ? OR p.national_id = ?)', 1, '1')
    expect(either).toMatch(/MULTI-INDEX OR/)
    expect(either).toMatch(/players_national_id/)
    expect(either).not.toMatch(/SCAN p\b/)
    db.close()
  })
})

describe('migration 10 (player sort indexes)', () => {
  it('pages the players by FIDE ID, birth year and title from an index, sorting nothing', () => {
    const db = openDatabase(tmp.file('m14.db'))
    // PlayerReader's orders (see registry/players.ts): the index's terms, then id.
    const orders: Record<string, string> = {
      players_fide_id_status: 'p.fide_id D, p.status D, p.id D',
      players_birth_year_name: 'substr(p.birth_date, 1, 4) D, p.name_folded D, p.status D, p.id D',
      players_title_name: 'p.title D, p.name_folded D, p.status D, p.id D'
    }
    for (const [index, terms] of Object.entries(orders)) {
      for (const dir of ['ASC', 'DESC']) {
        const p = plan(db, `SELECT id FROM players p WHERE p.status <> 'merged' ORDER BY ${terms.replaceAll('D', dir)} LIMIT 50 OFFSET 100000`)
        expect(p, `${index} ${dir}`).toMatch(new RegExp(`COVERING INDEX ${index}`))
        expect(p).not.toMatch(/TEMP B-TREE/)
      }
    }
    db.close()
  })
})
