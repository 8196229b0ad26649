// Which list a tournament names, on the demo federation (issue 35, item 3): Lyon, Chambéry and Annecy are rated in the
// office's list of 1 October 2025; after its publication every surface — the dashboard and `tournaments list`, the
// tournaments' table, the review panel's facts, the check report in English and French — names that list and its
// version, never "the list of 1 November"; the rejected junior championship names none; the rapid open, not yet
// decided, goes into the first rapid list. Then the list offered next is the one after October.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { pdfText } from '../../../helpers/pdf-text'
import { runCli } from '../../../helpers/run-cli'
import { tempDir } from '../../../helpers/temp-db'
import type { GenerateResult } from '../../../../src/shared/contract/office-lists'

const tmp = tempDir()
const dbFile = tmp.file('demo.db')
openDatabase(dbFile).close()
let s: Services
// the demo's reports in the order of its manifest: tournament ids 1 to 5
const LYON = 1
const GRENOBLE = 2
const CHAMBERY = 3
const ANNECY = 4
const JUNIORS = 5

async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await s.dispatch(name, input)
  if (!r.ok) throw new Error(r.error.message)
  return r.value as T
}

type ListRef = { state: 'rated'; listId: number; listDate: string; version: number } | { state: 'due'; listDate: string } | null
let october = 0

