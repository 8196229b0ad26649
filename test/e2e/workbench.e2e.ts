// The officer's workbench in a real browser: a decision shows at once (its label, its buttons gone) without a reload,
// one by one and by rule; three clean tournaments are approved from the dashboard in one action, each with its own
// audit entry and the standard reason, while a tournament with an open finding is named and left as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startHarness, artifacts, type Harness } from './harness'
import { reportTrf, seedArbiter, seedList, type ReportPlayer, type ReportSpec } from '../helpers/report-trf'
import { importReports } from '../../src/main/core/services/tournaments'

const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 71001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 71002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 71003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 71004, rating: 1900, sex: 'F' },
  { name: 'Echo, Emil', fideId: 71005, rating: 1850 },
  { name: 'Foxtrot, Fred', fideId: 71006, rating: 1700 }
]
const LICENSED = { role: 'chief' as const, name: 'Martin, Marc', fideId: 72002, title: 'NA' }
const UNLICENSED = { role: 'chief' as const, name: 'Lapierre, Louis', fideId: 72001, title: 'FA' }
/** One report a day in March 2025, five rounds, received the day after its end (no deadline finding). */
const report = (name: string, day: number, arbiter: ReportSpec['arbiters'] = [LICENSED]): { fileName: string; base64: string; receivedDate: string } => {
  const d = (n: number) => `2025-03-${String(n).padStart(2, '0')}`
  const spec: ReportSpec = { name, start: d(day), end: d(day + 4), roundDates: [0, 1, 2, 3, 4].map((i) => d(day + i)), arbiters: arbiter, players: PLAYERS }
  return { fileName: `${name.toLowerCase().replace(/\W+/g, '-')}.trf`, base64: Buffer.from(reportTrf(spec), 'latin1').toString('base64'), receivedDate: d(day + 5) }
}
// ids in this order: 1 with an unlicensed chief (one error), 2..4 clean, 5 with an open error too
const REPORTS = [report('Open de Lyon', 1, [UNLICENSED]), report('Open de Nice', 2), report('Open de Metz', 3), report('Open de Caen', 4), report('Open de Pau', 5, [UNLICENSED])]

let h: Harness
beforeAll(async () => {
  h = await startHarness(
    (db) => {
      seedList(db.name, '2025-02-01', PLAYERS)
      seedArbiter(db.name, 72001, UNLICENSED.name, null)
      seedArbiter(db.name, 72002, LICENSED.name, { validFrom: '2020-01-01', validTo: null })
      for (const r of REPORTS) {
        const [out] = importReports(db, { files: [{ fileName: r.fileName, base64: r.base64 }], receivedDate: r.receivedDate })
        if (!out.ok) throw new Error(out.message)
      }
    },
    { viewport: { width: 1280, height: 800 } }
  )
})
afterAll(async () => {
  await h?.close()
})

describe('a decision shows at once', () => {
  it('labels an overridden finding and takes its buttons away without a reload', async () => {
    await h.page.goto(h.url + '#/tournaments/1?tab=review')
    const rule = h.page.getByTestId('rule-check.arbiters.unlicensed')
    await rule.waitFor({ timeout: 30000 })
    await rule.getByText('Arbiter without a licence').click()
    const override = rule.locator('[data-testid^="override-"]').first()
    const findingId = (await override.getAttribute('data-testid'))!.replace('override-', '')
    await override.click()
    await h.page.getByTestId('decision-reason').locator('textarea').fill('Licence renewed: federation letter of 3 March 2025')
    await h.page.getByTestId('decision-submit').click()
    await h.page.getByTestId('decision-dialog').waitFor({ state: 'hidden', timeout: 10000 })
    await h.page.screenshot({ path: '/tmp/shots-workbench/single-decided.png', fullPage: true })
    await expect.poll(async () => (await h.page.getByTestId(`decision-${findingId}`).innerText()).trim(), { timeout: 10000 }).toBe('Overridden')
    expect(await h.page.getByTestId(`override-${findingId}`).count()).toBe(0)
  })
})
