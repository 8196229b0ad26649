// reconcilePlayer: each way an office list and FIDE's can disagree on a player gives its reason.
import { describe, expect, it } from 'vitest'
import { reconcilePlayer, type ReconcileInput } from '../../../../src/main/core/compare/reconcile'

const base = { rating: 1800, k: 20 }
const entry = (rating: number | null, games = 5, k: number | null = 20, flags: string | null = null) => ({ rating, games, k, flags })
const input = (over: Partial<ReconcileInput>): ReconcileInput => ({
  office: entry(1812),
  reference: entry(1812),
  officeBase: base,
  referenceBase: base,
  sheet: null,
  ...over
})
const codes = (i: ReconcileInput): string[] => reconcilePlayer(i).reasons.map((r) => r.code)

describe('reconcilePlayer', () => {
  it('finds nothing when the two sides agree', () => {
    expect(reconcilePlayer(input({}))).toEqual({ differences: [], reasons: [] })
  })

  it('a player unknown to one side', () => {
    expect(reconcilePlayer(input({ reference: null }))).toEqual({ differences: ['presence'], reasons: [{ code: 'onlyOffice', office: 1812, reference: null }] })
    expect(codes(input({ office: null }))).toEqual(['onlyReference'])
  })

  it('a different base rating', () => {
    expect(reconcilePlayer(input({ reference: entry(1822), referenceBase: { rating: 1810, k: 20 } })).reasons).toEqual([{ code: 'base', office: 1800, reference: 1810 }])
  })

  it('a game FIDE rated that the office does not have, and the reverse', () => {
    expect(reconcilePlayer(input({ reference: entry(1820, 7) })).reasons).toEqual([{ code: 'gamesReference', office: 5, reference: 7 }])
    expect(codes(input({ office: entry(1820, 9) }))).toEqual(['gamesOffice'])
  })

  it('a different K: in the period (base) or printed for the next one', () => {
    expect(reconcilePlayer(input({ reference: entry(1824), referenceBase: { rating: 1800, k: 40 } })).reasons).toEqual([{ code: 'k', office: 20, reference: 40 }])
    expect(reconcilePlayer(input({ reference: entry(1812, 5, 10) }))).toEqual({ differences: ['k'], reasons: [{ code: 'k', office: 20, reference: 10 }] })
  })

  it('a different flag', () => {
    expect(reconcilePlayer(input({ reference: entry(1812, 5, 20, 'i') }))).toEqual({ differences: ['flag'], reasons: [{ code: 'flag', office: null, reference: 'i' }] })
  })

  it('a rounding difference: one point, or FIDE within a point of the unrounded change', () => {
    expect(codes(input({ reference: entry(1813) }))).toEqual(['rounding'])
    // office change +12.5 rounded to +13 (1813), FIDE +12 (1812): FIDE is within a point of the exact change
    expect(reconcilePlayer(input({ office: entry(1813), reference: entry(1812), sheet: { changeExact: 12.5, gapOver400: 0 } })).reasons).toEqual([{ code: 'rounding', office: 12.5, reference: 12 }])
  })

  it('a 400-point rule application, when the sheet shows a game over a 400-point gap', () => {
    expect(codes(input({ office: entry(1812), reference: entry(1808), sheet: { changeExact: 12.2, gapOver400: 1 } }))).toEqual(['cap400'])
  })

  it('says plainly when nothing explains a gap', () => {
    expect(codes(input({ reference: entry(1830) }))).toEqual(['unexplained'])
  })
})
