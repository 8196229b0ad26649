// Issue 35, item 4: the office's own list is the federation's, not FIDE's. On a temporary office (FIDE's list of
// 1 October 2025 imported, a round robin approved, the list of 1 November 2025 computed under FIDE 2024), every surface
// names the publisher the same way: the list summaries (Lists, list page), the archive's history, the PDF's heading and
// properties (read back), the XLSX's properties and every export's file name. FIDE's download stays FIDE's. The first
// publication asks for the federation; what it records is frozen with the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { listExportFileName, planListExport, runListExport, type ListExportRequest } from '../../../../src/main/core/services/list-exports'
import { writeSettings } from '../../../../src/main/core/data/settings'
import type { GenerateResult, ListSummary } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { pdfText } from '../../../helpers/pdf-text'
import { PLAYERS, call, importApproved, refused, seedFideList, trf } from './office-list-fixture'

const tmp = tempDir()
let s: Services
let fideId: number
let nov: GenerateResult

const FFE = { name: 'Fédération Française des Échecs', code: 'FRA' }

async function bytes(req: ListExportRequest): Promise<Buffer> {
  const plan = planListExport(s.ctx.db, req)
  const chunks: Buffer[] = []
  await runListExport(s.ctx.db, plan, (c) => {
    chunks.push(Buffer.from(c))
  })
  return Buffer.concat(chunks)
}
const summary = async (id: number): Promise<ListSummary> => (await call(s, 'lists:list', {})).find((l) => l.id === id)!

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  seedFideList(s, tmp.file('players_list_foa.txt'))
  fideId = s.ctx.db.prepare("SELECT id FROM rating_lists WHERE kind = 'reference' AND rating_type = 'standard'").pluck().get() as number
  await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  nov = (await s.ctx.jobs.run('lists:generate', { listDate: '2025-11-01', ratingType: 'standard' })) as GenerateResult
}, 120_000)
afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('a draft, before the federation is named', () => {
  it('is the office’s (not FIDE’s) though computed under FIDE’s rules; its files are named OFFICE until the federation is', async () => {
    const draft = await summary(nov.listId)
    expect(draft.source).toBe('FIDE') // the chain it belongs to: FIDE's rules
    expect(draft.publisher).toEqual({ origin: 'office', name: null, code: null, recorded: false, rules: { id: 'fide-2024', kind: 'fide', name: 'FIDE 2024 (with the 2024–2025 amendments)' } })
    expect(listExportFileName(s.ctx.db, { listId: nov.listId, format: 'pdf' })).toBe('OFFICE-standard-2025-11-01-v1.pdf')
    const pdf = await pdfText(await bytes({ listId: nov.listId, format: 'pdf', locale: 'en' }))
    expect(pdf.pages[0]!.split('\n')[0]).toBe('Federation not named')
    expect(pdf.pages[0]).toContain('Computed under the FIDE Rating Regulations 2024')
  })

  it('is not published: the first publication asks for the federation, checks what it is given, and saves it', async () => {
    expect(await refused(s, 'lists:publish', { listId: nov.listId })).toMatchObject({ key: 'lists.federationUnset', message: expect.stringContaining('(name, code missing)') })
    writeSettings(s.ctx.db, { federation: 'FRA' })
    expect((await refused(s, 'lists:publish', { listId: nov.listId })).message).toContain('(name missing)')
    writeSettings(s.ctx.db, { federation: '' })
    // checked where it comes in: a code of three letters, a name of two characters at least
    const bad = await s.dispatch('lists:publish', { listId: nov.listId, federation: { name: 'F', code: 'FR' } })
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } })
    expect(JSON.stringify(bad)).toContain('a federation code is needed as a three-letter code (found “FR”)')
    expect(JSON.stringify(bad)).toContain('a federation name of at least 2 characters is needed')
    expect((await s.dispatch('settings:set', { federation: 'fr' })).ok).toBe(false)
    // nothing was published or saved by the refusals
    expect((await summary(nov.listId)).status).toBe('draft')
    expect(await call(s, 'settings:get', {})).toMatchObject({ federation: '', federationName: '' })

    const r = await call(s, 'lists:publish', { listId: nov.listId, federation: { name: ` ${FFE.name} `, code: 'fra' } })
    expect(r.publisher).toEqual(FFE)
    expect(await call(s, 'settings:get', {})).toMatchObject({ federation: 'FRA', federationName: FFE.name })
    const audit = s.ctx.db.prepare("SELECT data FROM audit_log WHERE action = 'list.publish' AND entity_id = ?").pluck().get(String(nov.listId)) as string
    expect(JSON.parse(audit)).toMatchObject({ publisher: FFE })
  }, 60_000)
})

