// Round robins with unrated players: Ra = Rar − dpa × n/(n+1), first-pass Ru, then the iterative method (2005 § 10.54, 2010 § 8.58).
import type { Edition, Note } from '../../../shared/contract/rating'
import { dpOf, pHundredths } from './tables'
import { classicRu } from './unrated'
import { roundHalfUp, to2 } from './rounding'

export interface RrGame {
  opponent: number
  score: number
}

export interface RrPlayer {
  id: number
  rating: number | null
  games: RrGame[]
}

export interface RrUnrated {
  id: number
  n: number
  w: number
  ra: number
  /** First-pass Ru (from Ra). */
  ru0: number
  /** Rc(new) of the last pass, and the resulting Ru. */
  rcNew: number
  ru: number
  notes: Note[]
}

export interface RrResult {
  rar: number
  dpa: number
  passes: number
  stable: boolean
  unrated: Map<number, RrUnrated>
  notes: Note[]
}

/** The iterative method over every unrated player of the round robin; players' games are the counted ones. */
export function roundRobinUnrated(e: Edition, players: readonly RrPlayer[]): RrResult {
  const byId = new Map(players.map((p) => [p.id, p]))
  const rated = players.filter((p) => p.rating !== null && p.games.length > 0)
  const unrated = players.filter((p) => p.rating === null && p.games.length > 0)
  const notes: Note[] = []
  const ref = e.refs.roundRobin
  if (rated.length === 0) {
    notes.push({ ref: e.refs.unrated, text: 'no rated player took part: no tournament average, no event rating' })
    return { rar: 0, dpa: 0, passes: 0, stable: true, unrated: new Map(), notes }
  }
  const { rar, dpa } = ratedAverages(e, rated, notes)
  const out = new Map<number, RrUnrated>()
  const ruNow = new Map<number, number>()
  for (const u of unrated) {
    const un = firstPass(e, u, rar, dpa)
    out.set(u.id, un)
    ruNow.set(u.id, un.ru)
  }

  // passes until no Ru moves, or as many as the edition prescribes
  const maxPasses = e.roundRobin.iterationPasses ?? 100
  let passes = 0
  let stable = false
  while (passes < maxPasses && unrated.length > 0) {
    passes++
    const next = new Map<number, number>()
    for (const u of unrated) next.set(u.id, nextPass(e, u, out.get(u.id)!, byId, ruNow, passes))
    const changed = unrated.some((u) => next.get(u.id) !== ruNow.get(u.id))
    for (const [id, v] of next) ruNow.set(id, v)
    if (!changed) {
      stable = true
      break
    }
  }
  notes.push({
    ref,
    text:
      e.roundRobin.iterationPasses === null
        ? `iterative method: ${passes} pass(es), ${stable ? 'stable' : 'stopped at the limit'}`
        : `iterative method: ${passes} pass(es) as the edition prescribes`
  })
  return { rar, dpa, passes, stable, unrated: out, notes }
}

/** Rar, the rated players' average rating, and dpa, the average dp of their scores against the whole field. */
function ratedAverages(e: Edition, rated: readonly RrPlayer[], notes: Note[]): { rar: number; dpa: number } {
  const rar = rated.reduce((s, p) => s + p.rating!, 0) / rated.length
  const dps = rated.map((p) => {
    const w = p.games.reduce((s, g) => s + g.score, 0)
    return dpOf(pHundredths(w, p.games.length), e.tables.dpIndeterminate)
  })
  const dpa = dps.reduce((s, d) => s + d, 0) / rated.length
  notes.push({ ref: e.refs.unrated, text: `Rar = ${rated.map((p) => p.rating).join(' + ')} / ${rated.length} = ${to2(rar)}` })
  notes.push({ ref: e.refs.unrated, text: `dpa = ${dps.join(' + ')} / ${rated.length} = ${to2(dpa)}` })
  return { rar, dpa }
}

/** The first pass: Ra = Rar − dpa × n/(n+1), and Ru from Ra (the unrated-player paragraph). */
function firstPass(e: Edition, u: RrPlayer, rar: number, dpa: number): RrUnrated {
  const n = u.games.length
  const w = u.games.reduce((s, g) => s + g.score, 0)
  const raExact = rar - (dpa * n) / (n + 1)
  const ra = e.unrated.roundRa ? roundHalfUp(raExact) : raExact
  const f = classicRu(e, ra, w, n, n / (n + 1))
  return { id: u.id, n, w, ra, ru0: f.ru, rcNew: ra, ru: f.ru, notes: [{ ref: e.refs.unrated, text: `Ra = ${to2(rar)} − ${to2(dpa)} × ${n}/${n + 1} = ${to2(raExact)}${e.unrated.roundRa ? ` → ${ra}` : ''}` }, ...f.notes] }
}

/**
 * One pass for one unrated player (2005 § 10.54, 2010 § 8.58): each opponent counted at his rating or current Ru,
 * capped to within the cap of the player's own Ru; Rc(new) = Ra + Σ(counted − actual)/n, and Ru(new) from it.
 * Records Rc(new), Ru(new) and the pass's note on `un`; returns Ru(new).
 */
function nextPass(e: Edition, u: RrPlayer, un: RrUnrated, byId: ReadonlyMap<number, RrPlayer>, ruNow: ReadonlyMap<number, number>, pass: number): number {
  const own = ruNow.get(u.id)!
  let adjust = 0
  const counted: string[] = []
  for (const g of u.games) {
    const opp = byId.get(g.opponent)!
    const actual = opp.rating ?? ruNow.get(opp.id)
    if (actual === undefined) continue
    const lo = own - e.cap.points
    const hi = own + e.cap.points
    const c = actual > hi ? hi : actual < lo ? lo : actual
    if (c !== actual) {
      adjust += c - actual
      counted.push(`${actual} counted ${c}`)
    }
  }
  const rcExact = un.ra + adjust / un.n
  const rc = e.unrated.roundRa ? roundHalfUp(rcExact) : rcExact
  const f = classicRu(e, rc, un.w, un.n, un.n / (un.n + 1))
  un.rcNew = rc
  un.ru = f.ru
  un.notes.push({
    ref: e.refs.roundRobin,
    text: `pass ${pass}: ${counted.length ? counted.join(', ') : 'no opponent beyond ' + e.cap.points + ' points'}; Rc(new) = ${to2(un.ra)} + ${to2(adjust)}/${un.n} = ${to2(rcExact)}${e.unrated.roundRa ? ` → ${rc}` : ''}; Ru(new) = ${f.ru}`
  })
  return f.ru
}
