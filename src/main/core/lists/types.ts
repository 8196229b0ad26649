// The contract of list generation: what the caller gives (base list, period tournaments, unrated window) and what it gets back.
//
// generateList(input) in ./generate.ts is pure and deterministic: it never reads the database. lists-app builds
// the input from the database (base list, approved tournaments with their start-date ratings, the excluded games
// of the checks, the window of unrated players' games) and persists the result (entries, sheets, window).
import type { Edition } from '../../../shared/contract/rating'
import type { z } from 'zod'
import type { CalculationSheet, SheetFirstRating, SheetGame, SheetTournament, SheetUnlisted, UnlistedReason, entryStatusSchema, monthSliceSchema, windowEventSchema } from '../../../shared/contract/office-lists'
import type { PairingSystem, RatingType, ResultCode } from '../model/tournament'
import type { ImportedGames } from './look-back'

/** How a player stands on a list. 'delisted' is shown once (rating under the floor), then the player is unrated. */
export type EntryStatus = z.infer<typeof entryStatusSchema>

/** Rated games on one list (for the inactivity rule: games within a year). */
export interface ListGames {
  listDate: string
  games: number
}

/** What a list prints for a player (the fields its checksum covers). */
export interface ListLine {
  playerId: number
  /** null only for a titled unrated player (status 'titled-unrated'). */
  rating: number | null
  /** Rated games of the list's period. */
  games: number
  /** The K printed: the K for the next period (as FIDE's download prints it; authoritative on an imported list). */
  k: number | null
  /** Flags as printed: 'w' woman, 'i' inactive, 'wi' both; null: none. */
  flags: string | null
  status: EntryStatus
  title: string | null
  federation: string | null
  birthYear: number | null
  sex: 'M' | 'F' | null
}

/** A player's state carried from list to list (not printed; persisted beside the entry). */
export interface CarriedState {
  /** Rated games completed so far (career); null: unknown (an imported list) → treated as established. */
  ratedGamesToDate: number | null
  /** Highest rating ever published for him (K 10 'for ever' after 2400); null: unknown → the rating itself. */
  highestRating: number | null
  /** Date from which the office knows every rated game of the player (the first office list's base date, or the
   *  imported list's date); null: unknown. Inactivity is decided only once a full year is known. */
  trackedSince: string | null
  /** Rated games per list over the last year, most recent last (lists with games only). */
  recentGames: ListGames[]
}

/** One player of the base list (the previous office list, or an imported FIDE/national list); k null: derive it. */
export interface BaseEntry extends Omit<ListLine, 'games'>, CarriedState {
  /** Games column of the base list (games of its own period); null: not given. */
  games: number | null
  /**
   * His rated games on the imported reference lists within the inactivity year, before the office's own lists knew
   * his games (lists/look-back.ts); null or absent: none to add. Counted by this list, not carried: the next list
   * reads them again from the imported lists, as long as they fall in its year.
   */
  imported?: ImportedGames | null
}

/** A player's facts from the registry at generation time (identity printed on the new list, junior rule). */
export interface PlayerFacts {
  playerId: number
  /** 'YYYY-MM-DD' or 'YYYY'. */
  birthDate: string | null
  sex: 'M' | 'F' | null
  title: string | null
  federation: string | null
  /** IBCA/ICSC/IPCA member: the reduced minimum of games for a first rating (2005 § 9.14e, 2010 § 7.14g). */
  reducedMinimum?: boolean
}

/** One round of a player in a tournament, as reported (TRF codes). */
export interface PeriodRound {
  round: number
  /** Opponent's start rank; null: bye or not paired. */
  opponent: number | null
  code: ResultCode
}

/** One player of a period tournament, with the rating of the list in force at the tournament's start. */
export interface PeriodPlayer {
  startRank: number
  playerId: number
  /** Rating on the list in force at the start (for a month slice: the list valid for that month); null: unrated there
   *  (a player shown as delisted on that list is unrated: null). */
  rating: number | null
  /** Id of the list that rating comes from (shown as the source of every opponent rating); null: none. */
  ratingListId: number | null
  /** 2024 rapid/blitz: his standard rating on the standard list in force at the start (rated with it when unrated). */
  standardRating?: number | null
  /** Every round as reported (forfeits and byes included: the sheet says why they are not counted). */
  rounds: PeriodRound[]
}

/** A game excluded by a check finding (both start ranks of the game are listed, as excludedGames gives them). */
export interface ExcludedGame {
  round: number
  startRank: number
  /** Finding code and a short reason, shown in the sheet. */
  code: string
  reason: string
}

/** For an event longer than 30 days: the games of the rounds played in one month, rated with that month's list. */
export type MonthSlice = z.infer<typeof monthSliceSchema>

