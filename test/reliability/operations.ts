// The multi-step writes the crash harness kills, each with the database it starts from and how to judge what a
// killed run left: the state before, the state after, or (for a sequence of reports) a whole prefix of it.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { openDatabase } from '../../src/main/core/db/open'
import { backupDatabase, frozenListChecksums } from '../../src/main/core/db/backup'
import { importFideList } from '../../src/main/core/registry/import'
import { writeSyntheticCombinedList } from '../helpers/synthetic-list'
import type { Operation } from './harness'

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))

const count = (db: Database.Database, sql: string): number => (db.prepare(sql).get() as { n: number }).n

/** Every real report of the fixtures, imported one after another (each file is one transaction). */
export function trfSequence(dir: string): Operation<Record<string, string>> {
  // one file per tournament: a second report of the same event is a correction, which replaces the first's players
  // and would make the per-file counts of the whole run differ from those of a run stopped between the two
  const seen = new Set<string>()
  const files = readdirSync(join(fixtures, 'trf-real'))
    .sort()
    .filter((f) => {
      const event = f.split('__').at(-1)!
      if (seen.has(event)) return false
      seen.add(event)
      return true
    })
    .map((f) => join(fixtures, 'trf-real', f))
  const before = join(dir, 'trf-before.db')
  openDatabase(before).close()
  return {
    name: 'trf-import',
    args: files,
    before,
    // per imported file: its tournament's players, games and rounds, as counted
    snapshot: (db) =>
      Object.fromEntries(
        (
          db
            .prepare(
              `SELECT f.file_name AS name,
                 (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = f.tournament_id) || '/' ||
                 (SELECT count(*) FROM tournament_games g WHERE g.tournament_id = f.tournament_id) || '/' ||
                 (SELECT count(*) FROM tournament_rounds r WHERE r.tournament_id = f.tournament_id) AS counts
               FROM tournament_files f ORDER BY f.id`
            )
            .all() as { name: string; counts: string }[]
        ).map((r) => [r.name, r.counts])
      ),
    judge(now, _before, after) {
      const names = Object.keys(now)
      const order = Object.keys(after)
      if (names.some((n, i) => order[i] !== n)) return `the imported files are not a prefix of the sequence: ${names.join(', ')}`
      const partial = names.filter((n) => now[n] !== after[n])
      if (partial.length) return `half-imported: ${partial.map((n) => `${n} ${now[n]} instead of ${after[n]}`).join('; ')}`
      return names.length === 0 ? 'ok: before' : names.length === order.length ? 'ok: after' : 'ok: a whole prefix'
    }
  }
}

interface ListState {
  players: number
  lists: number
  entries: number
}

function listState(db: Database.Database): ListState {
  return { players: count(db, 'SELECT count(*) AS n FROM players'), lists: count(db, 'SELECT count(*) AS n FROM rating_lists'), entries: count(db, 'SELECT count(*) AS n FROM rating_list_entries') }
}

const sameState = (a: ListState, b: ListState): boolean => a.players === b.players && a.lists === b.lists && a.entries === b.entries

function judgeWhole(now: ListState, before: ListState, after: ListState): string {
  if (sameState(now, before)) return 'ok: before'
  if (sameState(now, after)) return 'ok: after'
  return `partial: ${JSON.stringify(now)} is neither ${JSON.stringify(before)} nor ${JSON.stringify(after)}`
}

/** A monthly FIDE list loaded into a registry that already holds the previous month. */
export function listImport(dir: string, lines: number): Operation<ListState> {
  const first = join(dir, 'list-1.txt')
  const second = join(dir, 'list-2.txt')
  writeSyntheticCombinedList(first, lines, { seed: 1 })
  writeSyntheticCombinedList(second, lines, { seed: 2 })
  const before = join(dir, 'list-before.db')
  const db = openDatabase(before)
  importFideList(db, { file: first, listDate: '2026-10-01' })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { name: 'list-import', args: [second, '2026-11-01'], before, snapshot: listState, judge: judgeWhole }
}

/** A restore over a database that has moved on since its backup. */
export async function restore(dir: string, lines: number): Promise<Operation<string>> {
  const list = join(dir, 'restore-list.txt')
  writeSyntheticCombinedList(list, lines, { seed: 3 })
  const before = join(dir, 'restore-before.db')
  const db = openDatabase(before)
  importFideList(db, { file: list, listDate: '2026-09-01' })
  const backup = join(dir, 'restore-backup.db')
  await backupDatabase(db, backup)
  importFideList(db, { file: list, listDate: '2026-10-01' })
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return {
    name: 'restore',
    args: [backup, join(dir, 'safety')],
    before,
    snapshot: (d) => JSON.stringify(frozenListChecksums(d)),
    judge: (now, b, a) => (now === b ? 'ok: before' : now === a ? 'ok: after' : 'partial: the published lists are neither the old nor the restored ones')
  }
}
