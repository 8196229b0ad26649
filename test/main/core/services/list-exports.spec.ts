// List exports read back: TXT and XML re-import through the registry's import with identical values, CSV and
// XLSX parse to the same rows, the PDF's first page shows the header and the first rows; exports repeat byte for byte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { tempDir } from '../../../helpers/temp-db'
import { planListExport, runListExport, writeListExportFile, type ListExportRequest } from '../../../../src/main/core/services/list-exports'
import { listRows, countListRows } from '../../../../src/main/core/data/list-rows'
import { PDF_ROWS_PER_PAGE } from '../../../../src/main/core/exports/pdf'
import { UserError } from '../../../../src/main/core/util/errors'

const fixture = (name: string): string => fileURLToPath(new URL(`../../../fixtures/ratinglists/${name}`, import.meta.url))
const tmp = tempDir()
let db: Db
let std: number
let big: number

interface EntryRow { fide_id: number; surname: string; given_names: string; rating: number; games: number | null; k: number | null; flags: string | null; title: string | null; federation: string | null; birth_year: number | null; sex: string | null; woman_title: string | null; other_titles: string | null; foa_title: string | null }
function entries(d: Db, listId: number): EntryRow[] {
  return d
    .prepare(
      `SELECT p.fide_id, p.surname, p.given_names, e.rating, e.games, e.k, e.flags, e.title, e.federation, e.birth_year, e.sex,
              p.woman_title, p.other_titles, p.foa_title
         FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY p.fide_id`
    )
    .all(listId) as EntryRow[]
}

async function toBuffer(req: ListExportRequest): Promise<Buffer> {
  const plan = planListExport(db, req)
  const chunks: Buffer[] = []
  await runListExport(db, plan, (c) => {
    chunks.push(Buffer.from(c))
  })
  return Buffer.concat(chunks)
}

beforeAll(() => {
  db = openDatabase(tmp.file('office.db'))
  const res = importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })
  std = res.lists.find((l) => l.ratingType === 'standard')!.id
  const synthetic = writeSyntheticCombinedList(tmp.file('synthetic_players_list.txt'), 2500, { seed: 7 })
  const res2 = importFideList(db, { file: synthetic, listDate: '2025-12-01' })
  big = res2.lists.find((l) => l.ratingType === 'standard')!.id
  db.prepare("INSERT INTO settings(key, value) VALUES ('federationName', ?)").run(JSON.stringify('Fédération Française des Échecs'))
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

describe('FIDE TXT and XML round trips', () => {
  for (const format of ['txt', 'xml'] as const) {
    for (const [name, list] of [['the fixture list (long names, titles, flags)', () => std], ['a 2,500-player list', () => big]] as const) {
      it(`${format}: ${name} re-imports with identical values`, async () => {
        const listId = list()
        const out = tmp.file(`standard_export_${format}_${listId}.${format}`)
        const r = await writeListExportFile(db, { listId, format }, out)
        const before = entries(db, listId)
        expect(r.rows).toBe(before.length)
        const other = openDatabase(tmp.file(`reimport-${format}-${listId}.db`))
        try {
          const back = importFideList(other, { file: out, listDate: listId === std ? '2025-11-01' : '2025-12-01', ratingType: 'standard' })
          expect(back.warningCount).toBe(0)
          expect(back.lists).toHaveLength(1)
          const after = entries(other, back.lists[0]!.id)
          expect(after).toEqual(before)
        } finally {
          other.close()
        }
      })
    }
  }

  it('writes FIDE’s columns and shifts a line after a long name as FIDE does', async () => {
    const text = (await toBuffer({ listId: std, format: 'txt' })).toString('utf8')
    const lines = text.split('\n')
    expect(lines[0]).toBe('ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV25 Gms K  B-day Flag')
    expect(lines[1]).toBe('1503014        Carlsen, Magnus                                              NOR M   GM                           2833  0   10 1990')
    const long = lines.find((l) => l.startsWith('13400010'))!
    expect(long).toContain('Abdulrahmanova-Kristiansen-Villanueva, Maria Fernanda Alejandra AZE F')
    expect(text.endsWith('\n')).toBe(true)
  })
})

