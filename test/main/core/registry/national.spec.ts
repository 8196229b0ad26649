// National lists from CSV/XLSX: the suggested column mapping, the import by national or FIDE ID, located errors.
import { afterAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { writeFileSync } from 'node:fs'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList, readNationalTable, suggestMapping } from '../../../../src/main/core/registry/national'
import { tempDir } from '../../../helpers/temp-db'
import { LISTS_DIR } from '../../../helpers/fixtures'

const fixture = (name: string): string => LISTS_DIR + name
const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('national lists', () => {
  it('suggests a mapping from French headers', async () => {
    const t = await readNationalTable(fixture('national_list.csv'))
    expect(t.columns).toEqual(['Licence', 'FIDE ID', 'Nom', 'Prénom', 'Fed', 'Sexe', 'Naissance', 'Elo'])
    expect(suggestMapping(t.columns)).toEqual({
      nationalId: 'Licence', fideId: 'FIDE ID', surname: 'Nom', givenNames: 'Prénom', federation: 'Fed', sex: 'Sexe', birth: 'Naissance', rating: 'Elo'
    })
  })
  it('imports a CSV list, linking a FIDE player to his national ID and adding new players', async () => {
    const db = openDatabase(tmp.file('nat.db'))
    importFideList(db, { file: fixture('players_list_foa.txt'), listDate: '2025-11-01' })
    const t = await readNationalTable(fixture('national_list.csv'))
    const res = await importNationalList(db, { file: fixture('national_list.csv'), listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping: suggestMapping(t.columns) })
    expect(res.players).toEqual({ inserted: 2, updated: 1, unchanged: 0 })
    expect(res.lists[0]).toMatchObject({ ratingType: 'standard', entries: 2 })
    expect(db.prepare('SELECT national_id, birth_date FROM players WHERE fide_id = 4600010').get()).toEqual({ national_id: 'F-1001', birth_date: '1961-04-02' })
    expect(db.prepare("SELECT surname, given_names, birth_date, sex FROM players WHERE national_id = 'F-1002'").get()).toEqual({ surname: 'Dupont', given_names: 'Zoé', birth_date: '2012-05-17', sex: 'F' })
    expect(db.prepare('SELECT source, kind, status FROM rating_lists WHERE id = ?').get(res.lists[0]!.id)).toEqual({ source: 'FRA', kind: 'reference', status: 'reference' })
  })
  it('gives a FIDE ID to the record the registry knows by national ID only, instead of adding a second record', async () => {
    const db = openDatabase(tmp.file('nat-id.db'))
    const mapping = { nationalId: 'Licence', fideId: 'FIDE ID', surname: 'Nom', givenNames: 'Prénom', rating: 'Elo' }
    const first = tmp.file('nat-1.csv')
    writeFileSync(first, 'Licence;FIDE ID;Nom;Prénom;Elo\nF-2001;;Neuf;Noé;1500\nF-2002;;Autre;Ana;1450\n')
    await importNationalList(db, { file: first, listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping })
    const id = db.prepare("SELECT id FROM players WHERE national_id = 'F-2001'").pluck().get() as number
    // FIDE registered him: the next national list gives his FIDE ID beside his licence
    const next = tmp.file('nat-2.csv')
    writeFileSync(next, 'Licence;FIDE ID;Nom;Prénom;Elo\nF-2001;5600006;Neuf;Noé;1510\nF-2002;;Autre;Ana;1450\n')
    const res = await importNationalList(db, { file: next, listDate: '2025-12-01', ratingType: 'standard', source: 'FRA', mapping })
    expect(res.players).toEqual({ inserted: 0, updated: 1, unchanged: 1 })
    expect(db.prepare("SELECT id, fide_id FROM players WHERE national_id = 'F-2001'").all()).toEqual([{ id, fide_id: 5600006 }])
    expect(db.prepare('SELECT count(*) FROM players').pluck().get()).toBe(2)
  })
  it('locates a bad cell by row and column and imports nothing', async () => {
    const db = openDatabase(tmp.file('nat-bad.db'))
    await expect(importNationalList(db, { file: fixture('national_bad.csv'), listDate: '2025-11-01', ratingType: 'rapid', source: 'FRA', mapping: { nationalId: 'Licence', surname: 'Nom', givenNames: 'Prénom', rating: 'Elo' } })).rejects.toThrow(/national_bad\.csv, line 3, column 4: rating “15OO”/)
    expect(db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 })
  })
  it('refuses a mapping to a column the file does not have', async () => {
    const db = openDatabase(tmp.file('nat-map.db'))
    await expect(importNationalList(db, { file: fixture('national_bad.csv'), listDate: '2025-11-01', ratingType: 'rapid', source: 'FRA', mapping: { nationalId: 'ID', surname: 'Nom' } })).rejects.toThrow(/column “ID”/)
  })
  it('reads an XLSX sheet', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Liste')
    ws.addRow(['ID', 'Name', 'Rating', 'Born'])
    ws.addRow(['N-7', 'Weiß, Jörg', 1875, 1980])
    const file = tmp.file('list.xlsx')
    await wb.xlsx.writeFile(file)
    const t = await readNationalTable(file)
    expect(t.columns).toEqual(['ID', 'Name', 'Rating', 'Born'])
    const db = openDatabase(tmp.file('nat-x.db'))
    const res = await importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'standard', source: 'GER', mapping: suggestMapping(t.columns) })
    expect(res.lists[0]!.entries).toBe(1)
    expect(db.prepare("SELECT surname, given_names, name_folded, birth_date FROM players WHERE national_id = 'N-7'").get()).toEqual({ surname: 'Weiß', given_names: 'Jörg', name_folded: 'weiss jorg', birth_date: '1980' })
  })
})
