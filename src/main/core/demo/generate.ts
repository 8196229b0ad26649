// The demo federation: a seeded, deterministic sample (national lists, arbiter registry, a month of TRF reports)
// carrying the problems a rating office meets; `scripts/demo-federation.ts` writes it to resources/demo.
import { writeTrf } from '../trf/index'
import { emptyHeader } from '../trf/reader'
import type { RatingType, ResultCode, RoundEntry, TournamentPlayer } from '../model/tournament'
import { castOf, monthReports, slipSpec, type Cast, type DemoEvent, type EventSpec } from './reports'
import { rng } from '../util/rng'
import { txtLine } from '../exports/txt'
import { csvField } from '../exports/csv'
import { txtHeaderLine } from '../registry/fide-txt-layout'

/** The federation of the demo and the dates of its month (every figure below follows from the seed). */
export const DEMO = {
  federation: 'FRA',
  /** The national lists in force at the start of the month. */
  listDate: '2025-09-01',
  /** The office list the month's approved tournaments go into. */
  nextListDate: '2025-10-01',
  seed: 20250901
} as const

export interface DemoPlayer {
  nationalId: string
  fideId: number | null
  surname: string
  givenNames: string
  sex: 'M' | 'F'
  birthYear: number
  title: string | null
  standard: number | null
  rapid: number | null
  games: number
  k: number
}

export interface DemoArbiter {
  fideId: number
  title: 'IA' | 'FA' | 'NA'
  licenceCategory: 'A' | 'B' | 'C' | 'D' | null
  validFrom: string | null
  validTo: string | null
  status: 'active' | 'inactive'
}

/** What the office records about a report besides the file: when it arrived and when it was registered. */
export interface DemoReport {
  file: string
  name: string
  receivedDate: string
  registeredDate: string
  /** The problem the report carries, for the guide and the tests (finding codes expected). */
  expect: string[]
}

export interface DemoManifest {
  federation: string
  listDate: string
  nextListDate: string
  lists: { file: string; ratingType: RatingType }[]
  arbiters: string
  reports: DemoReport[]
  /** FIDE's standard download of the list date (the players with a FIDE ID): what an office imports first. */
  referenceList: { file: string; listDate: string; ratingType: RatingType }
  /** FIDE's standard list of the next list date, which the office reconciles its own list with (see fide-list.ts). */
  fideList: {
    file: string
    listDate: string
    ratingType: RatingType
    /** FIDE IDs of the differences planted in FIDE's list, by the reason reconciliation gives (written by fide-list.ts). */
    planted?: { k: number; flag: number; rounding: number; cap400: number; onlyFide: number }
  }
  /** A report the office cannot read (a typing slip in a round block): refused at the drop, with its line. */
  refused: { file: string; name: string; line: number }[]
}

export interface DemoBundle {
  /** File name → content (UTF-8 text), in a fixed order. */
  files: Map<string, string>
  manifest: DemoManifest
  players: DemoPlayer[]
  arbiters: DemoArbiter[]
}

const SURNAMES = [
  'Lefèvre', 'Bérard', 'Dupré', 'Fournier', 'Gérard', 'Moreau', 'Rousseau', 'Lemaître', 'Chevalier', 'Mercier',
  'Girard', 'Bonnaud', 'Faure', 'André', 'Garnier', 'Boucher', 'Perrin', 'Thévenin', 'Aubé', 'Ménard',
  'Brunet', 'Giraud', 'Roché', 'Vasseur', 'Lacôte', 'Marchal', 'Noël', 'Pelletier', 'Besançon', 'Hérault',
  'Caron', 'Duval', 'Benoît', 'Lebœuf', 'Rivière', 'Jourdain', 'Préval', 'Séguin', 'Bréhier', 'Colin',
  'Müller', 'Schäfer', 'Nguyễn', 'Ferreira', 'Gonçalves', 'Nowak', 'Kowalczyk', 'Haddad', 'Ben Saïd', 'Østergaard',
  'Le Goff', 'Le Bihan', 'Kerouédan', 'Castaño', 'Ibáñez', 'Dvořák', 'Horváth', 'Öztürk', 'Popescu', 'Ruiz'
]
const GIVEN_M = [
  'Éric', 'François', 'Jérôme', 'Loïc', 'Maël', 'Noé', 'Théo', 'Hugo', 'Lucas', 'Gaël', 'Benoît', 'Clément',
  'Raphaël', 'Joël', 'Mathéo', 'Aurélien', 'Cédric', 'Stéphane', 'Frédéric', 'Léon', 'Anthony', 'Mehdi', 'Yannick', 'Antoine'
]
const GIVEN_F = [
  'Hélène', 'Zoé', 'Anaïs', 'Cécile', 'Noémie', 'Chloé', 'Léa', 'Maëlle', 'Océane', 'Inès', 'Élodie', 'Agnès',
  'Mélanie', 'Séverine', 'Clémence', 'Bérénice', 'Camille', 'Jade', 'Louise', 'Margaux', 'Solène', 'Yasmine', 'Irène', 'Françoise'
]

