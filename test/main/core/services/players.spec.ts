// Registry calls through the real dispatch and worker: import job, search, birth privacy, player page, duplicates, merge, arbiters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { LISTS_DIR } from '../../../helpers/fixtures'

const fixture = (name: string): string => LISTS_DIR + name
const tmp = tempDir()
let services: Services

async function call<T = unknown>(name: string, input: unknown): Promise<T> {
  const reply = await services.dispatch(name, input)
  if (!reply.ok) throw new Error(`${reply.error.key}: ${reply.error.message}`)
  return reply.value as T
}

type Page = { total: number; rows: { id: number; fideId: number | null; surname: string; birthYear: number | null; ageCategory: string | null; ratings: { standard: { rating: number } | null } }[] }

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  // the file the officer chose, by its handle (the desktop app's dialog registers it the same way)
  const upload = services.ctx.uploads.register(fixture('players_list_foa.txt'), 'fide-list').handle
  const { jobId } = await call<{ jobId: string }>('players:importList', { upload, listDate: '2025-11-01' })
  const end = await services.ctx.jobs.wait(jobId)
  expect(end.state).toBe('done')
  expect(end.result).toMatchObject({ format: 'txt-combined', records: 10 })
})
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

describe('players:search', () => {
  it('finds a name with or without accents, by prefix', async () => {
    for (const text of ['Müller', 'muller', 'MUL jür']) {
      const page = await call<Page>('players:search', { text })
      expect(page.rows.map((r) => r.fideId)).toEqual([4600010])
    }
  })
  it('finds by FIDE ID and filters by federation', async () => {
    expect((await call<Page>('players:search', { text: '1503014' })).rows.map((r) => r.surname)).toEqual(['Carlsen'])
    const ger = await call<Page>('players:search', { federation: 'GER' })
    expect(ger.rows.map((r) => r.surname).sort()).toEqual(['Lenz', 'Müller'])
  })
  it('pages and sorts by the current standard rating on the server', async () => {
    const first = await call<Page>('players:search', { sort: 'rating', order: 'desc', limit: 2 })
    expect(first.total).toBe(7)
    expect(first.rows.map((r) => r.ratings.standard?.rating)).toEqual([2833, 2633])
    const next = await call<Page>('players:search', { sort: 'rating', order: 'desc', limit: 2, offset: 2 })
    expect(next.rows.map((r) => r.ratings.standard?.rating)).toEqual([2105, 2055])
  })
  it('publishes the birth year or only the age category, per the privacy setting', async () => {
    const year = await call<Page>('players:search', { text: '35077023' })
    expect(year.rows[0]).toMatchObject({ birthYear: 2009, ageCategory: null })
    await call('settings:set', { birthPrivacy: 'age-category' })
    const cat = await call<Page>('players:search', { text: '35077023' })
    const expected = new Date().getUTCFullYear() - 2009 <= 18 ? 'U18' : 'U20'
    expect(cat.rows[0]).toMatchObject({ birthYear: null, ageCategory: new Date().getUTCFullYear() - 2009 <= 16 ? 'U16' : expected })
    await call('settings:set', { birthPrivacy: 'year' })
  })
  it('rejects a malformed federation with a validation error', async () => {
    const reply = await services.dispatch('players:search', { federation: 'GERMANY' })
    expect(reply.ok).toBe(false)
  })
})

describe('player page and arbiters', () => {
  it('gives identity, titles, ratings and the arbiter record', async () => {
    const id = (await call<Page>('players:search', { text: '10207538' })).rows[0]!.id
    const page = await call<{ player: { arbiterTitle: string; ratings: { blitz: { rating: number } } }; otherTitles: string[]; foaTitle: string; arbiter: { title: string; source: string } }>('players:get', { id })
    expect(page.otherTitles).toEqual(['FA', 'FI', 'FST', 'IO', 'DI', 'NI'])
    expect(page.foaTitle).toBe('AIM')
    expect(page.player.arbiterTitle).toBe('FA')
    expect(page.player.ratings.blitz.rating).toBe(1901)
    expect(page.arbiter).toMatchObject({ title: 'FA', source: 'list' })
  })
  it('edits a licence and checks it on a date', async () => {
    await call('arbiters:save', { fideId: 10207538, title: 'FA', licenceCategory: 'B', validFrom: '2024-01-01', validTo: '2025-12-31', reason: 'licence renewed' })
    expect(await call('arbiters:licenceOn', { fideId: 10207538, date: '2025-11-15' })).toMatchObject({ licensed: true, reason: 'ok' })
    expect(await call('arbiters:licenceOn', { fideId: 10207538, date: '2026-01-01' })).toMatchObject({ licensed: false, reason: 'expired' })
    const list = await call<{ total: number; rows: { fideId: number; licenceCategory: string | null }[] }>('arbiters:list', { title: 'FA' })
    expect(list.rows).toEqual([expect.objectContaining({ fideId: 10207538, licenceCategory: 'B' })])
  })
})

