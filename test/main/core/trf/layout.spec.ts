// The TRF player record's field table: the columns of the FIDE specification, written and read at the same place.
import { describe, expect, it } from 'vitest'
import { PLAYER_FIELDS, ROUND_BLOCK, fieldText, fit, recordLine, roundBlockColumns, roundBlockStart, roundDateColumns, TEAM_310_FIELDS, TEAM_MEMBERS_COLUMN } from '../../../../src/main/core/trf/layout'

const F = PLAYER_FIELDS

describe('TRF layout', () => {
  it('gives the 001 columns of the specification, in order, without overlap', () => {
    const fields = Object.values(F)
    expect(fields.map((f) => [f.column, f.endColumn])).toEqual([[5, 8], [10, 10], [11, 13], [15, 47], [49, 52], [54, 56], [58, 68], [70, 79], [81, 84], [86, 89]])
    for (let i = 1; i < fields.length; i++) expect(fields[i]!.column).toBeGreaterThan(fields[i - 1]!.endColumn)
    expect(ROUND_BLOCK.firstColumn).toBe(F.rank.endColumn + 1)
  })

  it('writes each value at its columns and reads it back from there', () => {
    const order = [F.startRank, F.sex, F.title, F.name, F.rating, F.federation, F.fideId, F.birth, F.points, F.rank]
    const values = [12, 'm', 'GM', 'Carlsen, Magnus', 2830, 'NOR', 1503014, '1990/11/30', '7.5', 1]
    const line = recordLine('001', order, values)
    expect(line).toBe('001   12 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  7.5    1')
    expect(line).toHaveLength(89)
    order.forEach((f, i) => expect(fieldText(line, f).trim()).toBe(String(values[i])))
  })

  it('pads on the side a field aligns to and cuts what is too long', () => {
    expect(fit(7, F.rank)).toBe('   7')
    expect(fit('FRA', F.federation)).toBe('FRA')
    expect(fit('Doe', F.birth)).toBe('Doe       ')
    expect(fit('x'.repeat(40), F.name)).toHaveLength(33)
    expect(fit(null, F.rating)).toBe('    ')
  })

  it('places round n at columns 90 + 10(n-1) to 99 + 10(n-1)', () => {
    expect(roundBlockColumns(1)).toEqual({ column: 90, endColumn: 99 })
    expect(roundBlockColumns(3)).toEqual({ column: 110, endColumn: 119 })
    expect(roundBlockStart(2)).toBe(99)
  })
  it('puts each round date of the 132 record in its round block’s last eight columns', () => {
    // TRF16 §132: round n's YY/MM/DD sits above the round block, columns 92–99 for round 1, then every ten
    expect([roundDateColumns(1), roundDateColumns(2), roundDateColumns(11)]).toEqual([[92, 99], [102, 109], [192, 199]])
  })
  it('writes the 310 team record at the TRF26 columns, members from column 73', () => {
    const T = TEAM_310_FIELDS
    const line = recordLine('310', [T.number, T.name, T.federation, T.averageRating, T.matchPoints, T.gamePoints, T.rank], [7, 'Club Échiquier', 'FRA', 2150, '12.0', '25.5', 3])
    expect(line).toBe('310   7 Club Échiquier                   FRA     2150   12.0   25.5   3')
    expect([fieldText(line, T.name).trim(), fieldText(line, T.gamePoints).trim(), TEAM_MEMBERS_COLUMN['310'], TEAM_MEMBERS_COLUMN['013']]).toEqual(['Club Échiquier', '25.5', 73, 37])
  })
})
