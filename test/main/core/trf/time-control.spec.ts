// The rating type of a report (regulations.md § 1: standard from 60 minutes for 60 moves, rapid above 10 and below 60,
// blitz up to 10): the time control decides — TRF26 222 first, the 122 text next — and the words of 092 and 012 only
// when neither can be read; a name that disagrees with the time control is a warning, never the answer.
import { describe, expect, it } from 'vitest'
import { decideRatingType, ratingTypeOf } from '../../../../src/main/core/trf/time-control'
import { emptyHeader } from '../../../../src/main/core/trf/reader'
import { FindingCollector } from '../../../../src/main/core/trf/findings'
import { describeFinding } from '../../../../src/main/core/trf/index'

const header = (h: Partial<ReturnType<typeof emptyHeader>>) => ({ ...emptyHeader(), ...h })

describe('decideRatingType', () => {
  it('"Rapid City Open 2024" at 90′+30″: 90 + 60 × 30″ = 120 minutes, standard from 122; the name disagrees', () => {
    expect(decideRatingType(header({ name: 'Rapid City Open 2024', timeControl: '90 min + 30 sec per move' }))).toEqual({
      ratingType: 'standard',
      source: '122',
      minutes: 120,
      disagreeing: [{ record: '012', text: 'Rapid City Open 2024', says: 'rapid' }]
    })
  })

  it('222 before 122: 5400+30 (120′) over a 15′+10″ text; an unreadable 222 leaves the decision to 122', () => {
    expect(decideRatingType(header({ encodedTimeControl: '5400+30', timeControl: '15 min + 10 sec per move' }))).toMatchObject({ ratingType: 'standard', source: '222', minutes: 120 })
    // 180+2: 3 + 60 × 2″ = 5 minutes, blitz
    expect(decideRatingType(header({ encodedTimeControl: '180+2', timeControl: '90 min + 30 sec per move' }))).toMatchObject({ ratingType: 'blitz', source: '222', minutes: 5 })
    expect(decideRatingType(header({ encodedTimeControl: 'G/90', timeControl: '15 min + 10 sec per move' }))).toMatchObject({ ratingType: 'rapid', source: '122', minutes: 25 })
  })

  it('no readable time control: the words of 092, then of 012, give a provisional type; nothing gives none', () => {
    expect(decideRatingType(header({ type: 'Rapid', name: 'Blitz night' }))).toMatchObject({ ratingType: 'rapid', source: '092', minutes: null })
    expect(decideRatingType(header({ type: 'Individual: Swiss-System', name: 'Blitz night' }))).toMatchObject({ ratingType: 'blitz', source: '012' })
    expect(decideRatingType(header({ name: 'Open de Lyon', timeControl: 'one hour each' }))).toEqual({ ratingType: null, source: null, minutes: null, disagreeing: [] })
  })
})

describe('ratingTypeOf: the findings the officer reads', () => {
  const run = (h: ReturnType<typeof header>) => {
    const c = new FindingCollector('t.trf')
    const type = ratingTypeOf(h, c)
    return { type, source: h.ratingTypeSource, findings: c.findings }
  }

  it('the disagreeing name is a warning in English and French; the source is kept on the header', () => {
    const r = run(header({ name: 'Rapid City Open 2024', timeControl: '90 min + 30 sec per move' }))
    expect(r.type).toBe('standard')
    expect(r.source).toBe('122')
    expect(r.findings.map((f) => [f.level, f.code])).toEqual([
      ['info', 'trf.header.ratingType'],
      ['warning', 'trf.header.ratingTypeNameDisagrees']
    ])
    expect(describeFinding(r.findings[1]!, 'en')).toBe(
      'Record 012 (“Rapid City Open 2024”) names a rapid event, but the time control (record 122, 120 minutes for 60 moves) makes it standard: it is rated as standard. Change the rating type on the tournament page if the time control is wrong.'
    )
    expect(describeFinding(r.findings[1]!, 'fr')).toContain('désigne un tournoi rapide, mais la cadence (enregistrement 122, 120 minutes pour 60 coups) en fait un tournoi standard')
  })

  it('a type from words asks the officer to confirm it; no type at all is the unknown warning', () => {
    const words = run(header({ name: 'Blitz night' }))
    expect([words.type, words.source, words.findings.map((f) => f.code)]).toEqual(['blitz', '012', ['trf.header.ratingTypeFromWords']])
    const none = run(header({ name: 'Open de Lyon' }))
    expect([none.type, none.source, none.findings.map((f) => f.code)]).toEqual([null, null, ['trf.header.ratingTypeUnknown']])
  })
})
