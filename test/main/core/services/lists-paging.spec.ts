// lists:entries pages agree with one full sort, whichever access path the service takes (rating index read from either end,
// players-first walk for a big list, join-and-sort for a small one), with ties and unrated entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../../helpers/temp-db'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { fideIdPrefixRanges } from '../../../../src/main/core/services/lists'
import type { ListEntryRow } from '../../../../src/shared/contract/lists'

const tmp = tempDir()
let services: Services
// more than twice the offset (5,000) from which a page past the middle is read from the end
const PLAYERS = 12_000
type Row = { id: number; fideId: number | null; folded: string; rating: number | null }
const full: Row[] = []
let bigList = 0
let smallList = 0

beforeAll(() => {
  services = createServices({ dbPath: tmp.file('paging.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript() })
  const db = services.ctx.db
  let seed = 7
  const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n)
  const syl = ['ka', 'ro', 'mi', 'sel', 'van', 'ber']
  db.transaction(() => {
    const ins = db.prepare('INSERT INTO players (id, fide_id, surname, given_names, name_folded) VALUES (?, ?, ?, ?, ?)')
    for (let id = 1; id <= PLAYERS; id++) {
      // few distinct names and ratings, so that ties are common; every 13th player has no FIDE ID
      const s = syl[rnd(6)] + syl[rnd(6)]
      const g = syl[rnd(6)]
      const fideId = id % 13 === 0 ? null : 100000 + ((id * 7919) % 900000) * 10 + (id % 10)
      ins.run(id, fideId, s, g, `${s} ${g}`)
      full.push({ id, fideId, folded: `${s} ${g}`, rating: id % 17 === 0 ? null : 1400 + rnd(20) * 10 })
    }
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', ?, 'standard', 'FRA', 'draft')")
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating) VALUES (?, ?, ?)')
    bigList = Number(list.run('2025-01-01').lastInsertRowid)
    for (const r of full) entry.run(bigList, r.id, r.rating)
    smallList = Number(list.run('2025-02-01').lastInsertRowid)
    for (const r of full.filter((r) => r.id % 8 === 0)) entry.run(smallList, r.id, r.rating)
  })()
})
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

const cmp = (a: number | string | null, b: number | string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1)

function expected(rows: Row[], sort: 'rating' | 'name' | 'fideId', order: 'asc' | 'desc'): number[] {
  const s = order === 'asc' ? 1 : -1
  const sorted = [...rows].sort((a, b) => {
    if (sort === 'rating') {
      // unrated last in both directions, ties by player id in the same direction
      if ((a.rating === null) !== (b.rating === null)) return a.rating === null ? 1 : -1
      return s * (cmp(a.rating, b.rating) || a.id - b.id)
    }
    if (sort === 'name') return s * (cmp(a.folded, b.folded) || a.id - b.id)
    return s * (cmp(a.fideId, b.fideId) || a.id - b.id)
  })
  return sorted.map((r) => r.id)
}

async function allPages(listId: number, sort: 'rating' | 'name' | 'fideId', order: 'asc' | 'desc', limit: number): Promise<{ ids: number[]; totals: number[] }> {
  const ids: number[] = []
  const totals: number[] = []
  for (let offset = 0; ; offset += limit) {
    const reply = await services.dispatch('lists:entries', { listId, offset, limit, sort, order })
    if (!reply.ok) throw new Error(reply.error.message)
    const page = reply.value as { rows: ListEntryRow[]; total: number }
    totals.push(page.total)
    ids.push(...page.rows.map((r) => r.playerId))
    if (page.rows.length < limit) return { ids, totals }
  }
}

describe('lists:entries paging', () => {
  for (const which of ['big', 'small'] as const) {
    for (const sort of ['rating', 'name', 'fideId'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        it(`${which} list by ${sort} ${order}: pages of 37 join into the full order`, async () => {
          const listId = which === 'big' ? bigList : smallList
          const rows = which === 'big' ? full : full.filter((r) => r.id % 8 === 0)
          const { ids, totals } = await allPages(listId, sort, order, 37)
          expect(ids).toEqual(expected(rows, sort, order))
          expect(new Set(totals)).toEqual(new Set([rows.length]))
        })
      }
    }
  }

  it('pages a search the same way, counting only the matches', async () => {
    const word = full[0].folded.split(' ')[0]
    const matches = full.filter((r) => r.folded.split(' ').some((w) => w.startsWith(word)))
    const reply = await services.dispatch('lists:entries', { listId: bigList, search: word, sort: 'name', order: 'asc', limit: 1000 })
    expect(reply.ok).toBe(true)
    if (reply.ok) {
      const page = reply.value as { rows: ListEntryRow[]; total: number }
      expect(page.total).toBe(matches.length)
      expect(page.rows.map((r) => r.playerId)).toEqual(expected(matches, 'name', 'asc').slice(0, 1000))
    }
  })
})

describe('fideIdPrefixRanges', () => {
  it('covers every FIDE ID that starts with the digits, up to 10 digits', () => {
    expect(fideIdPrefixRanges('65100')).toEqual([
      [65100, 65100],
      [651000, 651009],
      [6510000, 6510099],
      [65100000, 65100999],
      [651000000, 651009999],
      [6510000000, 6510099999]
    ])
    expect(fideIdPrefixRanges('0123')).toEqual([])
    expect(fideIdPrefixRanges('12345678901')).toEqual([])
  })
})
