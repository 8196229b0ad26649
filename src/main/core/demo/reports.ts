// The demo's month of reports: who plays in which, and the problem each report carries for the office to find.
import { nameSimilarity } from '../registry/names'
import { NAME_MISMATCH_BELOW } from '../tournaments/match'
import type { RatingType } from '../model/tournament'
import type { DemoArbiter, DemoPlayer } from './generate'

export interface Entrant {
  /** The name as the organiser typed it (a misspelling stays in the file). */
  name: string
  fideId: number | null
  sex: 'M' | 'F'
  birth: string
  title: string | null
  rating: number | null
}

export interface EventSpec {
  file: string
  name: string
  city: string
  type: string
  system: 'swiss' | 'round-robin'
  ratingType: RatingType
  timeControl: string
  roundDates: string[]
  chief: DemoArbiter
  deputy?: DemoArbiter
  entrants: Entrant[]
}

const entrant = (p: DemoPlayer, rating: number | null = p.standard): Entrant => ({
  name: `${p.surname}, ${p.givenNames}`,
  fideId: p.fideId,
  sex: p.sex,
  birth: String(p.birthYear),
  title: p.title,
  rating
})

const days = (from: string, count: number, step = 1): string[] =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(from + 'T00:00:00Z') + i * step * 86_400_000).toISOString().slice(0, 10))

/** A report of the month with what the office records about it and the problem it carries. */
export type DemoEvent = EventSpec & { receivedDate: string; registeredDate: string; expect: string[] }

/** The players and arbiters the reports need, picked from the list once, so each report reads as its problem. */
export interface Cast {
  unrated: DemoPlayer[]
  juniors: DemoPlayer[]
  adults: DemoPlayer[]
  /** The head of the list (its first six rated players), at the top of the open. */
  top: DemoPlayer[]
  strongest: DemoPlayer[]
  openField: DemoPlayer[]
  misspelt: DemoPlayer
  /** The junior registered twice, and his second record (no FIDE ID, unrated). */
  twin: DemoPlayer
  duplicate: DemoPlayer
  licensedIA: DemoArbiter
  fa1: DemoArbiter
  fa2: DemoArbiter
  fa3: DemoArbiter
  na1: DemoArbiter
  na2: DemoArbiter
  unlicensed: DemoArbiter
}

/** The organiser's slip: a wrong last letter, the accents and a final e lost (close enough to be the player, too far to pass unnoticed). */
const misspell = (p: DemoPlayer): string => {
  const last = p.surname.at(-1) === 't' ? 'd' : 't'
  const given = p.givenNames.normalize('NFD').replace(/\p{M}/gu, '').replace(/e$/, '')
  return `${p.surname.slice(0, -1)}${last}, ${given}`
}

const field = (pool: DemoPlayer[], count: number, skip: number): DemoPlayer[] => pool.slice(skip, skip + count)

/** The cast, read from the list in its order (no draw of the seeded generator: the reports' results stay as they are). */
export function castOf(players: DemoPlayer[], arbiters: DemoArbiter[]): Cast {
  const arbiterIds = new Set(arbiters.map((a) => a.fideId))
  const rated = players.filter((p) => p.standard !== null && p.fideId !== null && !arbiterIds.has(p.fideId))
  const unrated = players.filter((p) => p.standard === null)
  const juniors = rated.filter((p) => p.birthYear >= 2007)
  const adults = rated.filter((p) => p.birthYear < 2007)
  const [licensedIA, fa1, fa2, fa3, na1, na2, , unlicensed] = arbiters as [DemoArbiter, DemoArbiter, DemoArbiter, DemoArbiter, DemoArbiter, DemoArbiter, DemoArbiter, DemoArbiter]

  // the duplicate: a junior registered a second time by his club, without FIDE ID (same name and birth year)
  const twin = juniors.find((p) => p.standard! < 1700)!
  const duplicate: DemoPlayer = { ...twin, nationalId: `D${String(10001 + players.length).padStart(5, '0')}`, fideId: null, standard: null, rapid: null, games: 0, k: 40, title: null }

  // the open's field: the six strongest, then adults from the middle of the list; the organiser misspelt one name
  const top = rated.slice(0, 6)
  const openField = adults.filter((p) => !top.includes(p)).slice(0, 34)
  const misspelt = openField.find((p) => p.standard! < 2000 && nameSimilarity(misspell(p), p) < NAME_MISMATCH_BELOW)!

  const strongest = rated.filter((p) => p.standard! >= 2400)
  return { unrated, juniors, adults, top, strongest, openField, misspelt, twin, duplicate, licensedIA, fa1, fa2, fa3, na1, na2, unlicensed }
}

