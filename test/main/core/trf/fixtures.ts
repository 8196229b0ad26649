// The TRF fixture folders (test/fixtures, see SOURCES.md) and a reader shortcut for the tests.
import { readFileSync, readdirSync } from 'node:fs'
import { readTrf } from '../../../../src/main/core/trf/index'
import type { ParsedTrf } from '../../../../src/main/core/trf/index'

export { TRF_DIR, REAL_DIR } from '../../../helpers/fixtures'

export function fixtureBytes(dir: string, name: string): Buffer {
  return readFileSync(dir + name)
}

export function readFixture(dir: string, name: string): ParsedTrf {
  return readTrf(fixtureBytes(dir, name), name)
}

export function listFixtures(dir: string): string[] {
  return readdirSync(dir).filter((f) => !f.endsWith('.md')).sort()
}

/** What a round trip must keep: the header facts (declared counts are rewritten from the data) and every player. */
export function essence(t: Pick<ParsedTrf, 'header' | 'players'>, format: 'TRF16' | 'TRF26') {
  const h = { ...t.header, declaredPlayers: null, declaredRated: null, declaredTeams: null, ratingType: null, ratingTypeSource: null }
  const header =
    format === 'TRF16'
      ? { ...h, initialColour: null, pairingProgram: null, codedType: null, tiebreaks: null, encodedTimeControl: null, startingRankMethod: null }
      : h
  const players = [...t.players].sort((a, b) => a.startRank - b.startRank)
  return { header, players }
}

