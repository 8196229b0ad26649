// Handlers of the tournaments calls: preview and import of TRF files, the tournament page, findings and decisions, player matching, export.
import { readTimeControl } from '../trf/time-control-read'
import { describeTimeControl } from '../../../shared/words'
import { storedFindingMessage } from '../../../shared/finding-message'
import type { Handler, HandlersOf } from './dispatch'
import { parsedOffMain } from './parse-queue'
import type { CallInput, CallOutput } from '../../../shared/contract/index'
import type { Db } from '../db/open'
import { readSettings, officerName } from '../data/settings'
import { appendAudit } from '../data/audit'
import { writeTrf, describeFinding, type ParsedTrf, type TrfFinding } from '../trf/index'
import { readReport } from '../trf/bounds'
import { findExisting, importTrfFile, sha256Of } from '../tournaments/import'
import { proposeReplacement, setAsideInBatch, type BatchFile, type Replacement } from '../tournaments/replacement'
import { loadTournamentModel } from '../data/tournament-model'
import { foldName, splitName } from '../registry/names'
import { insertPlayer, playerExists, playerIdByFideId } from '../data/players'
import {
  fileBySha256,
  setPlayerMatch,
  storedFile,
  tournamentFiles,
  tournamentPage,
  tournamentPlayer,
  tournamentPlayerMatches,
  tournamentShape,
  tournamentStatus,
  tournamentWithFile
} from '../data/tournaments'
import { UserError, isUserError } from '../util/errors'
import { translateError, type Locale } from '../../../shared/errors/index'
import { confidencePercent, type StoredFinding, type Replacement as ReplacementDto } from '../../../shared/contract/tournaments'
import { findingCounts, listFindings, type FindingRow } from '../data/findings'
import { setReviewFacts, type TournamentStatus } from '../data/review'
import { decideFinding, runChecks, standardReason } from './checks'
import { withTempStoreInMemory } from '../data/statements'
import { tournamentLists } from './tournament-list'

function bytesOf(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'))
}

function locale(db: Db): Locale {
  return readSettings(db).locale
}

function withMessage(f: TrfFinding, loc: Locale) {
  return { ...f, message: describeFinding(f, loc) }
}

/** The time control in each language's words when the reader understands it (the file's own text stays beside it). */
function timeControlWords(h: { encodedTimeControl: string | null; timeControl: string | null }): { en: string; fr: string } | null {
  const tc = readTimeControl(h)
  return tc.understood ? { en: describeTimeControl(tc.periods, tc.minutesFor60, 'en'), fr: describeTimeControl(tc.periods, tc.minutesFor60, 'fr') } : null
}

function headerSummary(parsed: Pick<ParsedTrf, 'header' | 'system' | 'roundsInData'>) {
  const h = parsed.header
  return {
    name: h.name,
    city: h.city,
    federation: h.federation,
    startDate: h.startDate,
    endDate: h.endDate,
    system: parsed.system,
    type: h.type,
    ratingType: h.ratingType,
    ratingTypeSource: h.ratingTypeSource ?? null,
    timeControl: h.timeControl,
    timeControlWords: timeControlWords(h),
    rounds: parsed.roundsInData,
    declaredRounds: h.declaredRounds,
    roundDates: h.roundDates,
    arbiters: h.arbiters
  }
}

function toStored(r: FindingRow, loc: Locale): StoredFinding {
  const params = JSON.parse(r.params) as Record<string, unknown>
  // a proposal stored before its percent was: the same figure from its confidence
  if (params.percent === undefined && typeof params.confidence === 'number') params.percent = confidencePercent(params.confidence)
  return {
    id: r.id,
    tournamentId: r.tournamentId,
    fileId: r.fileId,
    source: r.source,
    level: r.level,
    code: r.code,
    edition: r.edition,
    group: r.grp,
    startRank: r.startRank,
    fileName: r.fileName,
    line: r.line,
    column: r.column,
    endColumn: r.endColumn,
    found: r.found,
    expected: r.expected,
    params,
    message: storedFindingMessage({ code: r.code, params, found: r.found, expected: r.expected, fileName: r.fileName, edition: r.edition }, loc),
    active: r.active === 1,
    decision: r.decision,
    decisionReason: r.decisionReason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    subject: r.subject ? (JSON.parse(r.subject) as StoredFinding['subject']) : null,
    paragraph: r.paragraph,
    excludesGames: r.excludesGames === 1
  }
}