/** The open whose organiser misspelt a name: the match finds the player and says the name differs. */
function openLyon(c: Cast): DemoEvent {
  return {
    file: 'open-automne-lyon.trf',
    name: "Open d'automne de Lyon",
    city: 'Lyon',
    type: 'Individual: Swiss-System',
    system: 'swiss',
    ratingType: 'standard',
    timeControl: '90 min/40 moves + 30 min + 30 sec per move',
    roundDates: days('2025-09-01', 7),
    chief: c.licensedIA,
    deputy: c.na1,
    entrants: [...c.top, ...c.openField].map((p) => (p === c.misspelt ? { ...entrant(p), name: misspell(p) } : entrant(p))),
    receivedDate: '2025-09-09',
    registeredDate: '2025-06-20',
    expect: ['trf.match.nameMismatch']
  }
}

/** The rapid open whose report came after the deadline. */
function rapidGrenoble(c: Cast): DemoEvent {
  return {
    file: 'open-rapide-grenoble.trf',
    name: 'Open rapide de Grenoble',
    city: 'Grenoble',
    type: 'Individual: Swiss-System',
    system: 'swiss',
    ratingType: 'rapid',
    timeControl: '15 min + 10 sec per move',
    roundDates: Array(9).fill('2025-09-07') as string[],
    chief: c.fa1,
    entrants: field(c.adults, 30, 140).map((p) => entrant(p, p.rapid)),
    receivedDate: '2025-09-19',
    registeredDate: '2025-07-01',
    expect: ['check.deadline.report']
  }
}

/** The open whose time control is too short for a game with a player rated 2400 or more. */
function openChambery(c: Cast): DemoEvent {
  return {
    file: 'open-chambery.trf',
    name: 'Open de Chambéry',
    city: 'Chambéry',
    type: 'Individual: Swiss-System',
    system: 'swiss',
    ratingType: 'standard',
    timeControl: '60 min + 30 sec per move',
    roundDates: ['2025-09-12', '2025-09-13', '2025-09-13', '2025-09-14', '2025-09-14'],
    chief: c.fa2,
    entrants: [entrant(c.strongest[0]!), ...field(c.adults, 29, 80).map((p) => entrant(p))],
    receivedDate: '2025-09-16',
    registeredDate: '2025-07-15',
    expect: ['check.timeControl.gameBelowMinimum']
  }
}

/** The round robin with unrated players, directed by the arbiter without a licence. */
function closedAnnecy(c: Cast): DemoEvent {
  return {
    file: 'ferme-annecy.trf',
    name: "Tournoi fermé d'Annecy",
    city: 'Annecy',
    type: 'Individual: round-robin',
    system: 'round-robin',
    ratingType: 'standard',
    timeControl: '90 min/40 moves + 30 min + 30 sec per move',
    roundDates: days('2025-09-13', 9),
    chief: c.unlicensed,
    entrants: [...field(c.adults, 7, 120).map((p) => entrant(p)), ...c.unrated.slice(0, 3).map((p) => entrant(p, null))],
    receivedDate: '2025-09-23',
    registeredDate: '2025-08-01',
    expect: ['check.arbiters.unlicensed']
  }
}

/** The juniors' championship: too many hours on one day, and the junior's duplicate record as a match candidate. */
function youthChampionship(c: Cast): DemoEvent {
  const d = c.duplicate
  return {
    file: 'championnat-jeunes.trf',
    name: 'Championnat départemental jeunes',
    city: 'Valence',
    type: 'Individual: Swiss-System',
    system: 'swiss',
    ratingType: 'standard',
    timeControl: '90 min/40 moves + 30 min + 30 sec per move',
    // four rounds on the Saturday
    roundDates: ['2025-09-19', '2025-09-20', '2025-09-20', '2025-09-20', '2025-09-20', '2025-09-21', '2025-09-21'],
    chief: c.fa3,
    deputy: c.na2,
    entrants: [...c.juniors.filter((p) => p !== c.twin && !c.top.includes(p)).slice(0, 19).map((p) => entrant(p)), { name: `${d.surname}, ${d.givenNames}`, fideId: null, sex: d.sex, birth: String(d.birthYear), title: null, rating: null }],
    receivedDate: '2025-09-22',
    registeredDate: '2025-08-10',
    expect: ['check.schedule.hoursPerDay', 'trf.match.candidate']
  }
}

/** The month's reports in the order they are drawn (the seeded results depend on it). */
export function monthReports(c: Cast): DemoEvent[] {
  return [openLyon(c), rapidGrenoble(c), openChambery(c), closedAnnecy(c), youthChampionship(c)]
}

/** The small round robin whose report is refused at the drop (its slip is typed into the file by the generator). */
export function slipSpec(c: Cast): EventSpec {
  return {
    file: 'ferme-romans.trf',
    name: 'Tournoi fermé de Romans',
    city: 'Romans-sur-Isère',
    type: 'Individual: round-robin',
    system: 'round-robin',
    ratingType: 'standard',
    timeControl: '90 min/40 moves + 30 min + 30 sec per move',
    roundDates: days('2025-09-20', 5),
    chief: c.fa1,
    entrants: field(c.adults, 6, 60).map((p) => entrant(p))
  }
}
