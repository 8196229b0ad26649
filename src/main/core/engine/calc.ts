// One player's rating period (the `calc` interface): per-tournament figures, period change, first rating; with notes.
import type { CalcInput, CalcOutput, Edition, Note } from '../../../shared/contract/rating'
import { resolveEdition } from '../rules/editions'
import { kFor } from '../rules/k'
import { periodTotal } from './period'
import { rateRatedTournament } from './rated'
import { firstRating, type UnratedEvent } from './unrated'
import { fromHundredths } from './rounding'

export type EditionLookup = (id: string) => Edition | undefined

type TournamentOut = CalcOutput['tournaments'][number]
type Tournament = CalcInput['tournaments'][number]
type Player = CalcInput['player']

/** A tournament's output with what the period total needs: its edition, K before the K × n rule, ΣΔR in hundredths. */
interface Row {
  out: TournamentOut
  chgH: number
  k: number
  e: Edition
}

export function calcPeriod(input: CalcInput, lookup: EditionLookup = () => undefined): CalcOutput {
  const player = input.player
  const notes: Note[] = []
  const editions = input.tournaments.map((t) => resolveEdition(t.start, input.edition, lookup))

  // each tournament on its own: rated with his rating (K from the previous list or his state), or played unrated
  const rows: Row[] = []
  const unratedEvents: UnratedEvent[] = []
  input.tournaments.forEach((t, i) => {
    const e = editions[i]!
    const name = t.name ?? `Tournament ${i + 1}`
    const tNotes: Note[] = [editionNote(e, t, Boolean(input.edition))]
    if ((t.rating ?? player.rating) === null) {
      const played = unratedTournament(e, t, name, tNotes)
      unratedEvents.push(played.event)
      rows.push(played.row)
    } else rows.push(ratedTournament(e, t, name, tNotes, player))
  })

  const lastE = editions[editions.length - 1]!
  const change = periodChange(rows, lastE, player, notes)
  const initial = unratedEvents.length > 0 ? initialRating(unratedEvents, player, notes) : undefined
  const newRating = newRatingOf(input, change, initial, lastE, notes)
  return { tournaments: rows.map((r) => r.out), change, newRating, notes, ...(initial ? { initial } : {}) }
}

/** Which edition rates the tournament: the one named, else the one in force at its start. */
function editionNote(e: Edition, t: Tournament, named: boolean): Note {
  return { ref: named ? 'edition named' : 'edition by start date (2005 § 0.11, 2014 § 0.1)', text: `${e.name}: ${named ? 'named' : `in force for a start on ${t.start}`}` }
}

/** Played unrated: his games against rated opponents make an event towards a first rating; no change, no K. */
function unratedTournament(e: Edition, t: Tournament, name: string, tNotes: Note[]): { row: Row; event: UnratedEvent } {
  const vsRated = t.games.filter((g) => g.opponentRating !== null)
  const sum = vsRated.reduce((s, g) => s + g.opponentRating!, 0)
  const w = vsRated.reduce((s, g) => s + g.score, 0)
  if (t.system === 'round-robin') tNotes.push({ ref: e.refs.unrated, text: 'round robin given game by game: Rc is the average of the rated opponents (the full crosstable is needed for Ra; use `rate`)' })
  const event: UnratedEvent = { name, start: t.start, edition: e, n: vsRated.length, w, sumOpponents: sum, teamChampionship: t.teamChampionship }
  const row: Row = {
    e,
    k: 0,
    chgH: 0,
    out: {
      name,
      edition: e.id,
      rating: null,
      k: null,
      n: vsRated.length,
      w,
      we: null,
      chg: null,
      kChg: null,
      games: t.games.map((g) => ({ opponentRating: g.opponentRating, ratingUsed: g.opponentRating, capped: false, counted: g.opponentRating !== null, d: null, pdRow: null, pd: null, score: g.score, chg: null, kChg: null, note: g.opponentRating === null ? 'unrated opponent: not counted' : null })),
      notes: tNotes
    }
  }
  return { row, event }
}

/** Played rated: W, We and ΣΔR game by game with the rating in force at its start; K × ΣΔR waits for the period. */
function ratedTournament(e: Edition, t: Tournament, name: string, tNotes: Note[], player: Player): Row {
  const own = (t.rating ?? player.rating)!
  if (t.rating !== undefined && t.rating !== player.rating) tNotes.push({ ref: e.refs.change, text: `rated with ${t.rating}, the rating on the list in force at its start` })
  const r = rateRatedTournament(e, own, t.games, { start: t.start, ratingType: t.ratingType, unratedReason: `unrated opponent: not counted (${e.refs.swiss})` })
  tNotes.push(...r.notes)
  const k = tournamentK(e, t, own, player, tNotes)
  return {
    e,
    k,
    chgH: r.chg,
    out: {
      name,
      edition: e.id,
      rating: own,
      k,
      n: r.n,
      w: r.w,
      we: fromHundredths(r.we),
      chg: fromHundredths(r.chg),
      kChg: null,
      games: r.games.map((g) => ({
        opponentRating: g.opponentRating,
        ratingUsed: g.ratingUsed,
        capped: g.capped,
        counted: g.counted,
        d: g.d,
        pdRow: g.pdRow,
        pd: g.pd === null ? null : g.pd / 100,
        score: g.score,
        chg: g.chg === null ? null : fromHundredths(g.chg),
        kChg: null as number | null,
        note: g.note
      })),
      notes: tNotes
    }
  }
}

