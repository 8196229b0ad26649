// lists:diff and lists:reconcile on a real database: two lists compared kind by kind, and an office list
// reconciled with a "FIDE" list that differs from it in five known ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { Db } from '../../../../src/main/core/db/open'
import { tempDir } from '../../../helpers/temp-db'
import { buildFixture, callOk, type Fixture } from './list-fixture'
import { packSheet } from '../../../../src/main/core/lists/stored-sheet'

const tmp = tempDir()
let fx: Fixture
afterAll(async () => {
  await fx.services.close()
  tmp.cleanup()
})
beforeAll(() => {
  fx = buildFixture(tmp.file('office.db'))
})

describe('lists:top', () => {
  it('ranks the active rated players of a category, and of a federation', async () => {
    const open = await callOk(fx.services, 'lists:top', { listId: fx.ids.feb, limit: 2 })
    // Dupont is inactive (flag i): a top list leaves him out
    expect(open.rows.map((r) => [r.rank, r.name, r.rating])).toEqual([[1, 'Carlsen, Magnus', 2830], [2, 'Müller, Anna', 1872]])
    const women = await callOk(fx.services, 'lists:top', { listId: fx.ids.feb, category: 'women' })
    expect(women.rows.map((r) => r.name)).toEqual(['Müller, Anna', 'Martin, Léa'])
    const juniors = await callOk(fx.services, 'lists:top', { listId: fx.ids.feb, category: 'juniors' })
    expect(juniors.rows.map((r) => [r.name, r.birthYear])).toEqual([['Martin, Léa', 2010]])
    const fra = await callOk(fx.services, 'lists:top', { listId: fx.ids.feb, federation: 'fra' })
    expect(fra.rows.map((r) => r.name)).toEqual(['Martin, Léa'])
  })
})

describe('lists:diff', () => {
  it('counts each kind of change and pages its players', async () => {
    const d = await callOk(fx.services, 'lists:diff', { fromId: fx.ids.jan, toId: fx.ids.feb, kind: 'up' })
    // Carlsen and Dupont (inactive on both) unchanged, Müller up, Martin new (lists/change-kinds.ts)
    expect(d.counts).toEqual({ up: 1, down: 0, new: 1, delisted: 0, inactive: 0, reactivated: 0, title: 0, unchanged: 2, unlisted: 0 })
    expect(d.rows).toEqual([
      {
        playerId: fx.players.muller,
        fideId: 4600010,
        name: 'Müller, Anna',
        federation: 'GER',
        from: { rating: 1850, games: 9, k: 40, flags: null, title: null, status: null },
        to: { rating: 1872, games: 7, k: 40, flags: null, title: null, status: null }
      }
    ])
    const fresh = await callOk(fx.services, 'lists:diff', { fromId: fx.ids.jan, toId: fx.ids.feb, kind: 'new' })
    expect(fresh.rows.map((r) => [r.name, r.from, r.to?.rating])).toEqual([['Martin, Léa', null, 1450]])
  })

  it('an office list against the FIDE list before it: rises, leavers, reactivated, new', async () => {
    // Carlsen and Müller have no line on March's list: unlisted, not delisted (no line shows them delisted); Dupont
    // rises and is active again (up and reactivated both), Martin rises, the newcomer is new
    const d = await callOk(fx.services, 'lists:diff', { fromId: fx.ids.feb, toId: fx.ids.mar, kind: 'unlisted' })
    expect(d.counts).toEqual({ up: 2, down: 0, new: 1, delisted: 0, inactive: 0, reactivated: 1, title: 0, unchanged: 0, unlisted: 2 })
    expect(d.rows.map((r) => [r.name, r.from?.rating, r.to])).toEqual([
      ['Carlsen, Magnus', 2830, null],
      ['Müller, Anna', 1872, null]
    ])
    const up = await callOk(fx.services, 'lists:diff', { fromId: fx.ids.feb, toId: fx.ids.mar, kind: 'up', limit: 1, offset: 0, withCounts: false })
    expect(up.counts).toBeNull()
    expect(up.total).toBe(2)
    expect(up.rows.map((r) => r.name)).toEqual(['Martin, Léa']) // +220 before Dupont's +160
  })

  it('refuses lists of different types, and a list compared with itself', async () => {
    const a = await fx.services.dispatch('lists:diff', { fromId: fx.ids.feb, toId: fx.ids.rapid })
    expect(a).toMatchObject({ ok: false, error: { key: 'lists.differentTypes' } })
    const b = await fx.services.dispatch('lists:diff', { fromId: fx.ids.feb, toId: fx.ids.feb })
    expect(b).toMatchObject({ ok: false, error: { key: 'lists.sameList' } })
  })
})

/**
 * Office list (FRA, 2025-02-01) and FIDE's list of the same date, each from its own base (the office's January
 * list, FIDE's January list). Five players differ in five known ways; a sixth agrees.
 */
