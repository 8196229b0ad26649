// The shipped rule sets as data: FIDE 2005–2024 and the Swiss FSE profile; choosing one by tournament start date.
import { DEFAULT_CHECKS, editionSchema, type Checks, type Edition } from '../../../shared/contract/rating'
import { UserError } from '../util/errors'

const fideRefs = (y: string, p: Partial<Edition['refs']> = {}): Edition['refs'] => ({
  tables: `${y} § 8.1`,
  cap: `${y} § 8.54`,
  k: `${y} § 8.56`,
  change: `${y} § 8.55`,
  rounding: `${y} § 8.57`,
  unrated: `${y} § 8.2`,
  firstRating: `${y} § 8.3`,
  roundRobin: `${y} § 8.58`,
  swiss: `${y} § 6.42`,
  ...p
})

const noAmendments: Edition['amendments'] = { compression: null, fastGamesNotRated: null }


// Report checks of 2005 (seed 000): tournament time control (§ 1.1), 3 rounds and 12 h a day (§ 3.1), 90 days (§ 4.1),
// round-robin composition (§ 6.3), no licence rule yet (info only), no registration or report deadline in the text.
const checks2005: Checks = {
  ...DEFAULT_CHECKS,
  refs: {
    arbiters: '2014 § 0.3 (no licence rule before 1 July 2014)',
    chief: '2005 § 11.4',
    duration: '2005 § 4.1',
    roundsPerDay: '2005 § 3.1',
    hoursPerDay: '2005 § 3.1',
    timeControl: '2005 § 1.1',
    composition: '2005 § 6.3',
    unplayed: '2005 § 6.43',
    match: '2005 § 6.4',
    firstEvent: '2005 § 6.1',
    ratedOpponents: '2005 § 6.42',
    ratingGap: 'FIDE 2024: rapid and blitz from 1 Dec 2024 (regulations.md § 1)',
    report: 'regulations.md § 6',
    upload: 'regulations.md § 6',
    late: '2005 § 9.13a'
  },
  // thresholds 2200/1600 per tournament, 90 days and the round-robin composition are the defaults' (DEFAULT_CHECKS)
  arbitersLicensed: false,
  schedule: { ...DEFAULT_CHECKS.schedule, maxRoundsPerDay: 3 },
  matchWithUnrated: false,
  deadlines: { registration: [], reportDays: null, uploadDays: null }
}

const fide2005: Edition = {
  id: 'fide-2005',
  name: 'FIDE 2005 (B.02, amended 1984–2004)',
  kind: 'fide',
  basedOn: null,
  description:
    'Seed 000. Quarterly lists, K 25/15/10, 350-point cap, unrated +12.5 per half point above 50 %, 9 games for a first rating, weighted average of event ratings, floor 1401.',
  inForce: { from: null, to: '2009-06-30' },
  refs: {
    tables: '2005 § 10.1',
    cap: '2005 § 10.51',
    k: '2005 § 10.52',
    change: '2005 § 10.51(c)',
    rounding: '2005 § 10.53',
    unrated: '2005 § 10.2',
    firstRating: '2005 § 10.3',
    roundRobin: '2005 § 10.54',
    swiss: '2005 § 6.41'
  },
  list: { periodMonths: 3, cutoffDays: 30, floor: 1401, inactivityMonths: 12, inactivityMinGames: 4 },
  tables: { dpIndeterminate: 735 },
  cap: { points: 350, mode: 'every-game', exemption: null },
  k: {
    newPlayer: { k: 25, untilGames: 30 },
    normal: 15,
    high: { k: 10, threshold: 2400, basis: 'ever-published', minGames: 30 },
    junior: null,
    knMax: null
  },
  rounding: { changePer: 'period' },
  unrated: {
    method: 'classic',
    bonusPerHalfPoint: 12.5,
    virtualDraws: null,
    maxInitial: null,
    minRatedOpponentsPerEvent: 3,
    minScorePerEvent: 0,
    firstEventIgnoredBelow: 1,
    firstRating: 'weighted-average',
    minGames: 9,
    minGamesReduced: 7,
    windowMonths: 24,
    ignoreFirstEventsBelowFloor: true,
    roundRa: true
  },
  roundRobin: { iterationPasses: 1, unratedOpponents: 'iterative' },
  amendments: noAmendments,
  checks: checks2005
}