beforeAll(async () => {
  s = createServices({ dbPath: dbFile, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  await s.ctx.jobs.run('demo:load', { registryOnly: false })
}, 180_000)
afterAll(async () => {
  await s.close()
  tmp.cleanup()
})

describe("a tournament's list on every surface (demo federation, October 2025)", () => {
  it('before the decisions, every report of September goes into the list of 1 October 2025', async () => {
    // all five ended by 21 September and came by 16 September: on or before the closing date of 28 September
    // (1 October − 3 days, FIDE Rating Regulations 2024 as regulations.md § 5 gives the cutoff)
    const d = await call<{ rows: { id: number; list: ListRef }[] }>('checks:dashboard', { limit: 50 })
    expect(Object.fromEntries(d.rows.map((r) => [r.id, r.list]))).toEqual({
      [LYON]: { state: 'due', listDate: '2025-10-01' },
      [GRENOBLE]: { state: 'due', listDate: '2025-10-01' },
      [CHAMBERY]: { state: 'due', listDate: '2025-10-01' },
      [ANNECY]: { state: 'due', listDate: '2025-10-01' },
      [JUNIORS]: { state: 'due', listDate: '2025-10-01' }
    })
    // nothing approved yet, nothing published: the form offers the list after the imported list of 1 September
    expect(await call('lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2025-10-01', reason: 'afterReference', tournaments: 0, closingDate: '2025-09-28' })
  })

  it("the home says what is next: the five reports to check, the list of 1 October closing on 28 September, each type's reference list", async () => {
    const home = await call<Record<string, unknown>>('system:home', {})
    // the five September reports, imported and checked, none decided yet
    expect(home.toCheck).toBe(5)
    // the same offer as lists:nextDate (one function): only the standard list while nothing is approved
    expect(home.listsDue).toEqual([{ ratingType: 'standard', listDate: '2025-10-01', reason: 'afterReference', tournaments: 0, closingDate: '2025-09-28' }])
    expect(home.lastPublished).toBeNull()
    const refs = home.references as Record<string, { listDate: string; ratingType: string; entries: number } | null>
    expect(refs.standard).toMatchObject({ listDate: '2025-09-01', ratingType: 'standard' })
    expect(refs.rapid).toMatchObject({ listDate: '2025-09-01', ratingType: 'rapid' })
    expect(refs.blitz).toBeNull()
  })

  it('the approved tournaments make their list the one offered to generate', async () => {
    for (const id of [LYON, CHAMBERY, ANNECY]) await call('checks:approve', { id, reason: 'warnings read, errors decided', overrideErrors: true })
    await call('checks:reject', { id: JUNIORS, reason: 'four rounds on one day' })
    expect(await call('lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2025-10-01', reason: 'approved', tournaments: 3, closingDate: '2025-09-28' })
    const facts = await call<{ list: ListRef; listDate: string | null }>('checks:facts', { id: JUNIORS })
    expect(facts).toMatchObject({ list: null, listDate: null })
  })

  it('after publication, Lyon, Chambéry and Annecy name the list of 1 October 2025, version 1, on every surface', async () => {
    const g = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-10-01' })) as GenerateResult
    expect(g.tournaments.map((t) => t.tournamentId).sort()).toEqual([LYON, CHAMBERY, ANNECY])
    await call('lists:publish', { listId: g.listId, federation: { name: 'Fédération de démonstration', code: 'FRA' } })
    october = g.listId
    const rated = { state: 'rated', listId: october, listDate: '2025-10-01', version: 1 }

    // the checks dashboard (the CLI's `tournaments list` reads it)
    const d = await call<{ rows: { id: number; status: string; list: ListRef; listDate: string | null }[] }>('checks:dashboard', { limit: 50 })
    const byId = new Map(d.rows.map((r) => [r.id, r]))
    for (const id of [LYON, CHAMBERY, ANNECY]) expect(byId.get(id)).toMatchObject({ status: 'rated', list: rated, listDate: '2025-10-01' })
    expect(byId.get(JUNIORS)).toMatchObject({ status: 'rejected', list: null, listDate: null })
    // the rapid open: no rapid list published, it goes into the first rapid list after its end (7 September)
    expect(byId.get(GRENOBLE)).toMatchObject({ status: 'checked', list: { state: 'due', listDate: '2025-10-01' } })

    // the tournaments' table
    const t = await call<{ rows: { id: number; list: ListRef }[] }>('tournaments:list', { limit: 50 })
    expect(Object.fromEntries(t.rows.map((r) => [r.id, r.list]))).toEqual({ [LYON]: rated, [CHAMBERY]: rated, [ANNECY]: rated, [JUNIORS]: null, [GRENOBLE]: { state: 'due', listDate: '2025-10-01' } })

    // the review panel's facts
    for (const id of [LYON, CHAMBERY, ANNECY]) expect(await call('checks:facts', { id })).toMatchObject({ list: rated, listDate: '2025-10-01' })

    // the check report, in English and in French
    const text = async (id: number, locale: 'en' | 'fr') => (await pdfText(Buffer.from((await call<{ base64: string }>('checks:report', { id, locale })).base64, 'base64'))).pages.join(' ').replace(/\s+/g, ' ')
    const lyonEn = await text(LYON, 'en')
    expect(lyonEn).toContain('Rated in the list of: 1 October 2025, version 1')
    expect(lyonEn).not.toContain('November 2025')
    expect(await text(ANNECY, 'fr')).toContain('Comptabilisé dans la liste : 1er octobre 2025, version 1')
    expect(await text(JUNIORS, 'en')).toContain('List: none: the tournament is not rated')
    expect(await text(JUNIORS, 'fr')).toContain('Liste : aucune : le tournoi n’est pas comptabilisé')

    // the command line
    const cli = runCli(['--db', dbFile, 'tournaments', 'list'])
    expect(cli.code).toBe(0)
    const line = (name: string) => cli.stdout.split('\n').find((l) => l.includes(name))
    for (const name of ["Open d'automne de Lyon", 'Open de Chambéry', "Tournoi fermé d'Annecy"]) expect(line(name)).toContain('list 2025-10-01 v1 (rated)')
    expect(line('Championnat départemental jeunes')).toContain('list —')
    expect(cli.stdout).not.toContain('2025-11-01')

    // the home: one report left to check (the rapid open), the list published with its version, November next
    const home = await call<Record<string, unknown>>('system:home', {})
    expect(home.toCheck).toBe(1)
    expect(home.lastPublished).toMatchObject({ id: october, listDate: '2025-10-01', ratingType: 'standard', version: 1 })
    expect(home.listsDue).toEqual([{ ratingType: 'standard', listDate: '2025-11-01', reason: 'afterPublished', tournaments: 0, closingDate: '2025-10-29' }])
  }, 180_000)

  it('the list offered next is the one after October, with no approved tournament: November', async () => {
    expect(await call('lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2025-11-01', reason: 'afterPublished', tournaments: 0, closingDate: '2025-10-29' })
    // a tournament approved now that ended before October's closing date is late: it goes into November (2014 § 7.13)
    await call('checks:reopen', { id: JUNIORS, reason: 'held back, decided again' })
    await call('checks:approve', { id: JUNIORS, reason: 'four rounds on one day accepted by the federation', overrideErrors: true })
    expect(await call('checks:facts', { id: JUNIORS })).toMatchObject({ list: { state: 'due', listDate: '2025-11-01' } })
    expect(await call('lists:nextDate', { ratingType: 'standard' })).toEqual({ listDate: '2025-11-01', reason: 'approved', tournaments: 1, closingDate: '2025-10-29' })
    // the rapid open approved: the home names the first rapid list it goes into besides the standard one
    await call('checks:approve', { id: GRENOBLE, reason: 'warnings read, errors decided', overrideErrors: true })
    const home = await call<{ listsDue: unknown[]; toCheck: number }>('system:home', {})
    expect(home.toCheck).toBe(0)
    expect(home.listsDue).toEqual([
      { ratingType: 'standard', listDate: '2025-11-01', reason: 'approved', tournaments: 1, closingDate: '2025-10-29' },
      { ratingType: 'rapid', listDate: '2025-10-01', reason: 'approved', tournaments: 1, closingDate: '2025-09-28' }
    ])
  })
})
