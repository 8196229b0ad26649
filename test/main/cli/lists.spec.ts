// `rating-office lists …` and `archive …` as scripts use them: JSON figures, readable text, exit codes 1 and 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { buildFixture, type Fixture } from '../core/services/list-fixture'
import { openDatabase } from '../../../src/main/core/db/open'
import { storeListCounts } from '../../../src/main/core/data/list-pages'

// each case starts the real CLI a few times (tsx from source, seconds each on a busy machine)
const SLOW = 120_000

const tmp = tempDir()
const db = tmp.file('lists.db')
let ids: Fixture['ids']
let kumars = 0

beforeAll(async () => {
  const fx = buildFixture(db)
  ids = fx.ids
  await fx.services.close()
})
afterAll(() => tmp.cleanup())

describe('rating-office lists / archive', () => {
  it('shows the lists with their counts, filtered, as text and as JSON', () => {
    const text = runCli(['--db', db, 'lists', 'show', '--kind', 'office'])
    expect(text.code).toBe(0)
    expect(text.stdout.trim().split('\n')).toHaveLength(2)
    // the office's list named by its federation (not by FIDE), and how it was obtained (this fixture's list records no rules)
    expect(text.stdout).toMatch(/2024-03-01 {2}standard {2}office {5}FRA {4}published {2}v1 +3 {2}Fédération Française des Échecs — Computed by the office$/m)
    const json = runCli(['--db', db, '--json', 'lists', 'show', '--type', 'rapid'])
    expect(JSON.parse(json.stdout).map((l: { id: number; entries: number }) => [l.id, l.entries])).toEqual([[ids.rapid, 1]])
  }, SLOW)

  it('pages entries by rating and searches them', () => {
    const json = runCli(['--db', db, '--json', 'lists', 'entries', String(ids.feb), '--limit', '2'])
    expect(json.code).toBe(0)
    const page = JSON.parse(json.stdout)
    expect(page.total).toBe(4)
    expect(page.rows.map((r: { fideId: number; rating: number }) => [r.fideId, r.rating])).toEqual([[1503014, 2830], [4600010, 1872]])
    const text = runCli(['--db', db, 'lists', 'entries', String(ids.feb), '--search', 'muller'])
    expect(text.stdout).toContain('rows 1–1 of 1')
    expect(text.stdout).toMatch(/4600010 {2}Müller, Anna +GER {2}WFM {2}1872 {4}7 {2}40$/m)
  }, SLOW)

  it('says "at least" when a broad search inside a list stopped counting at its cap', () => {
    // 2,100 Kumars on a list of their own: more matches than a narrow search sorts, counted on the list up to 1,000
    const d = openDatabase(db)
    d.transaction(() => {
      const first = (d.prepare('SELECT max(id) FROM players').pluck().get() as number) + 1
      d.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2099)
         INSERT INTO players (id, surname, given_names, name_folded, federation) SELECT ? + i, 'Kumar', 'Ravi', 'kumar ravi', 'IND' FROM n`
      ).run(first)
      const list = Number(d.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', '2024-06-01', 'blitz', 'FIDE', 'reference')").run().lastInsertRowid)
      d.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, id, 1500, 0, 20 FROM players WHERE id >= ?').run(list, first)
      storeListCounts(d, list)
      kumars = list
    })()
    d.close()
    const text = runCli(['--db', db, 'lists', 'entries', String(kumars), '--search', 'kumar', '--limit', '3'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('rows 1–3 of at least 1000 (refine the search)')
    const json = JSON.parse(runCli(['--db', db, '--json', 'lists', 'entries', String(kumars), '--search', 'kumar', '--limit', '3']).stdout)
    expect([json.total, json.capped, json.rows.length]).toEqual([1000, true, 3])
  }, SLOW)

  it('prints a player history and his entry on a list, or that he is not on it', () => {
    const h = runCli(['--db', db, 'archive', 'history', '--fide-id', '651001'])
    expect(h.code).toBe(0)
    expect(h.stdout.trim().split('\n')).toEqual([
      'Dupont, Jean (FIDE 651001)',
      '2024-01-01  standard  reference  FIDE   reference  1600    0  20  i',
      '2024-02-01  standard  reference  FIDE   reference  1600    0  20  i',
      '2024-03-01  standard  office     FRA    published  1760    4  20'
    ])
    const on = runCli(['--db', db, 'archive', 'on', String(ids.jan), '--fide-id', '651002'])
    expect(on.stdout.trim()).toBe(`Martin, Léa is not on the standard list of 2024-01-01 (list ${ids.jan})`)
    const found = JSON.parse(runCli(['--db', db, '--json', 'archive', 'find', 'anna']).stdout)
    expect(found.map((p: { fideId: number }) => p.fideId)).toEqual([4600010])
  }, SLOW)

  it('exits 1 with the message for a missing list, 2 for bad usage', () => {
    const missing = runCli(['--db', db, 'lists', 'entries', '999'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('There is no rating list 999.')
    expect(missing.stderr).not.toMatch(/at .*\.ts:\d+/)
    expect(runCli(['--db', db, 'lists', 'entries', String(ids.feb), '--sort', 'elo']).code).toBe(2)
    expect(runCli(['--db', db, 'archive', 'history', '--fide-id', '1', '--player', '2']).code).toBe(2)
  }, SLOW)
})
