// Editions as data: chosen by tournament start date (2005 § 0.11, 2014 § 0.1), every parameter validated by the schema.
import { describe, expect, it } from 'vitest'
import { BUILTIN_EDITIONS, builtinEdition, editionForDate, resolveEdition } from '../../../../src/main/core/rules/editions'
import { editionSchema } from '../../../../src/shared/contract/rating'

describe('edition by start date', () => {
  it('switches on 1 July (and 1 January 2022, 1 March 2024) for tournaments starting on or after the date', () => {
    const at = (d: string) => editionForDate(d).id
    expect([at('1990-01-01'), at('2009-06-30'), at('2009-07-01'), at('2014-06-30'), at('2014-07-01')]).toEqual(['fide-2005', 'fide-2005', 'fide-2010', 'fide-2010', 'fide-2014'])
    expect([at('2017-06-30'), at('2017-07-01'), at('2021-12-31'), at('2022-01-01'), at('2024-02-29'), at('2024-03-01'), at('2030-01-01')]).toEqual(['fide-2014', 'fide-2017', 'fide-2017', 'fide-2022', 'fide-2022', 'fide-2024', 'fide-2024'])
  })
  it('never picks a national profile by date, and a named one wins', () => {
    expect(resolveEdition('2020-01-01', 'fse').id).toBe('fse')
    expect(() => resolveEdition('2020-01-01', 'fide-1999')).toThrow(/Unknown rule set “fide-1999”/)
  })
})

describe('edition parameters', () => {
  it('ships seven valid rule sets with the figures of the regulations', () => {
    expect(BUILTIN_EDITIONS.map((e) => e.id)).toEqual(['fide-2005', 'fide-2010', 'fide-2014', 'fide-2017', 'fide-2022', 'fide-2024', 'fse'])
    for (const e of BUILTIN_EDITIONS) expect(editionSchema.safeParse(e).success).toBe(true)
    const row = (id: string) => {
      const e = builtinEdition(id)!
      return [e.list.floor, e.k.newPlayer.k, e.k.normal, e.k.high.k, e.cap.points, e.unrated.bonusPerHalfPoint, e.unrated.minGames, e.list.periodMonths]
    }
    expect(row('fide-2005')).toEqual([1401, 25, 15, 10, 350, 12.5, 9, 3])
    expect(row('fide-2010')).toEqual([1200, 30, 15, 10, 400, 15, 9, 2])
    expect(row('fide-2014')).toEqual([1000, 40, 20, 10, 400, 20, 5, 1])
    expect(row('fide-2024')).toEqual([1400, 40, 20, 10, 400, 0, 5, 1])
    expect(row('fse')).toEqual([1000, 36, 24, 16, 400, 20, 5, 2])
  })
  it('refuses a profile with a missing or out-of-range parameter, naming it', () => {
    const e = builtinEdition('fide-2024')!
    const bad = editionSchema.safeParse({ ...e, id: 'x-fed', k: { ...e.k, normal: 0 } })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.path).toEqual(['k', 'normal'])
    const { cap: _cap, ...missing } = e
    expect(editionSchema.safeParse({ ...missing, id: 'x-fed' }).error!.issues[0]!.path).toEqual(['cap'])
    expect(editionSchema.safeParse({ ...e, id: 'Bad Id' }).success).toBe(false)
    expect(editionSchema.safeParse({ ...e, id: 'x-fed', extra: 1 }).success).toBe(false)
  })
})