function requireTournament(db: Db, id: number): { id: number; status: string } {
  const t = tournamentStatus(db, id)
  if (!t) throw new UserError('tournaments.notFound', { id })
  return t
}

function slug(s: string | null): string {
  return (foldName(s ?? '') || 'tournament').replace(/ /g, '-').slice(0, 60)
}

/** `tournaments:rate` has its own module (tournament-rating.ts). */

/** What a long import reports between files (the worker job's progress and cancel). */
export interface ImportHooks {
  progress?: (done: number, total: number, fileName: string) => void
  throwIfCancelled?: () => void
}

/** A replacement as the calls give it: the changes in words and each warning's message, in the office's language. */
export function replacementOut(r: Replacement, loc: Locale): ReplacementDto {
  const changes = translateError('tournaments.replace.changes', {
    roundsBefore: r.current.rounds, roundsAfter: r.incoming.rounds, playersBefore: r.current.players, playersAfter: r.incoming.players,
    gamesBefore: r.current.games, gamesAfter: r.incoming.games, ...r.changes
  }, loc)
  return { ...r, summary: changes, warnings: r.warnings.map((w) => ({ ...w, message: translateError(`tournaments.replace.warning.${w.code}`, w.params, loc) })) }
}

type ImportFile = CallInput<'tournaments:import'>['files'][number]
type ImportOut = CallOutput<'tournaments:import'>[number]

/** The message of a held replacement: what it would change, what to take care of, and that nothing was imported. */
function heldMessage(fileName: string, r: ReplacementDto, loc: Locale): string {
  const warnings = r.warnings.length ? translateError('tournaments.replace.warnings', { list: r.warnings.map((w) => w.message).join(loc === 'fr' ? ' ; ' : '; ') }, loc) : ''
  return translateError('tournaments.replace.held', { file: fileName, id: r.tournamentId, name: r.name ?? '', version: r.current.version, current: r.current.fileName, changes: r.summary, warnings }, loc)
}

/**
 * Imports report files with the officer's facts and the regulation checks (an import is checked or absent); a refused
 * file gives its message and located findings instead of a tournament. The files of one call share one transaction
 * (one commit, not one per file: at a month of reports the commits were a fifth of the time), each file inside its
 * own savepoint: a refused file is rolled back to it and leaves nothing, the others stay. An internal failure (not a
 * user error) or a cancel rolls the whole call back. `registeredDate` (the demo federation's reports) records when the
 * office registered the tournaments.
 *
 * A file that would replace a stored tournament is held, with what it would change, until the officer confirms it
 * (the file's `replaces`, or the call's for its one file); several files of one call reporting the same tournament
 * never chain one over the other: the later report goes forward, the others are set aside and said so.
 */
export function importReports(db: Db, input: Parameters<Handler<'tournaments:import'>>[0] & { registeredDate?: string }, hooks: ImportHooks = {}): CallOutput<'tournaments:import'> {
  // one correction replaces one tournament: several files naming the same one would overwrite each other
  if (input.replaces !== undefined && input.files.length > 1) throw new UserError('tournaments.replacesOneFile', { id: input.replaces, count: input.files.length })
  const files: ImportFile[] = input.replaces !== undefined ? [{ ...input.files[0]!, replaces: input.replaces }] : input.files
  const confirmed = new Map<number, number>()
  for (const f of files) if (f.replaces !== undefined) confirmed.set(f.replaces, (confirmed.get(f.replaces) ?? 0) + 1)
  for (const [id, n] of confirmed) if (n > 1) throw new UserError('tournaments.replacesOneFile', { id, count: n })
  const loc = locale(db)
  const actor = officerName(db)
  const facts = {
    ...(input.registeredDate ? { registeredDate: input.registeredDate } : {}),
    ...(input.historical !== undefined ? { historical: input.historical } : {})
  }
  const plan = planBatch(db, files, input.receivedDate ?? null)
  // each file's savepoint and each insert's statement journal copy the pages they change: in memory, not a temporary
  // file (one write per page otherwise; withTempStoreInMemory explains)
  return withTempStoreInMemory(db, () =>
    db.transaction(() =>
      files.map((f, i) => {
        hooks.throwIfCancelled?.()
        const receivedDate = f.receivedDate ?? input.receivedDate
        const out = importOne(db, f, plan[i]!, { ...facts, ...(receivedDate ? { receivedDate } : {}) }, actor, loc)
        hooks.progress?.(i + 1, files.length, f.fileName)
        return out
      })
    )()
  )
}

