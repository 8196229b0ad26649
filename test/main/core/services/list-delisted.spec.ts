// A player under the floor is published as delisted on every surface (issue 35, item 1): "players whose rating falls
// below the floor are listed in the next list as delisted; thereafter they are treated as any unrated player"
// (FIDE 2005 § 9.34 and § 9.21, floor 1401; 2014 § 7.21, floor 1000, kept by FIDE 2017; FIDE 2024: floor 1400,
// regulations.md § 1 and § 5). Worked by hand under three editions, each on a real database through the real calls
// (TRF import, approval, the generation job, publication); then every surface is read: his entry (the figure kept as
// the calculation's), his calculation sheet (the reason), `lists:entries` (no rating, no rank, the mark; the rated
// count stored), each export written and read back (TXT and XML re-imported into a new database, CSV and XLSX parsed,
// the PDF's text), the archive (his entry on the list, his history) and the ratings a later tournament takes.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeListExportFile } from '../../../../src/main/core/services/list-exports'
import { listChain, ratingsAtStart } from '../../../../src/main/core/data/lists'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import { tempDir } from '../../../helpers/temp-db'
import { pdfText } from '../../../helpers/pdf-text'
import { call } from './office-list-fixture'
import { approved, generateAndPublish, line, seedList, sheet, type Game, type Who } from './edition-scenario'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

interface Case {
  edition: string
  /** The reference list's date, the event's dates, the list's date. */
  reference: string
  event: [string, string]
  listDate: string
  players: Who[]
  games: Game[]
  /** The player who falls under the floor, and the figure worked by hand. */
  delisted: Who
  figure: number
  floor: number
  /** The rated players in the list's order by rating (ranks 1, 2, ...). */
  rated: Who[]
}

const who = (id: number, name: string, rating: number, k: number): Who => ({ id, name, rating, k })

// FIDE 2005 (seed 000): floor 1401 (§ 9.21, § 9.34); K 15. L 1403 lost to O2 1800 (D 397 → 350, § 10.51: PD .89, his .11)
// and to O3 1700 (D 297: PD .85, his .15): −.11 − .15 = −.26 × 15 = −3.9 → −4: 1399, under 1401.
const L05 = who(5660006, 'Lau, Leo', 1403, 15)
const A05 = who(5660001, 'Ober, Otto', 2000, 15)
const B05 = who(5660002, 'Ort, Oskar', 1800, 15)
const C05 = who(5660003, 'Ost, Oli', 1700, 15)
// FIDE 2017 (floor 1000, as 2014 § 7.21): K 20. L 1004 lost to O 1204 (D 200: PD .76, his .24): −.24 × 20 = −4.8 → −5: 999.
const L17 = who(5670006, 'Lau, Leo', 1004, 20)
const A17 = who(5670001, 'Ober, Otto', 1600, 20)
const B17 = who(5670002, 'Ort, Oskar', 1500, 20)
const C17 = who(5670003, 'Ost, Oli', 1204, 20)
// FIDE 2024 (floor 1400, regulations.md § 1, § 5): K 20. L 1402 lost to O2 1800 (D 398: PD .92, his .08) and to O3 1700
// (D 298: PD .85, his .15): −.08 − .15 = −.23 × 20 = −4.6 → −5: 1397, under 1400.
const L24 = who(5680006, 'Lau, Leo', 1402, 20)
const A24 = who(5680001, 'Ober, Otto', 2000, 20)
const B24 = who(5680002, 'Ort, Oskar', 1800, 20)
const C24 = who(5680003, 'Ost, Oli', 1700, 20)

const CASES: Case[] = [
  {
    edition: 'fide-2005',
    reference: '2006-01-01',
    event: ['2006-01-14', '2006-01-18'],
    listDate: '2006-04-01',
    players: [A05, B05, C05, L05],
    games: [[1, L05, B05, '0-1'], [1, A05, C05, '='], [2, L05, C05, '0-1'], [2, A05, B05, '=']],
    delisted: L05,
    figure: 1399,
    floor: 1401,
    rated: [A05, B05, C05]
  },
  {
    edition: 'fide-2017',
    reference: '2018-01-01',
    event: ['2018-01-10', '2018-01-12'],
    listDate: '2018-02-01',
    players: [A17, B17, C17, L17],
    games: [[1, C17, L17, '1-0'], [1, A17, B17, '=']],
    delisted: L17,
    figure: 999,
    floor: 1000,
    rated: [A17, B17, C17]
  },
  {
    edition: 'fide-2024',
    reference: '2025-01-01',
    event: ['2025-01-10', '2025-01-14'],
    listDate: '2025-02-01',
    players: [A24, B24, C24, L24],
    games: [[1, L24, B24, '0-1'], [1, A24, C24, '='], [2, L24, C24, '0-1'], [2, A24, B24, '=']],
    delisted: L24,
    figure: 1397,
    floor: 1400,
    rated: [A24, B24, C24]
  }
]

