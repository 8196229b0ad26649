// Schedule: 3 rounds a day in 2005/2010 (§ 3.1), none from 2014; 12 hours a day on the 60-move basis, both clocks (2014 § 3.1).
import { describe, expect, it } from 'vitest'
import { checkSchedule } from '../../../../src/main/core/checks/schedule'
import { input } from './build'

const day = (n: number, date = '2015-03-01') => Array.from({ length: n }, () => date)

describe('schedule checks', () => {
  it('2010 § 3.1: three rounds on one date are allowed, four are refused', () => {
    const tc = { timeControl: '60 min', startDate: '2013-03-01', endDate: '2013-03-02' }
    expect(checkSchedule(input('fide-2010', { ...tc, rounds: 3, roundDates: day(3, '2013-03-01') }))).toEqual([])
    const f = checkSchedule(input('fide-2010', { ...tc, rounds: 5, roundDates: [...day(4, '2013-03-01'), '2013-03-02'] }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.schedule.roundsPerDay', level: 'error', paragraph: '2010 § 3.1', rounds: [1, 2, 3, 4], params: { date: '2013-03-01', count: 4, max: 3 } })
  })

  it('2014 § 3.1 has no round limit: four 60-minute rounds (8 h) on one date pass', () => {
    expect(checkSchedule(input('fide-2014', { timeControl: '60 min', rounds: 4, roundDates: day(4) }))).toEqual([])
  })

  it('2014 § 3.1: three 90′ + 30″ rounds are 12 h (allowed), four are 16 h (refused)', () => {
    const tc = { timeControl: '90 min + 30 sec/move' }
    expect(checkSchedule(input('fide-2014', { ...tc, rounds: 3, roundDates: day(3) }))).toEqual([])
    const f = checkSchedule(input('fide-2014', { ...tc, rounds: 4, roundDates: day(4) }))
    expect(f.map((x) => [x.code, x.params.hours, x.params.minutes])).toEqual([['check.schedule.hoursPerDay', 16, 240]])
  })

  it('2010 § 3.1: four rounds of 90′ + 30″ break both limits', () => {
    const f = checkSchedule(input('fide-2010', { startDate: '2013-03-01', endDate: '2013-03-01', timeControl: '90+30', rounds: 4, roundDates: day(4, '2013-03-01') }))
    expect(f.map((x) => x.code)).toEqual(['check.schedule.roundsPerDay', 'check.schedule.hoursPerDay'])
  })

  it('without round dates the schedule cannot be checked (warning)', () => {
    const f = checkSchedule(input('fide-2014', { rounds: 7, roundDates: [null, null] }))
    expect(f).toMatchObject([{ code: 'check.schedule.noRoundDates', level: 'warning', params: { rounds: 7 } }])
  })

  it('rapid and blitz events have no schedule rule', () => {
    expect(checkSchedule(input('fide-2014', { ratingType: 'rapid', timeControl: '15+10', rounds: 9, roundDates: day(9) }))).toEqual([])
  })
})
