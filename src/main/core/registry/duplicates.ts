// Duplicate detection: a pair score from name similarity, birth date, federation, sex and shared tournaments; a blocked scan.
import type { Db } from '../db/open'
import { editDistance, foldName, nameKey, nameSimilarity } from './names'
import { appendAudit } from '../data/audit'
import { duplicateScanStore, type DuplicateScanStore } from '../data/duplicates'

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

/**
 * Scans the registry for duplicates: block keys go to a temporary table (memory stays small on two million
 * players), each block's pairs are scored, and pairs at or above the threshold join the review queue.
 * A pair already in the queue (open, merged or dismissed) is not added again.
 */
export function scanDuplicates(db: Db, opts: ScanOptions = {}): ScanResult {
  const minScore = opts.minScore ?? CANDIDATE_THRESHOLD
  const maxBlock = opts.maxBlock ?? 100
  const store = duplicateScanStore(db)
  const total = store.playerCount()
  writeBlockingKeys(store, total, opts)
  const blockCount = store.blockCount()
  // Blocks are read as a stream and candidates kept aside (few), so memory stays flat on two million players;
  // a pair met in two blocks is scored twice rather than remembered.
  const found = new Map<string, [number, number, number, string]>()
  let pairsScored = 0
  let bi = 0
  for (const ids of store.blocks()) {
    for (const g of comparableGroups(ids.map((id) => store.facts(id)), maxBlock)) {
      for (let i = 0; i < g.length; i++) {
        for (let j = i + 1; j < g.length; j++) {
          const [x, y] = g[i]!.id < g[j]!.id ? [g[i]!, g[j]!] : [g[j]!, g[i]!]
          const key = `${x.id}:${y.id}`
          if (cannotMatch(x, y) || found.has(key) || store.isKnownPair(x.id, y.id)) continue
          pairsScored++
          const s = scorePair(x, y, store.sharedTournaments(x.id, y.id))
          if (s.score >= minScore) found.set(key, [x.id, y.id, s.score, JSON.stringify(s.parts)])
        }
      }
    }
    if (++bi % 1000 === 0) {
      opts.throwIfCancelled?.()
      opts.progress?.(total + Math.round((bi / Math.max(1, blockCount)) * total), total * 2, 'pairs')
    }
  }
  let candidatesAdded = 0
  db.transaction(() => {
    candidatesAdded = store.addCandidates(found.values())
    if (candidatesAdded) {
      appendAudit(db, { action: 'duplicates.scan', entity: 'player', data: { pairsScored, candidatesAdded, minScore } })
    }
  })()
  store.dropKeys()
  opts.progress?.(total * 2, total * 2, 'done')
  return { players: total, blocks: blockCount, pairsScored, candidatesAdded }
}

/** Every player's blocking keys into the scan's temporary table, in one transaction, batch by batch. */
function writeBlockingKeys(store: DuplicateScanStore, total: number, opts: ScanOptions): void {
  store.createKeys()
  let done = 0
  store.inTransaction(() => {
    for (const rows of store.playerBatches()) {
      for (const p of rows) for (const k of blockingKeys(p)) store.addKey(k, p.id)
      done += rows.length
      opts.throwIfCancelled?.()
      opts.progress?.(done, total * 2, 'keys')
    }
  })
  store.indexKeys()
}

/**
 * The groups of a block whose pairs are compared: a big block (a common name) is split by birth year, then by
 * federation; what is still too big is left out, and so is a group of one.
 */
export function comparableGroups(players: PlayerFacts[], maxBlock: number): PlayerFacts[][] {
  let groups: PlayerFacts[][] = [players]
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
  return groups.filter((g) => g.length <= maxBlock && g.length > 1)
}
