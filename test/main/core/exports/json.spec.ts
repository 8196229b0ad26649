// The JSON export of a list (`lists export --format json`): valid against docs/list-export.schema.json, the same rows
// and ranks as the list's other exports, the published rating rule (a delisted entry has none), and the privacy
// settings the public website applies (birth year, sex, withheld players).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020'
import { tempDir } from '../../../helpers/temp-db'
import { buildFixture, type Fixture } from '../services/list-fixture'
import { planListExport, runListExport, type ListExportRequest } from '../../../../src/main/core/services/list-exports'
import { writeJson } from '../../../../src/main/core/exports/json'
import { listRows } from '../../../../src/main/core/data/list-rows'
import type { Db } from '../../../../src/main/core/db/open'

const root = join(__dirname, '../../../..')
const schema = JSON.parse(readFileSync(join(root, 'docs/list-export.schema.json'), 'utf8')) as object
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema)
const tmp = tempDir()
let fx: Fixture
let db: Db

beforeAll(() => {
  fx = buildFixture(tmp.file('office.db'))
  db = fx.services.ctx.db
})
afterAll(async () => {
  await fx.services.close()
  tmp.cleanup()
})

async function exportJson(req: Omit<ListExportRequest, 'format'>): Promise<{ text: string; doc: { players: Record<string, unknown>[]; total: number; list: Record<string, unknown> } }> {
  const chunks: Buffer[] = []
  await runListExport(db, planListExport(db, { ...req, format: 'json' }), (c) => {
    chunks.push(Buffer.from(c))
  })
  const text = Buffer.concat(chunks).toString('utf8')
  return { text, doc: JSON.parse(text) }
}

describe('lists export --format json', () => {
  it('writes a list valid against its schema, with the ranks among the rated and the published ratings', async () => {
    const { doc } = await exportJson({ listId: fx.ids.feb })
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true)
    expect(doc.list).toMatchObject({ id: fx.ids.feb, date: '2024-02-01', ratingType: 'standard', kind: 'reference', status: 'reference', version: 1, publisher: { origin: 'fide', name: 'FIDE', code: 'FIDE' } })
    // February's FIDE list by rating: Carlsen 2830, Müller 1872, Dupont 1600 (inactive), Martin 1450
    expect(doc.players.map((p) => [p.rank, p.name, p.rating, p.inactive])).toEqual([
      [1, 'Carlsen, Magnus', 2830, false],
      [2, 'Müller, Anna', 1872, false],
      [3, 'Dupont, Jean', 1600, true],
      [4, 'Martin, Léa', 1450, false]
    ])
    expect(doc.total).toBe(4)
    // the officer's own export carries the birth year and sex (never the full date: Carlsen's 1990-11-30)
    expect(doc.players[0]).toMatchObject({ birthYear: 1990, sex: 'M', fideId: 1503014, title: 'GM', k: 10 })
  })

  it('gives a delisted entry no rating and no rank', async () => {
    db.prepare("UPDATE rating_lists SET status = 'draft' WHERE id = ?").run(fx.ids.draft)
    db.prepare("UPDATE rating_list_entries SET entry_status = 'delisted', rating = 1390 WHERE list_id = ? AND player_id = ?").run(fx.ids.draft, fx.players.dupont)
    const { doc } = await exportJson({ listId: fx.ids.draft })
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true)
    const dupont = doc.players.find((p) => p.fideId === 651001)!
    expect(dupont).toMatchObject({ rating: null, rank: null, delisted: true })
  })

  it('applies the public website’s privacy: no birth year or sex unless allowed, a withheld player left out, the others keep the office’s ranks', async () => {
    const plan = planListExport(db, { listId: fx.ids.feb, format: 'json' })
    const chunks: Buffer[] = []
    await writeJson(plan.meta, listRows(db, plan.query), (c) => {
      chunks.push(Buffer.from(c))
    }, { birthYear: false, sex: true, withheld: [fx.players.muller!] })
    const text = Buffer.concat(chunks).toString('utf8')
    const doc = JSON.parse(text) as { players: Record<string, unknown>[]; total: number; published: unknown }
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true)
    expect(doc.published).toEqual({ birthYear: false, sex: true })
    expect(doc.players.map((p) => [p.rank, p.name])).toEqual([
      [1, 'Carlsen, Magnus'],
      [3, 'Dupont, Jean'],
      [4, 'Martin, Léa']
    ])
    expect(doc.total).toBe(3)
    expect(doc.players.every((p) => p.birthYear === null && p.sex !== null)).toBe(true)
    expect(text).not.toContain('Müller')
    expect(text).not.toContain('1990')
  })

  it('writes the same bytes twice (no date of writing)', async () => {
    const a = await exportJson({ listId: fx.ids.mar, sort: 'name' })
    const b = await exportJson({ listId: fx.ids.mar, sort: 'name' })
    expect(a.text).toBe(b.text)
    expect(validate(a.doc), JSON.stringify(validate.errors)).toBe(true)
    expect(a.doc.players.map((p) => p.rank)).toEqual([1, 2, 3])
  })
})