const fide2010: Edition = {
  ...fide2005,
  id: 'fide-2010',
  name: 'FIDE 2010 (B.02, amended to 2010)',
  description:
    'Seed 002. Six lists a year, cutoff 7 days, floor 1200, K 30/15/10, 400-point cap, unrated +15 per half point, 9 games within two years, first rating from all events pooled.',
  inForce: { from: '2009-07-01', to: '2014-06-30' },
  refs: fideRefs('2010', { swiss: '2010 § 6.42' }),
  list: { periodMonths: 2, cutoffDays: 7, floor: 1200, inactivityMonths: 12, inactivityMinGames: 1 },
  tables: { dpIndeterminate: 800 },
  cap: { points: 400, mode: 'every-game', exemption: null },
  k: {
    newPlayer: { k: 30, untilGames: 30 },
    normal: 15,
    high: { k: 10, threshold: 2400, basis: 'ever-published', minGames: 0 },
    junior: null,
    knMax: null
  },
  unrated: { ...fide2005.unrated, bonusPerHalfPoint: 15, minScorePerEvent: 1, firstRating: 'pooled' },
  // seed 002: same schedule and time control as 2005; matches with an unrated player are not rated (§ 6.6)
  checks: {
    ...checks2005,
    refs: {
      ...checks2005.refs,
      chief: '2010 § 9.2',
      duration: '2010 § 4.1',
      roundsPerDay: '2010 § 3.1',
      hoursPerDay: '2010 § 3.1',
      timeControl: '2010 § 1.1',
      composition: '2010 § 6.3',
      unplayed: '2010 § 6.43',
      match: '2010 § 6.6',
      firstEvent: '2010 § 6.1',
      ratedOpponents: '2010 § 6.41',
      late: '2010 § 7.13'
    },
    matchWithUnrated: true
  }
}

const fide2014: Edition = {
  ...fide2010,
  id: 'fide-2014',
  name: 'FIDE 2014 (6.1, in force from 1 July 2014)',
  description:
    'Seed 001. Monthly lists, cutoff 3 days, floor 1000, K 40/20/10 and 40 under 18 below 2300, 400-point cap, unrated +20 per half point, 5 games within 26 months.',
  inForce: { from: '2014-07-01', to: '2017-06-30' },
  refs: fideRefs('2014', { swiss: '2014 § 6.32' }),
  list: { periodMonths: 1, cutoffDays: 3, floor: 1000, inactivityMonths: 12, inactivityMinGames: 1 },
  k: {
    newPlayer: { k: 40, untilGames: 30 },
    normal: 20,
    high: { k: 10, threshold: 2400, basis: 'ever-published', minGames: 0 },
    junior: { k: 40, untilAge: 18, basis: 'birthday', ratingLimit: 2300, limitInclusive: false },
    knMax: null
  },
  unrated: {
    ...fide2010.unrated,
    bonusPerHalfPoint: 20,
    minRatedOpponentsPerEvent: 1,
    minScorePerEvent: 0,
    firstEventIgnoredBelow: 0.5,
    minGames: 5,
    minGamesReduced: null,
    windowMonths: 26,
    ignoreFirstEventsBelowFloor: false
  },
  // regulations.md § 4.2: repeat until stable (the 2005/2010 worked example shows a single pass)
  roundRobin: { iterationPasses: null, unratedOpponents: 'iterative' },
  // seed 001: licensed arbiters (§ 0.3), registration a week before (§ 0.2), 12 h a day without a round limit (§ 3.1),
  // report in 7 days and upload in 30 (§ 9.1)
  checks: {
    ...fide2010.checks,
    refs: {
      arbiters: '2014 § 0.3',
      chief: '2014 § 9.1',
      duration: '2014 § 4.1',
      roundsPerDay: '2014 § 3.1',
      hoursPerDay: '2014 § 3.1',
      timeControl: '2014 § 1.1',
      composition: '2014 § 6.2',
      unplayed: '2014 § 6.4',
      match: '2014 § 6.6',
      firstEvent: '2014 § 6.1',
      ratedOpponents: '2014 § 7.14b',
      ratingGap: fide2010.checks.refs.ratingGap,
      report: '2014 § 9.1',
      upload: '2014 § 9.1',
      late: '2014 § 7.13'
    },
    arbitersLicensed: true,
    schedule: { maxRoundsPerDay: null, maxHoursPerDay: 12, ratingTypes: ['standard'] },
    deadlines: { registration: [{ from: null, days: 7, strict: null, ref: '2014 § 0.2' }], reportDays: 7, uploadDays: 30 }
  }
}

