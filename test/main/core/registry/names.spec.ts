// Name folding and similarity: the cases the duplicate finder and the TRF matcher rely on (issue #5).
import { describe, expect, it } from 'vitest'
import { editDistance, foldName, nameKey, nameSimilarity, splitName } from '../../../../src/main/core/registry/names'

describe('foldName', () => {
  it('removes diacritics and folds special letters', () => {
    expect(foldName('Müller, Jürgen')).toBe('muller jurgen')
    expect(foldName('Großmann')).toBe('grossmann')
    expect(foldName('Ærøskøbing')).toBe('aeroskobing')
    expect(foldName('Łukasz Świercz')).toBe('lukasz swiercz')
    expect(foldName('Nguyễn Ngọc Trường Sơn')).toBe('nguyen ngoc truong son')
    expect(foldName('Đukić')).toBe('dukic')
  })
  it('normalises punctuation, hyphens, apostrophes and spaces', () => {
    expect(foldName("  O'Brien,   Seán  ")).toBe('obrien sean')
    expect(foldName('García-López, J.-M.')).toBe('garcia lopez j m')
    expect(foldName('Smith–Jones')).toBe('smith jones')
  })
  it('romanises Cyrillic', () => {
    expect(foldName('Карпов, Анатолий')).toBe('karpov anatoliy')
  })
})

describe('splitName', () => {
  it('reads FIDE order and free order', () => {
    expect(splitName('Carlsen, Magnus')).toEqual({ surname: 'Carlsen', givenNames: 'Magnus' })
    expect(splitName('Magnus Carlsen')).toEqual({ surname: 'Carlsen', givenNames: 'Magnus' })
    expect(splitName('Hou')).toEqual({ surname: 'Hou', givenNames: '' })
  })
})

describe('nameKey and editDistance', () => {
  it('reduces transliteration variants to one skeleton', () => {
    expect(nameKey('Mueller')).toBe(nameKey('Müller'))
    expect(nameKey('Dmitrij')).toBe(nameKey('Dmitry'))
    expect(nameKey('Aleksandr')).toBe(nameKey('Alexandr'))
    expect(nameKey('Chalifman')).not.toBe(nameKey('Carlsen'))
    expect(nameKey('Khalifman')).toBe(nameKey('Halifman'))
    expect(nameKey('Smyslow')).toBe(nameKey('Smyslov'))
  })
  it('counts a transposition as one edit', () => {
    expect(editDistance('jurgen', 'jugren')).toBe(1)
    expect(editDistance('kasparov', 'kasparow')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('abc', 'xyz')).toBe(3)
  })
})

describe('nameSimilarity', () => {
  it('scores Müller, Jürgen and Mueller, Juergen as the same name', () => {
    expect(nameSimilarity('Müller, Jürgen', 'Mueller, Juergen')).toBeGreaterThanOrEqual(0.95)
  })
  it('tolerates reversed name order', () => {
    expect(nameSimilarity('Müller, Jürgen', 'Jürgen Müller')).toBe(1)
    expect(nameSimilarity('Müller, Jürgen', 'Jürgen, Müller')).toBeGreaterThanOrEqual(0.95)
  })
  it('tolerates a one-letter typo', () => {
    expect(nameSimilarity('Kasparov, Garry', 'Kasparov, Gary')).toBeGreaterThan(0.85)
    expect(nameSimilarity('Kasparov, Garry', 'Kaspraov, Garry')).toBeGreaterThan(0.85)
    expect(nameSimilarity('Schneider, Anna', 'Schnieder, Anna')).toBeGreaterThan(0.85)
  })
  it('tolerates hyphenation and transliteration', () => {
    expect(nameSimilarity('García-López, Juan', 'Garcia Lopez, Juan')).toBe(1)
    expect(nameSimilarity('Van der Berg, Piet', 'Vanderberg, Piet')).toBeGreaterThanOrEqual(0.95)
    expect(nameSimilarity('Khalifman, Aleksandr', 'Chalifman, Alexander')).toBeGreaterThan(0.8)
    expect(nameSimilarity({ surname: 'Карпов', givenNames: 'Анатолий' }, 'Karpov, Anatoly')).toBeGreaterThan(0.9)
  })
  it('keeps different people apart', () => {
    expect(nameSimilarity('Carlsen, Magnus', 'Caruana, Fabiano')).toBeLessThan(0.5)
    expect(nameSimilarity('Li, Wei', 'Lu, Wen')).toBeLessThan(0.8)
    expect(nameSimilarity('Müller, Jürgen', 'Müller, Anna')).toBeLessThan(0.7)
  })
  it('scores an extra middle name between a match and a stranger', () => {
    const s = nameSimilarity('Müller, Jürgen', 'Müller, Jürgen Peter')
    expect(s).toBeGreaterThan(0.75)
    expect(s).toBeLessThan(0.95)
  })
  it('is symmetric', () => {
    const pairs: [string, string][] = [['Müller, Jürgen', 'Mueller, Juergen'], ['Kasparov, Garry', 'Gary Kasparov'], ['Li, Wei', 'Lu, Wen']]
    for (const [a, b] of pairs) expect(nameSimilarity(a, b)).toBe(nameSimilarity(b, a))
  })
})
