// The dispatcher: input validated against the contract before any service runs; errors come back translated.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createDispatch, type Handlers } from '../../../../src/main/core/services/dispatch'
import { handlers } from '../../../../src/main/core/services/index'
import { openDatabase } from '../../../../src/main/core/db/open'
import { JobRunner } from '../../../../src/main/core/workers/runner'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { jobsContract } from '../../../../src/shared/contract/jobs'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import { UserError } from '../../../../src/main/core/util/errors'
import { UploadStore } from '../../../../src/main/core/util/uploads'
import { tempDir } from '../../../helpers/temp-db'
import { writeFileSync } from 'node:fs'
import { latestVersion } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

function makeCtx(readOnly = false): ServiceContext {
  const dbPath = tmp.file(`d-${Math.random().toString(36).slice(2)}.db`)
  return { db: openDatabase(dbPath), dbPath, readOnly, host: 'cli', appVersion: '1.2.3', jobs: new JobRunner({ contract: jobsContract, worker: sourceWorkerScript(), dbPath }), openedReports: [], uploads: new UploadStore(), notices: [] }
}

describe('dispatch', () => {
  it('refuses bad input with a located message and never calls the service', async () => {
    const spy = vi.fn(() => ({ locale: 'en', theme: 'light', federation: '', federationName: '', officer: '', birthPrivacy: 'year', backupDir: '' }))
    const dispatch = createDispatch(makeCtx(), { ...handlers, 'settings:set': spy } as Handlers)
    const reply = await dispatch('settings:set', { locale: 'de', theme: 'dark' })
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe('validation')
    expect(reply.error.message).toBe('Invalid input for settings:set: a language among en, fr is needed (found “de”)')
    expect(reply.error.details).toEqual([{ path: 'locale', message: expect.any(String) }])
    expect(spy).not.toHaveBeenCalled()
  })

  it('refuses unknown keys (strict inputs) and unknown calls', async () => {
    const dispatch = createDispatch(makeCtx(), handlers)
    const extra = await dispatch('settings:set', { locale: 'fr', colour: 'red' })
    expect(extra.ok).toBe(false)
    const unknown = await dispatch('players:explode', {})
    expect(unknown).toMatchObject({ ok: false, error: { key: 'contract.unknownCall', message: 'Unknown call “players:explode”.' } })
    const proto = await dispatch('__proto__', {})
    expect(proto.ok).toBe(false)
  })

  it('answers in the language of the settings', async () => {
    const ctx = makeCtx()
    const dispatch = createDispatch(ctx, handlers, { locale: () => 'fr' })
    const reply = await dispatch('jobs:get', { jobId: 'nope' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'user', key: 'jobs.notFound', message: 'Aucune tâche nope.' } })
  })

  it('turns a thrown UserError into a reply and an unexpected error into an internal one', async () => {
    const ctx = makeCtx()
    const dispatch = createDispatch(ctx, {
      ...handlers,
      'settings:get': () => {
        throw new UserError('settings.unknownKey', { key: 'x' })
      },
      'system:info': () => {
        throw new TypeError('boom')
      }
    } as Handlers)
    expect(await dispatch('settings:get', {})).toMatchObject({ ok: false, error: { code: 'user', message: 'Unknown setting “x”.' } })
    expect(await dispatch('system:info', {})).toMatchObject({ ok: false, error: { code: 'internal', message: 'Unexpected error: boom' } })
  })

  it('refuses write calls on a read-only archive but answers reads', async () => {
    const dispatch = createDispatch(makeCtx(true), handlers)
    expect(await dispatch('settings:set', { locale: 'fr' })).toMatchObject({ ok: false, error: { key: 'contract.readOnly' } })
    const info = await dispatch('system:info', {})
    expect(info).toMatchObject({ ok: true, value: { readOnly: true, appVersion: '1.2.3', schemaVersion: latestVersion(migrations) } })
    // any visitor of a read-only archive: the database's file name without its folder, no officer, no backups folder
    // (issue 38); the office's own window gives both
    if (info.ok) expect((info.value as { dbPath: string }).dbPath).toMatch(/^d-[a-z0-9]+\.db$/)
    const settings = await dispatch('settings:get', {})
    expect(settings).toMatchObject({ ok: true, value: { officer: '', backupDir: '' } })
    const own = makeCtx()
    own.db.prepare("INSERT INTO settings (key, value) VALUES ('officer', '\"Anne Officer\"')").run()
    const ownInfo = await createDispatch(own, handlers)('system:info', {})
    if (ownInfo.ok) expect((ownInfo.value as { dbPath: string }).dbPath).toBe(own.dbPath)
    expect(await createDispatch(own, handlers)('settings:get', {})).toMatchObject({ ok: true, value: { officer: 'Anne Officer' } })
  })

  it('stores settings and reads them back; home figures count real rows', async () => {
    const ctx = makeCtx()
    const dispatch = createDispatch(ctx, handlers, { checkOutput: true })
    expect(await dispatch('settings:set', { locale: 'fr', federation: 'SUI' })).toMatchObject({ ok: true, value: { locale: 'fr', federation: 'SUI', theme: 'system' } })
    expect(await dispatch('settings:get', {})).toMatchObject({ ok: true, value: { locale: 'fr', federation: 'SUI' } })
    ctx.db.prepare("INSERT INTO players (surname, name_folded, status) VALUES ('A','a','active'), ('B','b','inactive'), ('C','c','merged')").run()
    const home = await dispatch('system:home', {})
    expect(home).toMatchObject({ ok: true, value: { players: 2, playersActive: 1, referenceLists: 0, lastPublished: null } })
  })
})

describe('reports handed to the desktop app', () => {
  it('hands each file once, with its bytes, and says which could not be read', async () => {
    const ctx = makeCtx()
    const file = tmp.file('open.trf')
    writeFileSync(file, '012 Open de Genève\n')
    ctx.openedReports.push(file, tmp.file('missing.trf'))
    const dispatch = createDispatch(ctx, handlers, { checkOutput: true })
    const reply = await dispatch('system:openedReports', {})
    expect(reply.ok).toBe(true)
    if (!reply.ok) return
    const files = (reply.value as { files: { fileName: string; base64?: string; error?: string }[] }).files
    expect(Buffer.from(files[0].base64!, 'base64').toString('utf8')).toBe('012 Open de Genève\n')
    expect(files[1]).toMatchObject({ fileName: 'missing.trf', error: expect.stringContaining('ENOENT') })
    expect(await dispatch('system:openedReports', {})).toEqual({ ok: true, value: { files: [] } })
  })
})
