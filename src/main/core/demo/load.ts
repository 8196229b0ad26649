// Loads the bundled demo federation (resources/demo) into an empty database: national lists, arbiter registry and the
// month's reports with the dates the office received them; the regulation checks run on each report as on any import.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from '../db/open'
import { importNationalList, readNationalTable, suggestMapping } from '../registry/national'
import { saveArbiter, type ArbiterInput } from '../data/arbiters'
import { tableRowCount } from '../data/system'
import { importReports } from '../services/tournaments'
import { UserError } from '../util/errors'
import type { DemoManifest } from './generate'

/** The demo folder: the first `resources/demo` holding a manifest, walking up from this module (source, CLI build, app). */
export function demoDir(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'resources', 'demo')
    if (existsSync(join(candidate, 'manifest.json'))) return candidate
    const up = dirname(dir)
    if (up === dir) throw new UserError('demo.missing', { from })
    dir = up
  }
}

export function readDemoManifest(dir = demoDir()): DemoManifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as DemoManifest
}

export interface DemoLoadResult {
  lists: { ratingType: string; listId: number; entries: number }[]
  players: number
  arbiters: number
  reports: { file: string; tournamentId: number | null; errors: number; warnings: number; message: string | null }[]
}

/** What the demo refuses to mix with: an office's own data. */
function officeIsEmpty(db: Db): boolean {
  return ['players', 'tournaments', 'rating_lists'].every((table) => tableRowCount(db, table) === 0)
}

/** The arbiters file: `FIDE ID;Title;Licence;Valid from;Valid to;Status`, one arbiter a line. */
export function readDemoArbiters(text: string): ArbiterInput[] {
  const [, ...lines] = text.trim().split(/\r?\n/)
  return lines.map((line) => {
    const [fideId, title, licence, from, to, status] = line.split(';')
    return {
      fideId: Number(fideId),
      title: title as ArbiterInput['title'],
      licenceCategory: (licence || null) as ArbiterInput['licenceCategory'],
      validFrom: from || null,
      validTo: to || null,
      status: (status || 'active') as ArbiterInput['status']
    }
  })
}

export interface DemoLoadOptions {
  dir?: string
  /** Only the registry (lists and arbiters): the reports are left for the officer to import (the journey test). */
  registryOnly?: boolean
  progress?: (done: number, total: number, message: string) => void
  throwIfCancelled?: () => void
}

export async function loadDemo(db: Db, opts: DemoLoadOptions = {}): Promise<DemoLoadResult> {
  if (!officeIsEmpty(db)) throw new UserError('demo.notEmpty', {})
  const dir = opts.dir ?? demoDir()
  const m = readDemoManifest(dir)
  const reports = opts.registryOnly ? [] : m.reports
  const total = m.lists.length + 1 + reports.length
  let done = 0
  const step = (message: string) => opts.progress?.(done++, total, message)
  const out: DemoLoadResult = { lists: [], players: 0, arbiters: 0, reports: [] }
  for (const l of m.lists) {
    opts.throwIfCancelled?.()
    step(l.file)
    const file = join(dir, l.file)
    const table = await readNationalTable(file)
    const res = await importNationalList(db, { file, listDate: m.listDate, ratingType: l.ratingType, source: m.federation, mapping: suggestMapping(table.columns) })
    for (const x of res.lists) out.lists.push({ ratingType: x.ratingType, listId: x.id, entries: x.entries })
  }
  step(m.arbiters)
  const arbiters = readDemoArbiters(readFileSync(join(dir, m.arbiters), 'utf8'))
  db.transaction(() => {
    for (const a of arbiters) saveArbiter(db, a, 'demo federation')
  })()
  out.arbiters = arbiters.length
  for (const r of reports) {
    opts.throwIfCancelled?.()
    step(r.file)
    const bytes = readFileSync(join(dir, r.file))
    const [res] = importReports(db, { files: [{ fileName: r.file.split('/').pop()!, base64: bytes.toString('base64') }], receivedDate: r.receivedDate, registeredDate: r.registeredDate })
    out.reports.push(
      res!.ok
        ? { file: r.file, tournamentId: res!.tournamentId, errors: res!.findings.error, warnings: res!.findings.warning, message: null }
        : { file: r.file, tournamentId: null, errors: 0, warnings: 0, message: res!.message }
    )
  }
  out.players = tableRowCount(db, 'players')
  opts.progress?.(total, total, 'done')
  return out
}
