// The TRF16/TRF26 writer: spec columns, and read → write → read giving the same tournament on every fixture.
import { describe, expect, it } from 'vitest'
import { playerLine, readTrf, writeTrf } from '../../../../src/main/core/trf/index'
import { REAL_DIR, TRF_DIR, essence, listFixtures, readFixture } from './fixtures'

describe('writeTrf', () => {
  it('writes a player line in the TRF16 columns', () => {
    const w: string[] = []
    const line = playerLine(
      { startRank: 7, fideId: '2201836', name: 'Lakunza Oyarbide Juan Carlos', sex: 'M', title: 'FM', federation: 'ESP', birth: '1961', rating: 2102, points: 3, rank: 7,
        rounds: [{ round: 1, opponent: 33, color: 'w', code: '1' }, { round: 2, opponent: null, color: null, code: 'H' }, { round: 3, opponent: 2, color: 'b', code: '-' }] },
      w
    )
    expect(line).toBe('001    7 m FM Lakunza Oyarbide Juan Carlos      2102 ESP     2201836 1961/00/00  3.0    7    33 w 1  0000 - H     2 b -')
    expect(line.slice(48, 52)).toBe('2102')
    expect(line.slice(91, 95)).toBe('  33')
    expect(w).toEqual([])
  })
  it('reports a name longer than 33 characters instead of losing it silently', () => {
    const w: string[] = []
    playerLine({ startRank: 1, fideId: null, name: 'Wolfeschlegelsteinhausenbergerdorff, Hubert', sex: null, title: null, federation: null, birth: null, rating: null, points: null, rank: null, rounds: [] }, w)
    expect(w).toEqual(['player 1: name shortened to 33 characters'])
  })
  it('writes round dates under their round blocks and 142/152/192 in TRF26', () => {
    const t = readFixture(REAL_DIR, 'Sharly-Chess_sharly-chess__tests__trf__example_trf26.trf')
    const out = writeTrf(t, { format: 'TRF26' }).text.split('\n')
    const dates = out.find((l) => l.startsWith('132'))!
    expect(dates.slice(91, 99)).toBe('24/01/01')
    expect(dates.slice(101, 109)).toBe('24/01/02')
    expect(out).toContain('142 14')
    expect(out).toContain('152 W')
    expect(out).toContain('192 FIDE_TEAM_BAKU')
    expect(out.filter((l) => l.startsWith('310'))).toHaveLength(50)
  })
  it('writes CRLF when asked', () => {
    const t = readFixture(TRF_DIR, 'bbppairings_dutch_2025_C5.trf')
    const text = writeTrf(t, { format: 'TRF16', lineEnding: 'CRLF' }).text
    expect(text.split('\r\n')).toHaveLength(t.players.length + 5)
    expect(readTrf(new TextEncoder().encode(text), 'x').lineEnding).toBe('CRLF')
  })
})

describe('round trip on every fixture that reads without a fatal error', () => {
  const files = [...listFixtures(TRF_DIR).map((f) => [TRF_DIR, f]), ...listFixtures(REAL_DIR).map((f) => [REAL_DIR, f])]
  it.each(files)('%s%s: read → write TRF16 / TRF26 → read gives the same tournament', (dir, file) => {
    const a = readFixture(dir, file)
    if (a.findings.some((f) => f.fatal)) return
    for (const format of ['TRF16', 'TRF26'] as const) {
      const written = writeTrf(a, { format })
      const b = readTrf(written.bytes, file)
      expect(b.findings.filter((f) => f.fatal)).toEqual([])
      const ea = essence(a, format)
      const eb = essence(b, format)
      if (format === 'TRF26' && a.header.declaredRounds === null) eb.header.declaredRounds = null
      expect(eb).toEqual(ea)
      // written again, the text is stable: a second round trip changes nothing
      expect(writeTrf(b, { format }).text).toBe(written.text)
    }
  })
})
