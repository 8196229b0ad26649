// Encoding detection: the same tournament saved in UTF-8, UTF-8+BOM, Windows-1252, Latin-2 (and CP850) reads the same names.
import { describe, expect, it } from 'vitest'
import iconv from 'iconv-lite'
import { readTrf, writeTrf, type TrfEncoding } from '../../../../src/main/core/trf/index'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import type { RoundEntry, TournamentPlayer } from '../../../../src/main/core/model/tournament'

/** Round 1: 1-2, 3-4, ... drawn; an odd last player takes a half-point bye. */
function pairingOf(i: number, n: number): RoundEntry {
  const opponent = i % 2 === 0 ? (i + 2 <= n ? i + 2 : null) : i
  return opponent === null ? { round: 1, opponent: null, color: null, code: 'H' } : { round: 1, opponent, color: i % 2 === 0 ? 'w' : 'b', code: '=' }
}

function tournamentText(names: [string, string][], eol: 'LF' | 'CRLF' = 'CRLF'): string {
  const players: TournamentPlayer[] = names.map(([name, fed], i) => ({
    startRank: i + 1, fideId: String(2000001 + i), name, sex: 'M', title: null, federation: fed, birth: '1980-05-0' + ((i % 9) + 1), rating: 2000 - i, points: null, rank: i + 1,
    rounds: [pairingOf(i, names.length)]
  }))
  return writeTrf({ header: { ...emptyHeader(), name: 'Encodings Open', city: 'Brno', startDate: '2025-05-01', endDate: '2025-05-02' }, players }, { format: 'TRF16', lineEnding: eol }).text
}

/** Letters that exist in both Windows-1252 and ISO-8859-2: the same tournament can be saved in each. */
const COMMON: [string, string][] = [
  ['Müller, Jürgen', 'GER'],
  ['Straßer, Björn', 'AUT'],
  ['Kovács, Péter', 'HUN'],
  ['Nováková, Zuzana', 'SVK'],
  ['Öztürk, Ümit', 'TUR'],
  ['Dubois, Frédéric', 'FRA']
]

describe('encoding detection', () => {
  const text = tournamentText(COMMON)
  const cases: [string, Buffer, TrfEncoding[]][] = [
    ['UTF-8', Buffer.from(text, 'utf8'), ['utf-8']],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), ['utf-8-bom']],
    ['Windows-1252', iconv.encode(text, 'win1252'), ['windows-1252', 'iso-8859-1', 'iso-8859-2']],
    ['ISO-8859-2', iconv.encode(text, 'iso88592'), ['iso-8859-2', 'iso-8859-1', 'windows-1252']]
  ]
  it.each(cases)('the same tournament saved in %s gives the same names', (_label, bytes, encodings) => {
    const t = readTrf(bytes, 'enc.trf')
    expect(encodings).toContain(t.encoding)
    expect(t.lineEnding).toBe('CRLF')
    expect(t.players.map((p) => p.name)).toEqual(COMMON.map(([n]) => n))
    expect(t.findings.filter((f) => f.fatal)).toEqual([])
  })

  it('Polish and Czech names in Latin-2 are told from Windows-1252 (ł ą ę ś ż ř č š)', () => {
    const names: [string, string][] = [['Wójcik, Łukasz', 'POL'], ['Dvořák, Jiří', 'CZE'], ['Świątek, Żaneta', 'POL'], ['Krejčí, Tomáš', 'CZE'], ['Gęsiarz, Michał', 'POL']]
    const t = readTrf(iconv.encode(tournamentText(names), 'iso88592'), 'latin2.trf')
    expect(t.encoding).toBe('iso-8859-2')
    expect(t.players.map((p) => p.name)).toEqual(names.map(([n]) => n))
  })

  it('Western names in Windows-1252 with € and Œ bytes (0x80-0x9F) are Windows-1252, not Latin-2', () => {
    const names: [string, string][] = [['Lefèvre, Œdipe', 'FRA'], ['Núñez, José', 'ESP'], ['Ibáñez, Begoña', 'ESP'], ['Škoda, Jan', 'CZE']]
    const t = readTrf(iconv.encode(tournamentText(names), 'win1252'), 'cp1252.trf')
    expect(t.encoding).toBe('windows-1252')
    expect(t.players.map((p) => p.name)).toEqual(names.map(([n]) => n))
  })

  it('a DOS CP850 file where accents fall in 0x80-0x9F is read as CP850', () => {
    const names: [string, string][] = [['Müller, Jürgen', 'GER'], ['Gómez, Raúl', 'ESP'], ['Ekström, Åsa', 'SWE'], ['Lefèvre, Anaïs', 'FRA']]
    const t = readTrf(iconv.encode(tournamentText(names, 'LF'), 'cp850'), 'dos.trf')
    expect(t.encoding).toBe('cp850')
    expect(t.lineEnding).toBe('LF')
    expect(t.players.map((p) => p.name)).toEqual(names.map(([n]) => n))
  })

  it('reads UTF-16 with a byte-order mark (Windows "Unicode" text)', () => {
    const t = readTrf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'unicode.trf')
    expect(t.encoding).toBe('utf-16le')
    expect(t.players.map((p) => p.name)).toEqual(COMMON.map(([n]) => n))
  })

  it('reads CR-only line ends (bbpPairings files)', () => {
    const t = readTrf(Buffer.from(tournamentText(COMMON, 'LF').replace(/\n/g, '\r'), 'utf8'), 'cr.trf')
    expect(t.lineEnding).toBe('CR')
    expect(t.players).toHaveLength(COMMON.length)
  })
})
