// The public website after a merge of two registry records: the kept player's page shows the lines the merge moved to
// him, and the incremental build equals a full build byte for byte (a merge changes a published player's lines without
// a new list, so no "touched by a new list" can find him).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { mergePlayers, undoMerge } from '../../../../src/main/core/data/player-merges'
import { buildSite } from '../../../../src/main/core/services/site'
import { playerPage } from '../../../../src/main/core/site/model'
import { tempDir } from '../../../helpers/temp-db'
import { folderFiles } from '../../../helpers/site-files'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const files = (dir: string): Map<string, Buffer> => folderFiles(dir, ['site-manifest.json'])

/** Three players on two published monthly lists: 1 and 2 on January's, 1 and 3 on February's (3 is 2 under a second record). */
function office(file: string) {
  const db = openDatabase(file)
  db.prepare("INSERT INTO settings(key, value) VALUES ('federationName', '\"Test federation\"'), ('federation', '\"FRA\"')").run()
  const player = db.prepare("INSERT INTO players (id, fide_id, surname, given_names, name_folded, federation, sex) VALUES (?, ?, ?, ?, ?, 'FRA', 'M')")
  player.run(1, 100001, 'Aubert', 'Paul', 'aubert paul')
  player.run(2, 100002, 'Bernard', 'Luc', 'bernard luc')
  player.run(3, null, 'Bernard', 'Luc', 'bernard luc')
  const entry = db.prepare("INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, federation, entry_status) VALUES (?, ?, ?, ?, 20, 'FRA', 'rated')")
  for (const [id, date, lines] of [[1, '2026-01-01', [[1, 1800, 0], [2, 1650, 0]]], [2, '2026-02-01', [[1, 1800, 0], [3, 1712, 7]]]] as const) {
    db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status, edition) VALUES (?, 'office', ?, 'standard', 'FRA', 'draft', 'fide-2024')").run(id, date)
    for (const [p, r, g] of lines) entry.run(id, p, r, g)
    storeListCounts(db, id)
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = ? WHERE id = ?").run(`${date}T09:00:00.000Z`, id)
  }
  return db
}

describe('the public website after a merge', () => {
  it('renders the kept player again with the moved lines, as a full build would; and again after the merge is undone', async () => {
    const db = office(tmp.file('office.db'))
    const out = tmp.file('site')
    await buildSite(db, { out })
    const page = join(out, 'en', playerPage(2))
    expect(readFileSync(page, 'utf8')).not.toContain('1712')

    const merge = mergePlayers(db, 2, 3, 'one person, two records')
    const r = await buildSite(db, { out })
    expect(r.mode).toBe('incremental')
    // his line of February, moved to him by the merge, is on his page
    expect(readFileSync(page, 'utf8')).toContain('1712')
    await buildSite(db, { out: tmp.file('full'), full: true })
    expect(files(out)).toEqual(files(tmp.file('full')))

    undoMerge(db, merge.id, 'two people after all')
    expect((await buildSite(db, { out })).mode).toBe('incremental')
    expect(readFileSync(page, 'utf8')).not.toContain('1712')
    await buildSite(db, { out: tmp.file('full-2'), full: true })
    expect(files(out)).toEqual(files(tmp.file('full-2')))
    db.close()
  })
})
