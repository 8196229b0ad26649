// `rating-office lists sheet|preview` for a player the period touched who gets no line on the list: the newcomer U of a
// Swiss (3 games against 1600, 1700, 1800: ½ + 1 + 0) under FIDE 2024 — Ra (5100 + 2 × 1800) / 5 = 1740, p .50, dp 0:
// 1740 over 3 games, fewer than the 5 a first rating needs (regulations.md § 4.3, § 1): not on the list, his games in
// the window until 10 December 2027 (26 months).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { approved, generate, seedList, type Who } from '../core/services/edition-scenario'

const SLOW = 180_000
const tmp = tempDir()
const db = tmp.file('office.db')
const A: Who = { id: 5720001, name: 'Aebi, Anna', rating: 1600 }
const B: Who = { id: 5720002, name: 'Bieri, Beat', rating: 1700 }
const C: Who = { id: 5720003, name: 'Caflisch, Chris', rating: 1800 }
const U: Who = { id: 5720101, name: 'Urech, Ueli', rating: null }
let listId = 0

beforeAll(async () => {
  const s = createServices({ dbPath: db, host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
  seedList(s, tmp.file('players_list_foa.txt'), '2025-10-01', [A, B, C])
  await approved(s, 'October Open', '2025-10-10', '2025-10-12', [[1, U, A, '='], [2, U, B, '1-0'], [3, C, U, '1-0']])
  listId = (await generate(s, '2025-11-01')).listId
  await s.close()
}, SLOW)
afterAll(() => tmp.cleanup())

describe('rating-office lists sheet|preview for a player without a line', () => {
  it('prints why he is not on the list, with the figures and what happens to his games; --json gives the same', () => {
    const text = runCli(['--db', db, 'lists', 'sheet', String(listId), '--fide-id', String(U.id)])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain(`Urech, Ueli (FIDE ${U.id}) on list ${listId}: not on the list`)
    expect(text.stdout).toContain('not on the list: 3 game(s) towards a first rating, fewer than the 5 required; his games stay in the window (1 event(s)); the earliest counts for the lists dated before 2027-12-10')
    expect(text.stdout).toContain('first rating: Ra 1740, p 0.5, dp 0 → 1740 over 3 games (not published: 3 games, fewer than the 5 required: not published yet)')
    const json = runCli(['--db', db, '--json', 'lists', 'sheet', String(listId), '--fide-id', String(U.id)])
    expect(json.code, json.stderr).toBe(0)
    const r = JSON.parse(json.stdout) as { entry: unknown; sheet: { status: null; unlisted: Record<string, unknown> } }
    expect(r.entry).toBeNull()
    expect(r.sheet.unlisted).toMatchObject({ reason: 'too-few-games', games: 3, minGames: 5, ru: 1740, floor: 1400, carried: 1, windowUntil: '2027-12-10' })
  }, SLOW)

  it('lists the players without a line with --kind unlisted, and refuses an unknown kind', () => {
    const p = runCli(['--db', db, 'lists', 'preview', String(listId), '--kind', 'unlisted'])
    expect(p.code, p.stderr).toBe(0)
    expect(p.stdout).toContain('unlisted 1')
    expect(p.stdout).toMatch(new RegExp(`unlisted\\s+${U.id}\\s+Urech, Ueli\\s+- → - \\s+October Open`))
    const bad = runCli(['--db', db, 'lists', 'preview', String(listId), '--kind', 'absent'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--kind expects up, down, new, delisted, inactive, reactivated, title, unchanged, unlisted, got “absent”')
  }, SLOW)
})
