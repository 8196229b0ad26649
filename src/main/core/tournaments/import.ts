// Imports a TRF file into the database in one transaction: header, file bytes + hash, players matched to the registry, games, findings.
import { createHash } from 'node:crypto'
import type { Db } from '../db/open'
import type { ParsedTrf, TrfFinding } from '../trf/index'
import { readReport } from '../trf/bounds'
import { UserError } from '../util/errors'
import { describeFinding } from '../trf/describe'
import { matchPlayers, type MatchResult } from './match'
import { diffTournaments, type TournamentDiff } from './diff'
import { loadTournamentModel, playersAsStored, type StoredPlayers } from '../data/tournament-model'
import { foldName } from '../registry/names'
import { appendAudit } from '../data/audit'
import { listsRating } from '../data/list-history'
import { officerName } from '../data/settings'
import {
  carryDecisions,
  fileBySha256,
  insertCurrentFile,
  insertFindings,
  insertTournament,
  insertTournamentHeaderRows,
  insertTournamentPlayers,
  nextFileVersion,
  resetTournament,
  storedTournamentCounts,
  tournamentPlayerNames,
  tournamentStatus,
  tournamentsNamed,
  type StoredFileRef,
  type TournamentRef
} from '../data/tournaments'

export type ImportOutcome = 'imported' | 'replaced' | 'duplicate'

export interface ImportSummary {
  fileName: string
  outcome: ImportOutcome
  tournamentId: number
  fileId: number
  version: number
  sha256: string
  name: string | null
  startDate: string | null
  players: number
  rounds: number
  games: number
  findings: { error: number; warning: number; info: number }
  matched: { byFideId: number; unknownId: number; candidates: number; unmatched: number }
  diff: TournamentDiff | null
  /** The tournament's status before this file (null for a new tournament): the checks audit the way back. */
  previousStatus: string | null
}

