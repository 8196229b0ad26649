// The demo federation with its list of 1 October 2025 published (every report approved that can be): what the public
// website's tests build the site from.
import type { Db } from '../../src/main/core/db/open'
import { loadDemo } from '../../src/main/core/demo/load'
import { approveTournament } from '../../src/main/core/services/checks'
import { generateDraft } from '../../src/main/core/services/list-generation'
import { publishList } from '../../src/main/core/services/list-publication'

export const DEMO_FEDERATION = { name: 'Fédération française des échecs', code: 'FRA' }

/** Loads the demo, approves its reports, generates and publishes the standard list of October 2025; its id. */
export async function publishDemoOctober(db: Db): Promise<number> {
  const demo = await loadDemo(db)
  for (const r of demo.reports) {
    if (r.tournamentId === null) continue
    try {
      approveTournament(db, r.tournamentId, 'site test', true, 'test')
    } catch {
      // a report whose players are not all identified stays checked: the list goes without it
    }
  }
  db.prepare("INSERT INTO settings(key, value) VALUES ('federationName', ?), ('federation', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(JSON.stringify(DEMO_FEDERATION.name), JSON.stringify(DEMO_FEDERATION.code))
  const listId = generateDraft(db, { listDate: '2025-10-01', ratingType: 'standard' }).listId
  publishList(db, listId, null, {}, DEMO_FEDERATION)
  return listId
}