/** FIDE IDs of the demo: a block no real player holds in the sample's lists (9 digits, 9 9xx xxx xx). */
const FIDE_BASE = 990_100_000

/** The national list: a few hundred players, titled players at the top, juniors and veterans, some unrated. */
function makePlayers(r: () => number): DemoPlayer[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
  const used = new Set<string>()
  const out: DemoPlayer[] = []
  const N = 320
  for (let i = 0; i < N; i++) {
    const sex: 'M' | 'F' = r() < 0.27 ? 'F' : 'M'
    let surname = ''
    let given = ''
    do {
      surname = pick(SURNAMES)
      given = pick(sex === 'F' ? GIVEN_F : GIVEN_M)
    } while (used.has(`${surname}|${given}`))
    used.add(`${surname}|${given}`)
    // ages from 8 to 80, weighted towards juniors and adults as in a club federation
    const age = r() < 0.3 ? 8 + Math.floor(r() * 12) : 20 + Math.floor(r() * 60)
    const birthYear = 2025 - age
    // a few strong players, most between 1400 (the floor of the lists since March 2024) and 2200
    const strength = i < 6 ? 2380 + Math.floor(r() * 160) : i < 20 ? 2150 + Math.floor(r() * 250) : 1400 + Math.floor(r() * 800 * (0.5 + r() / 2))
    const unrated = i >= 20 && r() < 0.1
    const title = i < 3 ? 'GM' : i < 6 ? 'IM' : i < 14 ? 'FM' : i < 20 && sex === 'F' ? 'WFM' : i < 20 ? 'CM' : null
    const games = unrated ? 0 : 10 + Math.floor(r() * 80)
    const standard = unrated ? null : strength
    const k = standard === null ? 40 : age < 18 && standard < 2300 ? 40 : standard >= 2400 ? 10 : 20
    out.push({
      nationalId: `D${String(10001 + i).padStart(5, '0')}`,
      fideId: unrated && r() < 0.5 ? null : FIDE_BASE + 1 + i,
      surname,
      givenNames: given,
      sex,
      birthYear,
      title,
      standard,
      rapid: standard === null ? null : Math.max(1400, standard - 40 + Math.floor(r() * 80)),
      games,
      k
    })
  }
  return out
}

/** Eight arbiters from the list; one has no licence (the unlicensed arbiter of the round robin). */
function makeArbiters(players: DemoPlayer[]): DemoArbiter[] {
  const adults = players.filter((p) => p.fideId !== null && p.birthYear <= 1985)
  const chosen = adults.slice(0, 8)
  return chosen.map((p, i) => ({
    fideId: p.fideId!,
    title: i === 0 ? 'IA' : i < 4 ? 'FA' : 'NA',
    licenceCategory: i === 7 ? null : i === 0 ? 'A' : i < 4 ? 'B' : 'C',
    validFrom: i === 7 ? null : '2024-01-01',
    validTo: i === 7 ? null : '2027-12-31',
    status: i === 7 ? 'inactive' : 'active'
  }))
}

const csv = (rows: (string | number | null)[][]): string => rows.map((r) => r.map((c) => csvField(c, ';')).join(';')).join('\n') + '\n'

function nationalCsv(players: DemoPlayer[], type: 'standard' | 'rapid'): string {
  const rows: (string | number | null)[][] = [['ID', 'FIDE ID', 'Surname', 'First name', 'Fed', 'Sex', 'Birth', 'Title', 'Rating', 'Games', 'K']]
  for (const p of players) {
    const rating = type === 'standard' ? p.standard : p.rapid
    rows.push([p.nationalId, p.fideId, p.surname, p.givenNames, DEMO.federation, p.sex, p.birthYear, p.title, rating, rating === null ? 0 : p.games, rating === null ? null : p.k])
  }
  return csv(rows)
}

