// A player's region (migration 14; issue 12: "top lists ... by federation or region"): read from a national list's
// mapped column (suggested from a "Ligue" header), kept when a FIDE list (which has none) updates the player, refused
// with its line and column when it is no region name; top lists on screen, exports and the CLI filtered by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { importFideList } from '../../../../src/main/core/registry/import'
import { importNationalList, readNationalTable, suggestMapping } from '../../../../src/main/core/registry/national'
import { listOutHandlers } from '../../../../src/main/core/services/list-out'
import { playersHandlers } from '../../../../src/main/core/services/players'
import { listExportFileName, writeListExportFile } from '../../../../src/main/core/services/list-exports'
import { listExportRequestSchema, listExportUrl, listExportRequestFromQuery } from '../../../../src/shared/contract/list-out'
import type { ServiceContext } from '../../../../src/main/core/services/context'
import { runCli } from '../../../helpers/run-cli'
import { tempDir } from '../../../helpers/temp-db'
import { LISTS_DIR } from '../../../helpers/fixtures'

const tmp = tempDir()
let db: Db
let listId: number
const IDF = 'Île-de-France'

/** A national list with a region column: five players of Île-de-France, three of Bretagne, one without. */
const CSV = [
  'Licence;FIDE ID;Nom;Prénom;Ligue;Sexe;Naissance;Elo',
  `F-1001;4600010;Müller;Jürgen;${IDF};M;02.04.1961;2080`,
  `F-2001;;Aubert;Anne;${IDF};F;1990;1910`,
  `F-2002;;Bernard;Paul;  ${IDF} ;M;1985;2210`,
  `F-2003;;Chevalier;Marc;${IDF};M;2010;1500`,
  `F-2004;;Durand;Eve;${IDF};F;1970;1780`,
  'F-3001;;Le Gall;Yann;Bretagne;M;1980;2300',
  'F-3002;;Morvan;Nolwenn;Bretagne;F;2009;1650',
  'F-3003;;Quéré;Erwan;Bretagne;M;1960;1990',
  'F-4001;;Sans;Ligue;;M;1975;2400'
].join('\n')

beforeAll(async () => {
  writeFileSync(tmp.file('ligues.csv'), CSV)
  db = openDatabase(tmp.file('region.db'))
  importFideList(db, { file: LISTS_DIR + 'players_list_foa.txt', listDate: '2025-10-01' })
  const t = await readNationalTable(tmp.file('ligues.csv'))
  const res = await importNationalList(db, { file: tmp.file('ligues.csv'), listDate: '2025-11-01', ratingType: 'standard', source: 'FRA', mapping: suggestMapping(t.columns) })
  listId = res.lists[0]!.id
})
afterAll(() => {
  db.close()
  tmp.cleanup()
})

const ctx = (): ServiceContext => ({ db }) as unknown as ServiceContext
const regionOf = (nationalId: string): string | null => db.prepare('SELECT region FROM players WHERE national_id = ?').pluck().get(nationalId) as string | null

