// Duplicate detection (issue #5): Müller/Mueller, reversed order, one-letter typos, same name with different birth years.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { CANDIDATE_THRESHOLD, cannotMatch, scanDuplicates, scorePair, type PlayerFacts } from '../../../../src/main/core/registry/duplicates'
import { foldName } from '../../../../src/main/core/registry/names'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

let nextId = 1
const p = (surname: string, givenNames: string, birthDate: string | null, federation = 'GER', sex = 'M'): PlayerFacts => ({
  id: nextId++, fideId: null, surname, givenNames, birthDate, federation, sex
})

describe('scorePair', () => {
  it('takes "Müller, Jürgen" and "Mueller, Juergen" born the same day for one person', () => {
    const s = scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Mueller', 'Juergen', '1961-04-02'))
    expect(s.score).toBeGreaterThanOrEqual(0.95)
    expect(s.parts.birth).toBe('same-date')
  })
  it('takes a reversed name order for one person', () => {
    expect(scorePair(p('Müller', 'Jürgen', '1961'), p('Jürgen', 'Müller', '1961')).score).toBeGreaterThanOrEqual(CANDIDATE_THRESHOLD)
  })
  it('takes a one-letter typo for one person', () => {
    expect(scorePair(p('Kowalski', 'Piotr', '1990'), p('Kowalsky', 'Piotr', '1990')).score).toBeGreaterThanOrEqual(CANDIDATE_THRESHOLD)
    expect(scorePair(p('Schneider', 'Anna', '2001', 'GER', 'F'), p('Schnieder', 'Anna', '2001', 'GER', 'F')).score).toBeGreaterThanOrEqual(CANDIDATE_THRESHOLD)
  })
  it('keeps the same name with different birth years apart', () => {
    const s = scorePair(p('Müller', 'Jürgen', '1961'), p('Müller', 'Jürgen', '1988'))
    expect(s.parts.birth).toBe('different')
    expect(s.score).toBeLessThan(CANDIDATE_THRESHOLD)
  })
  it('allows a birth date with one mistyped digit', () => {
    const s = scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Müller', 'Jürgen', '1961-04-12'))
    expect(s.parts.birth).toBe('same-year')
    const t = scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Müller', 'Jürgen', '1975-04-02'))
    expect(t.parts.birth).toBe('different')
    expect(scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Müller', 'Jürgen', '1916-04-02')).parts.birth).toBe('typo')
    const u = scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Müller', 'Jürgen', '1971-04-02'))
    expect(u.parts.birth).toBe('typo')
    expect(u.score).toBeGreaterThanOrEqual(CANDIDATE_THRESHOLD)
  })
  it('rules out players of different sex and players who met in a tournament', () => {
    expect(scorePair(p('Meyer', 'Kim', '1990', 'GER', 'M'), p('Meyer', 'Kim', '1990', 'GER', 'F')).score).toBeLessThan(0.5)
    expect(scorePair(p('Meyer', 'Kim', '1990'), p('Meyer', 'Kim', '1990'), 1).score).toBeLessThan(0.5)
  })
})

describe('cannotMatch', () => {
  it('skips exactly the pairs whose score could never reach the threshold', () => {
    expect(cannotMatch(p('A', 'B', '1990', 'GER', 'M'), p('A', 'B', '1990', 'GER', 'F'))).toBe(true)
    expect(cannotMatch(p('A', 'B', '1990'), p('A', 'B', '1975'))).toBe(true)
    expect(cannotMatch(p('A', 'B', '1961-04-02'), p('A', 'B', '1971-04-02'))).toBe(false)
    expect(cannotMatch(p('A', 'B', '1990'), p('A', 'B', null))).toBe(false)
    // the skip is safe: the best such pair still scores under the threshold
    expect(scorePair(p('Müller', 'Jürgen', '1961-04-02'), p('Müller', 'Jürgen', '1975-04-02')).score).toBeLessThan(CANDIDATE_THRESHOLD)
  })
})

describe('scanDuplicates', () => {
  it('queues the likely pairs once and leaves different people out', () => {
    const db = openDatabase(tmp.file('dups.db'))
    const ins = db.prepare('INSERT INTO players(surname, given_names, name_folded, birth_date, federation, sex) VALUES (?, ?, ?, ?, ?, ?)')
    const add = (s: string, g: string, b: string | null, fed = 'GER', sex = 'M'): number => Number(ins.run(s, g, foldName(`${s} ${g}`), b, fed, sex).lastInsertRowid)
    const a1 = add('Müller', 'Jürgen', '1961-04-02')
    const a2 = add('Mueller', 'Juergen', '1961')
    const b1 = add('Kowalski', 'Piotr', '1990', 'POL')
    const b2 = add('Piotr', 'Kowalski', '1990', 'POL')
    add('Müller', 'Jürgen', '1988')
    add('Schmidt', 'Eva', '1975', 'GER', 'F')
    const c1 = add('Schneider', 'Anna', '2001', 'AUT', 'F')
    const c2 = add('Schnieder', 'Anna', '2001', 'AUT', 'F')
    const res = scanDuplicates(db)
    const pairs = (db.prepare('SELECT player_a AS a, player_b AS b FROM duplicate_candidates ORDER BY a, b').all() as { a: number; b: number }[]).map((r) => [r.a, r.b])
    expect(pairs).toEqual([[a1, a2], [b1, b2], [c1, c2]])
    expect(res.candidatesAdded).toBe(3)
    expect(scanDuplicates(db).candidatesAdded).toBe(0)
    db.close()
  })
})
