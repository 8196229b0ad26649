// lists:list and lists:entries over a real temporary database: filters, counts, paging, sorting, search.
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

describe('lists:list', () => {
  it('lists every list newest first with its entry count', async () => {
    const lists = await call('lists:list', {})
    expect(lists.map((l) => [l.listDate, l.ratingType, l.entries])).toEqual([
      ['2024-04-01', 'standard', 2],
      ['2024-03-01', 'standard', 3],
      ['2024-02-01', 'rapid', 1],
      ['2024-02-01', 'standard', 4],
      ['2024-01-01', 'standard', 3],
      ['2023-12-01', 'blitz', 0]
    ])
  })

  it('filters by kind, rating type and status', async () => {
    const office = await call('lists:list', { kind: 'office' })
    expect(office.map((l) => l.id)).toEqual([fx.ids.draft, fx.ids.mar])
    const rapid = await call('lists:list', { ratingType: 'rapid' })
    expect(rapid.map((l) => l.id)).toEqual([fx.ids.rapid])
    const published = await call('lists:list', { kind: 'office', status: 'published' })
    expect(published).toHaveLength(1)
    expect(published[0].publishedAt).toBe('2024-03-01T10:00:00.000Z')
  })

  it('refuses an unknown kind with a validation error naming the field', async () => {
    const reply = await fx.services.dispatch('lists:list', { kind: 'national' })
    expect(reply.ok).toBe(false)
    if (!reply.ok) {
      expect(reply.error.code).toBe('validation')
      expect(reply.error.message).toContain('kind')
    }
  })
})

describe('lists:entries', () => {
  it('sorts by rating, highest first by default, with the total', async () => {
    const page = await call('lists:entries', { listId: fx.ids.feb })
    expect(page.total).toBe(4)
    expect(page.rows.map((r) => [r.surname, r.rating])).toEqual([
      ['Carlsen', 2830],
      ['Müller', 1872],
      ['Dupont', 1600],
      ['Martin', 1450]
    ])
    expect(page.rows[0]).toMatchObject({ name: 'Carlsen, Magnus', fideId: 1503014, federation: 'NOR', title: 'GM', birthYear: 1990, k: 10 })
    expect(page.rows[2].flags).toBe('i')
    expect(page.list).toMatchObject({ id: fx.ids.feb, kind: 'reference', source: 'FIDE', entries: 4 })
  })

  it('pages with offset and limit and keeps the total of the whole list', async () => {
    const first = await call('lists:entries', { listId: fx.ids.feb, limit: 2, offset: 0, sort: 'rating', order: 'asc' })
    const second = await call('lists:entries', { listId: fx.ids.feb, limit: 2, offset: 2, sort: 'rating', order: 'asc' })
    expect(first.total).toBe(4)
    expect(second.total).toBe(4)
    expect([...first.rows, ...second.rows].map((r) => r.rating)).toEqual([1450, 1600, 1872, 2830])
  })

  it('sorts by name and by FIDE ID in both directions', async () => {
    const byName = await call('lists:entries', { listId: fx.ids.feb, sort: 'name', order: 'asc' })
    expect(byName.rows.map((r) => r.surname)).toEqual(['Carlsen', 'Dupont', 'Martin', 'Müller'])
    const byFide = await call('lists:entries', { listId: fx.ids.feb, sort: 'fideId', order: 'desc' })
    expect(byFide.rows.map((r) => r.fideId)).toEqual([4600010, 1503014, 651002, 651001])
  })

  it('keeps entries without a rating last in both directions', async () => {
    const asc = await call('lists:entries', { listId: fx.ids.draft, sort: 'rating', order: 'asc' })
    const desc = await call('lists:entries', { listId: fx.ids.draft, sort: 'rating', order: 'desc' })
    expect(asc.rows.map((r) => r.rating)).toEqual([1772, null])
    expect(desc.rows.map((r) => r.rating)).toEqual([1772, null])
  })

  it('searches names without accents or case, words in any order, and FIDE ID prefixes', async () => {
    const accent = await call('lists:entries', { listId: fx.ids.feb, search: 'MÜLLER' })
    expect(accent.rows.map((r) => r.fideId)).toEqual([4600010])
    expect(accent.total).toBe(1)
    const words = await call('lists:entries', { listId: fx.ids.feb, search: 'magnus carlsen' })
    expect(words.rows.map((r) => r.surname)).toEqual(['Carlsen'])
    const lea = await call('lists:entries', { listId: fx.ids.feb, search: 'léa' })
    expect(lea.rows.map((r) => r.surname)).toEqual(['Martin'])
    const fide = await call('lists:entries', { listId: fx.ids.feb, search: '65100' })
    expect(fide.total).toBe(2)
    expect(fide.rows.map((r) => r.surname).sort()).toEqual(['Dupont', 'Martin'])
  })

  it('folds LIKE wildcards away like any punctuation, as stored names are folded', async () => {
    // '%' and '_' are word separators to the folding, never SQL wildcards
    expect((await call('lists:entries', { listId: fx.ids.feb, search: '%' })).total).toBe(4)
    // as a LIKE pattern 'magnus%carlsen' could not match 'carlsen magnus' (wrong order); as two words it does
    const pct = await call('lists:entries', { listId: fx.ids.feb, search: 'magnus%carlsen' })
    expect(pct.rows.map((r) => r.surname)).toEqual(['Carlsen'])
  })

  it('compares each row with the previous official list of the same rating type', async () => {
    const mar = await call('lists:entries', { listId: fx.ids.mar })
    expect(mar.previous).toEqual({ id: fx.ids.feb, listDate: '2024-02-01', kind: 'reference' })
    expect(mar.rows.map((r) => [r.surname, r.rating, r.previousRating])).toEqual([
      ['Dupont', 1760, 1600],
      ['Martin', 1670, 1450],
      ['Zidane', 1500, null]
    ])
    // a draft is compared with the published office list before it, never with another draft
    const draft = await call('lists:entries', { listId: fx.ids.draft })
    expect(draft.previous).toMatchObject({ id: fx.ids.mar, kind: 'office' })
    expect(draft.rows.map((r) => r.previousRating)).toEqual([1760, 1500])
    // the first standard list has nothing before it (the older list is blitz)
    const jan = await call('lists:entries', { listId: fx.ids.jan })
    expect(jan.previous).toBeNull()
    expect(jan.rows.every((r) => r.previousRating === null)).toBe(true)
  })

  it('answers an empty page for an empty list', async () => {
    const page = await call('lists:entries', { listId: fx.ids.empty })
    expect(page).toMatchObject({ total: 0, rows: [] })
  })

  it('says clearly, in the office language, that a list does not exist', async () => {
    const reply = await fx.services.dispatch('lists:entries', { listId: 999 })
    expect(reply.ok).toBe(false)
    if (!reply.ok) {
      expect(reply.error).toMatchObject({ code: 'user', key: 'lists.notFound', message: 'There is no rating list 999.' })
    }
    await fx.services.dispatch('settings:set', { locale: 'fr' })
    const fr = await fx.services.dispatch('lists:entries', { listId: 999 })
    await fx.services.dispatch('settings:set', { locale: 'en' })
    expect(!fr.ok && fr.error.message).toBe('Il n’existe pas de liste de classement 999.')
  })

  it('refuses a page larger than 1000 rows before running any query', async () => {
    const reply = await fx.services.dispatch('lists:entries', { listId: fx.ids.feb, limit: 5000 })
    expect(reply.ok).toBe(false)
    if (!reply.ok) expect(reply.error.message).toContain('a page size of at most 1000')
  })
})
