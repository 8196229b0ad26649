// Handlers of the tournaments calls: preview and import of TRF files, the tournament page, findings and decisions, player matching, export.
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import { readSettings, officerName } from '../data/settings'
import { appendAudit } from '../data/audit'
import { readTrf, writeTrf, describeFinding, type ParsedTrf, type TrfFinding } from '../trf/index'
import { findExisting, importTrf, sha256Of } from '../tournaments/import'
import { loadTournamentModel } from '../data/tournament-model'
import { foldName, splitName } from '../registry/names'
import { UserError, isUserError } from '../util/errors'
import { translateError, type Locale } from '../../../shared/errors/index'
import type { StoredFinding } from '../../../shared/contract/tournaments'
import { findingCounts, listFindings, type FindingRow } from '../data/findings'
import { setReviewFacts, type TournamentStatus } from '../data/review'
import { decideFinding, runChecks } from './checks'

function bytesOf(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, 'base64'))
}

function locale(db: Db): Locale {
  return readSettings(db).locale
}

function withMessage(f: TrfFinding, loc: Locale) {
  return { ...f, message: describeFinding(f, loc) }
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
    timeControl: h.timeControl,
    rounds: parsed.roundsInData,
    declaredRounds: h.declaredRounds,
    roundDates: h.roundDates,
    arbiters: h.arbiters
  }
}

function toStored(r: FindingRow, loc: Locale): StoredFinding {
  const params = JSON.parse(r.params) as Record<string, unknown>
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
    message: translateError(r.code, { ...params, found: r.found, expected: r.expected, file: r.fileName }, loc),
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
  const t = db.prepare('SELECT id, status FROM tournaments WHERE id = ?').get(id) as { id: number; status: string } | undefined
  if (!t) throw new UserError('tournaments.notFound', { id })
  return t
}

function slug(s: string | null): string {
  return (foldName(s ?? '') || 'tournament').replace(/ /g, '-').slice(0, 60)
}

