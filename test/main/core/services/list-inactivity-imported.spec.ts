// Issue 35, item 7: the inactivity rule's year before the office's first list is read from the games columns of the
// imported reference lists. FIDE 2005 (seed 000, 2005 § 9.23a: "inactive from the moment they play fewer than 4 rated
// games in a period of one year"), quarterly lists. FIDE's lists of 1 October 2005, 1 January and 1 April 2006 are
// imported; the office's first list is 1 July 2006 (base: FIDE's 1 April 2006), then 1 October 2006. On a real
// database through the real calls. Every figure worked by hand:
// - games columns of FIDE's lists (the games of each list's quarter):
//       Oct 2005  Jan 2006  Apr 2006  | the office: July 2006 (May event)  October 2006 (August event)
//   A       9         1         0     |                1 (drew C)                    0
//   B       3         1         1     |                0                             1 (drew X)
//   C       0         2         1     |                1 (drew A)                    0
//   X       5         5         5     |                0                             1 (drew B)
// - 1 July 2006: the year runs from 1 July 2005 (exclusive): FIDE's October (quarter from 1 July 2005), January and
//   April lists cover it before the office's first list: A 9+1+0+1 = 11, B 3+1+1+0 = 5, C 0+2+1+1 = 4, X 15: all active
//   (before issue 35 the year was "not known" and no one could be flagged);
// - 1 October 2006: the year runs from 1 October 2005: FIDE's January (quarter from 1 October 2005) and April lists,
//   then the office's own: A 1+0+1+0 = 2, B 1+1+0+1 = 3: fewer than 4, inactive (i); C 2+1+1+0 = 4 and X 5+5+0+1 = 11:
//   active. FIDE's October 2005 list is outside the year (A's 9 games there no longer count).
// - the office's own history is not overridden: FIDE's list of 1 July 2006, imported after the office published its
//   own of that date, is not read (A's 9 games there would make him active): the office's July list counts instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { tempDir } from '../../../helpers/temp-db'
import { approved, generate, generateAndPublish, line, sheet, type Who } from './edition-scenario'

const tmp = tempDir()
let s: Services

const A: Who = { id: 5670001, name: 'Aal, Arno', rating: 1900, k: 15 }
const B: Who = { id: 5670002, name: 'Bach, Berta', rating: 1850, k: 15, sex: 'F' }
const C: Who = { id: 5670003, name: 'Cron, Carl', rating: 1800, k: 15 }
const X: Who = { id: 5670004, name: 'Xaver, Xeno', rating: 2000, k: 15 }

/** FIDE's list of a date with each player's games of its quarter. */
function fideList(date: string, games: [Who, number][]): void {
  const file = writeCombinedList(
    tmp.file(`players_list_${date}.txt`),
    games.map(([p, g]) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex ?? 'M', standard: { rating: p.rating!, games: g, k: p.k! }, birthYear: 1980 }))
  )
  importFideList(s.ctx.db, { file, listDate: date })
}

beforeAll(async () => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  fideList('2005-10-01', [[A, 9], [B, 3], [C, 0], [X, 5]])
  fideList('2006-01-01', [[A, 1], [B, 1], [C, 2], [X, 5]])
  fideList('2006-04-01', [[A, 0], [B, 1], [C, 1], [X, 5]])
}, 120_000)

afterAll(async () => {
  await s?.close()
  tmp.cleanup()
})

describe('2005 § 9.23a: the year before the office’s first list, from the imported lists’ games', () => {
  it('1 July 2006, the office’s first list: FIDE’s three imported lists cover the year, no one has fewer than 4 games', async () => {
    await approved(s, 'May Open', '2006-05-06', '2006-05-06', [[1, A, C, '=']])
    const july = await generateAndPublish(s, '2006-07-01')
    expect(july.edition).toBe('fide-2005')
    expect([A, B, C, X].map((p) => line(s, july.listId, p)?.flags ?? null)).toEqual([null, 'w', null, null])
    expect(july.inactive).toBe(0)
  }, 300_000)

  it('1 October 2006: A (2 games) and B (3 games) inactive, C (4) and X active; FIDE’s July list, imported late, not read', async () => {
    // FIDE's own list of 1 July 2006, imported after the office published its list of that date: the office's counts
    fideList('2006-07-01', [[A, 9], [B, 9], [C, 0], [X, 0]])
    await approved(s, 'August Open', '2006-08-05', '2006-08-05', [[1, B, X, '=']])
    const october = await generate(s, '2006-10-01')
    expect([A, B, C, X].map((p) => line(s, october.listId, p)?.flags ?? null)).toEqual(['i', 'wi', null, null])
    expect(october.inactive).toBe(2)
    const notes = async (p: Who): Promise<{ ref: string; text: string }[]> => ((await sheet(s, october.listId, p))?.notes ?? []).filter((n) => n.text.includes('rated game(s)'))
    expect(await notes(A)).toEqual([
      {
        ref: expect.stringContaining('2005 § 9.23a'),
        text: "2 rated game(s) since 2005-10-01 (1 on the imported lists before the office's own, since 2005-10-01), fewer than 4: inactive (i)"
      }
    ])
    expect((await notes(B))[0]!.text).toBe("3 rated game(s) since 2005-10-01 (2 on the imported lists before the office's own, since 2005-10-01), fewer than 4: inactive (i)")
    // C: 4 games, no change of flag, nothing to say (no sheet)
    expect(await notes(C)).toEqual([])
  }, 300_000)
})
