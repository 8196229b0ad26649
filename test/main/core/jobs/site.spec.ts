// The public website from the desktop app (lists:publishSite → the site:build job in a worker, its result checked
// against the contract): the folder the officer chose gets the site, and the result says what the build did — every
// figure the build gives reaches the screen (the contract is strict: a figure it leaves out fails the call).
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { siteBuildResultSchema } from '../../../../src/shared/contract/list-out'
import { publishDemoOctober } from '../../../helpers/demo-site'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
let desktop: Services
let chosen: string | null = null

beforeAll(async () => {
  const db = openDatabase(tmp.file('office.db'))
  await publishDemoOctober(db)
  db.close()
  desktop = createServices({ dbPath: tmp.file('office.db'), host: 'electron', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true, chooseFolder: async () => chosen })
}, 120_000)
afterAll(async () => {
  await desktop.close()
  tmp.cleanup()
})

type Published = { saved: boolean; result: ReturnType<typeof siteBuildResultSchema.parse> | null }
async function publish(): Promise<Published> {
  const r = await desktop.dispatch('lists:publishSite', {})
  if (!r.ok) throw new Error(r.error.message)
  return r.value as Published
}

describe('lists:publishSite through the site:build job', () => {
  it('builds into the chosen folder and says what it did; a second build writes nothing', async () => {
    chosen = null
    expect(await publish()).toEqual({ saved: false, result: null })
    chosen = tmp.file('site')
    const first = await publish()
    expect(first.saved).toBe(true)
    const r = siteBuildResultSchema.parse(first.result)
    expect(r).toMatchObject({ dir: chosen, mode: 'full', lists: 1, unchanged: 0, deleted: 0 })
    expect(r.rendered).toBe(r.players)
    expect(r.players).toBeGreaterThan(50)
    // every file written once (the manifest beside them, not counted), the manifest naming each
    expect(r.written).toBe(r.files)
    const manifest = JSON.parse(readFileSync(join(chosen, 'site-manifest.json'), 'utf8')) as { files: Record<string, unknown> }
    expect(Object.keys(manifest.files).length).toBe(r.files)
    expect(Object.values(manifest.files as Record<string, { bytes: number }>).reduce((a, f) => a + f.bytes, 0)).toBe(r.bytes)
    expect(existsSync(join(chosen, 'fr', 'index.html'))).toBe(true)

    const again = siteBuildResultSchema.parse((await publish()).result)
    expect(again).toMatchObject({ mode: 'incremental', rendered: 0, written: 0, deleted: 0, files: r.files, unchanged: r.files, bytes: r.bytes })
  }, 120_000)
})
