// The check parameters of the shipped editions, and profiles saved before they existed (regulations.md § 1).
import { describe, expect, it } from 'vitest'
import { BUILTIN_EDITIONS, builtinEdition } from '../../../../src/main/core/rules/editions'
import { DEFAULT_CHECKS, editionSchema } from '../../../../src/shared/contract/rating'

describe('edition check parameters', () => {
  it('a profile saved without check parameters still parses, with the 2014 requirements', () => {
    const { checks: _c, ...old } = builtinEdition('fide-2022')!
    const parsed = editionSchema.parse({ ...old, id: 'old-fed' })
    expect(parsed.checks).toEqual(DEFAULT_CHECKS)
  })

  it('pins the boundaries of each edition', () => {
    const row = (id: string) => {
      const c = builtinEdition(id)!.checks
      return [c.arbitersLicensed, c.schedule.maxRoundsPerDay, c.timeControl.mode, c.timeControl.thresholds.map((t) => t.rating).join('/'), c.duration.monthlySliceDays, c.composition.roundRobin !== null, c.deadlines.reportDays]
    }
    expect(BUILTIN_EDITIONS.map((e) => e.id)).toEqual(['fide-2005', 'fide-2010', 'fide-2014', 'fide-2017', 'fide-2022', 'fide-2024', 'fse'])
    expect(row('fide-2005')).toEqual([false, 3, 'tournament', '1600/2200', null, true, null])
    expect(row('fide-2010')).toEqual([false, 3, 'tournament', '1600/2200', null, true, null])
    expect(row('fide-2014')).toEqual([true, null, 'tournament', '1600/2200', null, true, 7])
    expect(row('fide-2017')).toEqual([true, null, 'game', '1600/2200', null, false, 7])
    expect(row('fide-2022')).toEqual([true, null, 'game', '1800/2400', 30, false, 7])
    expect(row('fide-2024')).toEqual([true, null, 'game', '1800/2400', 30, false, 7])
    expect(row('fse')).toEqual(row('fide-2014'))
  })
})
