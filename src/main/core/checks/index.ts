// The regulation checks of a tournament report: one module per rule family, run in a fixed order on plain values.
import { translateError, type Locale } from '../../../shared/errors/index'
import { citedParams } from '../../../shared/citations'
import { checkArbiters } from './arbiters'
import { checkComposition } from './composition'
import { checkDeadlines } from './deadlines'
import { checkDuration } from './duration'
import { checkGames } from './games'
import { checkList } from './list'
import { checkRatedGames } from './rated'
import { checkSchedule } from './schedule'
import { checkTimeControl } from './time-control'
import type { CheckFinding, CheckInput } from './types'

export type * from './types'
export { CHECK_CODES } from './types'

/** The rule families, in the order their findings are listed. */
const FAMILIES: readonly ((input: CheckInput) => CheckFinding[])[] = [
  checkArbiters,
  checkDuration,
  checkTimeControl,
  checkSchedule,
  checkComposition,
  checkGames,
  checkDeadlines,
  checkList
]

/**
 * Every regulation finding for one tournament under `input.edition` (list mechanics under `input.listEdition`).
 * Pure and deterministic: the same input gives the same findings in the same order.
 */
export function runRegulationChecks(input: CheckInput): CheckFinding[] {
  const found = FAMILIES.flatMap((check) => check(input))
  // last: whether the tournament rates its games, those the findings above take out left out
  return [...found, ...checkRatedGames(input, found)]
}

/** A finding as one sentence in the office's language, citing its paragraph. */
export function describeCheckFinding(f: CheckFinding, locale: Locale = 'en'): string {
  return translateError(f.code, citedParams(f.params, locale, f.edition), locale)
}
