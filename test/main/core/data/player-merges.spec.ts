// Merges re-point every list entry (and other references), are audited, and undo exactly until an office list is published.
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { mergePlayers, undoMerge, listMerges, standingRecord } from '../../../../src/main/core/data/player-merges'
import { arbiterLicenceOn, listArbiters, saveArbiter } from '../../../../src/main/core/data/arbiters'
import { foldName } from '../../../../src/main/core/registry/names'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
let n = 0
let db: Db
let keep: number
let drop: number
let listA: number
let listB: number

function addPlayer(s: string, g: string, fideId: number | null, birth: string | null, national: string | null = null): number {
  return Number(
    db.prepare('INSERT INTO players(fide_id, national_id, surname, given_names, name_folded, birth_date, federation) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(fideId, national, s, g, foldName(`${s} ${g}`), birth, fideId ? 'GER' : null).lastInsertRowid
  )
}
function addList(date: string, kind: 'reference' | 'office', status: 'reference' | 'draft'): number {
  return Number(
    db.prepare("INSERT INTO rating_lists(kind, list_date, rating_type, source, status) VALUES (?, ?, 'standard', 'FIDE', ?)").run(kind, date, status).lastInsertRowid
  )
}
const entry = (list: number, player: number, rating: number): void => {
  db.prepare('INSERT INTO rating_list_entries(list_id, player_id, rating) VALUES (?, ?, ?)').run(list, player, rating)
}
const entriesOf = (player: number): [number, number][] =>
  (db.prepare('SELECT list_id AS l, rating AS r FROM rating_list_entries WHERE player_id = ? ORDER BY list_id').all(player) as { l: number; r: number }[]).map((x) => [x.l, x.r])

beforeEach(() => {
  db = openDatabase(tmp.file(`merge-${++n}.db`))
  keep = addPlayer('Mueller', 'Juergen', 4600010, '1961')
  drop = addPlayer('Müller', 'Jürgen', null, '1961-04-02', 'GER-123')
  listA = addList('2025-10-01', 'reference', 'reference')
  listB = addList('2025-11-01', 'reference', 'reference')
  entry(listA, keep, 2100)
  entry(listB, drop, 2110)
  entry(listA, drop, 2090)
})

describe('mergePlayers', () => {
  it('re-points entries, keeps the kept entry on a shared list, fills identity gaps and audits', () => {
    const m = mergePlayers(db, keep, drop, 'same person, national registration')
    expect(entriesOf(keep)).toEqual([[listA, 2100], [listB, 2110]])
    expect(entriesOf(drop)).toEqual([[listA, 2090]])
    expect(m.entryConflicts).toEqual([listA])
    const k = db.prepare('SELECT fide_id, national_id, birth_date FROM players WHERE id = ?').get(keep)
    expect(k).toEqual({ fide_id: 4600010, national_id: 'GER-123', birth_date: '1961' })
    const d = db.prepare('SELECT status, merged_into, national_id FROM players WHERE id = ?').get(drop)
    expect(d).toEqual({ status: 'merged', merged_into: keep, national_id: null })
    const audit = db.prepare("SELECT reason, entity_id FROM audit_log WHERE action = 'player.merge'").get()
    expect(audit).toEqual({ reason: 'same person, national registration', entity_id: String(keep) })
    expect(listMerges(db, drop).map((x) => x.id)).toEqual([m.id])
  })
  it('follows a chain of merges to the record that stands today (standingRecord)', () => {
    const third = addPlayer('Muller', 'J.', null, null, 'GER-999')
    expect(standingRecord(db, drop)).toBe(drop)
    mergePlayers(db, keep, drop, 'same person, national registration')
    expect(standingRecord(db, drop)).toBe(keep)
    mergePlayers(db, third, keep, 'the national record kept this time')
    // drop went into keep, keep then into third: two hops
    expect([standingRecord(db, drop), standingRecord(db, keep), standingRecord(db, third)]).toEqual([third, third, third])
    // an unknown id stands for itself (the caller finds no row)
    expect(standingRecord(db, 999_999)).toBe(999_999)
  })
  it('moves other references to players too (arbiters)', () => {
    db.prepare("INSERT INTO arbiters(player_id, fide_id, title, source) VALUES (?, 999, 'NA', 'manual')").run(drop)
    mergePlayers(db, keep, drop, 'dup')
    expect(db.prepare('SELECT player_id FROM arbiters WHERE fide_id = 999').get()).toEqual({ player_id: keep })
  })
  it('re-points any table that references players (as tournament players do) and undoes it', () => {
    db.exec('CREATE TABLE event_players (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL, player_id INTEGER REFERENCES players(id), UNIQUE (event_id, player_id))')
    db.prepare('INSERT INTO event_players(event_id, player_id) VALUES (1, ?), (2, ?)').run(drop, keep)
    const m = mergePlayers(db, keep, drop, 'dup')
    expect(m.moved).toContainEqual({ table: 'event_players.player_id', rows: 1 })
    expect(db.prepare('SELECT event_id, player_id FROM event_players ORDER BY event_id').all()).toEqual([{ event_id: 1, player_id: keep }, { event_id: 2, player_id: keep }])
    undoMerge(db, m.id, 'undo')
    expect(db.prepare('SELECT event_id, player_id FROM event_players ORDER BY event_id').all()).toEqual([{ event_id: 1, player_id: drop }, { event_id: 2, player_id: keep }])
  })
  it('refuses to merge two players who met in the same event, and leaves everything as it was', () => {
    db.exec('CREATE TABLE event_players (id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL, player_id INTEGER REFERENCES players(id), UNIQUE (event_id, player_id))')
    db.prepare('INSERT INTO event_players(event_id, player_id) VALUES (1, ?), (1, ?)').run(drop, keep)
    expect(() => mergePlayers(db, keep, drop, 'dup')).toThrow(/cannot be merged.*event_players/)
    expect(entriesOf(keep)).toEqual([[listA, 2100]])
    expect(db.prepare('SELECT status FROM players WHERE id = ?').get(drop)).toEqual({ status: 'active' })
  })
  it('refuses a self-merge and a second merge of the same player', () => {
    expect(() => mergePlayers(db, keep, keep, 'x')).toThrow(/itself/)
    mergePlayers(db, keep, drop, 'dup')
    expect(() => mergePlayers(db, keep, drop, 'again')).toThrow(/already merged/)
  })
})

describe('undoMerge', () => {
  it('puts everything back exactly', () => {
    const before = { keep: entriesOf(keep), drop: entriesOf(drop), rows: db.prepare('SELECT id, fide_id, national_id, birth_date, status, merged_into FROM players ORDER BY id').all() }
    const m = mergePlayers(db, keep, drop, 'dup')
    const u = undoMerge(db, m.id, 'not the same person after all')
    expect(u.undoneAt).not.toBeNull()
    expect(entriesOf(keep)).toEqual(before.keep)
    expect(entriesOf(drop)).toEqual(before.drop)
    expect(db.prepare('SELECT id, fide_id, national_id, birth_date, status, merged_into FROM players ORDER BY id').all()).toEqual(before.rows)
    expect(db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'player.merge.undo'").get()).toEqual({ n: 1 })
    expect(() => undoMerge(db, m.id, 'twice')).toThrow(/already undone/)
  })
  it('is refused once an office list was published after the merge', () => {
    const m = mergePlayers(db, keep, drop, 'dup')
    const office = addList('2025-12-01', 'office', 'draft')
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = strftime('%Y-%m-%dT%H:%M:%fZ','now', '+1 second') WHERE id = ?").run(office)
    expect(() => undoMerge(db, m.id, 'too late')).toThrow(/published after it/)
    expect(entriesOf(keep)).toEqual([[listA, 2100], [listB, 2110]])
  })
})

describe('arbiters', () => {
  it('checks a licence on a date against status and validity', () => {
    saveArbiter(db, { fideId: 4600010, title: 'IA', licenceCategory: 'A', validFrom: '2020-01-01', validTo: '2025-12-31' }, 'licence card')
    expect(arbiterLicenceOn(db, 4600010, '2025-06-01')).toMatchObject({ licensed: true, reason: 'ok' })
    expect(arbiterLicenceOn(db, 4600010, '2019-12-31')).toMatchObject({ licensed: false, reason: 'not-yet-valid' })
    expect(arbiterLicenceOn(db, 4600010, '2026-01-01')).toMatchObject({ licensed: false, reason: 'expired' })
    expect(arbiterLicenceOn(db, 123, '2025-06-01')).toMatchObject({ licensed: false, reason: 'unknown', arbiter: null })
    saveArbiter(db, { fideId: 4600010, title: 'IA', status: 'suspended' }, 'suspended by the federation')
    expect(arbiterLicenceOn(db, 4600010, '2025-06-01')).toMatchObject({ licensed: false, reason: 'suspended' })
    expect(db.prepare("SELECT action FROM audit_log WHERE entity = 'arbiter' ORDER BY id").all()).toEqual([{ action: 'arbiter.create' }, { action: 'arbiter.update' }])
  })
  it('links the arbiter to the player and finds him by name without accents', () => {
    saveArbiter(db, { fideId: 4600010, title: 'FA' })
    const res = listArbiters(db, { text: 'muell' })
    expect(res.rows.map((r) => [r.fideId, r.name, r.source])).toEqual([[4600010, 'Mueller, Juergen', 'manual']])
    expect(() => saveArbiter(db, { fideId: 5, title: 'NA', validFrom: '2025-01-02', validTo: '2025-01-01' })).toThrow(/cannot end/)
  })
})
