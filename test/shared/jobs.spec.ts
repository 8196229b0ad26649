// The job contract: the declared kinds are pinned, each has a handler and a label, and only declared kinds with their
// own input start — through the typed `jobs:start` call (validated in main) or the runner itself.
import { afterAll, describe, expect, it } from 'vitest'
import { jobKinds, jobsContract, isJobOf, type JobEvent } from '../../src/shared/contract/jobs'
import { jobHandlers } from '../../src/main/core/jobs/index'
import { createServices } from '../../src/main/core/services/index'
import { sourceWorkerScript } from '../../src/main/core/workers/script'
import jobsI18n from '../../src/renderer/src/features/jobs/i18n'
import { tempDir } from '../helpers/temp-db'
import { SEAL_STEPS } from '../../src/main/core/data/archive-periods'

// Add a new job here in the same change that declares it.
const PINNED = ['registry:importList', 'registry:importNational', 'registry:scanDuplicates', 'rating:period', 'system:health', 'system:openCheck', 'system:backup', 'system:restore', 'system:seal', 'registry:mergeSealed', 'lists:generate', 'demo:load', 'lists:publish', 'lists:replay', 'lists:stale', 'lists:correctPreview', 'lists:correct', 'lists:diff', 'tournaments:import', 'tournaments:preview', 'tournaments:rate', 'registry:previewNational', 'lists:export', 'site:build']

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('job contract', () => {
  it('declares exactly the pinned kinds, each documented, with a worker handler for each and none besides', () => {
    expect(jobKinds).toEqual([...PINNED].sort())
    for (const kind of jobKinds) {
      expect(kind).toMatch(/^[a-z]+:[A-Za-z]+$/)
      expect(jobsContract[kind].summary.length).toBeGreaterThan(5)
    }
    expect(Object.keys(jobHandlers).sort()).toEqual(jobKinds)
  })

  it('names every kind in English and French for the progress bar', () => {
    for (const kind of jobKinds) {
      const key = kind.replace(/[^\w]/g, '_') as keyof typeof jobsI18n.en.jobs.kinds
      expect(jobsI18n.en.jobs.kinds[key], kind).toBeTruthy()
      expect(jobsI18n.fr.jobs.kinds[key], kind).toBeTruthy()
    }
  })

  it('names the steps a job reports by a word of the core in English and French, never the word itself', () => {
    const en = jobsI18n.en.jobs.steps as Record<string, string>
    const fr = jobsI18n.fr.jobs.steps as Record<string, string>
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort())
    for (const step of [...SEAL_STEPS, 'backup', 'restore', 'quick_check', 'base', 'sheets']) {
      expect(en[step], step).toBeTruthy()
      expect(en[step], step).not.toBe(step)
      expect(fr[step], step).toBeTruthy()
      expect(fr[step], step).not.toBe(step)
    }
    expect(en.vacuum).toBe('shrinking the database')
    expect(fr.write).toBe('écriture et vérification du fichier d’archive')
  })

  it('types an event’s result by its kind', () => {
    const e: JobEvent = { jobId: 'j', kind: 'system:health', state: 'done', done: 1, total: 1, result: { integrity: 'ok', tables: [] } }
    expect(isJobOf(e, 'system:health') && e.result?.integrity).toBe('ok')
    expect(isJobOf(e, 'registry:scanDuplicates')).toBe(false)
  })
})

describe('jobs:start', { timeout: 60_000 }, () => {
  const services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  afterAll(() => services.close())
  const started: string[] = []
  services.ctx.jobs.on('event', (e: JobEvent) => started.push(e.kind))

  it('refuses a kind the contract does not declare, and an input that is not its kind’s, where the call enters main', async () => {
    const undeclared = await services.dispatch('jobs:start', { kind: 'system:dropTables', input: {} })
    expect(undeclared).toMatchObject({ ok: false, error: { code: 'validation', key: 'contract.invalidInput', details: [{ path: 'kind' }] } })
    const wrongInput = await services.dispatch('jobs:start', { kind: 'registry:scanDuplicates', input: { minScore: 2 } })
    expect(wrongInput).toMatchObject({ ok: false, error: { code: 'validation', details: [{ path: 'input.minScore' }] } })
    const extra = await services.dispatch('jobs:start', { kind: 'system:health', input: { table: 'players' } })
    expect(extra).toMatchObject({ ok: false, error: { code: 'validation', details: [{ path: 'input' }] } })
    expect(started).toEqual([])
  })

  it('starts a declared kind, and jobs:get gives its result as the contract describes it', async () => {
    const reply = await services.dispatch('jobs:start', { kind: 'system:health', input: {} })
    expect(reply.ok).toBe(true)
    if (!reply.ok) return
    const { jobId } = reply.value as { jobId: string }
    const end = await services.ctx.jobs.wait(jobId)
    expect(end.state).toBe('done')
    const got = await services.dispatch('jobs:get', { jobId })
    expect(got).toMatchObject({ ok: true, value: { jobId, kind: 'system:health', state: 'done', result: { integrity: 'ok' } } })
    expect(started[0]).toBe('system:health')
  })
})
