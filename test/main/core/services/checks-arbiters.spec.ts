// A report's arbiters found in the registry by name through the players' name index (issue 14: no scan of every
// arbiter for every report): an exact name is the registry's arbiter; a close one is suggested, an arbiter only;
// a player of the same name who is no arbiter is never suggested.
import { afterAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { reportTrf, seedArbiter, seedList, type ReportPlayer, type ReportSpec } from '../../../helpers/report-trf'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbFile = tmp.file('office.db')
openDatabase(dbFile).close()
const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 91001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 91002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 91003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 91004, rating: 1900, sex: 'F' },
  // a player, not an arbiter, with the name a report gives its chief below
  { name: 'Martin, Marco', fideId: 91005, rating: 1850 }
]
seedList(dbFile, '2025-02-01', PLAYERS)
seedArbiter(dbFile, 92002, 'Martin, Marc', { validFrom: '2020-01-01', validTo: null })
seedArbiter(dbFile, 92003, 'Martinez, Paula', { validFrom: '2020-01-01', validTo: null })
const services = createServices({ dbPath: dbFile, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

async function call<T>(name: string, input: unknown): Promise<T> {
  const r = await services.dispatch(name, input)
  if (!r.ok) throw new Error(r.error.message)
  return r.value as T
}
const spec = (name: string, chief: string): ReportSpec => ({
  name,
  start: '2025-03-01',
  end: '2025-03-05',
  roundDates: ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05'],
  arbiters: [{ role: 'chief', name: chief, fideId: null, title: 'FA' }],
  players: PLAYERS.slice(0, 4)
})
async function arbiterFindings(s: ReportSpec): Promise<{ code: string; params: Record<string, unknown> }[]> {
  const [r] = await call<{ ok: boolean; tournamentId: number }[]>('tournaments:import', { files: [{ fileName: `${s.name}.trf`, base64: Buffer.from(reportTrf(s), 'latin1').toString('base64') }], receivedDate: '2025-03-06' })
  expect(r!.ok).toBe(true)
  const all = await call<{ code: string; params: Record<string, unknown> }[]>('tournaments:findings', { id: r!.tournamentId, includeEarlierFiles: false })
  return all.filter((f) => f.code.startsWith('check.arbiters.'))
}

describe('report arbiters by name', () => {
  it('an arbiter named exactly as in the registry, without FIDE ID, is the registry’s (licensed: no finding)', async () => {
    expect(await arbiterFindings(spec('Open A', 'Martin, Marc'))).toEqual([])
  })

  it('a close name is unknown, with the registry arbiter suggested and never a player who is no arbiter', async () => {
    const found = await arbiterFindings(spec('Open B', 'Martin, Marco'))
    expect(found.map((f) => [f.code, f.params.suggestions])).toEqual([['check.arbiters.unknown', 'Martin, Marc (92002)']])
  })

  it('a name sharing no word with any arbiter has no suggestion', async () => {
    const found = await arbiterFindings(spec('Open C', 'Zzyzx, Quentin'))
    expect(found.map((f) => [f.code, f.params.suggestions])).toEqual([['check.arbiters.unknown', '—']])
  })
})
