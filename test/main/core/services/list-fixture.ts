// A small office database for the read-side services: players, reference lists, a published and a draft list.
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import type { HostKind } from '../../../../src/main/core/services/context'
import type { Db } from '../../../../src/main/core/db/open'
import type { CallInput, CallName, CallOutput } from '../../../../src/shared/contract/index'
import { nameFederation } from '../../../helpers/federation'

export interface Fixture {
  services: Services
  ids: { jan: number; feb: number; mar: number; draft: number; rapid: number; empty: number }
  players: Record<string, number>
}

function addPlayer(db: Db, p: { fideId: number | null; surname: string; given: string; folded: string; fed: string; sex: 'M' | 'F'; birth: string; title?: string; status?: string }): number {
  return Number(
    db
      .prepare(
        `INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date, title, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(p.fideId, p.surname, p.given, p.folded, p.fed, p.sex, p.birth, p.title ?? null, p.status ?? 'active').lastInsertRowid
  )
}

function addList(db: Db, kind: string, date: string, type: string, source: string, status: string): number {
  return Number(
    db.prepare('INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES (?, ?, ?, ?, ?)').run(kind, date, type, source, status)
      .lastInsertRowid
  )
}

function addEntry(db: Db, listId: number, playerId: number, rating: number | null, games: number | null, k: number | null, flags: string | null = null): void {
  db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k, flags) VALUES (?, ?, ?, ?, ?, ?)').run(listId, playerId, rating, games, k, flags)
}

/** `host`: the CLI's by default; browser mode's parses outside files in workers (services/context.ts parsesOffMain). */
export function buildFixture(dbPath: string, host: HostKind = 'cli'): Fixture {
  const services = createServices({ dbPath, host, appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const db = services.ctx.db
  // the office's federation (its own lists are named by it)
  nameFederation(db)
  const players: Record<string, number> = {}
  db.transaction(() => {
    players.carlsen = addPlayer(db, { fideId: 1503014, surname: 'Carlsen', given: 'Magnus', folded: 'carlsen magnus', fed: 'NOR', sex: 'M', birth: '1990-11-30', title: 'GM' })
    players.muller = addPlayer(db, { fideId: 4600010, surname: 'Müller', given: 'Anna', folded: 'muller anna', fed: 'GER', sex: 'F', birth: '2001', title: 'WFM' })
    players.dupont = addPlayer(db, { fideId: 651001, surname: 'Dupont', given: 'Jean', folded: 'dupont jean', fed: 'FRA', sex: 'M', birth: '1975-03-02' })
    players.martin = addPlayer(db, { fideId: 651002, surname: 'Martin', given: 'Léa', folded: 'martin lea', fed: 'FRA', sex: 'F', birth: '2010-06-01' })
    players.newcomer = addPlayer(db, { fideId: null, surname: 'Zidane', given: 'Ali', folded: 'zidane ali', fed: 'FRA', sex: 'M', birth: '2012' })
    // a duplicate record merged into Dupont: its FIDE ID must lead to Dupont's history
    players.dupontOld = addPlayer(db, { fideId: 651999, surname: 'Dupond', given: 'Jean', folded: 'dupond jean', fed: 'FRA', sex: 'M', birth: '1975', status: 'merged' })
    db.prepare('UPDATE players SET merged_into = ? WHERE id = ?').run(players.dupont, players.dupontOld)
  })()
  const ids = db.transaction(() => {
    const jan = addList(db, 'reference', '2024-01-01', 'standard', 'FIDE', 'reference')
    addEntry(db, jan, players.carlsen, 2830, 0, 10)
    addEntry(db, jan, players.muller, 1850, 9, 40)
    addEntry(db, jan, players.dupont, 1600, 0, 20, 'i')
    const feb = addList(db, 'reference', '2024-02-01', 'standard', 'FIDE', 'reference')
    addEntry(db, feb, players.carlsen, 2830, 0, 10)
    addEntry(db, feb, players.muller, 1872, 7, 40)
    addEntry(db, feb, players.dupont, 1600, 0, 20, 'i')
    addEntry(db, feb, players.martin, 1450, 12, 40)
    // an office list: built as a draft, then published (entries cannot be added once published)
    const mar = addList(db, 'office', '2024-03-01', 'standard', 'FRA', 'draft')
    addEntry(db, mar, players.dupont, 1760, 4, 20)
    addEntry(db, mar, players.martin, 1670, 9, 40)
    addEntry(db, mar, players.newcomer, 1500, 5, 40)
    db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2024-03-01T10:00:00.000Z' WHERE id = ?").run(mar)
    const draft = addList(db, 'office', '2024-04-01', 'standard', 'FRA', 'draft')
    addEntry(db, draft, players.dupont, 1772, 6, 20)
    addEntry(db, draft, players.newcomer, null, 3, null)
    const rapid = addList(db, 'reference', '2024-02-01', 'rapid', 'FIDE', 'reference')
    addEntry(db, rapid, players.carlsen, 2823, 15, 20)
    const empty = addList(db, 'reference', '2023-12-01', 'blitz', 'FIDE', 'reference')
    return { jan, feb, mar, draft, rapid, empty }
  })()
  return { services, ids, players }
}

/** A typed call that fails the test with the reply's message when the call is refused. */
export async function callOk<N extends CallName>(services: Services, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const reply = await services.dispatch(name, input)
  if (!reply.ok) throw new Error(`${name} failed: ${reply.error.message}`)
  return reply.value as CallOutput<N>
}
