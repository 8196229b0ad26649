// The public website built from the demo federation's database: its pages carry the office's figures (the sheet of
// lists:sheet, the ratings of the list's rows), never a national ID or a full birth date; a withheld player has no page
// and no search entry but still counts for his opponents; two builds give the same bytes; after one more list only the
// files it changed are rewritten, and the result equals a full build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../../../helpers/temp-db'
import { folderFiles } from '../../../helpers/site-files'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { publishDemoOctober } from '../../../helpers/demo-site'
import { buildSite } from '../../../../src/main/core/services/site'
import { sheetView } from '../../../../src/main/core/services/list-reads'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { publishList } from '../../../../src/main/core/services/list-publication'
import { writeSitePrivacy } from '../../../../src/main/core/data/site'
import { playerPage, sheetsPage } from '../../../../src/main/core/site/model'
import { shardsFor } from '../../../../src/main/core/site/search-index'
import { foldName } from '../../../../src/main/core/registry/names'
import { SITE_JS } from '../../../../src/main/core/site/assets'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { CalculationSheet } from '../../../../src/main/core/lists/types'
import jobsI18n from '../../../../src/renderer/src/features/jobs/i18n'

const SLOW = 240_000
/** Two helper threads, started whatever the number of players (the demo's few would not start them by default). */
const ON_THREADS = { thread: sourceWorkerScript(), threads: 2, threadsFrom: 1 }
const tmp = tempDir()
let db: Db
let october: number
let built: Awaited<ReturnType<typeof buildSite>>

const files = (dir: string): Map<string, Buffer> => folderFiles(dir)

function id(surname: string, given: string): { id: number; fideId: number } {
  return db.prepare('SELECT id, fide_id AS fideId FROM players WHERE surname = ? AND given_names = ?').get(surname, given) as { id: number; fideId: number }
}

beforeAll(async () => {
  db = openDatabase(tmp.file('office.db'))
  october = await publishDemoOctober(db)
  // a full birth date in the registry (the demo gives years only): the site must never print it
  db.prepare("UPDATE players SET birth_date = '2011-04-17' WHERE surname = 'Rivière' AND given_names = 'Cédric'").run()
  built = await buildSite(db, { out: tmp.file('site-a') })
}, SLOW)
afterAll(() => {
  db.close()
  tmp.cleanup()
})