function arbitersCsv(arbiters: DemoArbiter[]): string {
  return csv([['FIDE ID', 'Title', 'Licence', 'Valid from', 'Valid to', 'Status'], ...arbiters.map((a) => [a.fideId, a.title, a.licenceCategory, a.validFrom, a.validTo, a.status])])
}

const nameOf = (players: DemoPlayer[], fideId: number): string => {
  const p = players.find((x) => x.fideId === fideId)!
  return `${p.surname}, ${p.givenNames}`
}

/**
 * Pairings by the circle method (each round a perfect matching; a round robin when rounds = n − 1), the results
 * drawn from the Elo expectation with the seeded generator, so every report is consistent from both sides.
 */
function eventTrf(spec: EventSpec, r: () => number, arbiterName: (a: DemoArbiter) => string): string {
  const entrants = [...spec.entrants].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0))
  const n = entrants.length
  if (n % 2) throw new Error(`${spec.file}: an even field`)
  const m = n - 1
  const codes: Map<number, { opp: number; code: ResultCode; color: 'w' | 'b' }>[] = []
  for (let round = 0; round < spec.roundDates.length; round++) {
    const pairs: [number, number][] = [[m, round % m]]
    for (let k = 1; k < n / 2; k++) pairs.push([((round % m) + k) % m, ((round % m) - k + m) % m])
    const map = new Map<number, { opp: number; code: ResultCode; color: 'w' | 'b' }>()
    for (const [a, b] of pairs) {
      const ra = entrants[a]!.rating ?? 1400
      const rb = entrants[b]!.rating ?? 1400
      const expected = 1 / (1 + 10 ** ((rb - ra) / 400))
      const x = r()
      const drawBand = 0.22
      const res: ResultCode = x < expected - drawBand / 2 ? '1' : x < expected + drawBand / 2 ? '=' : '0'
      const aWhite = (round + Math.min(a, b)) % 2 === 0
      map.set(a, { opp: b, code: res, color: aWhite ? 'w' : 'b' })
      map.set(b, { opp: a, code: res === '1' ? '0' : res === '0' ? '1' : '=', color: aWhite ? 'b' : 'w' })
    }
    codes.push(map)
  }
  const players: TournamentPlayer[] = entrants.map((e, i) => {
    const rounds: RoundEntry[] = codes.map((round, ri) => {
      const g = round.get(i)!
      return { round: ri + 1, opponent: g.opp + 1, color: g.color, code: g.code }
    })
    const points = rounds.reduce((s, g) => s + (g.code === '1' ? 1 : g.code === '=' ? 0.5 : 0), 0)
    return { startRank: i + 1, fideId: e.fideId === null ? null : String(e.fideId), name: e.name, sex: e.sex, title: e.title, federation: DEMO.federation, birth: e.birth, rating: e.rating, points, rank: null, rounds }
  })
  const order = [...players].sort((a, b) => b.points! - a.points! || a.startRank - b.startRank)
  order.forEach((p, i) => (p.rank = i + 1))
  const header = {
    ...emptyHeader(),
    name: spec.name,
    city: spec.city,
    federation: DEMO.federation,
    startDate: spec.roundDates[0]!,
    endDate: spec.roundDates.at(-1)!,
    type: spec.type,
    timeControl: spec.timeControl,
    ratingType: spec.ratingType,
    roundDates: spec.roundDates,
    arbiters: [
      { role: 'chief' as const, name: arbiterName(spec.chief), title: spec.chief.title, fideId: String(spec.chief.fideId) },
      ...(spec.deputy ? [{ role: 'deputy' as const, name: arbiterName(spec.deputy), title: spec.deputy.title, fideId: String(spec.deputy.fideId) }] : [])
    ]
  }
  return writeTrf({ header, players }, { format: 'TRF16' }).text
}

