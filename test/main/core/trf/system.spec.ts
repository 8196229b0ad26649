// Pairing system and rating type from the header or the pairings' shape.
import { describe, expect, it } from 'vitest'
import { detectSystem, minutesFor60Moves, ratingTypeFromMinutes } from '../../../../src/main/core/trf/index'
import type { TournamentPlayer } from '../../../../src/main/core/model/tournament'
import { REAL_DIR, readFixture } from './fixtures'

/** A round robin built with the Berger table idea: every pair meets `cycles` times. */
function roundRobin(n: number, cycles = 1): TournamentPlayer[] {
  const players: TournamentPlayer[] = Array.from({ length: n }, (_, i) => ({ startRank: i + 1, fideId: null, name: `P${i + 1}`, sex: null, title: null, federation: null, birth: null, rating: null, points: null, rank: null, rounds: [] }))
  let round = 0
  for (let c = 0; c < cycles; c++) {
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        round++
        players[a]!.rounds.push({ round, opponent: b + 1, color: 'w', code: '=' })
        players[b]!.rounds.push({ round, opponent: a + 1, color: 'b', code: '=' })
      }
    }
  }
  return players
}

const header = (codedType: string | null, type: string | null) => ({ codedType, type })

describe('detectSystem', () => {
  it('reads the TRF26 192 code first', () => {
    expect(detectSystem({ header: header('FIDE_ROUND_ROBIN', 'Swiss'), players: [] })).toBe('round-robin')
    expect(detectSystem({ header: header('FIDE_DUTCH_2025', null), players: roundRobin(4) })).toBe('swiss')
  })
  it('then the 092 text, in several languages', () => {
    expect(detectSystem({ header: header(null, 'Individual: Round-Robin'), players: [] })).toBe('round-robin')
    expect(detectSystem({ header: header(null, 'Tournoi toutes rondes'), players: [] })).toBe('round-robin')
    expect(detectSystem({ header: header(null, 'Rundenturnier'), players: [] })).toBe('round-robin')
    expect(detectSystem({ header: header(null, 'Individual: Swiss-System'), players: roundRobin(4) })).toBe('swiss')
  })
  it('then the shape: everyone meets everyone the same number of times', () => {
    expect(detectSystem({ header: header(null, null), players: roundRobin(6) })).toBe('round-robin')
    expect(detectSystem({ header: header(null, null), players: roundRobin(4, 2) })).toBe('round-robin')
    const broken = roundRobin(6)
    broken[0]!.rounds.pop()
    expect(detectSystem({ header: header(null, null), players: broken })).toBe('swiss')
  })
  it('calls every real Swiss fixture a Swiss', () => {
    expect(readFixture(REAL_DIR, 'sklangen_TRF__tests__example1.trf').system).toBe('swiss')
    expect(readFixture(REAL_DIR, 'Sharly-Chess_sharly-chess__tests__trf__example_trf26.trf').system).toBe('swiss')
  })
})

describe('rating type from the time control (minutes for 60 moves, every period counted)', () => {
  it.each([
    ['90+30', false, 120, 'standard'],
    ['90 minutes + 30 seconds per move', false, 120, 'standard'],
    ['1:30 + 10 from move 1', false, 100, 'standard'],
    ['15 minutes plus 10 sec per move', false, 25, 'rapid'],
    ['8 min/player + 3 s/move', false, 11, 'rapid'],
    ['3+2', false, 5, 'blitz'],
    ['40/120, 60', false, 180, 'standard'],
    [`100'x40mm + 50'x20mm + 30" from move 1`, false, 180, 'standard'],
    ['40/6000+30:900+30', true, 145, 'standard'],
    ['300+3', true, 8, 'blitz']
  ])('%s → %s minutes → %s', (text, encoded, minutes, type) => {
    const m = minutesFor60Moves(text, encoded)
    expect(m).toBe(minutes)
    expect(ratingTypeFromMinutes(m!)).toBe(type)
  })
  it('returns nothing when the text has no figure', () => {
    expect(minutesFor60Moves('moves/time, increment')).toBeNull()
  })
  it('uses the header on real files', () => {
    expect(readFixture(REAL_DIR, 'GrzegorzKi_CompetiChess__test__backend__testLargeFile.trf').header.ratingType).toBe('blitz')
    expect(readFixture(REAL_DIR, 'Lichess4545_heltour__heltour__tournament__seeders__trf16_seeder.py__TRF16_DATA@c6befe55.trf').header.ratingType).toBe('rapid')
    expect(readFixture(REAL_DIR, 'erral_fidetournament__tests__test_demo.trf').header.ratingType).toBe('standard')
  })
})
