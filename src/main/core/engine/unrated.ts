// Unrated players: event rating Ru (Swiss Rc, bonus per half point, dp), the 2024 virtual-draws rule, and first ratings.
import type { Edition, Note } from '../../../shared/contract/rating'
import { dpOf, pHundredths } from './tables'
import { roundHalfUp, to2 } from './rounding'

export interface UnratedFigures {
  /** Rc or Ra (unrounded unless the edition rounds Ra). */
  ra: number
  p100: number
  dp: number
  /** Unrounded Ru, then rounded. */
  ruExact: number
  ru: number
  notes: Note[]
}

/**
 * Ru from an average rating and a score (Swiss/team or pooled events, 2005–2022): 50 % → Rc; above → Rc + bonus per half
 * point above 50 %; below → Rc + dp(p). `rrFactor` = n/(n+1) for a round robin below 50 %.
 */
export function classicRu(e: Edition, rc: number, score: number, n: number, rrFactor = 1): UnratedFigures {
  const p100 = pHundredths(score, n)
  const dp = dpOf(p100, e.tables.dpIndeterminate)
  const halvesAbove = Math.round(2 * score - n)
  const notes: Note[] = []
  let ruExact: number
  if (halvesAbove === 0) {
    ruExact = rc
    notes.push({ ref: e.refs.unrated, text: `50 %: Ru = ${to2(rc)}` })
  } else if (halvesAbove > 0) {
    ruExact = rc + e.unrated.bonusPerHalfPoint * halvesAbove
    notes.push({ ref: e.refs.unrated, text: `${halvesAbove} half point(s) above 50 %: Ru = ${to2(rc)} + ${halvesAbove} × ${e.unrated.bonusPerHalfPoint} = ${to2(ruExact)}` })
  } else {
    ruExact = rc + dp * rrFactor
    notes.push({
      ref: e.refs.unrated,
      text: rrFactor === 1 ? `below 50 %: p = ${(p100 / 100).toFixed(2)}, Ru = ${to2(rc)} + (${dp}) = ${to2(ruExact)}` : `below 50 %: p = ${(p100 / 100).toFixed(2)}, Ru = ${to2(rc)} + (${dp}) × ${to2(rrFactor)} = ${to2(ruExact)}`
    })
  }
  return { ra: rc, p100, dp, ruExact, ru: roundHalfUp(ruExact), notes }
}

/** 2024: Ra = (Σ rated opponents + 2 × 1800) / (n + 2); p = (W + 1) / (n + 2); Ru = Ra + dp(p), rounded, at most 2200. */
export function virtualDrawsRu(e: Edition, sumOpponents: number, score: number, n: number): UnratedFigures {
  const v = e.unrated.virtualDraws ?? { count: 2, rating: 1800 }
  const ra = (sumOpponents + v.count * v.rating) / (n + v.count)
  const p100 = pHundredths(score + v.count / 2, n + v.count)
  const dp = dpOf(p100, e.tables.dpIndeterminate)
  const ruExact = ra + dp
  let ru = roundHalfUp(ruExact)
  const notes: Note[] = [
    {
      ref: e.refs.unrated,
      text: `Ra = (${sumOpponents} + ${v.count} × ${v.rating}) / ${n + v.count} = ${to2(ra)}; p = (${score} + ${v.count / 2}) / ${n + v.count} → ${(p100 / 100).toFixed(2)}; dp ${dp}; Ru = ${to2(ruExact)} → ${ru}`
    }
  ]
  const max = e.unrated.maxInitial
  if (max !== null && ru > max) {
    notes.push({ ref: e.refs.unrated, text: `Ru ${ru} above the maximum: ${max}` })
    ru = max
  }
  return { ra, p100, dp, ruExact, ru, notes }
}

/** One event of an unrated player, as far as his first rating is concerned. */
export interface UnratedEvent {
  name: string
  start: string
  edition: Edition
  /** Games against rated opponents (round robin: all games with rated or Ru-rated opponents). */
  n: number
  w: number
  /** Sum of the ratings of the counted opponents (round robin: Ra × n). */
  sumOpponents: number
  /** The event's own Ru when the event computed one (round robin: after iteration). */
  ru?: number
  /** Olympiad or team championship: the reduced minimum of games applies. */
  teamChampionship?: boolean
}

