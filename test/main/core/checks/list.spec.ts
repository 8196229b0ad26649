// Late tournaments: ended on or before the closing date of a published list (2014 § 7.13): info, goes to the next list.
import { describe, expect, it } from 'vitest'
import { checkList } from '../../../../src/main/core/checks/list'
import { input } from './build'

describe('late tournament check', () => {
  const lists = [
    { listDate: '2015-04-01', closingDate: '2015-03-29' },
    { listDate: '2015-03-01', closingDate: '2015-02-26' }
  ]
  it('2014 § 7.13: a tournament ended before a published closing date is late for the first such list', () => {
    const f = checkList(input('fide-2014', { startDate: '2015-02-20', endDate: '2015-02-25' }, { publishedLists: lists }))
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ code: 'check.list.late', level: 'info', paragraph: '2014 § 7.13', params: { listDate: '2015-03-01', lastPublished: '2015-04-01', missedLists: 2 } })
  })
  it('ending after the last closing date is not late; historical imports are never late', () => {
    expect(checkList(input('fide-2014', { endDate: '2015-03-30' }, { publishedLists: lists }))).toEqual([])
    expect(checkList(input('fide-2014', { endDate: '2015-02-25', historical: true }, { publishedLists: lists }))).toEqual([])
  })
})
