// The players an import hands to its checks (playersAsStored) are the ones reading the tournament back gives, for every
// fixture report: the checks that follow an import take them instead of reading the rows again (docs/performance.md).
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importTrfFile } from '../../../../src/main/core/tournaments/import'
import { loadTournamentModel } from '../../../../src/main/core/data/tournament-model'
import { playerLinks } from '../../../../src/main/core/data/review'
import { FIDE_CHAIN, ratingsAtStart } from '../../../../src/main/core/data/lists'
import { isUserError } from '../../../../src/main/core/util/errors'
import { writeSyntheticCombinedList } from '../../../helpers/synthetic-list'
import { importFideList } from '../../../../src/main/core/registry/import'
import { generateMonth } from '../../../helpers/trf-month'
import { tempDir } from '../../../helpers/temp-db'
import { REAL_DIR, TRF_DIR, listFixtures } from '../trf/fixtures'

const tmp = tempDir()
const db = openDatabase(tmp.file('office.db'))
// a registry, so that players match by FIDE ID (links with a player) as well as not
importFideList(db, { file: writeSyntheticCombinedList(tmp.file('players_list_foa.txt'), 2_000), listDate: '2025-10-01' })
afterAll(() => {
  db.close()
  tmp.cleanup()
})

let withEntries = 0
function expectAsReadBack(bytes: Uint8Array, name: string): boolean {
  let out
  try {
    out = importTrfFile(db, bytes, name)
  } catch (e) {
    if (isUserError(e)) return false // a refused file stores nothing
    throw e
  }
  const { summary, stored } = out
  if (summary.outcome === 'duplicate') {
    expect(stored).toBeNull()
    return false
  }
  expect(stored!.players, name).toStrictEqual(loadTournamentModel(db, summary.tournamentId).players)
  expect(stored!.links, name).toStrictEqual(playerLinks(db, summary.tournamentId))
  // the list entries the matching read are the ones the checks would read (list in force at the start)
  if (stored!.listEntries) {
    const ids = stored!.players.map((p) => p.fideId ?? '')
    const start = summary.startDate!
    const type = (db.prepare('SELECT rating_type AS t FROM tournaments WHERE id = ?').get(summary.tournamentId) as { t: string }).t
    expect(ratingsAtStart(db, start, type, FIDE_CHAIN, ids, stored!.listEntries), name).toStrictEqual(ratingsAtStart(db, start, type, FIDE_CHAIN, ids))
    withEntries++
  }
  return true
}

describe('playersAsStored', () => {
  it('equals the read-back for every fixture report that imports', () => {
    let compared = 0
    let fixtures = 0
    const refused: string[] = []
    for (const [dir, names] of [[TRF_DIR, listFixtures(TRF_DIR)], [REAL_DIR, listFixtures(REAL_DIR)]] as const) {
      fixtures += names.length
      for (const name of names) if (expectAsReadBack(readFileSync(dir + name), name)) compared++
      else refused.push(name)
    }
    // every fixture imports but the five py4swiss files written to be refused, each named for its defect
    expect(refused).toEqual(['py4swiss_incompatible_result.trf', 'py4swiss_invalid_code.trf', 'py4swiss_missing_result.trf', 'py4swiss_missing_starting_number.trf', 'py4swiss_too_many_results.trf'])
    expect(compared).toBe(fixtures - 5)
  })

  it('equals the read-back for generated reports whose players are in the registry, some with unknown IDs or without', () => {
    const facts = db.prepare('SELECT p.surname || \', \' || p.given_names AS name, p.federation, p.sex, CAST(substr(p.birth_date, 1, 4) AS INTEGER) AS birthYear FROM players p WHERE p.fide_id = ?')
    const files = [...generateMonth(40, { pool: 2_000, month: '2025-10', registry: (id) => facts.get(id) as never })]
    let linked = 0
    const entriesBefore = withEntries
    for (const f of files) {
      const bytes = Buffer.from(f.text, 'latin1')
      expect(expectAsReadBack(bytes, f.fileName)).toBe(true)
      linked += (db.prepare('SELECT count(*) AS n FROM tournament_players WHERE player_id IS NOT NULL AND tournament_id = (SELECT max(id) FROM tournaments)').get() as { n: number }).n
    }
    // every FIDE ID the reports draw (100000 … 101999) is a line of the 2,000-line registry: every player links
    expect(linked).toBe(files.reduce((s, f) => s + f.players, 0))
    // the generated reports start in the month of the registry's list: the matching read the entries of each of the 40
    expect(withEntries - entriesBefore).toBe(40)
  })
})
