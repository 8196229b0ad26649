// archive:findPlayers, archive:ratingOn and archive:history over a real temporary database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../../helpers/temp-db'
import { buildFixture, callOk, type Fixture } from './list-fixture'
import type { CallInput, CallName, CallOutput } from '../../../../src/shared/contract/index'

const tmp = tempDir()
let fx: Fixture
const call = <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> => callOk(fx.services, name, input)

beforeAll(() => {
  fx = buildFixture(tmp.file('office.db'))
})
afterAll(async () => {
  await fx.services.close()
  tmp.cleanup()
})

describe('archive:findPlayers', () => {
  it('finds by FIDE ID prefix and by name, never a merged record', async () => {
    expect((await call('archive:findPlayers', { query: '1503014' })).map((p) => p.name)).toEqual(['Carlsen, Magnus'])
    const dup = await call('archive:findPlayers', { query: 'jean' })
    expect(dup.map((p) => p.id)).toEqual([fx.players.dupont])
    expect(await call('archive:findPlayers', { query: '651999' })).toEqual([])
  })

  it('gives the birth year only, whatever precision is stored', async () => {
    const [anna] = await call('archive:findPlayers', { query: 'anna' })
    expect(anna).toMatchObject({ fideId: 4600010, birthYear: 2001, sex: 'F', federation: 'GER' })
    expect(Object.keys(anna)).not.toContain('birthDate')
  })

  it('refuses an empty query with a validation error', async () => {
    const reply = await fx.services.dispatch('archive:findPlayers', { query: '   ' })
    expect(reply.ok).toBe(false)
  })
})

describe('archive:ratingOn', () => {
  it('gives the entry of a player on a list, by FIDE ID or by id', async () => {
    const byFide = await call('archive:ratingOn', { fideId: 4600010, listId: fx.ids.feb })
    expect(byFide.onList).toBe(true)
    expect(byFide.entry).toMatchObject({ rating: 1872, games: 7, k: 40 })
    expect(byFide.list.listDate).toBe('2024-02-01')
    const byId = await call('archive:ratingOn', { playerId: fx.players.dupont, listId: fx.ids.jan })
    expect(byId.entry).toMatchObject({ rating: 1600, flags: 'i' })
  })

  it('says plainly that a player is not on a list', async () => {
    const r = await call('archive:ratingOn', { fideId: 651002, listId: fx.ids.jan })
    expect(r).toMatchObject({ onList: false, entry: null })
    expect(r.player.name).toBe('Martin, Léa')
  })

  it('follows a merged record to the surviving player', async () => {
    const r = await call('archive:ratingOn', { fideId: 651999, listId: fx.ids.mar })
    expect(r.player.id).toBe(fx.players.dupont)
    expect(r.entry?.rating).toBe(1760)
  })

  it('names the missing player or list in the error', async () => {
    const noPlayer = await fx.services.dispatch('archive:ratingOn', { fideId: 123, listId: fx.ids.jan })
    expect(!noPlayer.ok && noPlayer.error).toMatchObject({ key: 'archive.playerNotFound', message: 'No player with FIDE ID 123 in the archive.' })
    const noList = await fx.services.dispatch('archive:ratingOn', { fideId: 1503014, listId: 4242 })
    expect(!noList.ok && noList.error.key).toBe('lists.notFound')
  })

  it('needs exactly one of playerId and fideId', async () => {
    for (const input of [{ listId: fx.ids.jan }, { listId: fx.ids.jan, playerId: fx.players.dupont, fideId: 651001 }]) {
      const reply = await fx.services.dispatch('archive:ratingOn', input)
      expect(reply.ok).toBe(false)
      if (!reply.ok) {
        expect(reply.error.code).toBe('validation')
        expect(reply.error.message).toContain('exactly one')
      }
    }
  })
})

describe('archive:history', () => {
  it('lists every official entry oldest first, reference and office lists together', async () => {
    const h = await call('archive:history', { playerId: fx.players.dupont })
    expect(h.entries.map((e) => [e.listDate, e.kind, e.rating])).toEqual([
      ['2024-01-01', 'reference', 1600],
      ['2024-02-01', 'reference', 1600],
      ['2024-03-01', 'office', 1760]
    ])
    expect(h.entries[2]).toMatchObject({ source: 'FRA', status: 'published', games: 4, k: 20, ratingType: 'standard' })
  })

  it('adds drafts only on request', async () => {
    const h = await call('archive:history', { playerId: fx.players.dupont, includeDrafts: true })
    expect(h.entries.map((e) => [e.rating, e.status]).at(-1)).toEqual([1772, 'draft'])
    expect(h.entries).toHaveLength(4)
  })

  it('filters by rating type', async () => {
    const all = await call('archive:history', { fideId: 1503014 })
    expect(all.entries.map((e) => e.ratingType)).toEqual(['standard', 'rapid', 'standard'])
    const rapid = await call('archive:history', { fideId: 1503014, ratingType: 'rapid' })
    expect(rapid.entries.map((e) => e.rating)).toEqual([2823])
  })

  it('answers an empty history for a player on no list', async () => {
    const h = await call('archive:history', { playerId: fx.players.newcomer })
    expect(h.entries.map((e) => e.rating)).toEqual([1500])
    const none = await call('archive:history', { playerId: fx.players.newcomer, ratingType: 'blitz' })
    expect(none.entries).toEqual([])
  })
})