export interface FirstRating {
  ra: number
  p: number
  dp: number
  ru: number
  games: number
  /** The games the edition asks for a first rating (the reduced minimum where it applies). */
  minGames: number
  published: boolean
  reason: string
  /** For each event given, whether it went into the rating (the others are ignored, with a note saying why). */
  counted: boolean[]
  notes: Note[]
}

/** Whole months from a to b (dates YYYY-MM-DD): 2023-01-15 → 2025-03-14 is 25. */
export function monthsBetween(a: string, b: string): number {
  const [ya, ma, da] = a.split('-').map(Number) as [number, number, number]
  const [yb, mb, db] = b.split('-').map(Number) as [number, number, number]
  return (yb - ya) * 12 + (mb - ma) - (db < da ? 1 : 0)
}

/**
 * The first rating from an unrated player's events, in order: first-event zero rule, per-event minimums, the floor rule
 * for first results, the accumulation window, then the weighted average (2005) or one pooled event (2010 on, 2024 with
 * two virtual draws), minimum games and floor. `e` is the edition in force for the publication.
 */
export function firstRating(e: Edition, events: readonly UnratedEvent[], opts: { reducedMinimum?: boolean; firstEventDone?: boolean; whyNone?: Note[] } = {}): FirstRating | null {
  const notes: Note[] = []
  const { kept, counted } = eventsCounted(e, events, opts.firstEventDone === true, notes)
  if (kept.length === 0) {
    // no event counts: say why to a caller who asks (the list's calculation sheet)
    opts.whyNone?.push(...notes)
    return null
  }
  const games = kept.reduce((s, k) => s + k.n, 0)
  const fig = pooledFigures(e, kept, games, notes)
  const { minGames, published, reason } = publication(e, kept, games, fig.ru, opts.reducedMinimum === true, notes)
  return { ra: to2(fig.ra), p: fig.p100 / 100, dp: fig.dp, ru: fig.ru, games, minGames, published, reason, counted, notes }
}

type KeptEvent = UnratedEvent & { eventRu: number }

/**
 * The events that go into the first rating, in order of play, each under its own edition: the first-event zero rule
 * (2005 § 10.21, 2010 § 8.21), the minimum of rated opponents and of score per event, a first result below the floor
 * ignored where the edition says so, and the accumulation window from the first event kept (the edition of the
 * publication). `firstEventDone`: an earlier generation already applied the first-event rules (the events given are
 * the ones it kept).
 */
function eventsCounted(e: Edition, events: readonly UnratedEvent[], firstEventDone: boolean, notes: Note[]): { kept: KeptEvent[]; counted: boolean[] } {
  const kept: KeptEvent[] = []
  let anyCounted = firstEventDone
  const counted = events.map(() => false)
  for (const [i, ev] of events.entries()) {
    const u = ev.edition.unrated
    const label = `${ev.name || 'event'} (${ev.start})`
    if (ev.n === 0) {
      notes.push({ ref: ev.edition.refs.unrated, text: `${label}: no game against a rated opponent` })
      continue
    }
    if (!anyCounted && ev.w < u.firstEventIgnoredBelow) {
      notes.push({ ref: ev.edition.refs.unrated, text: `${label}: first event with ${ev.w} point(s), below ${u.firstEventIgnoredBelow}: ignored` })
      continue
    }
    if (ev.n < u.minRatedOpponentsPerEvent) {
      notes.push({ ref: ev.edition.refs.unrated, text: `${label}: ${ev.n} rated opponent(s), fewer than ${u.minRatedOpponentsPerEvent}: not counted` })
      continue
    }
    if (ev.w < u.minScorePerEvent) {
      notes.push({ ref: ev.edition.refs.unrated, text: `${label}: ${ev.w} point(s), less than ${u.minScorePerEvent}: not counted` })
      continue
    }
    const eventRu =
      ev.ru ??
      (ev.edition.unrated.method === 'virtual-draws' ? virtualDrawsRu(ev.edition, ev.sumOpponents, ev.w, ev.n).ru : classicRu(ev.edition, ev.sumOpponents / ev.n, ev.w, ev.n).ru)
    if (!anyCounted && u.ignoreFirstEventsBelowFloor && eventRu < ev.edition.list.floor) {
      notes.push({ ref: ev.edition.refs.firstRating, text: `${label}: first result ${eventRu} below the floor ${ev.edition.list.floor}: ignored` })
      continue
    }
    if (kept.length > 0 && monthsBetween(kept[0]!.start, ev.start) >= e.unrated.windowMonths) {
      notes.push({ ref: e.refs.firstRating, text: `${label}: more than ${e.unrated.windowMonths} months after ${kept[0]!.start}: outside the accumulation window` })
      continue
    }
    anyCounted = true
    counted[i] = true
    kept.push({ ...ev, eventRu })
    notes.push({ ref: ev.edition.refs.unrated, text: `${label}: ${ev.w}/${ev.n} against rated opponents averaging ${to2(ev.sumOpponents / ev.n)}; event Ru ${eventRu}` })
  }
  return { kept, counted }
}