export interface ImportOptions {
  /** Replace this tournament with the file (a corrected version); found by name and start date otherwise. */
  replaces?: number
  actor?: string
  /** A new tournament whatever is stored (the batch found none it would replace): a file is never placed over one silently. */
  asNew?: boolean
  /** The file as already read (the batch reads each file once to group them). */
  parsed?: ParsedTrf
  /** What the officer was shown and confirmed before a replacement (recorded with it in the audit log). */
  confirmed?: { replacedVersion: number; warnings: string[]; changes: Record<string, number> }
  /** Called inside the transaction as players are written (progress for the UI; a seam for the crash test). */
  onProgress?: (done: number, total: number) => void
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function countLevels(findings: { level: string }[]): ImportSummary['findings'] {
  const out = { error: 0, warning: 0, info: 0 }
  for (const f of findings) out[f.level as keyof typeof out]++
  return out
}

/** Refuses a file that cannot stand for a tournament, with every fatal finding located in the error details. */
export function refuseIfFatal(parsed: ParsedTrf): void {
  const fatal = parsed.findings.filter((f) => f.fatal)
  if (fatal.length === 0) return
  throw new UserError('trf.import.refused', { file: parsed.fileName, count: fatal.length, first: describeFinding(fatal[0]) }, fatal)
}

/** Share of the smaller field found in the other, by folded name: a corrected file keeps (almost) all its players. */
export function playerOverlap(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0
  const set = new Set(b.map((n) => foldName(n)))
  const common = a.filter((n) => set.has(foldName(n))).length
  return common / Math.min(a.length, b.length)
}

/** Below this overlap two files with the same name, place and start are different sections, not versions. */
export const SAME_TOURNAMENT_OVERLAP = 0.5

/**
 * The tournament a file corrects: the one named explicitly, or the latest with the same name, start date and place
 * whose players mostly reappear (festival sections often share name, dates and place).
 */
export function findExisting(db: Db, parsed: Pick<ParsedTrf, 'header' | 'players'>, replaces?: number): TournamentRef | null {
  if (replaces !== undefined) {
    const row = tournamentStatus(db, replaces)
    if (!row) throw new UserError('tournaments.notFound', { id: replaces })
    return row
  }
  const h = parsed.header
  if (!h.name || !h.startDate) return null
  const rows = tournamentsNamed(db, h.name, h.startDate, h.city)
  const names = parsed.players.map((p) => p.name)
  const namesOf = tournamentPlayerNames(db)
  return rows.find((r) => playerOverlap(names, namesOf(r.id)) >= SAME_TOURNAMENT_OVERLAP) ?? null
}

/** The start rank a reader finding is about, from its parameters or its "player N" group. */
function startRankOfFinding(f: TrfFinding): number | null {
  const p = f.params.player ?? f.params.a
  if (typeof p === 'number') return p
  const m = /^player (\d+)$/.exec(f.group)
  return m ? Number(m[1]) : null
}

/** Reads and imports one file. Never leaves a trace when it fails: everything happens in one transaction. */
export function importTrf(db: Db, bytes: Uint8Array, fileName: string, options: ImportOptions = {}): ImportSummary {
  return importTrfFile(db, bytes, fileName, options).summary
}

/** An imported file's summary, and its players as just stored (null for a duplicate, which stores nothing). */
export interface ImportedFile {
  summary: ImportSummary
  stored: StoredPlayers | null
}

/**
 * `importTrf`, also handing back the players it has just written, exactly as reading them back would give them: the
 * checks that follow an import take them instead of reading the tournament again (a month of reports read each one
 * back: 8 % of its import).
 */
export function importTrfFile(db: Db, bytes: Uint8Array, fileName: string, options: ImportOptions = {}): ImportedFile {
  const sha256 = sha256Of(bytes)
  const same = fileBySha256(db, sha256)
  if (same) return { summary: duplicateSummary(db, fileName, sha256, same), stored: null }
  const parsed = options.parsed ?? readReport(bytes, fileName)
  refuseIfFatal(parsed)
  const actor = officerName(db, options.actor)
  return db.transaction(() => storeTrf(db, { bytes, fileName, sha256, parsed, actor }, options))()
}

/** Where a file goes: a new tournament, or the next version of the one it corrects (with what changed). */
function placeFile(db: Db, parsed: ParsedTrf, fileName: string, replaces: number | undefined, asNew = false): { tournamentId: number; version: number; diff: TournamentDiff | null; existing: TournamentRef | null } {
  const existing = asNew ? null : findExisting(db, parsed, replaces)
  if (!existing) return { tournamentId: insertTournament(db, parsed), version: 1, diff: null, existing }
  // a rated tournament takes a corrected file too: its published lists stay as they are (frozen); the tournament goes
  // back to review, and once approved again the officer corrects the lists that rated it (lists:correct)
  const diff = diffTournaments(loadTournamentModel(db, existing.id), parsed)
  const version = nextFileVersion(db, existing.id)
  resetTournament(db, existing.id, parsed)
  return { tournamentId: existing.id, version, diff, existing }
}

/** The import's writes, inside the caller's transaction: the file, its rows, its findings, the audit row. */
function storeTrf(db: Db, file: { bytes: Uint8Array; fileName: string; sha256: string; parsed: ParsedTrf; actor: string }, options: ImportOptions): ImportedFile {
  const { bytes, fileName, sha256, parsed, actor } = file
  const { tournamentId, version, diff, existing } = placeFile(db, parsed, fileName, options.replaces, options.asNew)
  const fileId = insertCurrentFile(db, {
    tournamentId, version, fileName, sha256, bytes, format: parsed.format, encoding: parsed.encoding, lineEnding: parsed.lineEnding,
    extras: { teams: parsed.teams, nationalRatings: parsed.nationalRatings, byes: parsed.byes, kept: parsed.kept, scoring: parsed.scoring },
    diff, importedBy: actor
  })
  insertTournamentHeaderRows(db, tournamentId, parsed)
  const match: MatchResult = matchPlayers(db, parsed)
  const games = insertTournamentPlayers(db, tournamentId, parsed, match, options.onProgress)
  insertFindings(db, tournamentId, fileId, 'trf', parsed.findings, startRankOfFinding)
  insertFindings(db, tournamentId, fileId, 'match', match.findings, (f) => (typeof f.params.startRank === 'number' ? f.params.startRank : null))
  carryDecisions(db, tournamentId, fileId)

  const counts = countLevels([...parsed.findings, ...match.findings])
  const total = parsed.players.length
  appendAudit(db, {
    actor,
    action: existing ? 'tournament.replace' : 'tournament.import',
    entity: 'tournament',
    entityId: tournamentId,
    data: {
      file: fileName, sha256, version, players: total, findings: counts, diff: diff ? { summary: diff.summary } : undefined,
      ...(existing && options.confirmed ? { confirmed: options.confirmed } : {})
    }
  })
  if (existing?.status === 'rated') {
    const lists = listsRating(db, tournamentId)
    appendAudit(db, {
      actor,
      action: 'tournament.correct',
      entity: 'tournament',
      entityId: tournamentId,
      reason: 'corrected file of a rated tournament: the lists that rated it are to be corrected, never edited',
      data: { file: fileName, sha256, version, lists: lists.map((l) => ({ listId: l.listId, listDate: l.listDate, ratingType: l.ratingType, ratedSha256: l.fileSha256 })) }
    })
  }
  const summary: ImportSummary = {
    fileName,
    outcome: existing ? 'replaced' : 'imported',
    tournamentId,
    fileId,
    version,
    sha256,
    name: parsed.header.name,
    startDate: parsed.header.startDate,
    players: total,
    rounds: parsed.roundsInData,
    games: games / 2,
    findings: counts,
    matched: match.counts,
    diff,
    previousStatus: existing?.status ?? null
  }
  return { summary, stored: playersAsStored(parsed, match) }
}

function duplicateSummary(db: Db, fileName: string, sha256: string, same: StoredFileRef): ImportSummary {
  const t = storedTournamentCounts(db, same.tournamentId)
  const by = (s: string) => t.matchStatuses.find((x) => x.s === s)?.n ?? 0
  return {
    fileName,
    outcome: 'duplicate',
    tournamentId: same.tournamentId,
    fileId: same.id,
    version: same.version,
    sha256,
    name: t.name,
    startDate: t.startDate,
    players: t.players,
    rounds: t.rounds,
    games: t.games / 2,
    findings: t.findings,
    matched: { byFideId: by('fide-id'), unknownId: by('unknown-id'), candidates: by('candidate'), unmatched: by('unmatched') },
    diff: null,
    previousStatus: null
  }
}
