// Duplicate detection: a pair score from name similarity, birth date, federation, sex and shared tournaments; a blocked scan.
import type { Db } from '../db/open'
import { editDistance, foldName, nameKey, nameSimilarity } from './names'
import { appendAudit } from '../data/audit'

export interface PlayerFacts {
  id: number
  fideId: number | null
  surname: string
  givenNames: string
  birthDate: string | null
  federation: string | null
  sex: string | null
}

export interface PairScore {
  score: number
  parts: {
    name: number
    birth: 'same-date' | 'same-year' | 'unknown' | 'typo' | 'different'
    federation: 'same' | 'unknown' | 'different'
    sex: 'same' | 'unknown' | 'different'
    sharedTournaments: number
  }
}

/** Score from which a pair enters the review queue. */
export const CANDIDATE_THRESHOLD = 0.85

/**
 * Pairs that can never reach a candidate score, told apart without comparing names: a different sex, or
 * birth years that differ by more than a typing error (the score is at least halved in both cases).
 */
export function cannotMatch(a: PlayerFacts, b: PlayerFacts): boolean {
  if (a.sex && b.sex && a.sex !== b.sex) return true
  if (a.birthDate && b.birthDate && a.birthDate.slice(0, 4) !== b.birthDate.slice(0, 4)) {
    return !(a.birthDate.length === b.birthDate.length && looksLikeTypo(a.birthDate, b.birthDate))
  }
  return false
}

/** Two birth dates that differ by one mistyped or swapped digit, same length: a typing error rather than two people. */
function looksLikeTypo(a: string, b: string): boolean {
  return a.length === b.length && editDistance(a, b) === 1
}

/**
 * How likely two registry players are one person, 0 to 1. The name carries most of it; a different birth
 * year sinks it (two people of the same name), unless the dates differ by one typed digit; a different sex
 * sinks it; having played in the same tournament rules it out (nobody plays twice in one event).
 */
export function scorePair(a: PlayerFacts, b: PlayerFacts, sharedTournaments = 0): PairScore {
  const name = nameSimilarity({ surname: a.surname, givenNames: a.givenNames }, { surname: b.surname, givenNames: b.givenNames })
  let score = name
  let birth: PairScore['parts']['birth'] = 'unknown'
  if (a.birthDate && b.birthDate) {
    const fullA = a.birthDate.length === 10
    const fullB = b.birthDate.length === 10
    if (fullA && fullB && a.birthDate === b.birthDate) birth = 'same-date'
    else if (a.birthDate.slice(0, 4) === b.birthDate.slice(0, 4)) birth = 'same-year'
    else if (fullA === fullB && looksLikeTypo(a.birthDate, b.birthDate)) birth = 'typo'
    else birth = 'different'
  }
  if (birth === 'same-date') score += 0.08
  else if (birth === 'same-year') score += 0.04
  else if (birth === 'typo') score -= 0.04
  else if (birth === 'different') score *= 0.5
  let federation: PairScore['parts']['federation'] = 'unknown'
  if (a.federation && b.federation) federation = a.federation === b.federation ? 'same' : 'different'
  if (federation === 'same') score += 0.02
  else if (federation === 'different') score -= 0.05
  let sex: PairScore['parts']['sex'] = 'unknown'
  if (a.sex && b.sex) sex = a.sex === b.sex ? 'same' : 'different'
  if (sex === 'different') score *= 0.3
  if (sharedTournaments > 0) score *= 0.2
  return {
    score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000,
    parts: { name, birth, federation, sex, sharedTournaments }
  }
}

/** Keys that put likely duplicates in the same block: surname skeleton, given name + birth year, the name pair either way round. */
export function blockingKeys(p: PlayerFacts): string[] {
  const s = foldName(p.surname).split(' ').filter(Boolean)
  const g = foldName(p.givenNames).split(' ').filter(Boolean)
  const keys: string[] = []
  const sk = nameKey(s.join(''))
  const g0 = g[0] ? nameKey(g[0]) : ''
  if (sk) keys.push(`s:${sk}`)
  // Surname typos: same given name and birth year, and the surname's first letter (typos rarely hit it).
  if (g0 && p.birthDate && sk) keys.push(`g:${g0}|${p.birthDate.slice(0, 4)}|${sk[0]}`)
  const s0 = s[0] ? nameKey(s[0]) : ''
  if (s0 && g0) keys.push(`p:${[s0, g0].sort().join('|')}`)
  return keys
}

/** A counter of tournaments two players both played. */
export function sharedTournamentCounter(db: Db): (a: number, b: number) => number {
  const q = db.prepare(
    `SELECT count(DISTINCT x.tournament_id) AS n FROM tournament_players x
       JOIN tournament_players y ON y.tournament_id = x.tournament_id WHERE x.player_id = ? AND y.player_id = ?`
  )
  return (a, b) => (q.get(a, b) as { n: number }).n
}

export interface ScanOptions {
  minScore?: number
  /** Blocks bigger than this are compared only within the same birth year (common surnames). */
  maxBlock?: number
  progress?(done: number, total: number, message?: string): void
  throwIfCancelled?(): void
}

