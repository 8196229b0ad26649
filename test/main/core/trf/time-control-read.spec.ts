// The time-control reader: real-world 122 texts and TRF26 222 codes → minutes per player for 60 moves (2014 § 1.1, § 3.1).
import { describe, expect, it } from 'vitest'
import { minutesFor60, readCodedTimeControl, readTimeControl, readTimeControlText } from '../../../../src/main/core/trf/time-control-read'

// Every period that starts by move 60 counts, with the increment of moves 1–60 (90/40 + 30 + 30 s → 150, not 120).
const READABLE: [string, number][] = [
  ['90 min/40 moves + 30 min + 30 sec per move', 150],
  ["90'/40 + 30' + 30''", 150],
  ['90′/40 + 30′ + 30″', 150],
  ['40/120, 60', 180],
  ['40/90, 30+30', 150],
  ['40/120, 20/60, 30', 180],
  ["100'/40 + 50'/20 + 15' + 30''", 180],
  [`100'x40mm + 50'x20mm + 30" from move 1`, 180],
  ['75 min/40 moves + 15 min + 30 s', 120], // 2005 § 1.14's second example
  ['40 moves in 90 minutes, then 30 minutes for the rest of the game with 30 seconds increment from move 1', 150],
  ['90 min for 40 moves, 30 min for the rest, 30 s increment from move 1', 150],
  ['90+30', 120],
  ['G/90;+30', 120],
  ['G/120', 120],
  ['G/60;d5', 65],
  ['90 min + 30 sec/move', 120],
  ['90 minutes + 30 seconds per move', 120],
  ['Fischer 90+30', 120],
  ['2h/40 + 1h', 180],
  ['2h + 30s', 150],
  ['2 hours', 120],
  ['120 min', 120],
  ['1:30 + 30s', 120],
  ['1:30 + 10 from move 1', 100],
  ['1 hour 30 minutes + 30 seconds', 120],
  ['90 min + 30 sec from move 61', 90],
  ['90', 90],
  ['Game in 90 minutes with 30 second increment', 120],
  ['40 moves/2 hours, 20 moves/1 hour, 30 min', 180],
  ['SD/90 inc 30', 120],
  ['G/90 d5', 95],
  // as found in the repository's real fixtures
  ['90 minutes plus 30 sec plus 30 min after 40 moves', 150],
  [`100'x40+15'+30"`, 145],
  ['120 minutes per player per game', 120],
  ['1:30 plus 15 per move', 105],
  ['All moves in 90 minutes, plus 10 seconds per move', 100],
  ['90 Minuten + 30 Sekunden pro Zug, 30 Minuten nach 40 Zügen', 150],
  // French
  ['40 coups en 1h30 puis 30 min KO, 30 s par coup', 150],
  ['1h30 KO + 30s/coup', 120],
  ['1h30 + 30 s/cp', 120],
  ['90 minutes + 30 secondes par coup', 120],
  ['Tous les coups en 2 heures', 120], // 2005 § 1.14's first example
  ['25 minutes par joueur', 25],
  ['1h30 + 30 s par coup à partir du premier coup', 120],
  // German
  ['40 Züge in 90 Minuten, danach 30 Minuten für den Rest der Partie, 30 Sekunden pro Zug ab dem ersten Zug', 150],
  ['90 Minuten für 40 Züge + 30 Minuten + 30 Sekunden pro Zug', 150],
  ['Bedenkzeit 90 Min. + 30 Sek./Zug', 120],
  ['40 Züge/2 Std., dann 30 Min. für den Rest', 150],
  // Spanish
  ['90 minutos + 30 segundos por jugada', 120],
  ['90 min por jugador + 30 seg por jugada', 120],
  ['40 jugadas en 90 minutos + 30 minutos + 30 segundos', 150],
  // rapid and blitz
  ['15+10', 25],
  ['15 minutes plus 10 sec per move', 25],
  ['Rapid 25 min + 10 sec', 35],
  ["25'+10''", 35],
  ['8 min/player + 3 s/move', 11],
  ['60 min + 30 sec', 90],
  ['45+15', 60],
  ['10 min + 5 sec', 15],
  ['15 min KO', 15],
  ['25 min', 25],
  ['3+2', 5],
  ['Blitz 3 min + 2 s', 5],
  ['5+3', 8],
  ['G/5', 5],
  ["10'", 10]
]

