// Matches a file's players to the registry: by FIDE ID (mismatches reported), unknown IDs proposed as new, missing IDs scored by name + birth + federation.
import type { Db } from '../db/open'
import { foldName, nameSimilarity, splitName } from '../registry/names'
import type { ParsedTrf, TrfFinding } from '../trf/index'
import { PLAYER_FIELDS as F, columnsOf, type TrfField } from '../trf/layout'
import { FIDE_CHAIN, listInForce, type KnownListEntries, type ListRating, type ListRef } from '../data/lists'
import { registryLookup, type RegistryPlayer } from '../data/players'
import { confidencePercent } from '../../../shared/contract/tournaments'

export type MatchStatus = 'fide-id' | 'unknown-id' | 'candidate' | 'unmatched'

export interface PlayerMatch {
  status: MatchStatus
  playerId: number | null
  candidateId: number | null
  confidence: number | null
}

export interface MatchResult {
  byStartRank: Map<number, PlayerMatch>
  findings: TrfFinding[]
  counts: { byFideId: number; unknownId: number; candidates: number; unmatched: number }
  /** The entries read from the list in force at the start, by the file's FIDE IDs (the checks reuse them). */
  listEntries: KnownListEntries | null
}

/** Below this name similarity the file's name is reported as different from the registry's. */
export const NAME_MISMATCH_BELOW = 0.9
/** A candidate for a player without FIDE ID is proposed from this confidence on (the officer confirms). */
export const CANDIDATE_FROM = 0.75

function registryName(r: RegistryPlayer): string {
  return r.givenNames ? `${r.surname}, ${r.givenNames}` : r.surname
}

/** 1 same date, 0.7 same year (one side has only the year), 0.5 unknown, 0 different. */
export function birthAgreement(file: string | null, registry: string | null): number {
  if (!file || !registry) return 0.5
  if (file === registry) return 1
  if (file.slice(0, 4) !== registry.slice(0, 4)) return 0
  return file.length === 4 || registry.length === 4 ? 0.7 : 0
}

export function candidateConfidence(nameScore: number, birth: number, federation: number): number {
  return Math.round((0.6 * nameScore + 0.25 * birth + 0.15 * federation) * 100) / 100
}

/**
 * The rating list in force at the start (listInForce), when the file gives its start date and rating type: FIDE's
 * chain, since a TRF's player record carries the FIDE rating (a national rating has its own records).
 */
function listAtStart(db: Db, parsed: ParsedTrf): ListRef | null {
  const { startDate, ratingType } = parsed.header
  if (!startDate || !ratingType) return null
  return listInForce(db, startDate, ratingType, FIDE_CHAIN)
}

export function matchPlayers(db: Db, parsed: ParsedTrf): MatchResult {
  const registry = registryLookup(db)
  const list = listAtStart(db, parsed)
  const byStartRank = new Map<number, PlayerMatch>()
  const findings: TrfFinding[] = []
  const counts = { byFideId: 0, unknownId: 0, candidates: 0, unmatched: 0 }
  const file = parsed.fileName
  // the entry on the list of each FIDE ID's own record, as the checks' ratingsAtStart reads it: read here once for both
  const entries = new Map<string, ListRating | null>()

  parsed.players.forEach((p, i) => {
    const line = parsed.playerSources[i].line
    const add = (level: TrfFinding['level'], code: string, field: TrfField, found: string, expected: string, params: TrfFinding['params'] = {}) =>
      findings.push({ level, code, group: `player ${p.startRank}`, fatal: false, location: { file, line, ...columnsOf(field) }, found, expected, params: { line, startRank: p.startRank, fideId: p.fideId, ...params } })
    if (p.fideId) {
      const own = registry.byFideId(Number(p.fideId))
      const ownEntry = list && own ? registry.listRating(list.id, own.id) : undefined
      if (list) entries.set(p.fideId, ownEntry ?? null)
      let row = own
      // a merged record points to the player that was kept
      for (let hops = 0; row && row.status === 'merged' && row.mergedInto !== null && hops < 10; hops++) row = registry.byId(row.mergedInto)
      if (!row) {
        byStartRank.set(p.startRank, { status: 'unknown-id', playerId: null, candidateId: null, confidence: null })
        counts.unknownId++
        add('warning', 'trf.match.unknownId', F.fideId, p.name, 'a registry player', {})
        return
      }
      byStartRank.set(p.startRank, { status: 'fide-id', playerId: row.id, candidateId: null, confidence: 1 })
      counts.byFideId++
      const regName = registryName(row)
      if (nameSimilarity(p.name, { surname: row.surname, givenNames: row.givenNames }) < NAME_MISMATCH_BELOW) add('warning', 'trf.match.nameMismatch', F.name, p.name, regName)
      if (p.birth && row.birthDate && birthAgreement(p.birth, row.birthDate) < 0.7) add('warning', 'trf.match.birthMismatch', F.birth, p.birth, row.birthDate)
      if (p.sex && row.sex && p.sex !== row.sex) add('warning', 'trf.match.sexMismatch', F.sex, p.sex, row.sex)
      if (p.federation && row.federation && p.federation !== row.federation) add('warning', 'trf.match.federationMismatch', F.federation, p.federation, row.federation)
      if (list && p.rating !== null) {
        const entry = row === own ? ownEntry : registry.listRating(list.id, row.id)
        if (entry && entry.rating !== null && entry.rating !== p.rating) add('info', 'trf.match.ratingMismatch', F.rating, String(p.rating), String(entry.rating), { listDate: list.listDate })
      }
      return
    }
    // no FIDE ID: look for the player by name, then weigh birth date and federation
    const folded = foldName(splitName(p.name).surname || p.name)
    const words = folded.split(' ').filter((w) => w.length >= 2)
    let best: { row: RegistryPlayer; confidence: number } | null = null
    if (words.length) {
      const query = words.map((w) => `"${w}"`).join(' OR ')
      for (const row of registry.byName(query)) {
        const confidence = candidateConfidence(
          nameSimilarity(p.name, { surname: row.surname, givenNames: row.givenNames }),
          birthAgreement(p.birth, row.birthDate),
          !p.federation || !row.federation ? 0.5 : p.federation === row.federation ? 1 : 0
        )
        if (!best || confidence > best.confidence) best = { row, confidence }
      }
    }
    if (best && best.confidence >= CANDIDATE_FROM) {
      byStartRank.set(p.startRank, { status: 'candidate', playerId: null, candidateId: best.row.id, confidence: best.confidence })
      counts.candidates++
      add('warning', 'trf.match.candidate', F.name, p.name, `${registryName(best.row)}${best.row.fideId ? ` (FIDE ${best.row.fideId})` : ''}`, { confidence: best.confidence, percent: confidencePercent(best.confidence), candidateId: best.row.id })
    } else {
      byStartRank.set(p.startRank, { status: 'unmatched', playerId: null, candidateId: null, confidence: best ? best.confidence : null })
      counts.unmatched++
      add('info', 'trf.match.noCandidate', F.name, p.name, 'a registry player', {})
    }
  })
  return { byStartRank, findings, counts, listEntries: list ? { listId: list.id, byFideId: entries } : null }
}