export interface ScanResult {
  players: number
  blocks: number
  pairsScored: number
  candidatesAdded: number
}

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

/**
 * Scans the registry for duplicates: block keys go to a temporary table (memory stays small on two million
 * players), each block's pairs are scored, and pairs at or above the threshold join the review queue.
 * A pair already in the queue (open, merged or dismissed) is not added again.
 */
export function scanDuplicates(db: Db, opts: ScanOptions = {}): ScanResult {
  const minScore = opts.minScore ?? CANDIDATE_THRESHOLD
  const maxBlock = opts.maxBlock ?? 100
  const total = (db.prepare("SELECT count(*) AS n FROM players WHERE status <> 'merged'").get() as { n: number }).n
  db.exec('DROP TABLE IF EXISTS temp.dup_keys; CREATE TEMP TABLE dup_keys (k TEXT NOT NULL, id INTEGER NOT NULL)')
  const insKey = db.prepare('INSERT INTO temp.dup_keys(k, id) VALUES (?, ?)')
  let done = 0
  // Read in id-ordered batches: better-sqlite3 cannot write on a connection while it iterates a query.
  const batch = db.prepare("SELECT id, fide_id, surname, given_names, birth_date, federation, sex FROM players WHERE status <> 'merged' AND id > ? ORDER BY id LIMIT 10000")
  db.transaction(() => {
    let last = 0
    for (;;) {
      const rows = batch.all(last) as RawFacts[]
      if (!rows.length) break
      for (const r of rows) for (const k of blockingKeys(toFacts(r))) insKey.run(k, r.id)
      last = rows[rows.length - 1]!.id
      done += rows.length
      opts.throwIfCancelled?.()
      opts.progress?.(done, total * 2, 'keys')
    }
  })()
  db.exec('CREATE INDEX temp.dup_keys_k ON dup_keys(k)')
  const blockCount = (db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM temp.dup_keys GROUP BY k HAVING count(*) > 1)').get() as { n: number }).n
  const blocks = db.prepare('SELECT k, group_concat(id) AS ids, count(*) AS n FROM temp.dup_keys GROUP BY k HAVING count(*) > 1')
  const load = db.prepare('SELECT id, fide_id, surname, given_names, birth_date, federation, sex FROM players WHERE id = ?')
  const shared = sharedTournamentCounter(db)
  const known = db.prepare('SELECT 1 FROM duplicate_candidates WHERE player_a = ? AND player_b = ?')
  // Blocks are read as a stream and candidates kept aside (few), so memory stays flat on two million players;
  // a pair met in two blocks is scored twice rather than remembered.
  const found = new Map<string, [number, number, number, string]>()
  let pairsScored = 0
  let bi = 0
  for (const b of blocks.iterate() as Iterable<{ k: string; ids: string; n: number }>) {
    const players = b.ids.split(',').map((id) => toFacts(load.get(Number(id)) as RawFacts))
    let groups: PlayerFacts[][] = [players]
    // A big block (a common name) is split by birth year, then by federation; what is still too big is left out.
    for (const split of [(p: PlayerFacts) => p.birthDate?.slice(0, 4) ?? '?', (p: PlayerFacts) => p.federation ?? '?']) {
      if (groups.every((g) => g.length <= maxBlock)) break
      groups = groups.flatMap((g) => {
        if (g.length <= maxBlock) return [g]
        const by = new Map<string, PlayerFacts[]>()
        for (const p of g) {
          const k = split(p)
          const list = by.get(k)
          if (list) list.push(p)
          else by.set(k, [p])
        }
        return [...by.values()]
      })
    }
    groups = groups.filter((g) => g.length <= maxBlock && g.length > 1)
    for (const g of groups) {
      for (let i = 0; i < g.length; i++) {
        for (let j = i + 1; j < g.length; j++) {
          const [x, y] = g[i]!.id < g[j]!.id ? [g[i]!, g[j]!] : [g[j]!, g[i]!]
          const key = `${x.id}:${y.id}`
          if (cannotMatch(x, y) || found.has(key) || known.get(x.id, y.id)) continue
          pairsScored++
          const s = scorePair(x, y, shared(x.id, y.id))
          if (s.score >= minScore) found.set(key, [x.id, y.id, s.score, JSON.stringify(s.parts)])
        }
      }
    }
    if (++bi % 1000 === 0) {
      opts.throwIfCancelled?.()
      opts.progress?.(total + Math.round((bi / Math.max(1, blockCount)) * total), total * 2, 'pairs')
    }
  }
  const add = db.prepare('INSERT OR IGNORE INTO duplicate_candidates(player_a, player_b, score, reasons) VALUES (?, ?, ?, ?)')
  let candidatesAdded = 0
  db.transaction(() => {
    for (const row of found.values()) candidatesAdded += add.run(...row).changes
    if (candidatesAdded) {
      appendAudit(db, { action: 'duplicates.scan', entity: 'player', data: { pairsScored, candidatesAdded, minScore } })
    }
  })()
  db.exec('DROP TABLE IF EXISTS temp.dup_keys')
  opts.progress?.(total * 2, total * 2, 'done')
  return { players: total, blocks: blockCount, pairsScored, candidatesAdded }
}