describe('a player’s region', () => {
  it('is read from the national list’s mapped column (a "Ligue" header suggested as the region), trimmed', async () => {
    const t = await readNationalTable(tmp.file('ligues.csv'))
    expect(suggestMapping(t.columns)).toMatchObject({ region: 'Ligue' })
    expect(suggestMapping(t.columns).federation).toBeUndefined()
    expect(regionOf('F-2001')).toBe(IDF)
    expect(regionOf('F-2002')).toBe(IDF)
    expect(regionOf('F-3001')).toBe('Bretagne')
    expect(regionOf('F-4001')).toBeNull()
    // a player FIDE's list brought in first gets his region from the national list
    expect(db.prepare('SELECT national_id, region FROM players WHERE fide_id = 4600010').get()).toEqual({ national_id: 'F-1001', region: IDF })
    // and his page in the registry shows it
    const id = db.prepare('SELECT id FROM players WHERE fide_id = 4600010').pluck().get() as number
    expect((playersHandlers['players:get']({ id }, ctx()) as { region: string | null }).region).toBe(IDF)
  })

  it('is kept when a FIDE list, which has no region, updates the player', () => {
    importFideList(db, { file: LISTS_DIR + 'players_list_foa.txt', listDate: '2025-12-01' })
    expect(db.prepare('SELECT region FROM players WHERE fide_id = 4600010').pluck().get()).toBe(IDF)
  })

  it('is refused with its line and column when it is no region name, and nothing is imported', async () => {
    const file = tmp.file('bad-region.csv')
    writeFileSync(file, ['Licence;Nom;Prénom;Région;Elo', 'F-9001;Long;Nom;' + 'x'.repeat(61) + ';1500'].join('\n'))
    const t = await readNationalTable(file)
    expect(suggestMapping(t.columns).region).toBe('Région')
    const before = db.prepare('SELECT count(*) FROM players').pluck().get()
    await expect(importNationalList(db, { file, listDate: '2025-11-01', ratingType: 'rapid', source: 'FRA', mapping: suggestMapping(t.columns) })).rejects.toThrow(
      /bad-region\.csv, line 2, column 4: region “x{61}”.*a region name of at most 60 characters/
    )
    expect(db.prepare('SELECT count(*) FROM players').pluck().get()).toBe(before)
  })

  it('filters a top list on screen: that region’s active rated players, best first, with their region', async () => {
    const top = (await listOutHandlers['lists:top']({ listId, category: 'open', region: IDF, limit: 10 }, ctx())) as { rows: { rank: number; name: string; rating: number; region: string | null }[] }
    expect(top.rows.map((r) => [r.rank, r.name, r.rating, r.region])).toEqual([
      [1, 'Bernard, Paul', 2210, IDF],
      [2, 'Müller, Jürgen', 2080, IDF],
      [3, 'Aubert, Anne', 1910, IDF],
      [4, 'Durand, Eve', 1780, IDF],
      [5, 'Chevalier, Marc', 1500, IDF]
    ])
    const women = (await listOutHandlers['lists:top']({ listId, category: 'women', region: 'Bretagne', limit: 10 }, ctx())) as { rows: { name: string }[] }
    expect(women.rows.map((r) => r.name)).toEqual(['Morvan, Nolwenn'])
    const open = (await listOutHandlers['lists:top']({ listId, category: 'open', limit: 3 }, ctx())) as { rows: { name: string; region: string | null }[] }
    expect(open.rows.map((r) => [r.name, r.region])).toEqual([['Sans, Ligue', null], ['Le Gall, Yann', 'Bretagne'], ['Bernard, Paul', IDF]])
  })

  it('filters an export, names its file after it, and travels through the browser mode’s download URL', async () => {
    const req = listExportRequestSchema.parse({ listId, format: 'csv', sort: 'rating', locale: 'fr', region: ` ${IDF} ` })
    expect(req.region).toBe(IDF)
    expect(listExportRequestSchema.parse(listExportRequestFromQuery(String(listId), new URLSearchParams(listExportUrl(req).split('?')[1])))).toEqual(req)
    // accents dropped, a slash never reaches the name
    expect(listExportFileName(db, { ...req, region: 'A/B' })).toBe('FRA-standard-2025-11-01-v1-A_B.csv')
    expect(listExportFileName(db, req)).toBe('FRA-standard-2025-11-01-v1-Ile-de-France.csv')
    const out = tmp.file('idf.csv')
    const r = await writeListExportFile(db, req, out)
    expect(r.rows).toBe(5)
    const names = readFileSync(out, 'utf8').split('\r\n').slice(1, -1).map((l) => l.split(';')[2])
    expect(names).toEqual(['Bernard, Paul', 'Müller, Jürgen', 'Aubert, Anne', 'Durand, Eve', 'Chevalier, Marc'])
    expect(() => listExportRequestSchema.parse({ listId, format: 'csv', region: 'x'.repeat(61) })).toThrow(/at most 60 characters/)
  })

  it('filters `lists export --region` on the command line', () => {
    db.pragma('wal_checkpoint(TRUNCATE)')
    const out = tmp.file('bzh.csv')
    const r = runCli(['--db', tmp.file('region.db'), 'lists', 'export', String(listId), '--format', 'csv', '--out', out, '--region', 'Bretagne'])
    expect(r.stderr).toBe('')
    expect(r.stdout.trim()).toBe(`wrote 3 players to ${out} (csv, ${readFileSync(out).length} bytes)`)
    const bad = runCli(['--db', tmp.file('region.db'), 'lists', 'export', String(listId), '--format', 'csv', '--out', out, '--region', ' '])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--region expects a region name of 1 to 60 characters')
  }, 120_000)
})