describe.each(CASES)('a player under the floor under $edition is delisted on every surface', (c) => {
  let s: Services
  let listId = 0
  const L = c.delisted
  const dir = tmp.file(c.edition)

  afterAll(async () => {
    await s?.close()
  })

  it(`publishes him once as delisted: the figure ${c.figure} under the floor ${c.floor} is the calculation's reason, not a rating`, async () => {
    const { mkdirSync } = await import('node:fs')
    mkdirSync(dir, { recursive: true })
    s = createServices({ dbPath: `${dir}/office.db`, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    seedList(s, `${dir}/players_list_foa.txt`, c.reference, c.players)
    await approved(s, 'Open', c.event[0], c.event[1], c.games)
    const g = await generateAndPublish(s, c.listDate)
    expect(g.edition).toBe(c.edition)
    listId = g.listId
    // the entry keeps the computed figure with its status (the list's checksum covers both, unchanged)
    expect(line(s, listId, L)).toMatchObject({ rating: c.figure, status: 'delisted', k: null })
    const why = (await sheet(s, listId, L)) as CalculationSheet
    expect(why.notes.map((n) => n.text)).toContain(`${c.figure} is below the floor ${c.floor}: shown once as delisted, then unrated`)
  }, 300_000)

  it('lists:entries: no rating, no rank among the rated, the mark; the rated count stored leaves him out', async () => {
    const page = (await call(s, 'lists:entries', { listId, offset: 0, limit: 50, sort: 'rating', order: 'desc' })) as {
      rows: { fideId: number; rating: number | null; rank: number | null; delisted: boolean }[]
    }
    expect(page.rows.map((r) => [r.fideId, r.rank, r.delisted])).toEqual([...c.rated.map((p, i) => [p.id, i + 1, false]), [L.id, null, true]])
    expect(page.rows.at(-1)!.rating).toBeNull()
    // ascending, the rated come first, lowest first: ranks 3, 2, 1, then him (no rank)
    const up = (await call(s, 'lists:entries', { listId, offset: 0, limit: 50, sort: 'rating', order: 'asc' })) as typeof page
    expect(up.rows.map((r) => [r.fideId, r.rank])).toEqual([...[...c.rated].reverse().map((p, i) => [p.id, c.rated.length - i]), [L.id, null]])
    // found by name: the same
    const found = (await call(s, 'lists:entries', { listId, offset: 0, limit: 50, sort: 'rating', order: 'desc', search: 'Lau' })) as typeof page
    expect(found.rows.map((r) => [r.fideId, r.rating, r.delisted])).toEqual([[L.id, null, true]])
    expect(s.ctx.db.prepare('SELECT entry_count, rated_count FROM rating_lists WHERE id = ?').raw().get(listId)).toEqual([4, 3])
  })

  it('TXT and XML: the flag column says d, no rating; re-imported into a new database he is unrated', async () => {
    for (const format of ['txt', 'xml'] as const) {
      const out = `${dir}/list.${format}`
      await writeListExportFile(s.ctx.db, { listId, format }, out)
      const text = readFileSync(out, 'utf8')
      if (format === 'txt') {
        const row = text.split('\n').find((l) => l.startsWith(String(L.id)))!
        // FIDE's columns: the rating (113–118) blank, the flag (132) d
        expect(row.slice(113, 119).trim()).toBe('')
        expect(row.slice(132).trim()).toBe('d')
        expect(row).not.toContain(String(c.figure))
      } else {
        const el = text.split('\n').find((l) => l.includes(`<fideid>${L.id}</fideid>`))!
        expect(el).toContain('<rating></rating>')
        expect(el).toContain('<flag>d</flag>')
        expect(el).not.toContain(String(c.figure))
      }
      const other = openDatabase(`${dir}/reimport-${format}.db`)
      try {
        const back = importFideList(other, { file: out, listDate: c.listDate, ratingType: 'standard' })
        expect(back.warnings).toEqual([])
        const onList = (id: number): unknown =>
          other.prepare("SELECT e.rating FROM rating_list_entries e JOIN players p ON p.id = e.player_id JOIN rating_lists l ON l.id = e.list_id WHERE p.fide_id = ? AND l.rating_type = 'standard'").pluck().get(id)
        // the player is in the registry, on no list: unrated; the rated keep their ratings
        expect(other.prepare('SELECT count(*) FROM players WHERE fide_id = ?').pluck().get(L.id)).toBe(1)
        expect(onList(L.id)).toBeUndefined()
        for (const p of c.rated) expect(onList(p.id)).toBe(line(s, listId, p)!.rating)
      } finally {
        other.close()
      }
    }
  })

  it('a delisted line that carries a rating (another program’s file) is read unrated, with a located warning', async () => {
    const txt = readFileSync(`${dir}/list.txt`, 'utf8').split('\n')
    const at = txt.findIndex((l) => l.startsWith(String(L.id)))
    txt[at] = txt[at]!.slice(0, 113) + String(c.figure).padEnd(6) + txt[at]!.slice(119)
    writeFileSync(`${dir}/other.txt`, txt.join('\n'))
    const other = openDatabase(`${dir}/reimport-other.db`)
    try {
      const back = importFideList(other, { file: `${dir}/other.txt`, listDate: c.listDate, ratingType: 'standard' })
      expect(back.warnings).toEqual([expect.objectContaining({ line: at + 1, column: 114, field: 'rating', found: String(c.figure) })])
      expect(other.prepare('SELECT count(*) FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE p.fide_id = ?').pluck().get(L.id)).toBe(0)
    } finally {
      other.close()
    }
  })

  it('CSV, XLSX and PDF: the delisted mark, no rating, no rank (English and French)', async () => {
    for (const locale of ['en', 'fr'] as const) {
      const word = locale === 'en' ? 'delisted' : 'délisté'
      const csvFile = `${dir}/list-${locale}.csv`
      await writeListExportFile(s.ctx.db, { listId, format: 'csv', locale }, csvFile)
      const rows = parse(readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''), { delimiter: locale === 'fr' ? ';' : ',' }) as string[][]
      // rank, FIDE ID, name, title, fed, sex, born, rating, games, K, flag
      expect(rows.slice(1).map((r) => [r[0], r[1], r[7], r[10]])).toEqual([
        ...c.rated.map((p, i) => [String(i + 1), String(p.id), String(line(s, listId, p)!.rating), '']),
        ['', String(L.id), '', word]
      ])
      const xlsxFile = `${dir}/list-${locale}.xlsx`
      await writeListExportFile(s.ctx.db, { listId, format: 'xlsx', locale }, xlsxFile)
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.readFile(xlsxFile)
      const last = wb.worksheets[0]!.getRow(c.rated.length + 2)
      expect([last.getCell(1).value ?? null, last.getCell(2).value, last.getCell(8).value ?? null, last.getCell(11).value]).toEqual([null, L.id, null, word])
      const pdfFile = `${dir}/list-${locale}.pdf`
      await writeListExportFile(s.ctx.db, { listId, format: 'pdf', locale }, pdfFile)
      const text = (await pdfText(readFileSync(pdfFile))).pages.join('\n')
      const row = text.split('\n').find((l) => l.includes('Lau, Leo'))!
      expect(row).toContain(word)
      expect(row).not.toContain(String(c.figure))
      // the rated are ranked 1, 2, 3; his line starts with no rank
      expect(row.trim().startsWith('Lau')).toBe(true)
    }
  })

  it('the archive and a later tournament: no rating on this list, the mark in his history; he plays unrated', async () => {
    const on = (await call(s, 'archive:ratingOn', { listId, fideId: L.id })) as { entry: { rating: number | null; delisted: boolean } }
    expect(on.entry).toMatchObject({ rating: null, delisted: true })
    const h = (await call(s, 'archive:history', { fideId: L.id, ratingType: 'standard' })) as { entries: { listId: number; rating: number | null; delisted: boolean }[] }
    expect(h.entries.map((e) => [e.rating, e.delisted])).toEqual([
      [L.rating, false],
      [null, true]
    ])
    // a tournament starting after the list takes its ratings: he is unrated there (then treated as any unrated player)
    const day = `${c.listDate.slice(0, 8)}15`
    const list = s.ctx.db.prepare('SELECT source FROM rating_lists WHERE id = ?').get(listId) as { source: string }
    const at = ratingsAtStart(s.ctx.db, day, 'standard', listChain(list), [String(L.id), String(c.rated[0]!.id)])
    expect(at.list?.id).toBe(listId)
    expect(at.byFideId.get(String(L.id))?.rating).toBeNull()
    expect(at.byFideId.get(String(c.rated[0]!.id))?.rating).toBe(line(s, listId, c.rated[0]!)!.rating)
  })
})
