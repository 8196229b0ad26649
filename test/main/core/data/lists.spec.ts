// listInForce / listBefore: the one rule for the list in force on a date, on the ambiguous cases, chain by chain (FIDE's
// list and a national list of the same players are two lists of the office: issue 11).
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { FIDE_CHAIN as FIDE, listBefore, listInForce } from '../../../../src/main/core/data/lists'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
let db: Db

type Kind = 'reference' | 'office'
function addList(listDate: string, kind: Kind, status: 'reference' | 'published' | 'draft', opts: { type?: string; version?: number; source?: string } = {}): number {
  return Number(
    db
      .prepare('INSERT INTO rating_lists (kind, list_date, rating_type, source, status, version) VALUES (?, ?, ?, ?, ?, ?)')
      .run(kind, listDate, opts.type ?? 'standard', opts.source ?? 'FIDE', status, opts.version ?? 1).lastInsertRowid
  )
}

beforeEach(() => {
  db?.close()
  db = openDatabase(tmp.file(`lists-${++n}.db`))
})

describe('listInForce', () => {
  it('is null when no list of the type is dated on or before the date', () => {
    addList('2025-02-01', 'reference', 'reference')
    addList('2025-01-01', 'reference', 'reference', { type: 'rapid' })
    expect(listInForce(db, '2025-01-31', 'standard', FIDE)).toBeNull()
  })

  it('takes the latest list dated on or before the date; a list dated on the day itself is in force', () => {
    const jan = addList('2025-01-01', 'reference', 'reference')
    const feb = addList('2025-02-01', 'reference', 'reference')
    expect(listInForce(db, '2025-01-31', 'standard', FIDE)).toEqual({ id: jan, listDate: '2025-01-01', kind: 'reference' })
    expect(listInForce(db, '2025-02-01', 'standard', FIDE)).toEqual({ id: feb, listDate: '2025-02-01', kind: 'reference' })
    expect(listInForce(db, '2025-12-31', 'standard', FIDE)?.id).toBe(feb)
  })

  it('on one date, the published office list wins over the reference list, whichever was stored first', () => {
    const office = addList('2025-03-01', 'office', 'published')
    addList('2025-03-01', 'reference', 'reference')
    expect(listInForce(db, '2025-03-15', 'standard', FIDE)).toEqual({ id: office, listDate: '2025-03-01', kind: 'office' })
  })

  it('never takes a draft, even a newer one or one of the same date', () => {
    const ref = addList('2025-03-01', 'reference', 'reference')
    addList('2025-03-01', 'office', 'draft')
    addList('2025-04-01', 'office', 'draft')
    expect(listInForce(db, '2025-04-15', 'standard', FIDE)?.id).toBe(ref)
  })

  it('a newer reference list wins over an older published office list: the date comes first', () => {
    addList('2025-03-01', 'office', 'published')
    const ref = addList('2025-04-01', 'reference', 'reference')
    expect(listInForce(db, '2025-04-02', 'standard', FIDE)).toEqual({ id: ref, listDate: '2025-04-01', kind: 'reference' })
  })

  it('between versions of the office list of one date, the highest version; then the latest stored', () => {
    const v2 = addList('2025-05-01', 'office', 'published', { version: 2 })
    addList('2025-05-01', 'office', 'published', { version: 1 })
    expect(listInForce(db, '2025-05-01', 'standard', FIDE)?.id).toBe(v2)
    const first = addList('2025-06-01', 'reference', 'reference')
    const again = addList('2025-06-01', 'reference', 'reference')
    expect(first).toBeLessThan(again)
    expect(listInForce(db, '2025-06-01', 'standard', FIDE)?.id).toBe(again)
  })

  it('keeps to its rating type', () => {
    const std = addList('2025-01-01', 'reference', 'reference')
    const rapid = addList('2025-02-01', 'reference', 'reference', { type: 'rapid' })
    expect(listInForce(db, '2025-03-01', 'standard', FIDE)?.id).toBe(std)
    expect(listInForce(db, '2025-03-01', 'rapid', FIDE)?.id).toBe(rapid)
    expect(listInForce(db, '2025-03-01', 'blitz', FIDE)).toBeNull()
  })
})