describe('CSV and XLSX', () => {
  it('CSV: UTF-8 with a BOM, ";" in French and "," in English, every row back', async () => {
    const fr = await toBuffer({ listId: std, format: 'csv', locale: 'fr' })
    expect([...fr.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(fr.toString('utf8').slice(1), { delimiter: ';' }) as string[][]
    expect(rows[0]).toEqual(['Rang', 'ID FIDE', 'Nom', 'Titre', 'Féd', 'Sexe', 'Né en', 'Elo', 'Parties', 'K', 'Statut'])
    expect(rows[1]).toEqual(['1', '1503014', 'Carlsen, Magnus', 'GM', 'NOR', 'M', '1990', '2833', '0', '10', ''])
    expect(rows.find((r) => r[1] === '4600010')).toEqual(['3', '4600010', 'Müller, Jürgen', '', 'GER', 'M', '1961', '2105', '12', '20', 'i'])
    expect(rows).toHaveLength(1 + entries(db, std).length)
    const en = await toBuffer({ listId: std, format: 'csv', locale: 'en', sort: 'name' })
    const enRows = parse(en.toString('utf8').slice(1), { delimiter: ',' }) as string[][]
    // sorted by name, the first column numbers the rows: it is no rank (a rank is among the rated, by rating)
    expect(enRows[0]![0]).toBe('No.')
    // names with a comma are quoted, so the comma separator does not split them
    expect(enRows.slice(1).map((r) => r[2])).toEqual([
      'Abdulrahmanova-Kristiansen-Villanueva, Maria Fernanda Alejandra',
      'Carlsen, Magnus',
      'Cronin, April',
      'Hou, Yifan',
      'Müller, Jürgen',
      'Nasser, Khaled',
      'Odd, Title'
    ])
  })

  it('XLSX: one sheet, the heading and every row with numbers as numbers', async () => {
    const buf = await toBuffer({ listId: std, format: 'xlsx', locale: 'en' })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(buf as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    expect(ws.name).toBe('List')
    expect(ws.getRow(1).values).toEqual([undefined, 'Rank', 'FIDE ID', 'Name', 'Title', 'Fed', 'Sex', 'Born', 'Rating', 'Games', 'K', 'Flag'])
    expect(ws.getRow(2).values).toEqual([undefined, 1, 1503014, 'Carlsen, Magnus', 'GM', 'NOR', 'M', 1990, 2833, 0, 10])
    expect(ws.rowCount).toBe(1 + entries(db, std).length)
    expect(wb.created?.toISOString()).toBe('2025-11-01T00:00:00.000Z')
  })
})

describe('the same export twice', () => {
  for (const format of ['txt', 'xml', 'csv', 'xlsx', 'pdf'] as const) {
    it(`${format} is byte-identical`, async () => {
      const a = await toBuffer({ listId: std, format })
      const b = await toBuffer({ listId: std, format })
      expect(a.length).toBeGreaterThan(100)
      expect(a.equals(b)).toBe(true)
    })
  }
})

describe('PDF', () => {
  it('shows the federation, the list, the first rows and the page count on page 1', async () => {
    const buf = await toBuffer({ listId: big, format: 'pdf', locale: 'en' })
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), useSystemFonts: false, isEvalSupported: false }).promise
    const total = countListRows(db, { listId: big, listDate: '2025-12-01', sort: 'rating', category: 'open', federation: null })
    expect(doc.numPages).toBe(Math.ceil(total / PDF_ROWS_PER_PAGE))
    const page = await doc.getPage(1)
    const content = await page.getTextContent()
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join('\n')
    // FIDE's download is FIDE's list: the office's federation (named in the settings) does not head it
    expect(text.split('\n')[0]).toBe('FIDE')
    expect(text).not.toContain('Fédération Française des Échecs')
    expect(text).toContain('Imported from FIDE’s rating list download')
    expect(text).toContain('Standard rating list of 1 December 2025 — version 1 (reference list)')
    // a quantity takes the thousands separator, a rating never does: 1,087 of the seeded list's 2,500 lines are rated
    // in standard (each line drawn rated at 45 %), 20 pages of 56 rows
    expect(total).toBe(1087)
    expect(text).toContain('Open — sorted by rating — 1,087 players')
    expect(PDF_ROWS_PER_PAGE).toBe(56)
    expect(text).toContain('Page 1 of 20')
    const [first, second] = [...listRows(db, { listId: big, listDate: '2025-12-01', sort: 'rating', category: 'open', federation: null }, 2)].slice(0, 2)
    const names = content.items.map((i) => ('str' in i ? i.str : ''))
    expect(names).toContain(`${first!.surname}, ${first!.givenNames}`)
    expect(names).toContain(`${second!.surname}, ${second!.givenNames}`)
    expect(names.indexOf(`${first!.surname}, ${first!.givenNames}`)).toBeLessThan(names.indexOf(`${second!.surname}, ${second!.givenNames}`))
    expect(first!.rating).toBeGreaterThan(999)
    expect(names).toContain(String(first!.rating))
    expect(text).not.toMatch(/^\d,\d{3}$/m)
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    await doc.destroy()
  })

  it('prints in French, sorted by name, a category and a federation', async () => {
    const buf = await toBuffer({ listId: std, format: 'pdf', locale: 'fr', sort: 'name', category: 'women' })
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), isEvalSupported: false }).promise
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('\n')
    expect(text).toContain('Liste Elo standard du 1er novembre 2025 — version 1 (liste de référence)')
    expect(text).toContain('Féminines — par nom — 3 joueurs')
    expect(text).toContain('Page 1 sur 1')
    expect(text).toContain('Statut : i = inactif')
    expect(text.indexOf('Abdulrahmanova')).toBeLessThan(text.indexOf('Cronin, April'))
    expect(text.indexOf('Cronin, April')).toBeLessThan(text.indexOf('Hou, Yifan'))
    expect(text).not.toContain('Carlsen')
    await doc.destroy()
  })
})