/** What the batch decided for a file before any is stored: import it, hold it for confirmation, or set it aside. */
type FilePlan =
  | { kind: 'import'; parsed: ParsedTrf | null; bytes: Uint8Array; confirmed: Replacement | null }
  | { kind: 'held'; parsed: ParsedTrf; bytes: Uint8Array; replacement: Replacement }
  | { kind: 'superseded'; parsed: ParsedTrf; bytes: Uint8Array; by: BatchFile; replacement: Replacement | null }

/**
 * Reads each file once and decides, on the database as it stands before the batch, what each file does: a duplicate or
 * an unreadable file goes on (importTrfFile says so), a replacement not confirmed is held, and of several files of the
 * batch reporting one tournament only the later report goes forward.
 */
function planBatch(db: Db, files: readonly ImportFile[], receivedDate: string | null): FilePlan[] {
  const read: (BatchFile & { bytes: Uint8Array })[] = []
  const plans: (FilePlan | null)[] = files.map((f, index) => {
    const bytes = bytesOf(f.base64)
    if (fileBySha256(db, sha256Of(bytes))) return { kind: 'import', parsed: null, bytes, confirmed: null }
    const parsed = readReport(bytes, f.fileName)
    if (parsed.findings.some((x) => x.fatal)) return { kind: 'import', parsed, bytes, confirmed: null }
    // a tournament named but not stored: the file is refused in its turn (tournaments.notFound), located to it
    if (f.replaces !== undefined && !tournamentStatus(db, f.replaces)) return { kind: 'import', parsed, bytes, confirmed: null }
    const target = f.replaces ?? findExisting(db, parsed)?.id ?? null
    read.push({ index, fileName: f.fileName, parsed, receivedDate: f.receivedDate ?? receivedDate, target, bytes })
    return null
  })
  const aside = setAsideInBatch(read.filter((b) => files[b.index]!.replaces === undefined))
  for (const b of read) {
    const f = files[b.index]!
    const replacement = b.target !== null ? proposeReplacement(db, b.target, b.parsed, { fileName: b.fileName, receivedDate: b.receivedDate }) : null
    const by = aside.get(b.index)
    // a file the officer confirmed goes in whatever the batch holds: the others for its tournament are set aside for it
    const confirmedOther = b.target !== null && f.replaces === undefined && confirmedFor(files, b.target)
    if (confirmedOther) plans[b.index] = { kind: 'superseded', parsed: b.parsed, bytes: b.bytes, by: read.find((x) => files[x.index]!.replaces === b.target)!, replacement }
    else if (by) plans[b.index] = { kind: 'superseded', parsed: b.parsed, bytes: b.bytes, by, replacement }
    else if (replacement && f.replaces === undefined) plans[b.index] = { kind: 'held', parsed: b.parsed, bytes: b.bytes, replacement }
    else plans[b.index] = { kind: 'import', parsed: b.parsed, bytes: b.bytes, confirmed: replacement }
  }
  return plans as FilePlan[]
}

function confirmedFor(files: readonly ImportFile[], id: number): boolean {
  return files.some((f) => f.replaces === id)
}

/** One file in its own savepoint (a nested better-sqlite3 transaction): refused, it leaves nothing behind. */
function importOne(db: Db, f: ImportFile, plan: FilePlan, facts: Parameters<typeof setReviewFacts>[2], actor: string, loc: Locale): ImportOut {
  if (plan.kind === 'held') {
    const replacement = replacementOut(plan.replacement, loc)
    return { ok: false as const, outcome: 'held' as const, fileName: f.fileName, message: heldMessage(f.fileName, replacement, loc), findings: [], replacement, supersededBy: null }
  }
  if (plan.kind === 'superseded') {
    const message = translateError('tournaments.replace.superseded', { file: f.fileName, other: plan.by.fileName, rounds: plan.parsed.roundsInData, otherRounds: plan.by.parsed.roundsInData }, loc)
    return { ok: false as const, outcome: 'superseded' as const, fileName: f.fileName, message, findings: [], replacement: plan.replacement ? replacementOut(plan.replacement, loc) : null, supersededBy: plan.by.fileName }
  }
  try {
    const summary = db.transaction(() => {
      const c = plan.confirmed
      if (c && f.replacesVersion !== undefined && f.replacesVersion !== c.current.version) {
        throw new UserError('tournaments.replace.stale', { file: f.fileName, id: c.tournamentId, version: c.current.version, expected: f.replacesVersion })
      }
      const { summary: s, stored } = importTrfFile(db, plan.bytes, f.fileName, {
        replaces: c?.tournamentId ?? f.replaces,
        asNew: plan.parsed !== null && c === null && f.replaces === undefined,
        actor,
        ...(plan.parsed ? { parsed: plan.parsed } : {}),
        ...(c ? { confirmed: { replacedVersion: c.current.version, warnings: c.warnings.map((w) => w.code), changes: c.changes } } : {})
      })
      if (s.outcome === 'duplicate') return s
      setReviewFacts(db, s.tournamentId, facts)
      runChecks(db, s.tournamentId, {
        actor,
        trigger: s.outcome === 'replaced' ? 'file' : 'import',
        previousStatus: s.previousStatus as TournamentStatus | null,
        detail: s.diff ? { file: f.fileName, version: s.version, diff: s.diff.summary } : { file: f.fileName, version: s.version },
        ...(stored ? { stored } : {})
      })
      const counts = findingCounts(db, s.tournamentId)
      return { ...s, findings: { error: counts.error, warning: counts.warning, info: counts.info }, replacement: c && s.outcome === 'replaced' ? replacementOut(c, loc) : null }
    })()
    return { ok: true as const, ...summary }
  } catch (e) {
    if (!isUserError(e)) throw e
    const findings = Array.isArray(e.details) ? (e.details as TrfFinding[]).map((x) => withMessage(x, loc)) : []
    return { ok: false as const, fileName: f.fileName, message: translateError(e.key, e.params, loc), findings }
  }
}