describe('the public website', () => {
  it('shows each published rating’s calculation sheet with the figures of lists:sheet, and the rule it follows', () => {
    const out = tmp.file('site-a')
    const r = built
    expect(r.mode).toBe('full')
    expect(r.lists).toBe(1)
    const cedric = id('Rivière', 'Cédric')
    const view = sheetView(db, { listId: october, playerId: cedric.id })
    const sheet = view.sheet as CalculationSheet
    const html = readFileSync(join(out, 'en', playerPage(cedric.id)), 'utf8')
    // his October line: 2534 before, Open d'automne de Lyon, 7 games, change +9 → 2543 (the office's sheet)
    expect(sheet.base.rating).toBe(2534)
    expect(sheet.change).toBe(9)
    expect(html).toContain(`Before this list: ${sheet.base.rating}, K ${sheet.base.k}`)
    const t = sheet.tournaments[0]!
    expect(html).toContain(`Games counted ${t.n} · W ${t.w} · We ${t.we!.toFixed(2)} · ΣΔR +${t.chg!.toFixed(2)} · K ${t.k} · K × ΣΔR +${t.kChg!.toFixed(2)}`)
    expect(html).toContain(`Σ K × ΣΔR = ${sheet.changeExact!.toFixed(2)}, rounded to +9 <span class="rule">(FIDE Rating Regulations 2024, § 8.3.4)</span>`)
    expect(html).toContain(`New rating ${sheet.rating}; K for the next period ${sheet.kNext.k}`)
    // every opponent by name with his rating and the date of the list it came from
    for (const g of t.games) {
      const opp = view.references.players.find((p) => p.id === g.opponentId)!
      expect(html).toContain(`>${opp.name.replace(/'/g, '&#39;')}</a>`)
      expect(html).toContain(`<td>${g.opponentRating}<td>1 Sept 2025<td>`)
    }
    expect(html).toContain('Rule: FIDE Rating Regulations 2024')
    const fr = readFileSync(join(out, 'fr', playerPage(cedric.id)), 'utf8')
    expect(fr).toContain('Σ K × ΣΔR = 8,80, arrondi à +9')
    expect(fr).toContain('<html lang="fr">')
    // the list's pages of sheets hold the same sheet under his name, the list's page leads to them, and every page of
    // sheets stays under the 200 KB a request may carry
    const pages = readdirSync(join(out, 'en', 'sheets', String(october))).sort((a, b) => parseInt(a) - parseInt(b))
    const holding = pages.map((f) => readFileSync(join(out, 'en', 'sheets', String(october), f), 'utf8')).filter((h) => h.includes(`<section class="sheet" id="p${cedric.id}">`))
    expect(holding).toHaveLength(1)
    const mine = holding[0]!.slice(holding[0]!.indexOf(`<section class="sheet" id="p${cedric.id}">`))
    const section = mine.slice(0, mine.indexOf('</section>'))
    expect(section).toContain(`>Rivière, Cédric</a>`)
    expect(section).toContain(`Σ K × ΣΔR = ${sheet.changeExact!.toFixed(2)}, rounded to +9 <span class="rule">(FIDE Rating Regulations 2024, § 8.3.4)</span>`)
    expect(section).toContain(`New rating ${sheet.rating}; K for the next period ${sheet.kNext.k}`)
    expect(readFileSync(join(out, 'en', 'lists', `${october}.html`), 'utf8')).toContain(`href="../${sheetsPage(october, 1)}"`)
    for (const loc of ['en', 'fr']) for (const f of pages) expect(readFileSync(join(out, loc, 'sheets', String(october), f)).length, `${loc} ${f}`).toBeLessThanOrEqual(200_000)
    // the list's sheets: one section for each player with a sheet on it, withheld ones aside
    const sections = pages.map((f) => readFileSync(join(out, 'en', 'sheets', String(october), f), 'utf8').split('<section class="sheet" id="p').length - 1).reduce((a, b) => a + b, 0)
    expect(sections).toBe(db.prepare('SELECT count(*) FROM office_list_sheets WHERE list_id = ?').pluck().get(october))
  }, SLOW)

  it('marks the delisted player on his page and gives him no rating in the top lists', async () => {
    const out = tmp.file('site-a')
    const aurelien = id('Rivière', 'Aurélien')
    const html = readFileSync(join(out, 'en', playerPage(aurelien.id)), 'utf8')
    expect(html).toContain('delisted (rating under the floor, now unrated)')
    const json = JSON.parse(readFileSync(join(out, 'data/lists', `${october}.json`), 'utf8')) as { players: { playerId: number; rating: number | null; delisted: boolean }[] }
    expect(json.players.find((p) => p.playerId === aurelien.id)).toMatchObject({ rating: null, delisted: true })
  })

  it('finds "muller"-style queries: the search index folds names as the registry does, in small files', () => {
    const out = tmp.file('site-a')
    const index = JSON.parse(readFileSync(join(out, 'search/index.json'), 'utf8')) as { names: string[]; ids: string[] }
    const shards = shardsFor(index.names, 'riviere')!
    const entries = shards.flatMap((p) => JSON.parse(readFileSync(join(out, 'search', `n-${p}.json`), 'utf8')) as [string, string][])
    expect(entries.filter((e) => e[0].split(' ').includes('riviere')).map((e) => e[1]).sort()).toEqual(['Rivière, Antoine', 'Rivière, Aurélien', 'Rivière, Cédric', 'Rivière, Clémence', 'Rivière, Hugo'].sort())
    // the script's fold is the registry's
    const fold = new Function('window', 'document', 'location', `${SITE_JS}; return window.ratingSiteFold`)({}, { getElementById: () => null }, { search: '' }) as (s: string) => string
    for (const name of ['Müller, Anna', 'Lebœuf, Inès', 'Østergaard, Jérôme', "O'Brien-Smith", 'Łukasz Żółć', 'Straße', 'Иванов Пётр']) expect(fold(name)).toBe(foldName(name))
    for (const f of files(join(out, 'search')).values()) expect(f.length).toBeLessThan(200_000)
  })

  it('publishes no national ID and no full birth date; birth year and sex only when allowed', () => {
    const out = tmp.file('site-a')
    const nationalIds = db.prepare('SELECT national_id FROM players WHERE national_id IS NOT NULL').pluck().all() as string[]
    expect(nationalIds.length).toBeGreaterThan(250)
    const all = files(out)
    for (const [path, bytes] of all) {
      const text = bytes.toString('utf8')
      expect(text.includes('2011-04-17'), path).toBe(false)
      for (const n of nationalIds) if (text.includes(n)) throw new Error(`${path} holds the national ID ${n}`)
    }
    const cedric = readFileSync(join(out, 'en', playerPage(id('Rivière', 'Cédric').id)), 'utf8')
    expect(cedric).not.toContain('<dt>Born</dt>')
    expect(cedric).not.toContain('<dt>Sex</dt>')
  })

  it('withholds a player at his request: no page, no search entry, “withheld” in crosstables and his opponents’ sheets, his rating still counted', async () => {
    const cedric = id('Rivière', 'Cédric')
    const girard = id('Girard', 'Loïc') // Cédric's opponent in round 1 of the Open d'automne de Lyon
    writeSitePrivacy(db, { birthYear: true, sex: false, withheld: [cedric.id] })
    const out = tmp.file('site-w')
    const r = await buildSite(db, { out })
    expect(r.withheld).toBe(1)
    const all = files(out)
    expect(existsSync(join(out, 'en', playerPage(cedric.id)))).toBe(false)
    for (const [path, bytes] of all) {
      const text = bytes.toString('utf8')
      if (text.includes(String(cedric.fideId))) throw new Error(`${path} names the withheld player’s FIDE ID`)
      if (text.includes('Rivière, Cédric') || text.includes('Cédric Rivière')) throw new Error(`${path} names the withheld player`)
    }
    const lyon = readFileSync(join(out, 'en/tournaments/1.html'), 'utf8')
    expect(lyon).toContain('<em>withheld</em>')
    const girardPage = readFileSync(join(out, 'en', playerPage(girard.id)), 'utf8')
    expect(girardPage).toContain('<em>withheld</em>')
    // his rating counted for Girard: the office's sheet of Girard, unchanged, gives the same figures
    const gSheet = sheetView(db, { listId: october, playerId: girard.id }).sheet as CalculationSheet
    const game = gSheet.tournaments[0]!.games.find((g) => g.opponentId === cedric.id)!
    expect(game.opponentRating).toBe(2534)
    expect(girardPage).toContain(`<tr><td>${game.round}<td><em>withheld</em><td>2534<td>`)
    // birth year allowed now: on the pages, as a year
    expect(girardPage).toMatch(/<dt>Born<\/dt><dd>\d{4}<\/dd>/)
    writeSitePrivacy(db, { birthYear: false, sex: false, withheld: [] })
  }, SLOW)

  it('reports its progress by named steps the jobs panel translates: the lists’ pages of sheets, then the players', async () => {
    const steps: string[] = []
    await buildSite(db, { out: tmp.file('site-progress'), progress: (_d, _t, m) => steps.push(m) })
    const order = steps.filter((m, i) => m !== steps[i - 1])
    expect(order).toEqual(['sheets', 'players', 'done'])
    for (const m of order) expect(jobsI18n.en.jobs.steps[m as keyof typeof jobsI18n.en.jobs.steps], m).toBeTruthy()
  }, SLOW)
  it('is deterministic (two builds, the same bytes) and incremental (after one more list, only the files it changed are rewritten; the result equals a full build)', async () => {
    const a = tmp.file('site-d1')
    const b = tmp.file('site-d2')
    await buildSite(db, { out: a })
    await buildSite(db, { out: b })
    const fa = files(a)
    const fb = files(b)
    expect([...fa.keys()]).toEqual([...fb.keys()])
    for (const [k, v] of fa) expect(v.equals(fb.get(k)!), k).toBe(true)

    // one more list: November 2025, no tournament (every line carried over; the players whose line changes are the touched ones)
    const before = files(a)
    const nov = generateDraft(db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
    publishList(db, nov, null, {}, { name: 'Fédération française des échecs', code: 'FRA' })
    const touched = db
      .prepare(
        `SELECT n.player_id FROM rating_list_entries n LEFT JOIN rating_list_entries o ON o.list_id = ? AND o.player_id = n.player_id
          WHERE n.list_id = ? AND (o.player_id IS NULL OR o.rating IS NOT n.rating OR o.k IS NOT n.k OR o.flags IS NOT n.flags OR o.games IS NOT n.games OR o.entry_status IS NOT n.entry_status OR o.title IS NOT n.title OR o.federation IS NOT n.federation)
          UNION SELECT o.player_id FROM rating_list_entries o WHERE o.list_id = ? AND o.player_id NOT IN (SELECT player_id FROM rating_list_entries WHERE list_id = ?)`
      )
      .pluck()
      .all(october, nov, october, nov) as number[]
    // October's pages of sheets are kept as they are (a published sheet does not change); one of them gone from the
    // folder is written again, the same bytes
    const octoberSheets = [...before.keys()].filter((k) => k.startsWith(`en/sheets/${october}/`))
    expect(octoberSheets.length).toBeGreaterThan(0)
    rmSync(join(a, 'fr', 'sheets', String(october), '1.html'))
    const r = await buildSite(db, { out: a })
    expect(r.mode).toBe('incremental')
    expect(r.rendered).toBe(touched.length)
    expect(r.written).toContain(`fr/sheets/${october}/1.html`)
    // of the pages of sheets, November's (new) and the one removed are written, no other
    expect(r.written.filter((k) => k.includes('/sheets/') && !k.includes(`/sheets/${nov}/`))).toEqual([`fr/sheets/${october}/1.html`])
    const after = files(a)
    const changed = [...after.keys()].filter((k) => !before.has(k) || !before.get(k)!.equals(after.get(k)!)).sort()
    expect([...r.written].sort()).toEqual([...changed.filter((k) => k !== 'site-manifest.json'), `fr/sheets/${october}/1.html`].sort())
    // expected: November's pages, October's (no longer in force: its federation pages and JSON go), the home and the
    // lists' index, the touched players' pages (both languages), the manifest
    const expected = new Set<string>(['site-manifest.json'])
    for (const loc of ['en', 'fr']) {
      expected.add(`${loc}/index.html`)
      expected.add(`${loc}/lists/index.html`)
      expected.add(`${loc}/lists/${october}.html`)
      expected.add(`${loc}/lists/${nov}.html`)
      for (const k of after.keys()) if (k.startsWith(`${loc}/lists/${nov}-`) || k.startsWith(`${loc}/sheets/${nov}/`)) expected.add(k)
      for (const p of touched) expected.add(`${loc}/${playerPage(p)}`)
    }
    expected.add(`data/lists/${nov}.json`)
    // every tournament page names the lists that rated it: October only, unchanged
    expect(changed.filter((k) => !expected.has(k))).toEqual([])
    expect([...expected].filter((k) => after.has(k) && !changed.includes(k))).toEqual([])
    expect(r.deleted.every((k) => k.startsWith('data/lists/') || /\/lists\/\d+-(fed|region)-/.test(k))).toBe(true)
    expect(r.deleted).toContain(`data/lists/${october}.json`)

    // the incremental result equals a full build from nothing
    const full = tmp.file('site-full')
    await buildSite(db, { out: full })
    const ff = files(full)
    expect([...after.keys()].sort()).toEqual([...ff.keys()].sort())
    for (const [k, v] of ff) expect(v.equals(after.get(k)!), k).toBe(true)
    // the same rebuild on helper threads, from the other folder (no page of sheets removed there): the same bytes
    const t = await buildSite(db, { out: b, ...ON_THREADS })
    expect(t.mode).toBe('incremental')
    expect([...t.written].sort()).toEqual(r.written.filter((k) => k !== `fr/sheets/${october}/1.html`).sort())
    const fb2 = files(b)
    expect([...fb2.keys()].sort()).toEqual([...after.keys()].sort())
    for (const [k, v] of after) expect(v.equals(fb2.get(k)!), k).toBe(true)
  }, SLOW)

  it('renders on helper threads the same bytes as on one thread, first build and incremental build alike', async () => {
    const one = tmp.file('site-t1')
    const two = tmp.file('site-t2')
    const single = await buildSite(db, { out: one, threads: 0 })
    const threaded = await buildSite(db, { out: two, ...ON_THREADS })
    expect(threaded.rendered).toBe(single.rendered)
    expect(threaded.rendered).toBeGreaterThan(100)
    expect(threaded.written).toEqual(single.written)
    const f1 = files(one)
    const f2 = files(two)
    expect([...f2.keys()]).toEqual([...f1.keys()])
    for (const [k, v] of f1) expect(v.equals(f2.get(k)!), k).toBe(true)
    // a registry edit, then each folder brought up to date its own way: the same files rewritten, the same bytes
    const { id: pid } = id('Rivière', 'Hugo')
    db.prepare("UPDATE players SET given_names = 'Hugo-Hervé' WHERE id = ?").run(pid)
    try {
      const a = await buildSite(db, { out: one, threads: 0 })
      const b = await buildSite(db, { out: two, ...ON_THREADS })
      expect(b.mode).toBe('incremental')
      expect(b.rendered).toBe(a.rendered)
      expect(b.written).toEqual(a.written)
      expect(b.written).toContain(`en/${playerPage(pid)}`)
      const g1 = files(one)
      const g2 = files(two)
      expect([...g2.keys()]).toEqual([...g1.keys()])
      for (const [k, v] of g1) expect(v.equals(g2.get(k)!), k).toBe(true)
    } finally {
      db.prepare("UPDATE players SET given_names = 'Hugo' WHERE id = ?").run(pid)
    }
  }, SLOW)

  it('a build cancelled while its helper threads render leaves no page half written, and the next one completes the site', async () => {
    const whole = tmp.file('site-c-whole')
    await buildSite(db, { out: whole, threads: 0 })
    const expected = files(whole)
    const out = tmp.file('site-c')
    // cancelled at the first look after the players' pages began to be handed out
    let phase = ''
    const cancelled = buildSite(db, {
      out,
      ...ON_THREADS,
      progress: (_done, _total, step) => (phase = step),
      throwIfCancelled: () => {
        if (phase === 'players') throw new Error('cancelled by the officer')
      }
    })
    await expect(cancelled).rejects.toThrow('cancelled by the officer')
    // every page there is whole: the bytes a full build gives it
    const left = files(out)
    const pages = [...left.keys()].filter((p) => p.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(0)
    for (const p of pages) expect(left.get(p)!.equals(expected.get(p)!), p).toBe(true)
    // the manifest left vouches for nothing: the next build renders everything and gives the whole site
    const next = await buildSite(db, { out, ...ON_THREADS })
    expect(next.mode).toBe('full')
    const done = files(out)
    expect([...done.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [k, v] of expected) expect(done.get(k)!.equals(v), k).toBe(true)
    expect(next.written.length + next.unchanged).toBe(expected.size - 1)
    expect(next.unchanged).toBeGreaterThan(0)
  }, SLOW)

  it('a page a helper thread cannot write fails the build with the file system’s error, and the next build mends the site', async () => {
    const out = tmp.file('site-w')
    await buildSite(db, { out, ...ON_THREADS })
    const page = `fr/${playerPage(id('Rivière', 'Hugo').id)}`
    // his page, which a new given name changes, is a folder now: its write fails
    rmSync(join(out, page))
    mkdirSync(join(out, page))
    const { id: pid } = id('Rivière', 'Hugo')
    db.prepare("UPDATE players SET given_names = 'Hugo-Hervé' WHERE id = ?").run(pid)
    try {
      await expect(buildSite(db, { out, ...ON_THREADS, full: true })).rejects.toThrow(/EISDIR/)
      rmSync(join(out, page), { recursive: true })
      const mended = await buildSite(db, { out, ...ON_THREADS })
      expect(mended.mode).toBe('full')
      expect(readFileSync(join(out, page), 'utf8')).toContain('Hugo-Hervé')
    } finally {
      db.prepare("UPDATE players SET given_names = 'Hugo' WHERE id = ?").run(pid)
    }
  }, SLOW)

  it('on helper threads, writes a page the folder holds but no manifest recorded only when its bytes differ', async () => {
    const out = tmp.file('site-t3')
    await buildSite(db, { out, ...ON_THREADS })
    const hugo = `fr/${playerPage(id('Rivière', 'Hugo').id)}`
    const cedric = `en/${playerPage(id('Rivière', 'Cédric').id)}`
    const sheets = `en/${sheetsPage(october, 1)}`
    const kept = readFileSync(join(out, hugo))
    // the manifest forgets three files the folder holds: one as built, two whose bytes were changed meanwhile
    const mfile = join(out, 'site-manifest.json')
    const m = JSON.parse(readFileSync(mfile, 'utf8')) as { files: Record<string, unknown> }
    for (const p of [hugo, cedric, sheets]) delete m.files[p]
    writeFileSync(mfile, JSON.stringify(m))
    writeFileSync(join(out, cedric), 'altered')
    writeFileSync(join(out, sheets), readFileSync(join(out, sheets), 'utf8').replace('Cédric', 'Cedric'))
    const again = await buildSite(db, { out, full: true, ...ON_THREADS })
    expect(again.written).toEqual([sheets, cedric])
    expect(readFileSync(join(out, hugo)).equals(kept)).toBe(true)
    expect(readFileSync(join(out, cedric), 'utf8')).toContain('Rivière, Cédric')
    expect(readFileSync(join(out, sheets), 'utf8')).toContain('Cédric')
    // the manifest records all three again
    const now = JSON.parse(readFileSync(mfile, 'utf8')) as { files: Record<string, unknown> }
    for (const p of [hugo, cedric, sheets]) expect(now.files[p], p).toBeDefined()
  }, SLOW)

  it('misses no registry edit: after a new name, title or federation, and a player withheld or published again, the incremental build equals a full build', async () => {
    const out = tmp.file('site-r')
    await buildSite(db, { out })
    const cedric = id('Rivière', 'Cédric')
    const girard = id('Girard', 'Loïc') // Cédric's opponent in round 1 of the Open d'automne de Lyon: his sheet names him
    const girardPage = `en/${playerPage(girard.id)}`
    const edits: [string, () => void, (written: string[]) => void][] = [
      ['a new name', () => db.prepare("UPDATE players SET surname = 'Rivière-Duval', name_folded = 'riviere-duval cedric' WHERE id = ?").run(cedric.id), (written) => {
        expect(written).toContain(`en/${playerPage(cedric.id)}`)
        expect(written).toContain(girardPage)
        expect(readFileSync(join(out, girardPage), 'utf8')).toContain('Rivière-Duval, Cédric')
      }],
      ['a title', () => db.prepare("UPDATE players SET title = 'FM' WHERE id = ?").run(cedric.id), (written) => {
        expect(written).toContain(`fr/${playerPage(cedric.id)}`)
        expect(readFileSync(join(out, 'en', playerPage(cedric.id)), 'utf8')).toContain('<dt>Titles</dt><dd>FM</dd>')
      }],
      ['a federation', () => db.prepare("UPDATE players SET federation = 'BEL' WHERE id = ?").run(cedric.id), (written) => {
        expect(written).toContain(`en/${playerPage(cedric.id)}`)
        expect(readFileSync(join(out, 'en', playerPage(cedric.id)), 'utf8')).toContain('<dt>Fed</dt><dd>BEL</dd>')
      }],
      ['withheld at his request', () => writeSitePrivacy(db, { birthYear: false, sex: false, withheld: [cedric.id] }), (written) => {
        expect(existsSync(join(out, 'en', playerPage(cedric.id)))).toBe(false)
        expect(written).toContain(girardPage)
        expect(readFileSync(join(out, girardPage), 'utf8')).toContain('<em>withheld</em>')
      }],
      ['published again', () => writeSitePrivacy(db, { birthYear: false, sex: false, withheld: [] }), (written) => {
        expect(written).toContain(`en/${playerPage(cedric.id)}`)
        expect(written).toContain(girardPage)
      }]
    ]
    for (const [what, edit, check] of edits) {
      edit()
      const r = await buildSite(db, { out })
      expect(r.mode, what).toBe('incremental')
      // his page and those of the players who met him, not everyone's
      expect(r.rendered, what).toBeLessThan(r.players / 2)
      check(r.written)
      const full = tmp.file(`site-r-full-${what.replace(/\W+/g, '-')}`)
      await buildSite(db, { out: full })
      const inc = files(out)
      const ff = files(full)
      expect([...inc.keys()], what).toEqual([...ff.keys()])
      for (const [k, v] of ff) expect(v.equals(inc.get(k)!), `${what}: ${k}`).toBe(true)
    }
  }, SLOW)
})
