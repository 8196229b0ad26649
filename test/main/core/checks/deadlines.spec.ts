// Deadlines: registration (2014 § 0.2; December 2023 amendment 30/3 days), report 7 days and upload 30 days (2014 § 9.1).
import { describe, expect, it } from 'vitest'
import { checkDeadlines } from '../../../../src/main/core/checks/deadlines'
import { input, player } from './build'

describe('deadline checks', () => {
  it('2014 § 9.1: received 7 days after the end is on time, 8 is a warning, 31 also an error', () => {
    const at = (received: string) => checkDeadlines(input('fide-2014', { endDate: '2015-03-05', receivedDate: received })).map((f) => [f.code, f.level, f.params.daysAfter])
    expect(at('2015-03-12')).toEqual([])
    expect(at('2015-03-13')).toEqual([['check.deadline.report', 'warning', 8]])
    expect(at('2015-04-04')).toEqual([['check.deadline.report', 'warning', 30]])
    expect(at('2015-04-05')).toEqual([
      ['check.deadline.report', 'warning', 31],
      ['check.deadline.upload', 'error', 31]
    ])
  })

  it('a historical import raises no deadline finding', () => {
    expect(checkDeadlines(input('fide-2014', { endDate: '2015-03-05', receivedDate: '2020-01-01', historical: true, registeredDate: '2015-03-01' }))).toEqual([])
  })

  it('2010 has no report deadline in its text', () => {
    expect(checkDeadlines(input('fide-2010', { startDate: '2013-03-01', endDate: '2013-03-05', receivedDate: '2013-06-01' }))).toEqual([])
  })

  it('2014 § 0.2: registered a week before the start', () => {
    const reg = (date: string) => checkDeadlines(input('fide-2014', { startDate: '2015-03-10', registeredDate: date })).map((f) => f.params.required)
    expect(reg('2015-03-03')).toEqual([])
    expect(reg('2015-03-04')).toEqual([7])
  })

  it('December 2023 amendment: 30 days if a player is above 2700 or a woman above 2500, else 3', () => {
    const t = { startDate: '2024-06-10', endDate: '2024-06-15', registeredDate: '2024-05-20' } // 21 days before
    expect(checkDeadlines(input('fide-2024', t, { players: [player(1, 2700), player(2, 2500, { sex: 'F' })] }))).toEqual([])
    const man = checkDeadlines(input('fide-2024', t, { players: [player(1, 2701), player(2, 2000)] }))
    expect(man[0]).toMatchObject({ code: 'check.deadline.registration', level: 'warning', params: { required: 30, daysBefore: 21, strict: true }, startRanks: [1] })
    const woman = checkDeadlines(input('fide-2024', t, { players: [player(1, 2000), player(2, 2501, { sex: 'F' })] }))
    expect(woman[0]!.startRanks).toEqual([2])
    expect(checkDeadlines(input('fide-2024', { ...t, registeredDate: '2024-06-07' }, { players: [player(1, 2400)] }))).toEqual([])
    expect(checkDeadlines(input('fide-2024', { ...t, registeredDate: '2024-06-08' }, { players: [player(1, 2400)] })).map((f) => f.params.required)).toEqual([3])
  })

  it('the amendment flips inside the 2022 edition: before December 2023 the week rule, after it 30 days', () => {
    const players = [player(1, 2750)]
    const before = checkDeadlines(input('fide-2022', { startDate: '2023-11-20', registeredDate: '2023-11-01' }, { players }))
    expect(before).toEqual([])
    const after = checkDeadlines(input('fide-2022', { startDate: '2023-12-20', registeredDate: '2023-12-01' }, { players }))
    expect(after.map((f) => f.params.required)).toEqual([30])
  })
})
