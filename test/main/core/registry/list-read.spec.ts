// The first-load encoder and the held entries: values survive the integer coding, held lists come after the
// players in key order, and entries held record by record are put in player order before they are written.
import { describe, expect, it } from 'vitest'
import { BulkEncoder, EntryCodes, HeldEntries, ENTRY_VALUES, type BulkMessage } from '../../../../src/main/core/registry/list-read'
import { ProblemLog, type ListRecord } from '../../../../src/main/core/registry/list-record'

const record = (line: number, fideId: number, ratings: ListRecord['ratings'], extra: Partial<ListRecord> = {}): ListRecord => ({
  line, fideId, nationalId: null, name: `P${fideId}`, surname: `P${fideId}`, givenNames: 'Anna', federation: 'FRA', sex: 'F',
  title: null, womanTitle: 'WFM', otherTitles: [], foaTitle: null, arbiterTitle: null, birthYear: 1990, birthDate: null, flags: 'w', ratings, ...extra
})

describe('EntryCodes', () => {
  it('gives back every value of an entry, nulls included, with the ordinal turned into an id', () => {
    const codes = new EntryCodes()
    const d = new Int32Array(2 * ENTRY_VALUES)
    codes.put(d, 0, 0, record(2, 1, {}), { rating: 2105, games: 9, k: 20 }, 'WFM')
    codes.put(d, ENTRY_VALUES, 1, record(3, 2, {}, { federation: null, sex: null, flags: null, birthYear: null }), { rating: null, games: null, k: null }, null)
    expect(EntryCodes.decode(d, 2, 100, codes.texts)).toEqual([100, 2105, 9, 20, 'w', 'WFM', 'FRA', 1990, 'F', 101, null, null, null, null, null, null, null, null])
  })
})

describe('BulkEncoder', () => {
  it('sends the first list’s entries with their players and the other lists’ after the last player', () => {
    const sent: BulkMessage[] = []
    const enc = new BulkEncoder(new ProblemLog('x.txt'), (m) => sent.push(m))
    for (const t of ['standard', 'rapid', 'blitz'] as const) enc.open(t)
    const r = { rating: 2000, games: 1, k: 20 }
    for (let i = 0; i < 3; i++) enc.add(record(i + 2, 1000 + i, { standard: r, rapid: r, ...(i === 1 ? { blitz: r } : {}) }))
    enc.finish()
    expect(sent.map((m) => (m.kind === 'open' ? `open ${m.type}` : m.kind === 'players' ? `players ${m.rows}/${m.entryRows}` : `entries ${m.type} ${m.rows}`))).toEqual([
      'open standard', 'open rapid', 'open blitz', 'players 3/3', 'entries rapid 3', 'entries blitz 1'
    ])
    const blitz = sent.at(-1) as Extract<BulkMessage, { kind: 'entries' }>
    expect(blitz.values[0]).toBe(1)
  })
})

describe('HeldEntries', () => {
  it('puts entries in rising player order, ties in the order given, and leaves an ordered list as it is', () => {
    const codes = new EntryCodes()
    const held = new HeldEntries(codes)
    const rating = (n: number): { rating: number; games: number; k: number } => ({ rating: n, games: 0, k: 20 })
    for (const [id, n] of [[7, 1], [3, 2], [9, 3], [3, 4], [1, 5]] as const) held.push(id, record(2, id, {}), rating(n), null)
    held.sortByPlayer()
    const [chunk] = [...held.chunks('standard')]
    const rows = EntryCodes.decode(chunk!.values, chunk!.rows, 0, codes.texts)
    const pairs: number[][] = []
    for (let i = 0; i < rows.length; i += ENTRY_VALUES) pairs.push([rows[i] as number, rows[i + 1] as number])
    expect(pairs).toEqual([[1, 5], [3, 2], [3, 4], [7, 1], [9, 3]])
  })
})
