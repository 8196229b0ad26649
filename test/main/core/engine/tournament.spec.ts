// rateTournament's results: one shape for every player, rated or not, with or without K (engine/tournament.ts,
// playerResult). Their properties come in one order, the one the calculation sheets and any JSON of them read.
import { describe, expect, it } from 'vitest'
import { rateTournament } from '../../../../src/main/core/engine/tournament'
import { oneAgainst } from './helpers'

const KEYS = ['startRank', 'fideId', 'name', 'rating', 'played', 'firstEventIgnored', 'ru', 'ra', 'sumOpponents', 'n', 'w', 'we', 'k', 'kChg', 'games', 'notes']

describe('rateTournament: a player’s result', () => {
  // a rated 2000 player against 2100 (win), 1900 (loss), an unrated player (win) and 2000 (draw)
  const players = oneAgainst(2000, [{ rating: 2100, code: '1' }, { rating: 1900, code: '0' }, { rating: null, code: '1' }, { rating: 2000, code: '=' }])
  const input = { edition: 'fide-2010', start: '2011-01-10', system: 'swiss' as const, players }

  it('with K: the rated player’s figures and K, in the one order of keys', () => {
    const res = rateTournament(input)
    const me = res.players[0]!
    expect(Object.keys(me)).toEqual(KEYS)
    // the unrated opponent's first event scored nothing: his games leave the event (the first-event rule), so three
    // counted games; 2010 table: D −100 → PD .36, D 100 → .64, D 0 → .50: We 1.50 = W 1.5; K 15 (established, under 2400)
    expect(me).toMatchObject({ startRank: 1, rating: 2000, n: 3, w: 1.5, we: 1.5, k: 15, kChg: 0, firstEventIgnored: false, ru: null, ra: null, sumOpponents: null })
    expect(me.played.map((p) => p.opponent)).toEqual([2, 3, 5])
  })

  it('without K (the list’s generation computes K over the period): the same keys, K left null', () => {
    const me = rateTournament({ ...input, withoutK: true }).players[0]!
    expect(Object.keys(me)).toEqual(KEYS)
    expect(me).toMatchObject({ we: 1.5, k: null, kChg: null })
  })

  it('an unrated player: the same keys, no We', () => {
    const unrated = rateTournament(input).players[3]!
    expect(unrated.rating).toBeNull()
    expect(Object.keys(unrated)).toEqual(KEYS)
    // his first event, lost: not counted (the first-event rule), so no Rc, no Ru
    expect(unrated).toMatchObject({ startRank: 4, firstEventIgnored: true, we: null, k: null, ru: null, n: 0, w: 0, sumOpponents: null, ra: null, played: [] })
  })
})