const summaryRefs = (y: string): Edition['refs'] => ({
  tables: `${y}: tables 8.1a/8.1b (regulations.md § 2)`,
  cap: `${y}: rating-difference cap (regulations.md § 1)`,
  k: `${y}: K factor (regulations.md § 1)`,
  change: `${y}: rated player (regulations.md § 4.1)`,
  rounding: `${y}: rounding (regulations.md § 4.1)`,
  unrated: `${y}: unrated player (regulations.md § 4.2)`,
  firstRating: `${y}: first rating (regulations.md § 4.2)`,
  roundRobin: `${y}: round-robin iteration (regulations.md § 4.2)`,
  swiss: `${y}: Swiss counts rated opponents only (regulations.md § 3)`
})

const checkRefs = (y: string): Checks['refs'] => ({
  arbiters: `${y}: arbiters licensed (regulations.md § 1)`,
  chief: `${y}: tournament report (regulations.md § 6)`,
  duration: `${y}: duration (regulations.md § 1)`,
  roundsPerDay: `${y}: play per day (regulations.md § 1)`,
  hoursPerDay: `${y}: play per day (regulations.md § 1)`,
  timeControl: `${y}: time control per game (regulations.md § 1)`,
  composition: `${y}: round-robin composition (regulations.md § 3)`,
  unplayed: `${y}: round robin with unplayed games (regulations.md § 3)`,
  match: `${y}: matches (regulations.md § 3)`,
  firstEvent: `${y}: first event (regulations.md § 1)`,
  ratedOpponents: `${y}: unrated player (regulations.md § 4)`,
  ratingGap: 'FIDE 2024: rapid and blitz from 1 Dec 2024 (regulations.md § 1)',
  report: `${y}: report within 7 days (regulations.md § 6)`,
  upload: `${y}: upload within 30 days (regulations.md § 6)`,
  late: `${y}: late tournaments (regulations.md § 5)`
})

const fide2017: Edition = {
  ...fide2014,
  id: 'fide-2017',
  name: 'FIDE 2017',
  description:
    'Monthly lists, K 40/20/10, juniors K 40 to the end of the year of the 18th birthday below 2300 (OPEN: wording), K×n ≤ 700 OPEN (off by default).',
  inForce: { from: '2017-07-01', to: '2021-12-31' },
  refs: summaryRefs('FIDE 2017'),
  // regulations.md § 1/§ 3: the time-control minimum is per game (2200/1600); no round-robin composition rule (OPEN)
  checks: {
    ...fide2014.checks,
    refs: checkRefs('FIDE 2017'),
    timeControl: { ...fide2014.checks.timeControl, mode: 'game' },
    composition: { roundRobin: null }
  },
  k: { ...fide2014.k, junior: { k: 40, untilAge: 18, basis: 'end-of-year', ratingLimit: 2300, limitInclusive: false }, knMax: null }
}

/** Registration deadlines of the December 2023 amendment (regulations.md § 1, amendments inside 2024). OPEN: its first day. */
const registrationDec2023 = {
  from: '2023-12-01',
  days: 3,
  strict: { days: 30, ratingAbove: 2700, womanRatingAbove: 2500 },
  ref: 'FIDE December 2023 amendment: registration 30/3 days (regulations.md § 1)'
}

const fide2022: Edition = {
  ...fide2017,
  id: 'fide-2022',
  name: 'FIDE 2022',
  description: '400-point cap once per tournament (the game with the largest difference), K×n ≤ 700.',
  inForce: { from: '2022-01-01', to: '2024-02-29' },
  refs: summaryRefs('FIDE 2022'),
  cap: { points: 400, mode: 'once-per-tournament', exemption: null },
  k: { ...fide2017.k, knMax: 700 },
  // regulations.md § 1: per game 2400 → 120′, 1800 → 90′; the 30-day monthly-slice practice (OPEN, a parameter);
  // the December 2023 amendment: registration 30 days before if a player > 2700 or a woman > 2500, else 3
  checks: {
    ...fide2017.checks,
    refs: checkRefs('FIDE 2022'),
    duration: { maxDays: 90, monthlySliceDays: 30 },
    timeControl: {
      ...fide2017.checks.timeControl,
      thresholds: [
        { rating: 1800, minutes: 90 },
        { rating: 2400, minutes: 120 }
      ]
    },
    deadlines: { ...fide2017.checks.deadlines, registration: [...fide2017.checks.deadlines.registration, registrationDec2023] }
  }
}

