// The audit log's one writer: every decision, import and publication appends a row through appendAudit.
import type { Db } from '../db/open'
import { prepared } from './statements'
import { officerName } from './settings'

/**
 * Every action the audit log knows, with the entity it concerns. A new kind of decision adds its action here,
 * so that what the log can hold is read in one place.
 */
export interface AuditActions {
  'list.import': 'rating_list'
  'list.generate': 'rating_list'
  'list.publish': 'rating_list'
  'list.correct': 'rating_list'
  'duplicates.scan': 'player'
  'duplicate.dismiss': 'duplicate_candidate'
  'player.create': 'player'
  'player.update': 'player'
  'player.merge': 'player'
  'player.merge.undo': 'player'
  'arbiter.create': 'arbiter'
  'arbiter.update': 'arbiter'
  'rating-profile.create': 'rating_profile'
  'rating-profile.update': 'rating_profile'
  'rating-profile.delete': 'rating_profile'
  'tournament.import': 'tournament'
  'tournament.replace': 'tournament'
  'tournament.correct': 'tournament'
  'tournament.status': 'tournament'
  'tournament.check': 'tournament'
  'tournament.facts': 'tournament'
  'tournament.ratingType': 'tournament'
  'tournament.qcApproval': 'tournament'
  'tournament-player.confirm': 'tournament_player'
  'tournament-player.link': 'tournament_player'
  'tournament-player.create': 'tournament_player'
  'tournament-player.reject': 'tournament_player'
  'finding.accepted': 'tournament_finding'
  'finding.rejected': 'tournament_finding'
  'finding.overridden': 'tournament_finding'
  'site.privacy': 'settings'
  'site.build': 'site'
  'archive.seal': 'archive_file'
  'archive.rewrite': 'archive_file'
  'archive.merge-periods': 'archive_file'
}

export type AuditAction = keyof AuditActions
export type AuditEntity = AuditActions[AuditAction]

/** One row of the log; `entity` must be the one the action concerns. */
export type AuditEntry = {
  [A in AuditAction]: {
    action: A
    entity: AuditActions[A]
    /** The row concerned (several ids joined by commas for an import of several lists). */
    entityId?: string | number | null
    reason?: string | null
    /** Facts of the decision, stored as JSON. */
    data?: unknown
    /**
     * Who decided, when the call names someone (the decision dialog's "Decided by"); otherwise the officer of
     * the settings (officerName).
     */
    actor?: string
  }
}[AuditAction]

/** Appends one row to the append-only audit log; returns its id. Runs inside the caller's transaction. */
export function appendAudit(db: Db, entry: AuditEntry): number {
  const actor = officerName(db, entry.actor)
  return Number(
    prepared(db, 'INSERT INTO audit_log (actor, action, entity, entity_id, reason, data) VALUES (?, ?, ?, ?, ?, ?)')
      .run(actor, entry.action, entry.entity, entry.entityId == null ? null : String(entry.entityId), entry.reason ?? null, entry.data === undefined ? null : JSON.stringify(entry.data)).lastInsertRowid
  )
}

export interface AuditRow {
  id: number
  at: string
  actor: string
  action: string
  entity: string
  entityId: string | null
  reason: string | null
  data: unknown
}

/** The log of one entity, oldest first (data parsed back from JSON). */
export function auditOf(db: Db, entity: AuditEntity, entityId: string | number): AuditRow[] {
  const rows = prepared(db, 'SELECT id, at, actor, action, entity, entity_id AS entityId, reason, data FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id')
    .all(entity, String(entityId)) as (Omit<AuditRow, 'data'> & { data: string | null })[]
  return rows.map((r) => ({ ...r, data: r.data === null ? null : (JSON.parse(r.data) as unknown) }))
}
