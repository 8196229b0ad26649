// The duplicate scan's SQL: players' facts read in batches, blocking keys in a temporary table, shared tournaments, the review queue.
import type { Db } from '../db/open'
import type { PlayerFacts } from '../registry/duplicates'

interface RawFacts {
  id: number
  fide_id: number | null
  surname: string
  given_names: string
  birth_date: string | null
  federation: string | null
  sex: string | null
}

const toFacts = (r: RawFacts): PlayerFacts => ({
  id: r.id, fideId: r.fide_id, surname: r.surname, givenNames: r.given_names, birthDate: r.birth_date, federation: r.federation, sex: r.sex
})

/** A counter of tournaments two players both played. */
export function sharedTournamentCounter(db: Db): (a: number, b: number) => number {
  const q = db.prepare(
    `SELECT count(DISTINCT x.tournament_id) AS n FROM tournament_players x
       JOIN tournament_players y ON y.tournament_id = x.tournament_id WHERE x.player_id = ? AND y.player_id = ?`
  )
  return (a, b) => (q.get(a, b) as { n: number }).n
}

export type DuplicateScanStore = ReturnType<typeof duplicateScanStore>

/**
 * What a scan reads and writes. Block keys go to a temporary table (memory stays small on two million players);
 * its statements are prepared when the table exists.
 */
export function duplicateScanStore(db: Db) {
  // Read in id-ordered batches: better-sqlite3 cannot write on a connection while it iterates a query.
  const batch = db.prepare("SELECT id, fide_id, surname, given_names, birth_date, federation, sex FROM players WHERE status <> 'merged' AND id > ? ORDER BY id LIMIT 10000")
  const load = db.prepare('SELECT id, fide_id, surname, given_names, birth_date, federation, sex FROM players WHERE id = ?')
  const known = db.prepare('SELECT 1 FROM duplicate_candidates WHERE player_a = ? AND player_b = ?')
  const shared = sharedTournamentCounter(db)
  let insKey: ((k: string, id: number) => void) | null = null
  return {
    /** Players not merged away. */
    playerCount: (): number => (db.prepare("SELECT count(*) AS n FROM players WHERE status <> 'merged'").get() as { n: number }).n,
    createKeys(): void {
      db.exec('DROP TABLE IF EXISTS temp.dup_keys; CREATE TEMP TABLE dup_keys (k TEXT NOT NULL, id INTEGER NOT NULL)')
      const st = db.prepare('INSERT INTO temp.dup_keys(k, id) VALUES (?, ?)')
      insKey = (k, id) => void st.run(k, id)
    },
    addKey(k: string, id: number): void {
      insKey!(k, id)
    },
    inTransaction(fn: () => void): void {
      db.transaction(fn)()
    },
    /** The players not merged away, 10,000 at a time in id order. */
    *playerBatches(): Generator<PlayerFacts[]> {
      let last = 0
      for (;;) {
        const rows = batch.all(last) as RawFacts[]
        if (!rows.length) return
        last = rows[rows.length - 1]!.id
        yield rows.map(toFacts)
      }
    },
    indexKeys(): void {
      db.exec('CREATE INDEX temp.dup_keys_k ON dup_keys(k)')
    },
    blockCount: (): number => (db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM temp.dup_keys GROUP BY k HAVING count(*) > 1)').get() as { n: number }).n,
    /** Each key shared by two players or more: their ids, streamed. */
    *blocks(): Generator<number[]> {
      const blocks = db.prepare('SELECT k, group_concat(id) AS ids, count(*) AS n FROM temp.dup_keys GROUP BY k HAVING count(*) > 1')
      for (const b of blocks.iterate() as Iterable<{ k: string; ids: string; n: number }>) yield b.ids.split(',').map(Number)
    },
    facts: (id: number): PlayerFacts => toFacts(load.get(id) as RawFacts),
    /** A pair already in the queue (open, merged or dismissed). */
    isKnownPair: (a: number, b: number): boolean => known.get(a, b) !== undefined,
    sharedTournaments: shared,
    /** Adds pairs to the review queue (a pair there already is skipped); returns how many were added. */
    addCandidates(rows: Iterable<[number, number, number, string]>): number {
      const add = db.prepare('INSERT OR IGNORE INTO duplicate_candidates(player_a, player_b, score, reasons) VALUES (?, ?, ?, ?)')
      let n = 0
      for (const row of rows) n += add.run(...row).changes
      return n
    },
    dropKeys(): void {
      db.exec('DROP TABLE IF EXISTS temp.dup_keys')
    }
  }
}

export interface RawCandidate {
  id: number
  player_a: number
  player_b: number
  score: number
  reasons: string
  status: 'open' | 'merged' | 'dismissed'
  found_at: string
  decided_at: string | null
  decision_reason: string | null
  merge_id: number | null
}

/** One page of the review queue in one status, best score first. */
export function duplicateCandidates(db: Db, status: string, limit: number, offset: number): { total: number; rows: RawCandidate[] } {
  const total = (db.prepare('SELECT count(*) AS n FROM duplicate_candidates WHERE status = ?').get(status) as { n: number }).n
  const rows = db.prepare('SELECT * FROM duplicate_candidates WHERE status = ? ORDER BY score DESC, id LIMIT ? OFFSET ?').all(status, limit, offset) as RawCandidate[]
  return { total, rows }
}

export function candidateStatus(db: Db, id: number): string | null {
  return (db.prepare('SELECT status FROM duplicate_candidates WHERE id = ?').get(id) as { status: string } | undefined)?.status ?? null
}

/** Marks a pair as not one person, with the officer's reason. */
export function dismissCandidate(db: Db, id: number, reason: string): void {
  db.prepare(
    "UPDATE duplicate_candidates SET status = 'dismissed', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), decision_reason = ? WHERE id = ?"
  ).run(reason, id)
}
