// Round-robin composition (2005 § 6.3, 2010 § 6.3, 2014 § 6.2x); no such rule from 2017 (regulations.md § 3).
import { describe, expect, it } from 'vitest'
import { checkComposition } from '../../../../src/main/core/checks/composition'
import { input, player, roundRobin } from './build'
import type { CheckPlayer } from '../../../../src/main/core/checks/types'

const field = (rated: number, unrated: number): CheckPlayer[] => [
  ...Array.from({ length: rated }, (_, i) => player(i + 1, 2000 + i)),
  ...Array.from({ length: unrated }, (_, i) => player(rated + i + 1, null))
]
const rr = { system: 'round-robin' as const }

describe('round-robin composition', () => {
  it('2014 § 6.2: at least a third rated (12 players: 4 pass, 3 fail)', () => {
    expect(checkComposition(input('fide-2014', rr, { players: roundRobin(field(4, 8)) }))).toEqual([])
    const f = checkComposition(input('fide-2014', rr, { players: roundRobin(field(3, 9)) }))
    expect(f).toMatchObject([{ code: 'check.composition.roundRobin', level: 'error', paragraph: '2014 § 6.2', params: { players: 12, rated: 3, required: 4 } }])
  })

  it('2010 § 6.31: under 10 players at least 4 rated', () => {
    expect(checkComposition(input('fide-2010', { ...rr, startDate: '2013-01-01' }, { players: roundRobin(field(4, 2)) }))).toEqual([])
    expect(checkComposition(input('fide-2010', { ...rr, startDate: '2013-01-01' }, { players: roundRobin(field(3, 3)) }))[0]!.params).toMatchObject({ required: 4 })
  })

  it('2005 § 6.32: a double round robin with unrated players needs 6 players, 4 rated', () => {
    const double = (players: CheckPlayer[]) => {
      const once = roundRobin(players)
      const rounds = once[0]!.rounds.length > 0 ? Math.max(...once.flatMap((p) => p.rounds.map((r) => r.round))) : 0
      return once.map((p) => ({ ...p, rounds: [...p.rounds, ...p.rounds.map((r) => ({ ...r, round: r.round + rounds }))] }))
    }
    const f = checkComposition(input('fide-2005', { ...rr, startDate: '2006-01-01' }, { players: double(field(4, 1)) }))
    expect(f[0]!.params).toMatchObject({ players: 5, rated: 4, minPlayers: 6 })
    expect(checkComposition(input('fide-2005', { ...rr, startDate: '2006-01-01' }, { players: double(field(4, 2)) }))).toEqual([])
  })

  it('2014 § 6.23: a national championship needs 3 rated players, 2 in a women’s event', () => {
    const players = roundRobin(field(3, 9))
    expect(checkComposition(input('fide-2014', { ...rr, flags: { nationalChampionship: true } }, { players }))).toEqual([])
    const women = roundRobin(field(2, 10))
    expect(checkComposition(input('fide-2014', { ...rr, flags: { nationalChampionship: true, womenEvent: true } }, { players: women }))).toEqual([])
    expect(checkComposition(input('fide-2014', { ...rr, flags: { nationalChampionship: true } }, { players: women }))[0]!.params).toMatchObject({ required: 3, rule: 'national championship' })
  })

  it('no composition rule from 2017, and none for a Swiss', () => {
    expect(checkComposition(input('fide-2017', { ...rr, startDate: '2018-01-01' }, { players: roundRobin(field(1, 9)) }))).toEqual([])
    expect(checkComposition(input('fide-2014', { system: 'swiss' }, { players: field(1, 9) }))).toEqual([])
  })
})
