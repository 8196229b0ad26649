// Handlers of the player registry and the arbiters registry: search, player page, import job, duplicates, merges, licences.
import type { HandlersOf } from './dispatch'
import type { ServiceContext } from './context'
import { parsedOffMain } from './parse-queue'
import type { CallOutput } from '../../../shared/contract/index'
import type { Db } from '../db/open'
import { readSettings, officerName } from '../data/settings'
import { appendAudit } from '../data/audit'
import { UserError } from '../util/errors'
import { PlayerReader } from '../data/player-search'
import { playerOtherTitles, playerTournaments } from '../data/players'
import { candidateStatus, dismissCandidate, duplicateCandidates } from '../data/duplicates'
import { getMerge, listMerges, mergePlayers, recordName, undoBlocker, undoMerge } from '../data/player-merges'
import { withOfficeAlone } from './office-alone'
import { readNationalTable, suggestMapping } from '../registry/national'
import { updatePlayer } from '../data/player-edits'
import { arbiterLicenceOn, getArbiter, listArbiters, saveArbiter } from '../data/arbiters'
import { rerunForArbiter } from './checks'
import type { DuplicateCandidateDto } from '../../../shared/contract/players'
import { translateError } from '../../../shared/errors/index'

function reader(db: Db): PlayerReader {
  return new PlayerReader(db, readSettings(db).birthPrivacy)
}

/** Once the job that reads a file has ended (whatever the end), its handle is spent and an uploaded copy deleted. */
function releaseAfter(jobs: ServiceContext['jobs'], jobId: string, release: () => void): void {
  void jobs.wait(jobId).then(release, release)
}

/** A national list's columns, its first ten rows, its row count and the mapping its headers suggest. */
export async function previewNationalFile(file: string): Promise<CallOutput<'players:previewNational'>> {
  const t = await readNationalTable(file)
  return { columns: t.columns, sample: t.rows.slice(0, 10), rows: t.rows.length, suggested: suggestMapping(t.columns) }
}

export const playersHandlers: HandlersOf<'players'> = {
  'players:search': (input, { db }) => reader(db).search(input),

  'players:get': (input, { db }) => {
    const r = reader(db)
    const player = r.get(input.id)
    const extra = playerOtherTitles(db, input.id)
    return {
      player,
      otherTitles: extra.other_titles ? extra.other_titles.split(',') : [],
      foaTitle: extra.foa_title,
      region: extra.region,
      tournaments: playerTournaments(db, input.id),
      merges: listMerges(db, input.id),
      arbiter: player.fideId !== null ? getArbiter(db, player.fideId) : null
    }
  },

  'players:update': (input, { db }) => {
    const { id, reason, ...patch } = input
    const changed = updatePlayer(db, id, patch, reason)
    return { changed, player: reader(db).get(id) }
  },

  'players:importList': ({ upload, ...input }, { jobs, uploads }) => {
    const jobId = jobs.start('registry:importList', { ...input, file: uploads.resolve(upload, 'fide-list').path })
    releaseAfter(jobs, jobId, () => uploads.release(upload))
    return { jobId }
  },

  // an outside file is parsed in a worker where other calls are served meanwhile (parsedOffMain)
  'players:previewNational': (input, ctx) => {
    const file = ctx.uploads.resolve(input.upload, 'national-list').path
    return parsedOffMain(ctx, 'registry:previewNational', { file }, () => previewNationalFile(file))
  },

  'players:importNational': ({ upload, ...input }, { jobs, uploads }) => {
    const jobId = jobs.start('registry:importNational', { ...input, file: uploads.resolve(upload, 'national-list').path })
    releaseAfter(jobs, jobId, () => uploads.release(upload))
    return { jobId }
  },

  'players:duplicates': (input, { db }) => {
    const { total, rows: raws } = duplicateCandidates(db, input.status, input.limit, input.offset)
    const r = reader(db)
    const rows: DuplicateCandidateDto[] = raws.map((c) => ({
      id: c.id,
      score: c.score,
      status: c.status,
      reasons: JSON.parse(c.reasons) as DuplicateCandidateDto['reasons'],
      foundAt: c.found_at,
      decidedAt: c.decided_at,
      decisionReason: c.decision_reason,
      mergeId: c.merge_id,
      a: r.get(c.player_a),
      b: r.get(c.player_b)
    }))
    return { total, rows }
  },

  'players:scanDuplicates': (input, { jobs }) => ({ jobId: jobs.start('registry:scanDuplicates', input) }),

  'players:dismissDuplicate': (input, { db }) => {
    db.transaction(() => {
      const status = candidateStatus(db, input.candidateId)
      if (status === null) throw new UserError('registry.candidateNotFound', { id: input.candidateId })
      if (status !== 'open') throw new UserError('registry.candidateDecided', { id: input.candidateId, status })
      dismissCandidate(db, input.candidateId, input.reason)
      appendAudit(db, { action: 'duplicate.dismiss', entity: 'duplicate_candidate', entityId: input.candidateId, reason: input.reason })
    })()
    return { id: input.candidateId, status: 'dismissed' as const }
  },

  // with the officer's word, a merge (or its undo) whose entries on a sealed period's lists move writes that period's
  // file anew: a job in the write turn, the office alone meanwhile (another connection has the old file attached)
  'players:merge': (input, ctx) =>
    input.rewriteSealed
      ? withOfficeAlone(ctx, 'rewrite', 'archive.rewriteBusy', () => ctx.jobs.run('registry:mergeSealed', { action: 'merge', keepId: input.keepId, dropId: input.dropId, reason: input.reason }))
      : mergePlayers(ctx.db, input.keepId, input.dropId, input.reason),

  'players:undoMerge': (input, ctx) =>
    input.rewriteSealed
      ? withOfficeAlone(ctx, 'rewrite', 'archive.rewriteBusy', () => ctx.jobs.run('registry:mergeSealed', { action: 'undo', mergeId: input.mergeId, reason: input.reason }))
      : undoMerge(ctx.db, input.mergeId, input.reason),

  'players:merges': (input, { db }) => {
    const locale = readSettings(db).locale
    return listMerges(db, input.playerId).map((m) => {
      const blocker = m.undoneAt ? null : undoBlocker(db, m.id)
      const names = { keepName: recordName(db, m.keepId), dropName: recordName(db, m.dropId) }
      return { ...getMerge(db, m.id), ...names, undoable: !m.undoneAt && !blocker, undoBlockedBy: blocker ? translateError(blocker.key, blocker.params, locale) : null }
    })
  }
}

export const arbitersHandlers: HandlersOf<'arbiters'> = {
  'arbiters:list': (input, { db }) => listArbiters(db, input),
  'arbiters:save': (input, { db }) => {
    const { reason, ...rest } = input
    const actor = officerName(db)
    // the licence and the checks of the tournaments this arbiter directed change together
    return db.transaction(() => {
      const saved = saveArbiter(db, rest, reason ?? null)
      rerunForArbiter(db, input.fideId, actor)
      return saved
    })()
  },
  'arbiters:licenceOn': (input, { db }) => arbiterLicenceOn(db, input.fideId, input.date)
}
