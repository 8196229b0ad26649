// An export from the desktop app runs in the worker (the lists:export job): the save dialog's file gets the same
// bytes the export writer gives in-process; a cancelled dialog starts nothing; and no client may start the job
// with a path of its own (jobs:start refuses the kind).
import { existsSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { writeListExportFile } from '../../../../src/main/core/services/list-exports'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { buildFixture, type Fixture } from '../services/list-fixture'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
let fx: Fixture
let desktop: Services
let chosen: string | null = null
const asked: string[] = []

beforeAll(() => {
  fx = buildFixture(tmp.file('office.db'))
  desktop = createServices({
    dbPath: tmp.file('office.db'),
    host: 'electron',
    appVersion: 'test',
    worker: sourceWorkerScript(),
    checkOutput: true,
    chooseSaveFile: async (name) => {
      asked.push(name)
      return chosen
    }
  })
})
afterAll(async () => {
  await desktop.close()
  await fx.services.close()
  tmp.cleanup()
})

async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await desktop.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key })
  return r.value as T
}

describe('lists:saveExport through the lists:export job', () => {
  it('writes the chosen file in the worker, byte for byte what the writer gives in-process (CSV and PDF)', async () => {
    for (const req of [{ listId: fx.ids.feb, format: 'csv' as const, sort: 'name' as const, locale: 'fr' as const }, { listId: fx.ids.feb, format: 'pdf' as const, category: 'women' as const }]) {
      chosen = tmp.file(`saved.${req.format}`)
      const r = await call<{ saved: boolean; file: string; rows: number; skipped: number }>('lists:saveExport', req)
      const direct = await writeListExportFile(fx.services.ctx.db, req, tmp.file(`direct.${req.format}`))
      expect(r).toEqual({ saved: true, file: chosen, rows: direct.rows, skipped: direct.skipped })
      // February's list: its four players in the CSV; Müller and Martin, its women, in the PDF
      expect(r.rows).toBe(req.format === 'csv' ? 4 : 2)
      expect(Buffer.compare(readFileSync(chosen), readFileSync(direct.file))).toBe(0)
    }
    // the dialog was offered the export's own name
    expect(asked).toEqual(['FIDE-standard-2024-02-01-v1.csv', 'FIDE-standard-2024-02-01-v1-women.pdf'])
  })

  it('a cancelled dialog writes nothing and starts no job', async () => {
    chosen = null
    const before = desktop.ctx.jobs.runningCount()
    expect(await call('lists:saveExport', { listId: fx.ids.feb, format: 'txt' })).toEqual({ saved: false, file: null, rows: 0, skipped: 0 })
    expect(desktop.ctx.jobs.runningCount()).toBe(before)
    expect(existsSync(tmp.file('saved.txt'))).toBe(false)
  })

  it('an unknown list is refused before the dialog', async () => {
    asked.length = 0
    await expect(call('lists:saveExport', { listId: 99999, format: 'csv' })).rejects.toMatchObject({ key: 'lists.notFound' })
    expect(asked).toEqual([])
  })

  it('jobs:start does not take lists:export: the file it writes is the main process’s choice, never a client’s', async () => {
    const r = await desktop.dispatch('jobs:start', { kind: 'lists:export', input: { listId: fx.ids.feb, format: 'csv', out: tmp.file('elsewhere.csv') } })
    expect(r.ok).toBe(false)
    expect(existsSync(tmp.file('elsewhere.csv'))).toBe(false)
  })
})