describe('the published list and FIDE’s download, on every surface', () => {
  it('list summaries (Lists, the list page, the comparison): the federation’s list under FIDE’s rules; FIDE’s list is FIDE’s', async () => {
    const office = await summary(nov.listId)
    expect(office.publisher).toEqual({ origin: 'office', ...FFE, recorded: true, rules: { id: 'fide-2024', kind: 'fide', name: 'FIDE 2024 (with the 2024–2025 amendments)' } })
    expect((await call(s, 'lists:entries', { listId: nov.listId, limit: 1 })).list.publisher).toEqual(office.publisher)
    expect((await call(s, 'lists:preview', { listId: nov.listId, limit: 1 })).list.publisher).toEqual(office.publisher)
    expect((await summary(fideId)).publisher).toEqual({ origin: 'fide', name: 'FIDE', code: 'FIDE', recorded: true, rules: null })
  })

  it('the archive’s history of a player: his line on FIDE’s list is FIDE’s, on the office’s the federation’s', async () => {
    const playerId = s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(PLAYERS.B.id) as number
    const h = await call(s, 'archive:history', { playerId })
    expect(h.entries.map((e) => [e.listDate, e.rating, e.publisher.origin, e.publisher.code])).toEqual([
      ['2025-10-01', 1900, 'fide', 'FIDE'],
      // B 1900: −.36 + .36 + .42 = .42 × K 20 = 8.4 → +8 (2024 § 8.3.4)
      ['2025-11-01', 1908, 'office', 'FRA']
    ])
  })

  it('file names: the federation’s code for its list in every format, FIDE for FIDE’s', () => {
    for (const format of ['txt', 'xml', 'csv', 'xlsx', 'pdf'] as const) {
      expect(listExportFileName(s.ctx.db, { listId: nov.listId, format })).toBe(`FRA-standard-2025-11-01-v1.${format}`)
      expect(listExportFileName(s.ctx.db, { listId: fideId, format })).toBe(`FIDE-standard-2025-10-01-v1.${format}`)
    }
    expect(listExportFileName(s.ctx.db, { listId: nov.listId, format: 'csv', category: 'women', top: 10 })).toBe('FRA-standard-2025-11-01-v1-women-top10.csv')
  })

  it('PDF heading and properties, in English and French', async () => {
    const en = await pdfText(await bytes({ listId: nov.listId, format: 'pdf', locale: 'en' }))
    const lines = en.pages[0]!.split('\n')
    expect(lines.slice(0, 3)).toEqual([FFE.name, 'Standard rating list of 1 November 2025 — version 1 (published)', 'Computed under the FIDE Rating Regulations 2024'])
    expect(en.info).toMatchObject({ Title: `${FFE.name} – Standard rating list of 1 November 2025`, Author: FFE.name })
    expect(String(en.info.Subject)).toContain('Computed under the FIDE Rating Regulations 2024')
    expect(en.pages[0]).not.toMatch(/^FIDE$/m)
    const fr = await pdfText(await bytes({ listId: nov.listId, format: 'pdf', locale: 'fr' }))
    expect(fr.pages[0]!.split('\n').slice(0, 3)).toEqual([FFE.name, 'Liste Elo standard du 1er novembre 2025 — version 1 (publiée)', 'Calculée selon la Réglementation du classement de la FIDE 2024'])
    const fide = await pdfText(await bytes({ listId: fideId, format: 'pdf', locale: 'fr' }))
    expect(fide.pages[0]!.split('\n').slice(0, 3)).toEqual(['FIDE', 'Liste Elo standard du 1er octobre 2025 — version 1 (liste de référence)', 'Importée du téléchargement de la liste FIDE'])
    expect(fide.info).toMatchObject({ Author: 'FIDE' })
  })

  it('XLSX properties carry the same heading', async () => {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await bytes({ listId: nov.listId, format: 'xlsx', locale: 'en' })) as unknown as ArrayBuffer)
    expect(wb.title).toBe(`${FFE.name} – Standard rating list of 1 November 2025 — version 1`)
    expect(wb.subject).toBe('Computed under the FIDE Rating Regulations 2024')
    const fide = new ExcelJS.Workbook()
    await fide.xlsx.load((await bytes({ listId: fideId, format: 'xlsx', locale: 'fr' })) as unknown as ArrayBuffer)
    expect(fide.title).toBe('FIDE – Liste Elo standard du 1er octobre 2025 — version 1')
    expect(fide.subject).toBe('Importée du téléchargement de la liste FIDE')
  })

  it('keeps the federation it was published by when the settings change later', async () => {
    await call(s, 'settings:set', { federation: 'SUI', federationName: 'Schweizerischer Schachbund' })
    expect((await summary(nov.listId)).publisher).toMatchObject(FFE)
    expect(listExportFileName(s.ctx.db, { listId: nov.listId, format: 'pdf' })).toBe('FRA-standard-2025-11-01-v1.pdf')
    expect((await pdfText(await bytes({ listId: nov.listId, format: 'pdf', locale: 'en' }))).pages[0]!.split('\n')[0]).toBe(FFE.name)
    // and the record is frozen with the list
    expect(() => s.ctx.db.prepare("UPDATE office_list_meta SET federation_code = 'SUI' WHERE list_id = ?").run(nov.listId)).toThrow(/immutable/)
  })
})