describe('rows: paging, categories, top lists', () => {
  const q = (over: Partial<Parameters<typeof listRows>[1]> = {}): Parameters<typeof listRows>[1] => ({ listId: big, listDate: '2025-12-01', sort: 'rating', category: 'open', federation: null, ...over })

  for (const sort of ['rating', 'name', 'fideId'] as const) {
    it(`pages of 7 give the same rows in the same order as one pass (${sort})`, () => {
      const small = [...listRows(db, q({ sort }), 7)].map((r) => r.playerId)
      const whole = [...listRows(db, q({ sort }), 100000)].map((r) => r.playerId)
      expect(small).toEqual(whole)
      expect(new Set(small).size).toBe(countListRows(db, q()))
    })
  }

  it('sorts by rating, highest first; by name in folded order', () => {
    const rated = [...listRows(db, q(), 50)].map((r) => r.rating!)
    expect(rated).toEqual([...rated].sort((a, b) => b - a))
    const folded = db.prepare('SELECT p.name_folded FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? ORDER BY p.name_folded, p.status, p.id').pluck().all(big)
    const byName = [...listRows(db, q({ sort: 'name' }), 300)].map((r) => r.playerId)
    const foldedOf = new Map((db.prepare('SELECT id, name_folded FROM players').all() as { id: number; name_folded: string }[]).map((r) => [r.id, r.name_folded]))
    expect(byName.map((id) => foldedOf.get(id))).toEqual(folded)
  })

  it('women, juniors (U20), seniors (50+, 65+), a federation, and a top list of active rated players', () => {
    const all = [...listRows(db, q(), 1000)]
    const women = [...listRows(db, q({ category: 'women' }))]
    expect(women.length).toBe(all.filter((r) => r.sex === 'F').length)
    // the seeded list's 1,087 standard players: a woman drawn one time in five (227), a birth year drawn in 1940–2019
    // (born 2005 or later, 15 years in 80: 192 juniors; 2007 or later: 169 under 18)
    expect([all.length, women.length]).toEqual([1087, 227])
    const juniors = [...listRows(db, q({ category: 'juniors' }))]
    expect(juniors.length).toBe(all.filter((r) => r.birthYear !== null && r.birthYear >= 2005).length)
    expect(juniors.length).toBe(192)
    const seniors = [...listRows(db, q({ category: 'seniors' }))]
    expect(seniors.length).toBe(all.filter((r) => r.birthYear !== null && r.birthYear <= 1975).length)
    // the age groups: born in the list's year − N or later (the list of 1 December 2025)
    for (const n of [18, 16, 14, 12, 10, 8] as const) {
      const group = [...listRows(db, q({ category: `u${n}` }))]
      expect(group.map((r) => r.playerId)).toEqual(all.filter((r) => r.birthYear !== null && r.birthYear >= 2025 - n).map((r) => r.playerId))
    }
    expect([...listRows(db, q({ category: 'u18' }))].length).toBe(169)
    const s65 = [...listRows(db, q({ category: 'seniors65' }))]
    expect(s65.length).toBe(all.filter((r) => r.birthYear !== null && r.birthYear <= 1960).length)
    const ger = [...listRows(db, q({ federation: 'GER' }))]
    expect(ger.length).toBe(all.filter((r) => r.federation === 'GER').length)
    const top = [...listRows(db, q({ top: 10 }), 3)]
    expect(top).toHaveLength(10)
    expect(top.map((r) => r.playerId)).toEqual(all.filter((r) => r.rating !== null && !(r.flags ?? '').includes('i')).slice(0, 10).map((r) => r.playerId))
    expect(countListRows(db, q({ top: 10 }))).toBe(10)
  })
})

describe('writing the file', () => {
  it('refuses a folder and a missing folder, and leaves no temporary file', async () => {
    const dir = tmp.file('out-dir')
    mkdirSync(dir)
    await expect(writeListExportFile(db, { listId: std, format: 'csv' }, dir)).rejects.toThrow(UserError)
    await expect(writeListExportFile(db, { listId: std, format: 'csv' }, tmp.file('no/such/folder/list.csv'))).rejects.toThrow(/does not exist/)
    const ok = await writeListExportFile(db, { listId: std, format: 'csv' }, `${dir}/list.csv`)
    expect(ok.rows).toBe(7)
    expect(readdirSync(dir)).toEqual(['list.csv'])
    expect(readFileSync(`${dir}/list.csv`).length).toBe(ok.bytes)
  })

  it('refuses an unknown list with a clear message', async () => {
    await expect(writeListExportFile(db, { listId: 999, format: 'txt' }, tmp.file('x.txt'))).rejects.toThrow(/no rating list 999/)
    expect(existsSync(tmp.file('x.txt'))).toBe(false)
  })
})