describe('duplicates and merges', () => {
  it('scans in the worker, queues the pair, merges it and undoes the merge', async () => {
    const db = services.ctx.db
    db.prepare("INSERT INTO players(surname, given_names, name_folded, birth_date, federation, sex, national_id) VALUES ('Mueller', 'Juergen', 'mueller juergen', '1961-04-02', 'GER', 'M', 'GER-77')").run()
    const { jobId } = await call<{ jobId: string }>('players:scanDuplicates', {})
    const end = await services.ctx.jobs.wait(jobId)
    expect(end.state).toBe('done')
    const queue = await call<{ total: number; rows: { id: number; score: number; a: { id: number; fideId: number | null }; b: { id: number } }[] }>('players:duplicates', {})
    expect(queue.total).toBe(1)
    const cand = queue.rows[0]!
    expect(cand.a.fideId).toBe(4600010)
    expect(cand.score).toBeGreaterThanOrEqual(0.85)
    const merge = await call<{ id: number; keepId: number }>('players:merge', { keepId: cand.a.id, dropId: cand.b.id, reason: 'national registration of the same man' })
    expect((await call<{ total: number }>('players:duplicates', { status: 'merged' })).total).toBe(1)
    const merges = await call<{ id: number; undoable: boolean }[]>('players:merges', { playerId: cand.a.id })
    expect(merges).toEqual([expect.objectContaining({ id: merge.id, undoable: true })])
    await call('players:undoMerge', { mergeId: merge.id, reason: 'wrong decision' })
    expect((await call<{ total: number }>('players:duplicates', { status: 'open' })).total).toBe(1)
    await call('players:dismissDuplicate', { candidateId: cand.id, reason: 'different people (father and son)' })
    expect((await call<{ total: number }>('players:duplicates', {})).total).toBe(0)
  })
  it('refuses a merge without a reason', async () => {
    const reply = await services.dispatch('players:merge', { keepId: 1, dropId: 2, reason: '' })
    expect(reply.ok).toBe(false)
  })
})

describe('national list through the worker', () => {
  it('previews the columns with a suggested mapping, then imports with it', async () => {
    const upload = services.ctx.uploads.register(fixture('national_list.csv'), 'national-list').handle
    const preview = await call<{ columns: string[]; rows: number; suggested: Record<string, string> }>('players:previewNational', { upload })
    expect(preview.rows).toBe(3)
    expect(preview.suggested).toMatchObject({ nationalId: 'Licence', rating: 'Elo' })
    const { jobId } = await call<{ jobId: string }>('players:importNational', { upload, listDate: '2025-10-01', ratingType: 'rapid', source: 'FRA', mapping: preview.suggested })
    const end = await services.ctx.jobs.wait(jobId)
    expect(end.state).toBe('done')
    expect(end.result).toMatchObject({ format: 'national', lists: [{ ratingType: 'rapid', entries: 2 }] })
    expect((await call<Page>('players:search', { text: 'zoe' })).rows.map((r) => r.surname)).toEqual(['Dupont'])
    // the import spent the handle
    expect(await services.dispatch('players:previewNational', { upload })).toMatchObject({ ok: false, error: { key: 'files.unknownHandle' } })
  })

  it('never takes a path: a file named in the call, or a path-reading job started by name, is refused', async () => {
    for (const [name, input] of [
      ['players:previewNational', { file: fixture('national_list.csv') }],
      ['players:previewNational', { upload: fixture('national_list.csv') }],
      ['players:importList', { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' }],
      ['jobs:start', { kind: 'registry:importList', input: { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' } }],
      ['jobs:start', { kind: 'registry:importNational', input: { file: fixture('national_list.csv'), listDate: '2025-10-01', ratingType: 'rapid', source: 'FRA', mapping: {} } }]
    ] as const) {
      expect(await services.dispatch(name, input), name).toMatchObject({ ok: false, error: { code: 'validation', key: 'contract.invalidInput' } })
    }
  })
})

describe('players:update', () => {
  it('corrects a birth date typed wrong, keeps it internal and audits the change', async () => {
    const id = (await call<Page>('players:search', { text: '2500370' })).rows[0]!.id
    const out = await call<{ changed: string[]; player: { birthYear: number } }>('players:update', { id, birthDate: '1961-02-20', reason: 'birth certificate shown' })
    expect(out.changed).toEqual(['birthDate'])
    expect(out.player.birthYear).toBe(1961)
    expect(JSON.stringify(out)).not.toContain('1961-02-20')
    const audit = services.ctx.db.prepare("SELECT reason, data FROM audit_log WHERE action = 'player.update' AND entity_id = ?").get(String(id)) as { reason: string; data: string }
    expect(audit.reason).toBe('birth certificate shown')
    expect(JSON.parse(audit.data)).toEqual({ before: { birthDate: '1960' }, after: { birthDate: '1961-02-20' } })
    const again = await call<{ changed: string[] }>('players:update', { id, birthDate: '1961-02-20', reason: 'same again' })
    expect(again.changed).toEqual([])
  })
  it('marks a player deceased and refuses a malformed birth date', async () => {
    const id = (await call<Page>('players:search', { text: '5000001' })).rows[0]!.id
    await call('players:update', { id, status: 'deceased', reason: 'federation notice' })
    expect((await call<Page>('players:search', { text: '5000001', status: 'deceased' })).total).toBe(1)
    const bad = await services.dispatch('players:update', { id, birthDate: '20.02.1961', reason: 'typo' })
    expect(bad.ok).toBe(false)
  })
})