const fide2024: Edition = {
  ...fide2022,
  id: 'fide-2024',
  name: 'FIDE 2024 (with the 2024–2025 amendments)',
  description:
    'Floor 1400; unrated: two virtual 1800 draws, at most 2200, 5 games against rated opponents within 26 months; 400-point cap every game, none from 1 Oct 2025 for a player rated 2650 or more; compression of 1 March 2024; rapid/blitz 600-point rule from 1 Dec 2024.',
  inForce: { from: '2024-03-01', to: null },
  refs: { ...summaryRefs('FIDE 2024'), rounding: '2024 § 8.3.4', unrated: 'FIDE 2024: unrated player (regulations.md § 4.3)', firstRating: 'FIDE 2024: first rating (regulations.md § 4.3)' },
  list: { ...fide2022.list, floor: 1400 },
  cap: { points: 400, mode: 'every-game', exemption: { from: '2025-10-01', ownRatingAtLeast: 2650 } },
  unrated: {
    ...fide2022.unrated,
    method: 'virtual-draws',
    bonusPerHalfPoint: 0,
    virtualDraws: { count: 2, rating: 1800 },
    maxInitial: 2200,
    roundRa: false
  },
  checks: {
    ...fide2022.checks,
    refs: checkRefs('FIDE 2024'),
    deadlines: { ...fide2022.checks.deadlines, registration: [{ ...registrationDec2023, from: null }] }
  },
  // OPEN: the 2024 text rates unrated players from their rated opponents only; no iteration
  roundRobin: { iterationPasses: 1, unratedOpponents: 'not-counted' },
  amendments: {
    compression: { date: '2024-03-01', below: 2000, factor: 0.4, rounding: 'half-up', ratingTypes: ['standard'] },
    fastGamesNotRated: { from: '2024-12-01', minDifference: 600, aboveRating: 2600 },
    // regulations.md § 1: the 2026 season's QC approval of 45′+30″ (75 minutes for 60 moves), at most two rounds a day.
    // OPEN: the season's first day (1 January 2026 here), a parameter of the edition
    qcStandard: { from: '2026-01-01', minMinutes: 75, maxRoundsPerDay: 2 }
  }
}

const fse: Edition = {
  ...fide2014,
  id: 'fse',
  name: 'Swiss FSE/SSB national list',
  kind: 'national',
  basedOn: 'fide-2014',
  description:
    'Seed 004. K 36 for the first 20 games and for juniors under 20 rated 1850 or less, 24 normally, 16 from 2200; six two-month periods a year. Other parameters follow FIDE 2014 (OPEN).',
  inForce: { from: null, to: null },
  refs: {
    ...fide2014.refs,
    k: 'FSE (seed 004): coefficients 36/24/16',
    change: 'FSE (seed 004): new rating = old + Σ K × performance'
  },
  list: { periodMonths: 2, cutoffDays: 3, floor: 1000, inactivityMonths: 12, inactivityMinGames: 1 },
  k: {
    newPlayer: { k: 36, untilGames: 20 },
    normal: 24,
    high: { k: 16, threshold: 2200, basis: 'current', minGames: 0 },
    junior: { k: 36, untilAge: 20, basis: 'birthday', ratingLimit: 1850, limitInclusive: true },
    knMax: null
  },
  roundRobin: { iterationPasses: 1, unratedOpponents: 'iterative' }
}

/** Shipped rule sets, validated once at load so that a typo in the data fails loudly. */
export const BUILTIN_EDITIONS: readonly Edition[] = [fide2005, fide2010, fide2014, fide2017, fide2022, fide2024, fse].map((e) => editionSchema.parse(e))

export const BUILTIN_IDS: ReadonlySet<string> = new Set(BUILTIN_EDITIONS.map((e) => e.id))

export function builtinEdition(id: string): Edition | undefined {
  return BUILTIN_EDITIONS.find((e) => e.id === id)
}

/** The FIDE edition in force for a tournament starting on this date (YYYY-MM-DD). */
export function editionForDate(start: string): Edition {
  for (const e of BUILTIN_EDITIONS) {
    if (e.kind !== 'fide') continue
    if ((e.inForce.from === null || start >= e.inForce.from) && (e.inForce.to === null || start <= e.inForce.to)) return e
  }
  throw new UserError('engine.noEdition', { date: start })
}

/** A named rule set (shipped or given), or the one in force at the start date. */
export function resolveEdition(start: string, id: string | undefined, extra: (id: string) => Edition | undefined = () => undefined): Edition {
  if (id === undefined) return editionForDate(start)
  const e = builtinEdition(id) ?? extra(id)
  if (!e) throw new UserError('engine.unknownEdition', { id, known: [...BUILTIN_IDS].join(', ') })
  return e
}