function reconcileFixture(db: Db): { office: number; fide: number; p: Record<string, number> } {
  const player = (fideId: number | null, surname: string, fed = 'FRA'): number =>
    Number(
      db
        .prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date) VALUES (?, ?, 'A', ?, ?, 'M', '1980')")
        .run(fideId, surname, `${surname.toLowerCase()} a`, fed).lastInsertRowid
    )
  const list = (kind: string, date: string, source: string, status: string): number =>
    Number(db.prepare('INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, ?, ?, ?, ?)').run(kind, date, 'blitz', source, status).lastInsertRowid)
  const entry = (l: number, p: number, rating: number, games: number, k: number, flags: string | null = null): void => {
    db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags) VALUES (?, ?, ?, ?, ?, ?)').run(l, p, rating, games, k, flags)
  }
  const p = {
    same: player(1, 'Same'),
    base: player(2, 'Base'),
    games: player(3, 'Games'),
    k: player(4, 'Kay'),
    rounding: player(5, 'Round'),
    national: player(null, 'National'),
    fideOnly: player(7, 'Fideonly'),
    abroad: player(8, 'Abroad', 'GER'),
    capped: player(9, 'Capped'),
    sheetRound: player(10, 'Sheetround')
  }
  return db.transaction(() => {
    const fideJan = list('reference', '2025-01-01', 'FIDE', 'reference')
    const officeJan = list('office', '2025-01-01', 'FRA', 'draft')
    const fideFeb = list('reference', '2025-02-01', 'FIDE', 'reference')
    const officeFeb = list('office', '2025-02-01', 'FRA', 'draft')
    for (const l of [fideJan, officeJan]) {
      entry(l, p.same, 1500, 0, 20)
      entry(l, p.games, 1600, 0, 20)
      entry(l, p.rounding, 1700, 0, 20)
      entry(l, p.fideOnly, 1400, 0, 20)
    }
    entry(fideJan, p.base, 1800, 0, 20)
    entry(officeJan, p.base, 1790, 0, 20) // the office started from another rating
    entry(fideJan, p.k, 1900, 0, 40)
    entry(officeJan, p.k, 1900, 0, 20) // ... and with another K
    entry(fideJan, p.abroad, 2000, 0, 20)
    for (const l of [fideJan, officeJan]) {
      entry(l, p.capped, 1800, 0, 20)
      entry(l, p.sheetRound, 1700, 0, 20)
    }
    // February: both sides
    entry(fideFeb, p.same, 1510, 3, 20)
    entry(officeFeb, p.same, 1510, 3, 20)
    entry(fideFeb, p.base, 1812, 4, 20)
    entry(officeFeb, p.base, 1802, 4, 20)
    entry(fideFeb, p.games, 1622, 6, 20) // FIDE rated a game the office does not have
    entry(officeFeb, p.games, 1614, 5, 20)
    entry(fideFeb, p.k, 1940, 5, 40)
    entry(officeFeb, p.k, 1920, 5, 20)
    entry(fideFeb, p.rounding, 1713, 4, 20)
    entry(officeFeb, p.rounding, 1712, 4, 20)
    entry(officeFeb, p.national, 1450, 7, 40) // no FIDE ID: unknown to FIDE
    entry(fideFeb, p.fideOnly, 1400, 0, 20, 'i') // on FIDE's list only
    entry(fideFeb, p.abroad, 2000, 0, 20) // another federation's player: not the office's business
    // with the office's calculation sheets: a game against an opponent 500 points above (400-point rule), and an
    // unrounded change of +12.5 the office rounded up while FIDE has +12
    entry(officeFeb, p.capped, 1812, 5, 20)
    entry(fideFeb, p.capped, 1808, 5, 20)
    entry(officeFeb, p.sheetRound, 1713, 4, 20)
    entry(fideFeb, p.sheetRound, 1712, 4, 20)
    const sheet = (playerId: number, changeExact: number, opponentRating: number) =>
      db
        .prepare("INSERT INTO office_list_sheets (list_id, player_id, kind, before_rating, change, tournaments, sheet) VALUES (?, ?, 'up', ?, ?, '[]', ?)")
        .run(officeFeb, playerId, 1800, Math.round(changeExact), packSheet({ playerId, changeExact, tournaments: [{ games: [{ counted: true, ratingUsed: 1800, opponentRating, capped: opponentRating - 1800 > 400 }] }] }))
    sheet(p.capped, 12.2, 2300)
    sheet(p.sheetRound, 12.5, 1750)
    db.prepare("UPDATE rating_lists SET status = 'published' WHERE id IN (?, ?)").run(officeJan, officeFeb)
    return { office: officeFeb, fide: fideFeb, p }
  })()
}

describe('lists:reconcile', () => {
  it('finds the known reasons, one per differing player, the sheets telling the 400-point rule and the rounding', async () => {
    const services: Services = createServices({ dbPath: tmp.file('reconcile.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    try {
      const { office, fide, p } = reconcileFixture(services.ctx.db)
      const r = await callOk(services, 'lists:reconcile', { listId: office, referenceId: fide })
      expect(r.sheets).toBe(true)
      expect(r.officeBase?.listDate).toBe('2025-01-01')
      expect(r.referenceBase?.listDate).toBe('2025-01-01')
      const byPlayer = Object.fromEntries(r.rows.map((row) => [row.playerId, row.reasons]))
      expect(byPlayer).toEqual({
        [p.base]: [{ code: 'base', office: 1790, reference: 1800 }],
        [p.games]: [{ code: 'gamesReference', office: 5, reference: 6 }],
        [p.k]: [{ code: 'k', office: 20, reference: 40 }],
        [p.rounding]: [{ code: 'rounding', office: 1712, reference: 1713 }],
        [p.national]: [{ code: 'onlyOffice', office: 1450, reference: null }],
        [p.fideOnly]: [{ code: 'onlyReference', office: null, reference: 1400 }],
        [p.capped]: [{ code: 'cap400', office: 1812, reference: 1808 }],
        [p.sheetRound]: [{ code: 'rounding', office: 12.5, reference: 12 }]
      })
      expect(r.differing).toBe(8)
      expect(r.counts).toMatchObject({ base: 1, gamesReference: 1, k: 1, rounding: 2, onlyOffice: 1, onlyReference: 1, cap400: 1, unexplained: 0 })
      const onlyK = await callOk(services, 'lists:reconcile', { listId: office, referenceId: fide, reason: 'k' })
      expect(onlyK.rows.map((row) => row.name)).toEqual(['Kay, A'])
      expect(onlyK.total).toBe(1)
    } finally {
      await services.close()
    }
  })
})
