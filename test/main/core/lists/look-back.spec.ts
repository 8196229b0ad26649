// The walk back through the imported lists for the inactivity rule's year (issue 35, item 7), by hand: FIDE 2005's
// quarterly lists, the office's first list based on FIDE's list of 1 April 2006.
import { describe, expect, it } from 'vitest'
import { importedGames, inactivityYearStart, periodStartOf, type ImportedList } from '../../../../src/main/core/lists/look-back'
import { fideListEdition } from '../../../../src/main/core/lists/calendar'
import { editionForDate } from '../../../../src/main/core/rules/editions'

const list = (listId: number, listDate: string): ImportedList => ({ listId, listDate, periodStart: periodStartOf(fideListEdition, listDate) })
// newest first, as the caller gives them
const APR = list(3, '2006-04-01')
const JAN = list(2, '2006-01-01')
const OCT = list(1, '2005-10-01')

describe('importedGames', () => {
  it('the period of an imported list starts at the calendar’s list before it (2005: a quarter; 2010: two months)', () => {
    expect([APR.periodStart, JAN.periodStart, OCT.periodStart]).toEqual(['2006-01-01', '2005-10-01', '2005-07-01'])
    // FIDE 2010's first list (1 July 2009) follows 2005's quarterly list of 1 April 2009
    expect(periodStartOf(fideListEdition, '2009-09-01')).toBe('2009-07-01')
    // 2005 § 9.23a: a year
    expect(inactivityYearStart(editionForDate('2006-10-01'), '2006-10-01')).toBe('2005-10-01')
  })

  it('walks back from the office’s first base through the lists that cover the year, and stops there', () => {
    // list of 1 October 2006, year from 1 October 2005: April's games (quarter from 1 January), January's (from 1 October)
    const games = [0, 1, 9]
    expect(importedGames('2005-10-01', '2006-04-01', [APR, JAN, OCT], (i) => games[i]!)).toEqual({ games: 1, since: '2005-10-01' })
    // list of 1 July 2006, year from 1 July 2005: October 2005 counts too
    expect(importedGames('2005-07-01', '2006-04-01', [APR, JAN, OCT], (i) => games[i]!)).toEqual({ games: 10, since: '2005-07-01' })
  })

  it('the office’s own history covers the year: nothing read (the result is the office’s alone)', () => {
    let asked = 0
    expect(importedGames('2006-04-01', '2006-04-01', [APR, JAN, OCT], () => ++asked)).toBeNull()
    expect(importedGames('2006-07-01', '2006-04-01', [APR], () => ++asked)).toBeNull()
    expect(asked).toBe(0)
  })

  it('a missing list, a missing line or games column ends the walk: the year before it is not known', () => {
    // no January list: April's games only, known from 1 January
    expect(importedGames('2005-10-01', '2006-04-01', [APR, OCT], () => 2)).toEqual({ games: 2, since: '2006-01-01' })
    // no line on January's list
    expect(importedGames('2005-10-01', '2006-04-01', [APR, JAN], (i) => (i === 1 ? null : 3))).toEqual({ games: 3, since: '2006-01-01' })
    // no imported list on the date the office's knowledge starts (a player first rated by the office): nothing
    expect(importedGames('2005-10-01', '2006-07-01', [APR, JAN], () => 3)).toBeNull()
    expect(importedGames('2005-10-01', null, [APR, JAN], () => 3)).toBeNull()
  })

  it('gives one shared object per figures (two million lines, a few hundred objects)', () => {
    const shared = new Map()
    const a = importedGames('2005-10-01', '2006-04-01', [APR, JAN], () => 2, shared)
    const b = importedGames('2005-10-01', '2006-04-01', [APR, JAN], () => 2, shared)
    expect(a).toBe(b)
    expect(a).toEqual({ games: 4, since: '2005-10-01' })
  })
})