/**
 * Ra, p, dp and Ru of the events kept: the average of the events' Ru weighted by games (2005 § 10.3), or all events
 * pooled as one (2010 § 8.34; 2024 with two virtual draws).
 */
function pooledFigures(e: Edition, kept: readonly KeptEvent[], games: number, notes: Note[]): { ra: number; p100: number; dp: number; ru: number } {
  const w = kept.reduce((s, k) => s + k.w, 0)
  const sum = kept.reduce((s, k) => s + k.sumOpponents, 0)
  if (e.unrated.firstRating === 'weighted-average') {
    const weighted = kept.reduce((s, k) => s + k.eventRu * k.n, 0) / games
    const ru = roundHalfUp(weighted)
    notes.push({ ref: e.refs.firstRating, text: `weighted average: [${kept.map((k) => `${k.eventRu} × ${k.n}`).join(' + ')}] / ${games} = ${to2(weighted)} → ${ru}` })
    const p100 = pHundredths(w, games)
    return { ra: sum / games, p100, dp: dpOf(p100, e.tables.dpIndeterminate), ru }
  }
  if (e.unrated.method === 'virtual-draws') {
    const f = virtualDrawsRu(e, sum, w, games)
    notes.push({ ref: e.refs.firstRating, text: `all events pooled as one: ${w}/${games}` }, ...f.notes)
    return f
  }
  const f = classicRu(e, sum / games, w, games)
  notes.push({ ref: e.refs.firstRating, text: `all events pooled as one: ${w}/${games} against an average of ${sum}/${games} = ${to2(sum / games)}` }, ...f.notes)
  return f
}

/** Published when the games reach the minimum (reduced at team championships and for IBCA/ICSC/IPCA members) and Ru the floor. */
function publication(e: Edition, kept: readonly KeptEvent[], games: number, ru: number, reducedMinimum: boolean, notes: Note[]): { minGames: number; published: boolean; reason: string } {
  const floor = e.list.floor
  let published = true
  let reason = `${games} games, ${ru} ≥ floor ${floor}: published`
  const reduced = e.unrated.minGamesReduced !== null && (reducedMinimum || kept.some((k) => k.teamChampionship))
  const minGames = reduced ? e.unrated.minGamesReduced! : e.unrated.minGames
  if (reduced) notes.push({ ref: e.refs.firstRating, text: `${minGames} games suffice (${reducedMinimum ? 'IBCA/ICSC/IPCA member' : 'Olympiad or team championship'})` })
  if (games < minGames) {
    published = false
    reason = `${games} games, fewer than the ${minGames} required: not published yet`
  } else if (ru < floor) {
    published = false
    reason = `${ru} below the floor ${floor}: not published`
  }
  notes.push({ ref: e.refs.firstRating, text: reason })
  return { minGames, published, reason }
}