/** An approved tournament of the period. */
export interface PeriodTournament {
  tournamentId: number
  name: string
  start: string
  end: string
  /** Id of the edition or profile in force at its start (in `input.editions`). */
  editionId: string
  system: PairingSystem
  ratingType: RatingType
  /** Ended on or before an earlier list's closing date: rated now with the ratings of the list in force at its start. */
  late: boolean
  /** Olympiad or team championship (reduced minimum for a first rating, 2005/2010). */
  teamChampionship?: boolean
  slice: MonthSlice | null
  players: PeriodPlayer[]
  excluded: ExcludedGame[]
}

/** One earlier event of an unrated player, kept until he reaches a first rating or it leaves the window. */
export type WindowEvent = z.infer<typeof windowEventSchema>

/** An unrated player's accumulated games. */
export interface UnratedWindow {
  playerId: number
  /** He has played an event already (the first-event rules apply to the first one only). */
  firstEventDone: boolean
  events: WindowEvent[]
}

export interface GenerationInput {
  listDate: string
  ratingType: RatingType
  /** The edition or profile in force on the list date: calendar, floor, inactivity, first-rating rules, K printed. */
  edition: Edition
  /** Every edition or profile a tournament or a window event names (by id), the list edition included. */
  editions: Edition[]
  /** The base list (previous office list or imported list); null id/date: no base (a first list from nothing). */
  base: { listId: number | null; listDate: string | null; entries: BaseEntry[] }
  tournaments: PeriodTournament[]
  /** Unrated players' games carried from earlier generations. */
  window: UnratedWindow[]
  /** Registry facts for every player who appears (base or tournaments); they override the base's identity. */
  players: PlayerFacts[]
  /**
   * Players this list may not publish a first rating for: on FIDE's list, the federation's own players without a
   * FIDE ID (rated on the national list only). Their first rating is worked out and shown on the sheet, marked not
   * published, and their games stay in the window until they have an ID.
   */
  unpublishable?: number[]
  /**
   * The caller gives the base lines up (a generation written by a sink, which reads none of them after): each line of
   * `base.entries` is dropped from that array once the player's own line is written. At FIDE scale the 1.9 M lines,
   * ~320 MB of heap, then leave the heap while the list is written instead of staying to its end.
   */
  releaseBase?: true
}

/** One line of the new list, with the state the next generation needs. */
export interface ListEntry extends ListLine, CarriedState {}

// The calculation sheet and its parts are the contract's schemas (shared/contract/office-lists.ts: the lists:sheet
// reply), their types derived here: one definition for the generation, the stored sheet, the PDF, the CLI and the UI.
export type { CalculationSheet, SheetFirstRating, SheetGame, SheetTournament }

/** Why a player the period touched has no line on the list, with the figures, and what comes next (the contract's
 *  sheetUnlistedSchema documents each reason and field). */
export type { SheetUnlisted, UnlistedReason }

export interface GenerationCounters {
  players: number
  rated: number
  newlyRated: number
  delisted: number
  inactive: number
  titledUnrated: number
  changed: number
  tournaments: number
}

export interface GenerationResult {
  listDate: string
  ratingType: RatingType
  edition: string
  baseListId: number | null
  /** One per player, playerId ascending (the canonical order). */
  entries: ListEntry[]
  /** One per player with something to show (games, first rating, flag or status change, compression), playerId
   *  ascending; a player without a sheet was carried over unchanged from the base list. A player the period touched
   *  who gets no line has a sheet too (status null, with `unlisted`); one whose window alone is carried, with nothing
   *  new, has none. */
  sheets: CalculationSheet[]
  counters: GenerationCounters
  /** Unrated players' games to carry to the next generation. */
  window: UnratedWindow[]
  /** Tournaments of the period: `complete` when it is rated in full with this list (not a month slice before its last). */
  tournaments: Array<{ tournamentId: number; complete: boolean; players: number; games: number }>
  /** sha256 (hex) of canonicalText(entries). */
  checksum: string
}

/**
 * Receives the list as it is computed (generateList's optional second argument): one call per player, in playerId
 * order, with his entry (null: he is not on the list, e.g. unrated with games in the window), his calculation sheet
 * (null: carried over unchanged) and his base line (undefined: not on the base list).
 */
export interface GenerationSink {
  line(entry: ListEntry | null, sheet: CalculationSheet | null, base: BaseEntry | undefined): void
}

/** One list of the calendar. */
export interface CalendarEntry {
  listDate: string
  /** list date − the edition's cutoff days: tournaments that ended on or before it count. */
  closingDate: string
  ratingType: RatingType
  edition: string
  periodMonths: number
  cutoffDays: number
}

/** The edition or profile in force on a list date. */
export type ListEditionLookup = (listDate: string) => Edition
