// The demo federation's October 2025 list, as an officer reaches it on the command line (the journey's decisions:
// Lyon, Chambéry and the round robin approved, the junior championship rejected): `lists preview` and `lists diff`
// of the same two lists tell one story, kind by kind and player by player (issue 35, item 2). Before the kinds had one
// definition the preview said up 35, down 39, delisted 1, unchanged 71 and the comparison down 40, delisted 0,
// unchanged 152: Rivière, Aurélien (1400 → 1394, under the floor of 1400) was delisted on one and down on the other,
// and 'unchanged' meant "a sheet without a change" on one and "the same rating, K and flag" on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { CHANGE_KINDS, RATING_KINDS } from '../../../src/main/core/lists/change-kinds'
import { createServices } from '../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../src/main/core/workers/script'
import { call } from '../core/services/office-list-fixture'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const db = tmp.file('demo.db')

function json<T>(args: string[]): T {
  const r = runCli(['--db', db, '--json', ...args])
  if (r.code !== 0) throw new Error(`rating-office ${args.join(' ')}: exit ${r.code}\n${r.stderr}`)
  return JSON.parse(r.stdout) as T
}

type Preview = { meta: { baseListId: number }; counts: Record<string, number> }
type Diff = { counts: Record<string, number> }

let listId = 0
let baseId = 0
beforeAll(() => {
  json(['demo'])
  json(['tournaments', 'approve', '1', '--reason', 'warnings read'])
  json(['tournaments', 'approve', '3', '--reason', 'warnings read'])
  json(['tournaments', 'approve', '4', '--override-errors', '--reason', 'licence renewed on 2 September 2025'])
  json(['tournaments', 'reject', '5', '--reason', 'four rounds on one day'])
  listId = json<{ listId: number }>(['lists', 'generate', '--date', '2025-10-01']).listId
  baseId = json<Preview>(['lists', 'preview', String(listId), '--limit', '1']).meta.baseListId
}, 300_000)

describe('the October 2025 list of the demo federation: preview and comparison', () => {
  it('count the same players in each kind', () => {
    const preview = json<Preview>(['lists', 'preview', String(listId), '--limit', '1'])
    const diff = json<Diff>(['lists', 'diff', String(baseId), String(listId), '--limit', '1'])
    expect(diff.counts).toEqual(preview.counts)
    // 298 players on September's list, all on October's: 35 rose, 39 fell, Rivière delisted, 223 kept their rating
    expect(preview.counts).toEqual({ up: 35, down: 39, new: 0, delisted: 1, inactive: 0, reactivated: 0, title: 0, unchanged: 223, unlisted: 0 })
    expect(RATING_KINDS.reduce((s, k) => s + preview.counts[k]!, 0)).toBe(298)
  }, 120_000)

  it('page the same players in each kind (the calls behind both commands), and say Rivière is delisted on both', async () => {
    const s = createServices({ dbPath: db, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    try {
      for (const kind of CHANGE_KINDS) {
        const preview = await call(s, 'lists:preview', { listId, kind, limit: 500 })
        const diff = await call(s, 'lists:diff', { fromId: baseId, toId: listId, kind, limit: 500 })
        expect(preview.total, kind).toBe(preview.counts[kind])
        expect(diff.total, kind).toBe(preview.total)
        expect(preview.rows.every((r) => (r.kind === kind) !== r.marks.includes(kind)), kind).toBe(true)
        expect(preview.rows.map((r) => r.playerId).sort((a, b) => a - b), kind).toEqual(diff.rows.map((r) => r.playerId).sort((a, b) => a - b))
      }
      const delisted = await call(s, 'lists:preview', { listId, kind: 'delisted' })
      // 1394 is under the floor: no surface publishes it (it is on his calculation sheet), the kind says delisted
      expect(delisted.rows.map((r) => [r.name, r.before, r.after, r.change])).toEqual([['Rivière, Aurélien', 1400, null, null]])
      const compared = await call(s, 'lists:diff', { fromId: baseId, toId: listId, kind: 'delisted' })
      expect(compared.rows.map((r) => [r.name, r.from?.rating, r.to?.rating, r.to?.status])).toEqual([['Rivière, Aurélien', 1400, null, 'delisted']])
    } finally {
      await s.close()
    }
  }, 120_000)

  it('print the same counts as text', () => {
    const line = 'up 35, down 39, new 0, delisted 1, unchanged 223, unlisted 0; besides: inactive 0, reactivated 0, title 0'
    expect(runCli(['--db', db, 'lists', 'preview', String(listId), '--limit', '1']).stdout).toContain(line)
    expect(runCli(['--db', db, 'lists', 'diff', String(baseId), String(listId), '--limit', '1']).stdout).toContain(line)
  }, 120_000)
})
