// The check report PDF: made with pdfkit from a real database, read back with pdfjs-dist; every finding's rule, message
// and decision is in it, in English or French.
import { afterAll, describe, expect, it } from 'vitest'
import { findingTitle } from '../../../../src/shared/finding-titles'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { reportTrf, seedArbiter, seedList, type ReportPlayer } from '../../../helpers/report-trf'
import { pdfText } from '../../../helpers/pdf-text'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
const dbFile = tmp.file('office.db')
openDatabase(dbFile).close()
const PLAYERS: ReportPlayer[] = [
  { name: 'Alpha, Anna', fideId: 81001, rating: 2150, sex: 'F' },
  { name: 'Bravo, Bruno', fideId: 81002, rating: 2050 },
  { name: 'Charlie, Carl', fideId: 81003, rating: 1980 },
  { name: 'Delta, Dora', fideId: 81004, rating: 1900, sex: 'F' }
]
seedList(dbFile, '2025-02-01', PLAYERS)
seedArbiter(dbFile, 82001, 'Lapierre, Louis', null)
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
const flat = (s: string) => s.replace(/\s+/g, ' ')

describe('checks:report', () => {
  it('writes every finding with its rule, message and decision, in English and in French', async () => {
    const trf = reportTrf({
      name: 'Open de Lyon',
      start: '2025-03-01',
      end: '2025-03-03',
      roundDates: ['2025-03-01', '2025-03-02', '2025-03-03'],
      arbiters: [{ role: 'chief', name: 'Lapierre, Louis', fideId: 82001 }],
      players: PLAYERS
    })
    const [r] = await call<{ tournamentId: number }[]>('tournaments:import', { files: [{ fileName: 'open.trf', base64: Buffer.from(trf).toString('base64') }], receivedDate: '2025-04-20' })
    const id = r.tournamentId
    const findings = (await call<{ id: number; code: string; source: string; message: string }[]>('tournaments:findings', { id })).filter((f) => f.source === 'check')
    expect(findings.map((f) => f.code).sort()).toEqual(['check.arbiters.unlicensed', 'check.deadline.report', 'check.deadline.upload'])
    const unlicensed = findings.find((f) => f.code === 'check.arbiters.unlicensed')!
    await call('tournaments:decideFinding', { findingId: unlicensed.id, decision: 'overridden', reason: 'licence confirmed by the federation' })

    const en = await call<{ fileName: string; base64: string; pages: number }>('checks:report', { id, locale: 'en' })
    expect(en.fileName).toBe('open-de-lyon-check-report.pdf')
    const bytes = Buffer.from(en.base64, 'base64')
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text.pages).toHaveLength(en.pages)
    const all = flat(text.pages.join(' '))
    expect(all).toContain('Check report')
    expect(all).toContain('Open de Lyon')
    for (const f of findings) {
      // each rule by its title, never its code
      expect(all).toContain(findingTitle(f.code, 'en'))
      expect(all).not.toContain(f.code)
      // the message as the dashboard shows it (a long one wraps: compare its first words)
      expect(all).toContain(flat(f.message).slice(0, 40))
    }
    expect(all).toContain('Overridden by')
    expect(all).toContain('licence confirmed by the federation')
    expect(all).toContain('Awaiting a decision')
    // values translated and days in words: no ISO date, no internal code anywhere
    expect(all).toContain('Report received: 20 April 2025')
    expect(all).toContain('Dates: 1 – 3 March 2025')
    expect(all).toContain('Goes into the list of: 1 May 2025')
    expect(all).toContain('System: Swiss')
    expect(all).toContain('Rating type: Standard')
    expect(all).toContain('Time control: 90 min for 40 moves, then 30 min for the rest of the game, + 30 s per move (150 min for 60 moves)')
    expect(all).toContain('State: checked')
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(all).not.toMatch(/\b[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+\b/)
    // two errors (one overridden), one warning, three notes: two decisions awaited, none for a note
    expect(all).toContain('2 errors, 1 warning, 3 notes; 2 awaiting a decision.')
    expect(all.match(/Awaiting a decision/g)).toHaveLength(2)
    expect(all.match(/No decision awaited/g)).toHaveLength(3)
    expect(text.info.Title).toBe('Check report — Open de Lyon')

    const fr = await call<{ fileName: string; base64: string }>('checks:report', { id, locale: 'fr' })
    expect(fr.fileName).toBe('open-de-lyon-rapport-de-controle.pdf')
    const frText = flat((await pdfText(Buffer.from(fr.base64, 'base64'))).pages.join(' '))
    expect(frText).toContain('Rapport de contrôle')
    expect(frText).toContain('Passé outre par')
    expect(frText).toContain('Arbitre sans licence (1)')
    expect(frText).toContain('Réglementation du classement de la FIDE 2024, arbitres licenciés')
    expect(frText).toContain('En attente de décision')
    expect(frText).toContain('Envoi tardif (1)')
    expect(frText).not.toContain('check.deadline.upload')
    for (const f of findings) expect(frText).toContain(findingTitle(f.code, 'fr'))
    // French typography: a space before the colon (a no-break one, read back as a space: test/shared/formats.spec.ts)
    expect(frText).toContain('Lieu : Lyon, FRA')
    expect(frText).toContain('Rapport reçu : 20 avril 2025')
    expect(frText).toContain('Dates : 1er–3 mars 2025')
    expect(frText).toContain('Système : Système suisse')
    expect(frText).toContain('Entre dans la liste : 1er mai 2025')
    expect(frText).toContain('Temps de réflexion : 90 min pour 40 coups, puis 30 min pour le reste de la partie, + 30 s par coup (150 min pour 60 coups)')
    expect(frText).toContain('État : contrôlé')
    expect(frText).toContain('Reçu le 20 avril 2025, 48 jours après la fin (3 mars 2025)')
    expect(frText).toContain('2 erreurs, 1 avertissement, 3 informations ; 2 en attente de décision.')
    expect(frText.match(/Aucune décision attendue/g)).toHaveLength(3)
    expect(frText).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    expect(frText).not.toMatch(/\b[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+\b/)

    // every decision taken: nothing is awaited, in either language
    for (const f of findings.filter((x) => x.id !== unlicensed.id)) await call('tournaments:decideFinding', { findingId: f.id, decision: 'accepted', reason: 'late, but complete' })
    const decided = flat((await pdfText(Buffer.from((await call<{ base64: string }>('checks:report', { id, locale: 'en' })).base64, 'base64'))).pages.join(' '))
    expect(decided).toContain('2 errors, 1 warning, 3 notes; No decision awaited.')
    expect(decided).not.toContain('Awaiting a decision')
    const decidedFr = flat((await pdfText(Buffer.from((await call<{ base64: string }>('checks:report', { id, locale: 'fr' })).base64, 'base64'))).pages.join(' '))
    expect(decidedFr).toContain('Aucune décision attendue.')
    expect(decidedFr).not.toContain('En attente de décision')
  })

  it('refuses an unknown tournament', async () => {
    const r = await services.dispatch('checks:report', { id: 4242 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe('No tournament 4242.')
  })
})