/** FIDE's single-type TXT download (standard_sep25frl.txt): the players with a FIDE ID, in FIDE ID order. */
function fideReferenceTxt(players: DemoPlayer[], arbiters: DemoArbiter[], listDate: string): string {
  const arbiterTitle = new Map(arbiters.map((a) => [a.fideId, a.title]))
  const lines = players
    .filter((p) => p.fideId !== null)
    .sort((a, b) => a.fideId! - b.fideId!)
    .map((p) =>
      txtLine({
        playerId: 0,
        fideId: p.fideId,
        surname: p.surname,
        givenNames: p.givenNames,
        federation: DEMO.federation,
        sex: p.sex,
        title: p.title,
        womanTitle: null,
        otherTitles: arbiterTitle.get(p.fideId!) ?? null,
        foaTitle: null,
        birthYear: p.birthYear,
        rating: p.standard,
        games: p.standard === null ? null : p.games,
        k: p.standard === null ? null : p.k,
        flags: p.sex === 'F' ? 'w' : null,
        delisted: 0
      })
    )
  return [txtHeaderLine(listDate), ...lines].join('\n') + '\n'
}

/** The FIDE files' names, as FIDE's monthly downloads are called. */
export const FIDE_FILES = { reference: 'standard_sep25frl.txt', next: 'standard_oct25frl.txt' } as const

/**
 * The report refused at the drop: the organiser's program ran an opponent into its colour in one round block
 * ("  5 w" typed "   5w"), so the line cannot be read. Its results are drawn after the month's reports, so the
 * others stay as they were.
 */
function slipReport(c: Cast, r: () => number, arbiterName: (a: DemoArbiter) => string): { spec: EventSpec; text: string; line: number } {
  const spec = slipSpec(c)
  const lines = eventTrf(spec, r, arbiterName).split('\n')
  const at = lines.findIndex((l) => l.startsWith('001    2 '))
  // the first round block is columns 90–99 ("  NNNN c r", 1-based): the opponent moves one column right, onto the colour's space
  const slip = lines[at]!
  lines[at] = slip.slice(0, 89) + ' ' + slip.slice(89, 95) + slip.slice(96)
  return { spec, text: lines.join('\n'), line: at + 1 }
}

/** The manifest the demo loader and the guide read: the files, each report's dates and expected findings, the refused one. */
function demoManifest(events: DemoEvent[], slip: { spec: EventSpec; line: number }): DemoManifest {
  return {
    federation: DEMO.federation,
    listDate: DEMO.listDate,
    nextListDate: DEMO.nextListDate,
    lists: [
      { file: 'national-list-standard.csv', ratingType: 'standard' },
      { file: 'national-list-rapid.csv', ratingType: 'rapid' }
    ],
    arbiters: 'arbiters.csv',
    reports: events.map((e) => ({ file: `reports/${e.file}`, name: e.name, receivedDate: e.receivedDate, registeredDate: e.registeredDate, expect: e.expect })),
    referenceList: { file: FIDE_FILES.reference, listDate: DEMO.listDate, ratingType: 'standard' },
    fideList: { file: FIDE_FILES.next, listDate: DEMO.nextListDate, ratingType: 'standard' },
    refused: [{ file: `reports/${slip.spec.file}`, name: slip.spec.name, line: slip.line }]
  }
}

/** The whole bundle, the same on every call: the seeded generator is drawn in a fixed order (players, then each report). */
export function generateDemo(): DemoBundle {
  const r = rng(DEMO.seed)
  const players = makePlayers(r)
  const arbiters = makeArbiters(players)
  const arbiterName = (a: DemoArbiter) => nameOf(players, a.fideId)
  const cast = castOf(players, arbiters)
  const registry = [...players, cast.duplicate]
  const events = monthReports(cast)

  const files = new Map<string, string>()
  files.set('national-list-standard.csv', nationalCsv(registry, 'standard'))
  files.set('national-list-rapid.csv', nationalCsv(registry, 'rapid'))
  files.set('arbiters.csv', arbitersCsv(arbiters))
  for (const e of events) files.set(`reports/${e.file}`, eventTrf(e, r, arbiterName))
  const slip = slipReport(cast, r, arbiterName)
  files.set(`reports/${slip.spec.file}`, slip.text)
  files.set(FIDE_FILES.reference, fideReferenceTxt(players, arbiters, DEMO.listDate))
  const manifest = demoManifest(events, slip)
  files.set('manifest.json', JSON.stringify(manifest, null, 2) + '\n')
  return { files, manifest, players: registry, arbiters }
}
