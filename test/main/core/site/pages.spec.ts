// The website's pages from their model: a superseded list marked with its correction's reason (on the lists' index,
// on its page, linked to the version that replaced it), text escaped everywhere (a name or a reason cannot inject
// markup), French typography, relative links only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../../helpers/temp-db'
import { buildFixture, type Fixture } from '../services/list-fixture'
import { siteLists } from '../../../../src/main/core/services/site'
import { listPageHtml, listsIndexPage } from '../../../../src/main/core/site/pages'
import { tournamentPageHtml } from '../../../../src/main/core/site/tournament-page'
import { rel, toRoot } from '../../../../src/main/core/site/html'
import type { SiteTournament } from '../../../../src/main/core/site/model'

const tmp = tempDir()
let fx: Fixture
let v2: number
const REASON = 'Open de Lyon <corrigé> & reclassé'

beforeAll(() => {
  fx = buildFixture(tmp.file('office.db'))
  const db = fx.services.ctx.db
  // March's office list corrected by a new version, with the correction's reason
  v2 = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status, version, supersedes_id) VALUES ('office', '2024-03-01', 'standard', 'FRA', 'draft', 2, ?)").run(fx.ids.mar).lastInsertRowid)
  db.prepare("INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, 1765, 4, 20)").run(v2, fx.players.dupont)
  db.prepare("INSERT INTO office_list_meta (list_id, base_list_id, closing_date, profile_id, params, engine_version, counters, inputs_hash, reason) VALUES (?, ?, '2024-02-25', 'fide-2024', '{}', 'test', '{}', 'x', ?)").run(v2, fx.ids.feb, REASON)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-03-05T10:00:00.000Z' WHERE id = ?").run(v2)
})
afterAll(async () => {
  await fx.services.close()
  tmp.cleanup()
})

describe('site pages', () => {
  it('marks a superseded version with its correction’s reason, escaped, and puts the new version in force', () => {
    const lists = siteLists(fx.services.ctx.db)
    const mar = lists.find((l) => l.id === fx.ids.mar)!
    const next = lists.find((l) => l.id === v2)!
    expect(mar).toMatchObject({ supersededBy: { id: v2, version: 2 }, supersededReason: REASON, current: false })
    expect(next).toMatchObject({ version: 2, supersedesId: fx.ids.mar, reason: REASON, current: true })
    const en = listsIndexPage({ locale: 'en', path: 'lists/index.html' }, 'FRA', lists)
    expect(en).toContain('version 1 · Superseded by version 2: Open de Lyon &lt;corrigé&gt; &amp; reclassé')
    expect(en).toContain('version 2 · Corrected version: Open de Lyon &lt;corrigé&gt; &amp; reclassé · in force')
    expect(en).not.toContain('<corrigé>')
    const fr = listPageHtml({ locale: 'fr', path: `lists/${mar.id}.html` }, 'FRA', { list: mar, tops: [], federations: [], regions: [], json: null, sheets: null })
    expect(fr).toContain(`<a href="${v2}.html">Remplacée par la version 2 : Open de Lyon &lt;corrigé&gt; &amp; reclassé</a>`)
    expect(fr).toContain('Liste standard du 1er mars 2024')
  })

  it('escapes a tournament’s and a player’s names in a crosstable, and shows a withheld player as such', () => {
    const t: SiteTournament = {
      id: 7,
      page: 'tournaments/7.html',
      name: '<script>alert(1)</script> Open',
      city: 'Saint-Étienne',
      federation: 'FRA',
      start: '2025-09-01',
      end: '2025-09-03',
      ratedBy: [],
      rounds: 1,
      players: [
        { startRank: 1, name: 'O"Neil <b>', federation: 'FRA', title: null, rating: 2000, points: 1, rank: 1, page: null, withheld: false, rounds: [{ round: 1, opponent: 2, color: 'w', code: '1' }] },
        { startRank: 2, name: 'Secret, Name', federation: 'FRA', title: 'FM', rating: 1900, points: 0, rank: 2, page: 'players/02/2.html', withheld: true, rounds: [{ round: 1, opponent: 1, color: 'b', code: '0' }] }
      ]
    }
    const html = tournamentPageHtml({ locale: 'fr', path: t.page }, 'FRA', t)
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Open')
    expect(html).toContain('O&quot;Neil &lt;b&gt;')
    expect(html).not.toContain('Secret')
    expect(html).not.toContain('players/02/2.html')
    expect(html).toContain('<em>non publié</em>')
    expect(html).toContain('<dt>Lieu</dt><dd>Saint-Étienne</dd>')
    expect(html).toContain('<td>2w1<td class="n">1')
  })

  it('links relatively: from a player page to a list, to the other language and to the assets', () => {
    const ref = { locale: 'en' as const, path: 'players/0a/10.html' }
    expect(rel(ref, 'lists/3.html')).toBe('../../lists/3.html')
    // from a player's page to another's: only the folders they do not share climbed
    expect(rel(ref, 'players/0a/26.html')).toBe('26.html')
    expect(rel(ref, 'players/1b/27.html')).toBe('../1b/27.html')
    expect(rel({ locale: 'en', path: 'index.html' }, 'players/1b/27.html')).toBe('players/1b/27.html')
    expect(rel({ locale: 'en', path: 'lists/3.html' }, 'lists/index.html')).toBe('index.html')
    expect(toRoot(ref, 'assets/site.css')).toBe('../../../assets/site.css')
    expect(toRoot(ref, 'fr/players/0a/10.html')).toBe('../../../fr/players/0a/10.html')
  })
})
