// Findings of tournaments (reader, registry match, regulation checks): the SQL of their reading, storing and deciding.
import type { Db } from '../db/open'

export type FindingLevel = 'error' | 'warning' | 'info'
export type FindingDecision = 'accepted' | 'rejected' | 'overridden'

/** A game by its round and the start rank of one side. */
export interface GameRef {
  round: number
  startRank: number
}

/** What a regulation finding concerns (stored as JSON in `subject`). */
export interface FindingSubject {
  startRanks?: number[]
  rounds?: number[]
  games?: GameRef[]
}

/** A game not rated because of a finding, with that finding: one row per side of the game and finding. */
export interface GameExclusion extends GameRef {
  findingId: number
  code: string
  /** The regulation paragraph the finding cites. */
  paragraph: string | null
}

/**
 * Games not rated because of a check finding that excludes games (per-game time control, rating gap 600, match with
 * an unrated player), while that finding is open or accepted; an overridden or rejected finding gives them back.
 * Both sides of each game are listed, with the finding that excludes it, sorted by round, start rank, finding.
 */
export function gameExclusions(db: Db, tournamentId: number): GameExclusion[] {
  const findings = db
    .prepare(
      `SELECT id, code, paragraph, subject FROM tournament_findings
        WHERE tournament_id = ? AND active = 1 AND excludes_games = 1 AND subject IS NOT NULL AND (decision IS NULL OR decision = 'accepted')
        ORDER BY id`
    )
    .all(tournamentId) as { id: number; code: string; paragraph: string | null; subject: string }[]
  if (findings.length === 0) return []
  const opponent = db.prepare('SELECT opponent FROM tournament_games WHERE tournament_id = ? AND start_rank = ? AND round = ?').pluck()
  const seen = new Set<string>()
  const out: GameExclusion[] = []
  for (const f of findings) {
    const add = (round: number, startRank: number): void => {
      const key = `${f.id}:${round}:${startRank}`
      if (seen.has(key)) return
      seen.add(key)
      out.push({ round, startRank, findingId: f.id, code: f.code, paragraph: f.paragraph })
    }
    const subject = JSON.parse(f.subject) as FindingSubject
    for (const g of subject.games ?? []) {
      add(g.round, g.startRank)
      const other = opponent.get(tournamentId, g.startRank, g.round) as number | null | undefined
      if (typeof other === 'number') add(g.round, other)
    }
  }
  return out.sort((a, b) => a.round - b.round || a.startRank - b.startRank || a.findingId - b.findingId)
}

/** The games of gameExclusions, each once (both sides listed), sorted by round then start rank. */
export function excludedGames(db: Db, tournamentId: number): GameRef[] {
  const seen = new Set<string>()
  const out: GameRef[] = []
  for (const g of gameExclusions(db, tournamentId)) {
    const key = `${g.round}:${g.startRank}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ round: g.round, startRank: g.startRank })
  }
  return out
}