describe('listBefore', () => {
  it('is the list in force the day before: a list of the same date is not its own predecessor', () => {
    const jan = addList('2025-01-01', 'reference', 'reference')
    addList('2025-01-01', 'office', 'draft')
    const feb = addList('2025-02-01', 'office', 'published')
    addList('2025-02-01', 'reference', 'reference')
    expect(listBefore(db, '2025-02-01', 'standard', FIDE)).toEqual({ id: jan, listDate: '2025-01-01', kind: 'reference' })
    expect(listBefore(db, '2025-02-02', 'standard', FIDE)).toEqual({ id: feb, listDate: '2025-02-01', kind: 'office' })
    expect(listBefore(db, '2025-01-01', 'standard', FIDE)).toBeNull()
  })
})

describe('two chains: FIDE\'s list and a national list of the same players', () => {
  // FIDE's download and the office's FIDE list; the federation's list (source SUI) and the lists of its profile (fse)
  it('each chain reads only its own lists, on the same dates', () => {
    const fideRef = addList('2025-01-01', 'reference', 'reference')
    const suiRef = addList('2025-01-01', 'reference', 'reference', { source: 'SUI' })
    const fideFeb = addList('2025-02-01', 'office', 'published')
    const fseFeb = addList('2025-02-01', 'office', 'published', { source: 'fse' })
    addList('2025-03-01', 'office', 'draft', { source: 'fse' })
    expect(listInForce(db, '2025-01-15', 'standard', FIDE)?.id).toBe(fideRef)
    expect(listInForce(db, '2025-01-15', 'standard', 'fse')?.id).toBe(suiRef)
    expect(listInForce(db, '2025-03-15', 'standard', FIDE)?.id).toBe(fideFeb)
    expect(listInForce(db, '2025-03-15', 'standard', 'fse')?.id).toBe(fseFeb)
    expect(listBefore(db, '2025-02-01', 'standard', FIDE)?.id).toBe(fideRef)
    expect(listBefore(db, '2025-02-01', 'standard', 'fse')?.id).toBe(suiRef)
    // an imported list of a federation reads as a national chain: its predecessor is no FIDE list
    expect(listBefore(db, '2025-02-02', 'standard', 'SUI')?.id).toBe(suiRef)
  })

  it("a national list that is newer does not take the FIDE chain's place, nor the reverse", () => {
    const fideRef = addList('2025-01-01', 'reference', 'reference')
    const suiRef = addList('2025-01-15', 'reference', 'reference', { source: 'SUI' })
    const fideFeb = addList('2025-02-01', 'reference', 'reference')
    expect(listInForce(db, '2025-01-20', 'standard', FIDE)?.id).toBe(fideRef)
    expect(listInForce(db, '2025-02-20', 'standard', 'fse')?.id).toBe(suiRef)
    expect(listInForce(db, '2025-02-20', 'standard', FIDE)?.id).toBe(fideFeb)
    // a profile's office list is of its own chain only: another profile's is not read
    addList('2025-03-01', 'office', 'published', { source: 'fse' })
    expect(listInForce(db, '2025-03-20', 'standard', 'own-profile')?.id).toBe(suiRef)
  })

  it("an office that holds no imported list of the chain's kind reads the other kind's (a national list started from FIDE's download)", () => {
    const fideRef = addList('2025-01-01', 'reference', 'reference')
    const fse = addList('2025-02-01', 'office', 'published', { source: 'fse' })
    expect(listInForce(db, '2025-01-20', 'standard', 'fse')?.id).toBe(fideRef)
    expect(listInForce(db, '2025-02-20', 'standard', 'fse')?.id).toBe(fse)
    expect(listInForce(db, '2025-02-20', 'standard', FIDE)?.id).toBe(fideRef)
    // per rating type: a national rapid list does not take FIDE's standard download away from the national chain
    addList('2025-01-01', 'reference', 'reference', { source: 'SUI', type: 'rapid' })
    expect(listInForce(db, '2025-01-20', 'standard', 'fse')?.id).toBe(fideRef)
  })
})
