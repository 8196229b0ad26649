// A calculation sheet as the player asks for it, on a real database: opponents by name and FIDE ID, the date of the
// list every rating came from (joined at read time, the stored sheet unchanged), the capped difference's legend with
// its rule, and the PDF of the sheet in English and French read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import type { GenerateResult } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { pdfText } from '../../../helpers/pdf-text'
import { PLAYERS, call, importApproved, seedFideList, trf } from './office-list-fixture'

const tmp = tempDir()
let services: Services
let nov: GenerateResult
let before: Buffer

beforeAll(async () => {
  services = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(services, tmp.file('players_list_foa.txt'))
  // Charlie (1800) beats Delta (2450): a difference of 650, counted as 400 (2024 § 8.3.1)
  await importApproved(services, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  nov = (await services.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' })) as GenerateResult
  before = services.ctx.db.prepare('SELECT sheet FROM office_list_sheets WHERE list_id = ? ORDER BY player_id').pluck().all(nov.listId).reduce((a: Buffer, b) => Buffer.concat([a, b as Buffer]), Buffer.alloc(0)) as Buffer
}, 120_000)

afterAll(async () => {
  await services?.close()
  tmp.cleanup()
})

describe('a calculation sheet with names and list dates', () => {
  it('names every opponent and the list his rating came from; the stored sheets are untouched', async () => {
    const v = await call(services, 'lists:sheet', { listId: nov.listId, fideId: PLAYERS.C.id })
    const sheet = v.sheet as CalculationSheet
    const t = sheet.tournaments[0]!
    const byId = new Map(v.references.players.map((p) => [p.id, p]))
    const lists = new Map(v.references.lists.map((l) => [l.id, l]))
    expect(t.games.map((g) => byId.get(g.opponentId!)?.name)).toEqual(['Bravo, Ben', 'Alpha, Anna', 'Delta, Dan'])
    expect(t.games.map((g) => byId.get(g.opponentId!)?.fideId)).toEqual([PLAYERS.B.id, PLAYERS.A.id, PLAYERS.D.id])
    // every rating of this sheet comes from FIDE's list of 1 October 2025 (his own, his base, each opponent's)
    expect(t.games.map((g) => lists.get(g.opponentListId!)?.listDate)).toEqual(['2025-10-01', '2025-10-01', '2025-10-01'])
    expect(lists.get(t.ratingListId!)?.listDate).toBe('2025-10-01')
    expect(lists.get(sheet.base.listId!)).toMatchObject({ listDate: '2025-10-01', ratingType: 'standard' })
    expect(v.editions).toEqual([{ id: 'fide-2024', name: 'FIDE 2024 (with the 2024–2025 amendments)' }])
    const after = services.ctx.db.prepare('SELECT sheet FROM office_list_sheets WHERE list_id = ? ORDER BY player_id').pluck().all(nov.listId).reduce((a: Buffer, b) => Buffer.concat([a, b as Buffer]), Buffer.alloc(0)) as Buffer
    expect(after.equals(before)).toBe(true)
  })

  it('marks the capped difference and cites its rule in both languages', async () => {
    const v = await call(services, 'lists:sheet', { listId: nov.listId, fideId: PLAYERS.C.id })
    const games = (v.sheet as CalculationSheet).tournaments[0]!.games
    const vsDelta = games[2]!
    // only the game beyond 400 points is marked (Bravo −100, Alpha −200)
    expect(games.map((g) => [g.d, g.capped])).toEqual([[-100, false], [-200, false], [-400, true]])
    // 2024 § 8.3.1: 1800 − 2450 = −650 counts as −400; PD .08 (table 8.1b, 392–411 → .92 for the higher); ΔR 1 − .08
    expect(vsDelta).toMatchObject({ capped: true, d: -400, pd: 0.08, chg: 0.92 })
    expect(v.caps).toEqual([{ edition: 'fide-2024', points: 400, citation: { en: 'FIDE Rating Regulations 2024, § 8.3.1', fr: 'Réglementation du classement de la FIDE 2024, § 8.3.1' } }])
  })

  it('prints the sheet as a PDF in English: names, list dates, figures, rounding and legend', async () => {
    const pdf = await call(services, 'lists:sheetPdf', { listId: nov.listId, fideId: PLAYERS.C.id, locale: 'en' })
    expect(pdf.fileName).toBe('calculation-sheet-charlie-cleo-2025-11-01.pdf')
    const { pages, info } = await pdfText(Buffer.from(pdf.base64, 'base64'))
    const text = pages.join('\n')
    expect(pdf.pages).toBe(pages.length)
    expect(info.Title).toBe('Calculation sheet — Charlie, Cleo')
    expect(text).toContain('Charlie, Cleo · FIDE ID 5000003')
    expect(text).toContain('The standard rating list of 1 November 2025, version 1 (draft, not published)')
    expect(text).toContain('Delta, Dan (5000004)')
    expect(text).toContain('Alpha, Anna (5000001)')
    // each opponent's rating with its list, in the table (short month)
    expect(text).toContain('list of 1 Oct 2025')
    expect(text).toContain('His rating used: 1800 (list of 1 October 2025)')
    // W 1.5 (½ + 0 + 1); We .24 + .36 + .08 = .68; ΣΔR .26 − .36 + .92 = .82; K 40 → 32.80, rounded +33 (2024 § 8.3.4)
    expect(text).toContain('Games counted 3 · W 1.5 · We 0.68 · ΣΔR +0.82 · K 40 · K × ΣΔR +32.80')
    expect(text).toContain('−400*')
    expect(text).toContain('Σ K × ΣΔR = 32.80, rounded to +33')
    expect(text.replace(/\s+/g, ' ')).toContain('The period’s total is rounded to the nearest whole number, a half away from zero (FIDE Rating Regulations 2024, § 8.3.4).')
    expect(text).toContain('New rating 1833')
    expect(text).toContain('* D capped: a rating difference of more than 400 points counts as 400 (FIDE Rating Regulations 2024, § 8.3.1).')
  })

  it('prints it in French with French dates, decimals and typography', async () => {
    const pdf = await call(services, 'lists:sheetPdf', { listId: nov.listId, fideId: PLAYERS.C.id, locale: 'fr' })
    expect(pdf.fileName).toBe('fiche-de-calcul-charlie-cleo-2025-11-01.pdf')
    const text = (await pdfText(Buffer.from(pdf.base64, 'base64'))).pages.join('\n')
    expect(text).toContain('Liste standard du 1er novembre 2025, version 1 (projet, non publiée)')
    expect(text).toContain('liste du 1er oct. 2025')
    expect(text).toContain('Son classement retenu : 1800 (liste du 1er octobre 2025)')
    expect(text).toContain('Parties comptées 3 · W 1,5 · We 0,68 · ΣΔR +0,82 · K 40 · K × ΣΔR +32,80')
    expect(text).toContain('Σ K × ΣΔR = 32,80, arrondi à +33')
    // a paragraph wrapped by the layout reads as one
    expect(text.replace(/\s+/g, ' ')).toContain('Le total de la période est arrondi à l’entier le plus proche, une demie s’éloignant de zéro (Réglementation du classement de la FIDE 2024, § 8.3.4).')
    expect(text).toContain('Nouveau classement 1833')
    expect(text.replace(/\s+/g, ' ')).toContain('* D plafonné : un écart de classement de plus de 400 points compte pour 400 (Réglementation du classement de la FIDE 2024, § 8.3.1).')
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })
})
