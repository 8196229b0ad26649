// rating:calc and the rules:* calls through the real dispatcher: profiles validated, saved, audited, used by calc.
import { afterAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../../src/main/core/services/index'
import { latestVersion } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})
const call = async (name: string, input: unknown) => {
  const r = await services.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key, code: r.error.code })
  return r.value as never
}

describe('rules:* and rating:calc', () => {
  it('lists the seven shipped rule sets', async () => {
    const list: { id: string; builtin: boolean }[] = await call('rules:list', {})
    expect(list.map((e) => e.id)).toEqual(['fide-2005', 'fide-2010', 'fide-2014', 'fide-2017', 'fide-2022', 'fide-2024', 'fse'])
    const got: { edition: { cap: { points: number } } } = await call('rules:get', { id: 'fide-2005' })
    expect(got.edition.cap.points).toBe(350)
  })

  it('saves a federation profile, audits it, uses it in calc, and deletes it', async () => {
    const base = builtinEdition('fide-2024')!
    const profile = { ...base, id: 'fed-2026', name: 'Federation 2026', kind: 'custom', basedOn: 'fide-2024', k: { ...base.k, normal: 25, knMax: null } }
    expect(await call('rules:saveProfile', { profile, reason: 'national list' })).toEqual({ id: 'fed-2026', created: true })
    expect(await call('rules:saveProfile', { profile: { ...profile, name: 'Federation 2026 b' } })).toEqual({ id: 'fed-2026', created: false })
    const list: { id: string; name: string }[] = await call('rules:list', {})
    expect(list.find((e) => e.id === 'fed-2026')?.name).toBe('Federation 2026 b')
    const out: { tournaments: { k: number; kChg: number; edition: string }[] } = await call('rating:calc', {
      edition: 'fed-2026',
      player: { rating: 1900, ratedGames: 100 },
      tournaments: [{ start: '2026-01-05', games: [{ opponentRating: 1900, score: 1 }] }]
    })
    expect(out.tournaments[0]).toMatchObject({ edition: 'fed-2026', k: 25, kChg: 12.5 })
    expect(await call('rules:deleteProfile', { id: 'fed-2026', reason: 'replaced' })).toEqual({ deleted: true })
    const audit = services.ctx.db.prepare("SELECT action, entity_id, reason FROM audit_log WHERE entity = 'rating_profile' ORDER BY id").all()
    expect(audit).toEqual([
      { action: 'rating-profile.create', entity_id: 'fed-2026', reason: 'national list' },
      { action: 'rating-profile.update', entity_id: 'fed-2026', reason: null },
      { action: 'rating-profile.delete', entity_id: 'fed-2026', reason: 'replaced' }
    ])
  })

  it('refuses an invalid profile with the located parameter, and never replaces a shipped one', async () => {
    const base = builtinEdition('fide-2024')!
    await expect(call('rules:saveProfile', { profile: { ...base, id: 'bad', cap: { ...base.cap, points: -5 } } })).rejects.toMatchObject({ code: 'validation', message: expect.stringContaining('profile.cap.points') })
    await expect(call('rules:saveProfile', { profile: base })).rejects.toMatchObject({ key: 'engine.builtinProfile' })
    await expect(call('rules:deleteProfile', { id: 'nope' })).rejects.toMatchObject({ key: 'engine.profileNotFound' })
    const n = services.ctx.db.prepare("SELECT count(*) AS n FROM rating_profiles WHERE id = 'bad'").get() as { n: number }
    expect(n.n).toBe(0)
  })

  it('rejects an unknown edition in calc with a user error', async () => {
    await expect(call('rating:calc', { edition: 'fide-1999', player: { rating: 2000 }, tournaments: [{ start: '2026-01-05', games: [] }] })).rejects.toMatchObject({ key: 'engine.unknownEdition' })
  })
})

describe('migration 4', () => {
  it('keeps profiles as valid JSON only (STRICT table with a json_valid check)', () => {
    const db = services.ctx.db
    // every migration ran (4 among them): the version is the last one's
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion(migrations))
    expect(() => db.prepare("INSERT INTO rating_profiles (id, name, kind, params) VALUES ('x', 'x', 'custom', '{not json')").run()).toThrow(/CHECK constraint/)
    expect(() => db.prepare("INSERT INTO rating_profiles (id, name, kind, params) VALUES ('x', 'x', 'fed', '{}')").run()).toThrow(/CHECK constraint/)
  })
})

describe('profiles saved by an earlier version', () => {
  it('still load when a later parameter is missing (it takes its default)', async () => {
    const base = builtinEdition('fide-2014')!
    const { minGamesReduced: _m, ...unrated } = base.unrated
    const old = { ...base, id: 'old-fed', kind: 'custom', unrated }
    services.ctx.db.prepare("INSERT INTO rating_profiles (id, name, kind, params) VALUES ('old-fed', 'Old', 'custom', ?)").run(JSON.stringify(old))
    const got: { edition: { unrated: { minGamesReduced: number | null } } } = await call('rules:get', { id: 'old-fed' })
    expect(got.edition.unrated.minGamesReduced).toBeNull()
  })
})
