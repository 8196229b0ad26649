// Every parameter of a rule set, in display order, with its editor kind: drives the rule-set screen (view and edit).
import type { Edition } from '@shared/contract/index'
import { RATING_TYPES } from '@shared/contract/plain'

export type FieldKind = 'int' | 'number' | 'text' | 'longtext' | 'date' | 'bool' | 'enum' | 'enumList'

export interface Field {
  path: string[]
  kind: FieldKind
  options?: readonly string[]
  /** Empty means null (a number or date that can be absent). */
  nullable?: boolean
  min?: number
  max?: number
  step?: number
}

/** A parameter that is a whole optional block (null = the rule does not exist in this rule set). */
export interface OptionalBlock {
  path: string[]
  defaults: Record<string, unknown>
  fields: Field[]
}

export interface Group {
  key: string
  fields: Field[]
  blocks?: OptionalBlock[]
}

const f = (path: string, kind: FieldKind, extra: Partial<Field> = {}): Field => ({ path: path.split('.'), kind, ...extra })

export const GROUPS: readonly Group[] = [
  {
    key: 'identity',
    fields: [f('id', 'text'), f('name', 'text'), f('kind', 'enum', { options: ['fide', 'national', 'custom'] }), f('basedOn', 'text', { nullable: true }), f('description', 'longtext'), f('inForce.from', 'date', { nullable: true }), f('inForce.to', 'date', { nullable: true })]
  },
  {
    key: 'list',
    fields: [
      f('list.periodMonths', 'int', { min: 1, max: 12 }),
      f('list.cutoffDays', 'int', { min: 0, max: 60 }),
      f('list.floor', 'int', { min: 0, max: 3000 }),
      f('list.inactivityMonths', 'int', { min: 1, max: 60 }),
      f('list.inactivityMinGames', 'int', { min: 1, max: 50 })
    ]
  },
  { key: 'tables', fields: [f('tables.dpIndeterminate', 'int', { min: 677, max: 1000 })] },
  {
    key: 'cap',
    fields: [f('cap.points', 'int', { min: 100, max: 1000 }), f('cap.mode', 'enum', { options: ['every-game', 'once-per-tournament'] })],
    blocks: [{ path: ['cap', 'exemption'], defaults: { from: '2025-10-01', ownRatingAtLeast: 2650 }, fields: [f('cap.exemption.from', 'date'), f('cap.exemption.ownRatingAtLeast', 'int', { min: 1000, max: 3500 })] }]
  },
  {
    key: 'k',
    fields: [
      f('k.newPlayer.k', 'int', { min: 1, max: 100 }),
      f('k.newPlayer.untilGames', 'int', { min: 0, max: 1000 }),
      f('k.normal', 'int', { min: 1, max: 100 }),
      f('k.high.k', 'int', { min: 1, max: 100 }),
      f('k.high.threshold', 'int', { min: 1000, max: 3500 }),
      f('k.high.basis', 'enum', { options: ['ever-published', 'current'] }),
      f('k.high.minGames', 'int', { min: 0, max: 1000 }),
      f('k.knMax', 'int', { nullable: true, min: 1, max: 10000 })
    ],
    blocks: [
      {
        path: ['k', 'junior'],
        defaults: { k: 40, untilAge: 18, basis: 'end-of-year', ratingLimit: 2300, limitInclusive: false },
        fields: [
          f('k.junior.k', 'int', { min: 1, max: 100 }),
          f('k.junior.untilAge', 'int', { min: 10, max: 30 }),
          f('k.junior.basis', 'enum', { options: ['birthday', 'end-of-year'] }),
          f('k.junior.ratingLimit', 'int', { min: 1000, max: 3500 }),
          f('k.junior.limitInclusive', 'bool')
        ]
      }
    ]
  },
  { key: 'rounding', fields: [f('rounding.changePer', 'enum', { options: ['period', 'tournament'] })] },
  {
    key: 'unrated',
    fields: [
      f('unrated.method', 'enum', { options: ['classic', 'virtual-draws'] }),
      f('unrated.bonusPerHalfPoint', 'number', { min: 0, max: 100, step: 0.5 }),
      f('unrated.maxInitial', 'int', { nullable: true, min: 1000, max: 3500 }),
      f('unrated.minRatedOpponentsPerEvent', 'int', { min: 0, max: 20 }),
      f('unrated.minScorePerEvent', 'number', { min: 0, max: 20, step: 0.5 }),
      f('unrated.firstEventIgnoredBelow', 'number', { min: 0, max: 5, step: 0.5 }),
      f('unrated.firstRating', 'enum', { options: ['weighted-average', 'pooled'] }),
      f('unrated.minGames', 'int', { min: 1, max: 50 }),
      f('unrated.minGamesReduced', 'int', { nullable: true, min: 1, max: 50 }),
      f('unrated.windowMonths', 'int', { min: 1, max: 120 }),
      f('unrated.ignoreFirstEventsBelowFloor', 'bool'),
      f('unrated.roundRa', 'bool')
    ],
    blocks: [{ path: ['unrated', 'virtualDraws'], defaults: { count: 2, rating: 1800 }, fields: [f('unrated.virtualDraws.count', 'int', { min: 1, max: 10 }), f('unrated.virtualDraws.rating', 'int', { min: 1000, max: 3000 })] }]
  },
  { key: 'roundRobin', fields: [f('roundRobin.iterationPasses', 'int', { nullable: true, min: 0, max: 100 }), f('roundRobin.unratedOpponents', 'enum', { options: ['iterative', 'not-counted'] })] },
  {
    key: 'amendments',
    fields: [],
    blocks: [
      {
        path: ['amendments', 'compression'],
        defaults: { date: '2024-03-01', below: 2000, factor: 0.4, rounding: 'half-up', ratingTypes: ['standard'] },
        fields: [
          f('amendments.compression.date', 'date'),
          f('amendments.compression.below', 'int', { min: 1000, max: 3000 }),
          f('amendments.compression.factor', 'number', { min: 0, max: 1, step: 0.05 }),
          f('amendments.compression.rounding', 'enum', { options: ['half-up', 'down'] }),
          f('amendments.compression.ratingTypes', 'enumList', { options: [...RATING_TYPES] })
        ]
      },
      {
        path: ['amendments', 'fastGamesNotRated'],
        defaults: { from: '2024-12-01', minDifference: 600, aboveRating: 2600 },
        fields: [f('amendments.fastGamesNotRated.from', 'date'), f('amendments.fastGamesNotRated.minDifference', 'int', { min: 100, max: 2000 }), f('amendments.fastGamesNotRated.aboveRating', 'int', { min: 1000, max: 3500 })]
      },
      {
        path: ['amendments', 'qcStandard'],
        defaults: { from: '2026-01-01', minMinutes: 75, maxRoundsPerDay: 2 },
        fields: [f('amendments.qcStandard.from', 'date'), f('amendments.qcStandard.minMinutes', 'int', { min: 1, max: 600 }), f('amendments.qcStandard.maxRoundsPerDay', 'int', { min: 1, max: 50 })]
      }
    ]
  },
  {
    key: 'checks',
    fields: [
      f('checks.arbitersLicensed', 'bool'),
      f('checks.duration.maxDays', 'int', { min: 1, max: 3650 }),
      f('checks.duration.monthlySliceDays', 'int', { nullable: true, min: 1, max: 365 }),
      f('checks.schedule.maxRoundsPerDay', 'int', { nullable: true, min: 1, max: 50 }),
      f('checks.schedule.maxHoursPerDay', 'number', { nullable: true, min: 1, max: 24, step: 0.5 }),
      f('checks.schedule.ratingTypes', 'enumList', { options: [...RATING_TYPES] }),
      f('checks.timeControl.mode', 'enum', { options: ['tournament', 'game'] }),
      f('checks.timeControl.minimum', 'int', { min: 0, max: 600 }),
      f('checks.timeControl.ratingTypes', 'enumList', { options: [...RATING_TYPES] }),
      f('checks.matchWithUnrated', 'bool'),
      f('checks.deadlines.reportDays', 'int', { nullable: true, min: 0, max: 365 }),
      f('checks.deadlines.uploadDays', 'int', { nullable: true, min: 0, max: 365 })
    ],
    blocks: [
      {
        path: ['checks', 'composition', 'roundRobin'],
        defaults: { minRatedFraction: 1 / 3, smallField: { below: 10, minRated: 4 }, double: { minPlayers: 6, minRated: 4 }, nationalChampionship: { minRated: 3, womenMinRated: 2 } },
        fields: [
          f('checks.composition.roundRobin.minRatedFraction', 'number', { min: 0, max: 1, step: 0.05 }),
          f('checks.composition.roundRobin.smallField.below', 'int', { min: 2, max: 100 }),
          f('checks.composition.roundRobin.smallField.minRated', 'int', { min: 0, max: 100 }),
          f('checks.composition.roundRobin.double.minPlayers', 'int', { min: 2, max: 100 }),
          f('checks.composition.roundRobin.double.minRated', 'int', { min: 0, max: 100 }),
          f('checks.composition.roundRobin.nationalChampionship.minRated', 'int', { min: 0, max: 100 }),
          f('checks.composition.roundRobin.nationalChampionship.womenMinRated', 'int', { min: 0, max: 100 })
        ]
      }
    ]
  },
  {
    key: 'refs',
    fields: ['tables', 'cap', 'k', 'change', 'rounding', 'unrated', 'firstRating', 'roundRobin', 'swiss'].map((r) => f(`refs.${r}`, 'text'))
  }
]

export function getAt(obj: unknown, path: readonly string[]): unknown {
  let v = obj
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<string, unknown>)[p]
  }
  return v
}

/** A deep copy of plain data; works on Vue's reactive proxies, which structuredClone refuses. */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T
}

/** A copy of the rule set with one parameter changed (the edited copy is never shared with the store's). */
export function setAt(obj: Edition, path: readonly string[], value: unknown): Edition {
  const copy = clone(obj) as unknown as Record<string, unknown>
  let node = copy
  for (const p of path.slice(0, -1)) node = node[p] as Record<string, unknown>
  node[path[path.length - 1]!] = value
  return copy as unknown as Edition
}