/** `tournaments:rate` has its own module (tournament-rating.ts). */
export const tournamentsHandlers: Omit<HandlersOf<'tournaments'>, 'tournaments:rate'> = {
  'tournaments:preview': (input, { db }) => {
    const bytes = bytesOf(input.base64)
    const parsed = readTrf(bytes, input.fileName)
    const sha256 = sha256Of(bytes)
    const loc = locale(db)
    const same = db.prepare('SELECT tournament_id AS id FROM tournament_files WHERE sha256 = ? LIMIT 1').get(sha256) as { id: number } | undefined
    const replaces = findExisting(db, parsed)?.id ?? null
    return {
      fileName: input.fileName,
      format: parsed.format,
      encoding: parsed.encoding,
      lineEnding: parsed.lineEnding,
      sha256,
      alreadyImported: same?.id ?? null,
      replaces: same ? null : replaces,
      importable: !parsed.findings.some((f) => f.fatal),
      header: headerSummary(parsed),
      players: parsed.players,
      findings: parsed.findings.map((f) => withMessage(f, loc))
    }
  },

  'tournaments:import': (input, { db }) => {
    // one correction replaces one tournament: several files naming the same one would overwrite each other
    if (input.replaces !== undefined && input.files.length > 1) throw new UserError('tournaments.replacesOneFile', { id: input.replaces, count: input.files.length })
    const loc = locale(db)
    return input.files.map((f) => {
      try {
        // the file, the officer's facts and the regulation checks in one transaction: an import is checked or absent
        const summary = db.transaction(() => {
          const s = importTrf(db, bytesOf(f.base64), f.fileName, { replaces: input.replaces })
          if (s.outcome === 'duplicate') return s
          const facts = { ...(input.receivedDate ? { receivedDate: input.receivedDate } : {}), ...(input.historical !== undefined ? { historical: input.historical } : {}) }
          setReviewFacts(db, s.tournamentId, facts)
          runChecks(db, s.tournamentId, {
            actor: officerName(db),
            trigger: s.outcome === 'replaced' ? 'file' : 'import',
            previousStatus: s.previousStatus as TournamentStatus | null,
            detail: s.diff ? { file: f.fileName, version: s.version, diff: s.diff.summary } : { file: f.fileName, version: s.version }
          })
          const c = findingCounts(db, s.tournamentId)
          return { ...s, findings: { error: c.error, warning: c.warning, info: c.info } }
        })()
        return { ok: true as const, ...summary }
      } catch (e) {
        if (!isUserError(e)) throw e
        const findings = Array.isArray(e.details) ? (e.details as TrfFinding[]).map((x) => withMessage(x, loc)) : []
        return { ok: false as const, fileName: f.fileName, message: translateError(e.key, e.params, loc), findings }
      }
    })
  },

  'tournaments:list': (input, { db }) => {
    const where: string[] = []
    const args: unknown[] = []
    if (input.status) {
      where.push('t.status = ?')
      args.push(input.status)
    }
    if (input.search?.trim()) {
      where.push("(t.name LIKE ? OR coalesce(t.city, '') LIKE ?)")
      args.push(`%${input.search.trim()}%`, `%${input.search.trim()}%`)
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const total = (db.prepare(`SELECT count(*) AS n FROM tournaments t ${w}`).get(...args) as { n: number }).n
    const rows = db
      .prepare(
        `SELECT t.id, t.name, t.city, t.federation, t.start_date AS startDate, t.end_date AS endDate, t.system, t.rating_type AS ratingType, t.status, t.rounds,
                (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players,
                (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'error') AS errors,
                (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level = 'warning') AS warnings,
                (SELECT count(*) FROM tournament_findings f WHERE f.tournament_id = t.id AND f.active = 1 AND f.level <> 'info' AND f.decision IS NULL) AS openDecisions,
                t.created_at AS importedAt
           FROM tournaments t ${w} ORDER BY coalesce(t.start_date, '') DESC, t.id DESC LIMIT ? OFFSET ?`
      )
      .all(...args, input.limit, input.offset) as { status: 'imported' }[]
    return { total, rows: rows as never }
  },

  'tournaments:get': (input, { db }) => {
    const t = db.prepare('SELECT id, status, system, rounds FROM tournaments WHERE id = ?').get(input.id) as { id: number; status: 'imported'; system: 'swiss' | 'round-robin'; rounds: number } | undefined
    if (!t) throw new UserError('tournaments.notFound', { id: input.id })
    const model = loadTournamentModel(db, input.id)
    const matches = new Map(
      (
        db
          .prepare(
            `SELECT tp.id, tp.start_rank AS startRank, tp.player_id AS playerId, tp.match_status AS matchStatus, tp.match_confidence AS matchConfidence,
                    tp.candidate_player_id AS candidatePlayerId,
                    CASE WHEN c.id IS NULL THEN NULL ELSE c.surname || CASE WHEN c.given_names <> '' THEN ', ' || c.given_names ELSE '' END END AS candidateName
               FROM tournament_players tp LEFT JOIN players c ON c.id = tp.candidate_player_id WHERE tp.tournament_id = ?`
          )
          .all(input.id) as { id: number; startRank: number; playerId: number | null; matchStatus: string; matchConfidence: number | null; candidatePlayerId: number | null; candidateName: string | null }[]
      ).map((r) => [r.startRank, r])
    )
    const files = (
      db
        .prepare(
          `SELECT id, version, file_name AS fileName, sha256, size, format, encoding, line_ending AS lineEnding, imported_at AS importedAt, imported_by AS importedBy, diff
             FROM tournament_files WHERE tournament_id = ? ORDER BY version DESC`
        )
        .all(input.id) as { diff: string | null }[]
    ).map((f) => ({ ...f, diff: f.diff ? (JSON.parse(f.diff) as unknown) : null }))
    const counts = findingCounts(db, input.id)
    return {
      id: t.id,
      status: t.status,
      header: headerSummary({ header: model.header, system: t.system, roundsInData: t.rounds }),
      players: model.players.map((p) => {
        const m = matches.get(p.startRank)!
        const { id, playerId, matchStatus, matchConfidence, candidatePlayerId, candidateName } = m
        return { ...p, id, playerId, matchStatus, matchConfidence, candidatePlayerId, candidateName }
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
      const tp = db
        .prepare('SELECT id, tournament_id AS tournamentId, start_rank AS startRank, match_status AS matchStatus, candidate_player_id AS candidateId, fide_id AS fideId, name, sex, title, federation, birth FROM tournament_players WHERE id = ?')
        .get(input.tournamentPlayerId) as { id: number; tournamentId: number; startRank: number; matchStatus: string; candidateId: number | null; fideId: number | null; name: string; sex: string | null; title: string | null; federation: string | null; birth: string | null } | undefined
      if (!tp) throw new UserError('tournaments.playerNotFound', { id: input.tournamentPlayerId, tournamentId: '?' })
      let playerId: number | null = null
      let status: string
      switch (input.action) {
        case 'confirm':
          if (tp.candidateId === null) throw new UserError('tournaments.noCandidate', { startRank: tp.startRank })
          playerId = tp.candidateId
          status = 'confirmed'
          break
        case 'link': {
          if (!input.playerId || !db.prepare('SELECT 1 FROM players WHERE id = ?').get(input.playerId)) throw new UserError('tournaments.registryPlayerNotFound', { id: input.playerId ?? '?' })
          playerId = input.playerId
          status = 'linked'
          break
        }
        case 'create': {
          const parts = splitName(tp.name)
          const fideTaken = tp.fideId !== null && db.prepare('SELECT 1 FROM players WHERE fide_id = ?').get(tp.fideId)
          const women = tp.title && tp.title.startsWith('W')
          playerId = Number(
            db
              .prepare('INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date, title, woman_title) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
              .run(fideTaken ? null : tp.fideId, parts.surname, parts.givenNames, foldName(`${parts.surname} ${parts.givenNames}`), tp.federation, tp.sex, tp.birth, women ? null : tp.title, women ? tp.title : null).lastInsertRowid
          )
          appendAudit(db, { actor, action: 'player.create', entity: 'player', entityId: playerId, reason: input.reason ?? null, data: { from: { tournamentId: tp.tournamentId, startRank: tp.startRank } } })
          status = 'created'
          break
        }
        case 'reject':
          status = 'rejected'
          break
      }
      db.prepare('UPDATE tournament_players SET player_id = ?, match_status = ? WHERE id = ?').run(playerId, status, tp.id)
      db.prepare(
        `UPDATE tournament_findings SET decision = ?, decision_reason = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
          WHERE tournament_id = ? AND start_rank = ? AND active = 1 AND source = 'match' AND code IN ('trf.match.candidate','trf.match.unknownId','trf.match.noCandidate') AND decision IS NULL`
      ).run(input.action === 'reject' ? 'rejected' : 'accepted', input.reason ?? `player ${input.action}`, actor, tp.tournamentId, tp.startRank)
      appendAudit(db, { actor, action: `tournament-player.${input.action}` as const, entity: 'tournament_player', entityId: tp.id, reason: input.reason ?? null, data: { tournamentId: tp.tournamentId, startRank: tp.startRank, before: tp.matchStatus, playerId } })
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
    const f = db.prepare('SELECT file_name AS fileName, sha256, bytes FROM tournament_files WHERE id = ?').get(input.fileId) as { fileName: string; sha256: string; bytes: Buffer } | undefined
    if (!f) throw new UserError('tournaments.fileNotFound', { id: input.fileId })
    return { fileName: f.fileName, sha256: f.sha256, base64: Buffer.from(f.bytes).toString('base64') }
  }
}