const UNREADABLE: [string, string][] = [
  ['', 'empty'],
  ['Standard', 'no-figures'],
  ['moves/time, increment', 'no-figures'],
  ['90/40', 'incomplete'], // nothing for moves 41–60
  ['90 + 30 + 30', 'ambiguous'], // three figures without a move count or units
  ['2x90', 'ambiguous'],
  ['40/2, SD/1', 'ambiguous'], // hours or minutes?
  ['30 sec', 'no-base-time'],
  ['90 min + 30 sec, Sofia rules', 'unknown-word']
]

describe('time-control reader: free text (122)', () => {
  it('the table holds at least 40 readable real-world shapes', () => {
    expect(READABLE.length + UNREADABLE.length).toBeGreaterThanOrEqual(40)
  })
  it.each(READABLE)('%s → %s minutes for 60 moves', (text, minutes) => {
    const r = readTimeControlText(text)
    expect(r).toMatchObject({ understood: true, minutesFor60: minutes })
  })
  it.each(UNREADABLE)('%s → not understood (%s)', (text, reason) => {
    expect(readTimeControlText(text)).toEqual({ understood: false, reason })
  })
  it('gives the periods it read', () => {
    const r = readTimeControlText('90 min/40 moves + 30 min + 30 sec per move')
    expect(r.understood && r.periods).toEqual([
      { moves: 40, minutes: 90, incrementSeconds: 30, incrementFromMove: 1, delaySeconds: 0 },
      { moves: null, minutes: 30, incrementSeconds: 30, incrementFromMove: 1, delaySeconds: 0 }
    ])
  })
})

describe('time-control reader: TRF26 coded (222), in seconds', () => {
  it.each([
    ['40/5400+30:1800+30', 150],
    ['40/6000+30:20/3000+30:900+30', 180],
    ['40/6000+30:900+30', 145],
    ['5400+30', 120],
    ['900+10', 25],
    ['180+2', 5],
    ['300+3', 8],
    ['7200', 120]
  ])('%s → %s minutes', (code, minutes) => {
    expect(readCodedTimeControl(code)).toMatchObject({ understood: true, minutesFor60: minutes })
  })
  it('refuses a code it cannot read, and a last period with a move count', () => {
    expect(readCodedTimeControl('90+30 min')).toEqual({ understood: false, reason: 'bad-code' })
    expect(readCodedTimeControl('40/5400+30')).toEqual({ understood: false, reason: 'bad-code' })
  })
})

describe('the tournament time control', () => {
  it('reads the officer’s text first, then 222, then 122', () => {
    expect(readTimeControl({ timeControlOverride: '60+30', encodedTimeControl: '5400+30', timeControl: '90+30' })).toMatchObject({ source: 'override', minutesFor60: 90 })
    expect(readTimeControl({ encodedTimeControl: '5400+30', timeControl: '60' })).toMatchObject({ source: '222', minutesFor60: 120 })
    expect(readTimeControl({ encodedTimeControl: 'junk', timeControl: '60' })).toMatchObject({ source: '122', minutesFor60: 60 })
    expect(readTimeControl({})).toMatchObject({ understood: false, reason: 'empty', source: null })
  })
  it('counts periods that start by move 60 only', () => {
    expect(minutesFor60([{ moves: 60, minutes: 120, incrementSeconds: 0, incrementFromMove: 1, delaySeconds: 0 }, { moves: null, minutes: 30, incrementSeconds: 0, incrementFromMove: 1, delaySeconds: 0 }])).toBe(120)
    expect(minutesFor60([{ moves: 40, minutes: 90, incrementSeconds: 0, incrementFromMove: 1, delaySeconds: 0 }])).toBeNull()
  })
})