/** K: given (the previous list's), else derived from the player's state at the tournament's start (the K rule's paragraph). */
function tournamentK(e: Edition, t: Tournament, own: number, player: Player, tNotes: Note[]): number {
  if (player.k !== undefined) {
    tNotes.push({ ref: e.refs.k, text: `K ${player.k} as given (previous list)` })
    return player.k
  }
  // a player unrated on the previous list but rated at this start (§ 8.4) has just entered the list: a new player
  const ratedGames = player.ratedGames ?? (player.rating === null ? 0 : undefined)
  const dec = kFor(e, { rating: player.rating ?? own, ratedGames, reachedHigh: player.reached2400, birthYear: player.birthYear }, t.start)
  tNotes.push(dec.note)
  return dec.k
}

/**
 * The period's change: K × n ≤ max over the period's rated games, K × ΣΔR per tournament, the total rounded as the
 * last edition says (2024 § 8.3.4). Null for a player unrated throughout; 0 for a rated player with no rated game.
 */
function periodChange(rows: Row[], lastE: Edition, player: Player, notes: Note[]): number | null {
  const periodGames = rows.reduce((s, r) => s + (r.out.rating !== null ? r.out.n : 0), 0)
  const ratedRows = rows.filter((r) => r.out.rating !== null)
  const total = periodTotal(ratedRows, periodGames, lastE.refs.rounding)
  ratedRows.forEach((row, i) => {
    const t = total.rows[i]!
    if (t.knNote) row.out.notes.push(t.knNote)
    const k = t.k
    row.out.k = k
    row.out.kChg = fromHundredths(t.kChgH)
    for (const g of row.out.games) if (g.chg !== null) g.kChg = fromHundredths(k * Math.round(g.chg * 100))
    row.out.notes.push({ ref: row.e.refs.change, text: `W ${row.out.w} − We ${row.out.we} = ${row.out.chg}; K × ΣΔR = ${k} × ${row.out.chg} = ${row.out.kChg}` })
    if (t.roundNote) row.out.notes.push(t.roundNote)
  })
  if (ratedRows.length > 0) {
    notes.push(total.note)
    return total.change
  }
  return player.rating !== null ? 0 : null
}

/** A first rating from the events played unrated, under the edition of the last of them (its first-rating paragraph). */
function initialRating(unratedEvents: UnratedEvent[], player: Player, notes: Note[]): CalcOutput['initial'] {
  const lastUnrated = unratedEvents.reduce((a, b) => (b.start >= a.start ? b : a)).edition
  // the first-event rules and the window follow the order of play, whatever the order given
  const ordered = unratedEvents.map((ev, i) => ({ ev, i })).sort((a, b) => (a.ev.start < b.ev.start ? -1 : a.ev.start > b.ev.start ? 1 : a.i - b.i)).map((x) => x.ev)
  const fr = firstRating(lastUnrated, ordered, { reducedMinimum: player.reducedMinimum })
  if (fr) return { ra: fr.ra, p: fr.p, dp: fr.dp, ru: fr.ru, games: fr.games, published: fr.published, reason: fr.reason, notes: fr.notes }
  notes.push({ ref: lastUnrated.refs.unrated, text: 'no event counts towards a first rating' })
  return undefined
}

/** The new rating: his rating plus the change, and a note when it falls below the list's floor (first-rating paragraph). */
function newRatingOf(input: CalcInput, change: number | null, initial: CalcOutput['initial'], lastE: Edition, notes: Note[]): number | null {
  // unrated on the previous list: the rating he was rated with at a later start (§ 8.4), else a first rating published now
  const ratedAtStart = [...input.tournaments].reverse().find((t) => t.rating !== undefined)?.rating
  const base = input.player.rating ?? ratedAtStart ?? (initial?.published ? initial.ru : null)
  const newRating = base === null ? null : base + (change ?? 0)
  if (newRating !== null && newRating < lastE.list.floor) notes.push({ ref: lastE.refs.firstRating, text: `${newRating} is below the floor ${lastE.list.floor}: listed as delisted, then unrated` })
  return newRating
}
