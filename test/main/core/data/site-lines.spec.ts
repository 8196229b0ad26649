// The site's lines of a batch of players (data/site.ts siteLines, read as one JSON array a player) give each line's
// facts as the archive's own history of the player gives them (data/archive.ts playerHistory): a delisted line without
// its rating, flags, titles and federations with any characters, the given lists only.
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../src/main/core/db/open'
import { siteLines } from '../../../../src/main/core/data/site'
import { playerHistory } from '../../../../src/main/core/data/archive'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('siteLines', () => {
  it('reads every line of the batch on the given lists, as the archive reads a player’s history', () => {
    const db = openDatabase(tmp.file('office.db'))
    const player = db.prepare("INSERT INTO players (id, surname, given_names, name_folded) VALUES (?, ?, 'A', ?)")
    for (const id of [1, 2, 3]) player.run(id, `P${id}`, `p${id} a`)
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags, title, federation, entry_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    for (const id of [1, 2, 3]) db.prepare("INSERT INTO rating_lists (id, kind, list_date, rating_type, source, status) VALUES (?, 'reference', ?, 'standard', 'FIDE', 'reference')").run(id, `2026-0${id}-01`)
    entry.run(1, 1, 1800, 3, 20, 'wi', 'WFM', 'FRA', 'rated')
    entry.run(2, 1, 1790, 0, 20, null, 'WFM', 'FRA', 'delisted')
    entry.run(3, 1, 1805, 9, 40, 'i', null, 'Ñ"\\é', 'rated')
    entry.run(1, 2, null, 4, null, null, 'CM', null, 'titled-unrated')
    entry.run(3, 2, 2101, 12, 10, null, 'FM', 'GER', 'rated')
    entry.run(2, 3, 1500, 1, 20, null, null, 'ESP', 'rated')

    const lines = siteLines(db, [1, 2], [1, 3])
    expect([...lines.keys()].sort()).toEqual([1, 2])
    for (const id of [1, 2]) {
      const archive = playerHistory(db, id, undefined, false)
        .filter((h) => h.listId !== 2)
        .map((h) => ({ playerId: id, listId: h.listId, rating: h.rating, games: h.games, k: h.k, flags: h.flags, delisted: h.delisted, title: h.title, federation: h.federation }))
      expect([...lines.get(id)!].sort((a, b) => a.listId - b.listId)).toEqual(archive)
    }
    expect(lines.get(1)!.find((l) => l.listId === 3)!.federation).toBe('Ñ"\\é')
    // the delisted line of list 2 (not asked for) stays out; asked for, it has no rating
    expect(siteLines(db, [1], [2]).get(1)).toEqual([{ playerId: 1, listId: 2, rating: null, games: 0, k: 20, flags: null, delisted: true, title: 'WFM', federation: 'FRA' }])
    expect(siteLines(db, [3], [1, 3]).size).toBe(0)
    db.close()
  })
})