/** A report read without storing it: header, crosstable, findings (the rounds' bounds among them), the tournament it would replace. */
export function previewReport(db: Db, input: CallInput<'tournaments:preview'>): CallOutput<'tournaments:preview'> {
  const bytes = bytesOf(input.base64)
  const parsed = readReport(bytes, input.fileName)
  const sha256 = sha256Of(bytes)
  const loc = locale(db)
  const same = tournamentWithFile(db, sha256)
  const replaces = findExisting(db, parsed)?.id ?? null
  return {
    fileName: input.fileName,
    format: parsed.format,
    encoding: parsed.encoding,
    lineEnding: parsed.lineEnding,
    sha256,
    alreadyImported: same,
    replaces: same !== null ? null : replaces,
    importable: !parsed.findings.some((f) => f.fatal),
    header: headerSummary(parsed),
    players: parsed.players,
    findings: parsed.findings.map((f) => withMessage(f, loc))
  }
}

export const tournamentsHandlers: Omit<HandlersOf<'tournaments'>, 'tournaments:rate'> = {
  // an outside file is parsed in a worker where other calls are served meanwhile (parsedOffMain)
  'tournaments:preview': (input, ctx) => parsedOffMain(ctx, 'tournaments:preview', input, () => previewReport(ctx.db, input)),

  'tournaments:import': (input, ctx) => parsedOffMain(ctx, 'tournaments:import', input, () => importReports(ctx.db, input)),

  'tournaments:list': (input, { db }) => {
    const { total, rows } = tournamentPage(db, input)
    // each with its list, as every surface names it (tournament-list.ts)
    const page = rows as { id: number }[]
    const lists = tournamentLists(db, page.map((r) => r.id))
    return { total, rows: page.map((r) => ({ ...r, list: lists.get(r.id) ?? null })) as never }
  },

  'tournaments:get': (input, { db }) => {
    const t = tournamentShape(db, input.id)
    if (!t) throw new UserError('tournaments.notFound', { id: input.id })
    const model = loadTournamentModel(db, input.id)
    const matches = new Map(tournamentPlayerMatches(db, input.id).map((r) => [r.startRank, r]))
    const files = tournamentFiles(db, input.id).map((f) => ({ ...f, diff: f.diff ? (JSON.parse(f.diff) as unknown) : null }))
    const counts = findingCounts(db, input.id)
    return {
      id: t.id,
      status: t.status,
      // the tournament's rating type (the officer's once he decided), not the one its file gave
      header: { ...headerSummary({ header: model.header, system: t.system, roundsInData: t.rounds }), ratingType: t.ratingType, ratingTypeSource: t.ratingTypeSource },
      players: model.players.map((p) => {
        const m = matches.get(p.startRank)!
        const { id, playerId, matchStatus, matchConfidence, candidatePlayerId, candidateName } = m
        const candidate = candidatePlayerId === null ? null : { fideId: m.candidateFideId, federation: m.candidateFederation, birth: m.candidateBirth, sex: m.candidateSex, title: m.candidateTitle }
        return { ...p, id, playerId, matchStatus, matchConfidence, candidatePlayerId, candidateName, candidate }
      }),
      teams: model.teams.map((x) => ({ name: x.name, members: x.members })),
      files: files as never,
      findings: counts
    }
  },

  'tournaments:findings': (input, { db }) => {
    requireTournament(db, input.id)
    const rows = listFindings(db, input.id, { includeEarlierFiles: input.includeEarlierFiles, level: input.level, undecidedOnly: input.undecidedOnly })
    const loc = locale(db)
    return rows.map((r) => toStored(r, loc))
  },

  'tournaments:decideFinding': (input, { db }) => {
    const row = decideFinding(db, input.findingId, input.decision, input.reason, officerName(db, input.officer))
    return toStored(row, locale(db))
  },

  'tournaments:resolvePlayer': (input, { db }) => {
    const actor = officerName(db, input.officer)
    return db.transaction(() => {
      const tp = tournamentPlayer(db, input.tournamentPlayerId)
      if (!tp) throw new UserError('tournaments.playerNotFound', { id: input.tournamentPlayerId, tournamentId: '?' })
      // a rejection says why; a confirmed identity needs no typed reason and records the standard one
      const typed = input.reason?.trim() || null
      if (input.action === 'reject' && (typed === null || typed.length < 3)) throw new UserError('tournaments.rejectReasonRequired', { startRank: tp.startRank })
      const reason = typed ?? (input.action === 'confirm' ? standardReason(db, 'identityConfirmed') : null)
      let playerId: number | null = null
      let status: string
      switch (input.action) {
        case 'confirm':
          if (tp.candidateId === null) throw new UserError('tournaments.noCandidate', { startRank: tp.startRank })
          playerId = tp.candidateId
          status = 'confirmed'
          break
        case 'link': {
          if (!input.playerId || !playerExists(db, input.playerId)) throw new UserError('tournaments.registryPlayerNotFound', { id: input.playerId ?? '?' })
          playerId = input.playerId
          status = 'linked'
          break
        }
        case 'create': {
          const parts = splitName(tp.name)
          const fideTaken = tp.fideId !== null && playerIdByFideId(db, tp.fideId) !== null
          const women = tp.title && tp.title.startsWith('W')
          playerId = insertPlayer(db, {
            fideId: fideTaken ? null : tp.fideId,
            surname: parts.surname,
            givenNames: parts.givenNames,
            federation: tp.federation,
            sex: tp.sex,
            birthDate: tp.birth,
            title: women ? null : tp.title,
            womanTitle: women ? tp.title : null,
            otherTitles: null,
            foaTitle: null,
            arbiterTitle: null,
            status: 'active',
            nationalId: null
          })
          appendAudit(db, { actor, action: 'player.create', entity: 'player', entityId: playerId, reason: input.reason ?? null, data: { from: { tournamentId: tp.tournamentId, startRank: tp.startRank } } })
          status = 'created'
          break
        }
        case 'reject':
          status = 'rejected'
          break
      }
      setPlayerMatch(db, tp, { playerId, status }, { decision: input.action === 'reject' ? 'rejected' : 'accepted', reason: reason ?? `player ${input.action}`, by: actor })
      appendAudit(db, {
        actor,
        action: `tournament-player.${input.action}` as const,
        entity: 'tournament_player',
        entityId: tp.id,
        reason,
        data: { tournamentId: tp.tournamentId, startRank: tp.startRank, before: tp.matchStatus, playerId, ...(typed === null && input.action === 'confirm' ? { standardReason: 'identityConfirmed' } : {}) }
      })
      // the games it rates depend on who is linked (check.games.noneRated / fewRated): the checks run again
      if (tournamentStatus(db, tp.tournamentId)?.status !== 'rated') runChecks(db, tp.tournamentId, { actor, trigger: 'facts' })
      return { tournamentPlayerId: tp.id, matchStatus: status, playerId }
    })()
  },

  'tournaments:export': (input, { db }) => {
    const model = loadTournamentModel(db, input.id)
    const format = input.format === 'trf26' ? 'TRF26' : 'TRF16'
    const out = writeTrf({ header: model.header, players: model.players, teams: model.teams }, { format })
    return { fileName: `${slug(model.header.name)}-${input.format}.trf`, text: out.text, warnings: out.warnings }
  },

  'tournaments:file': (input, { db }) => {
    const f = storedFile(db, input.fileId)
    if (!f) throw new UserError('tournaments.fileNotFound', { id: input.fileId })
    return { fileName: f.fileName, sha256: f.sha256, base64: Buffer.from(f.bytes).toString('base64') }
  }
}
