// Arbiters registry: FIDE ID, title, licence category and validity; edits are recorded; licence check on a date.
import type { Db } from '../db/open'
import { prepared } from './statements'
import { UserError } from '../util/errors'
import { appendAudit } from './audit'
import { playerIdByFideId } from './players'

export type ArbiterTitle = 'IA' | 'FA' | 'NA'
export type ArbiterStatus = 'active' | 'inactive' | 'suspended' | 'revoked'

export interface Arbiter {
  id: number
  playerId: number | null
  fideId: number
  name: string | null
  federation: string | null
  title: ArbiterTitle
  licenceCategory: 'A' | 'B' | 'C' | 'D' | null
  validFrom: string | null
  validTo: string | null
  status: ArbiterStatus
  source: 'list' | 'manual'
  notes: string | null
  updatedAt: string
}

export interface ArbiterInput {
  fideId: number
  title: ArbiterTitle
  licenceCategory?: 'A' | 'B' | 'C' | 'D' | null
  validFrom?: string | null
  validTo?: string | null
  status?: ArbiterStatus
  notes?: string | null
}

export interface LicenceCheck {
  fideId: number
  date: string
  /** True when the arbiter is registered with a licence in force on the date. */
  licensed: boolean
  reason: 'ok' | 'unknown' | 'inactive' | 'suspended' | 'revoked' | 'not-yet-valid' | 'expired'
  arbiter: Arbiter | null
}

const SELECT = `SELECT a.id, a.player_id AS playerId, a.fide_id AS fideId,
  CASE WHEN p.id IS NULL THEN NULL WHEN p.given_names = '' THEN p.surname ELSE p.surname || ', ' || p.given_names END AS name,
  p.federation, a.title, a.licence_category AS licenceCategory, a.valid_from AS validFrom, a.valid_to AS validTo,
  a.status, a.source, a.notes, a.updated_at AS updatedAt
  FROM arbiters a LEFT JOIN players p ON p.id = a.player_id`

export function getArbiter(db: Db, fideId: number): Arbiter | null {
  return (prepared(db, `${SELECT} WHERE a.fide_id = ?`).get(fideId) as Arbiter | undefined) ?? null
}

export function listArbiters(
  db: Db,
  input: { text?: string; status?: ArbiterStatus; title?: ArbiterTitle; offset?: number; limit?: number }
): { total: number; rows: Arbiter[] } {
  const where: string[] = []
  const params: unknown[] = []
  const text = input.text?.trim()
  if (text) {
    if (/^\d+$/.test(text)) {
      where.push('a.fide_id = ?')
      params.push(Number(text))
    } else {
      where.push("(p.name_folded LIKE ? ESCAPE '\\')")
      params.push(`%${text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
    }
  }
  if (input.status) {
    where.push('a.status = ?')
    params.push(input.status)
  }
  if (input.title) {
    where.push('a.title = ?')
    params.push(input.title)
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
  const total = (prepared(db, `SELECT count(*) AS n FROM arbiters a LEFT JOIN players p ON p.id = a.player_id ${w}`).get(...params) as { n: number }).n
  const rows = prepared(db, `${SELECT} ${w} ORDER BY p.name_folded, a.fide_id LIMIT ? OFFSET ?`)
    .all(...params, input.limit ?? 50, input.offset ?? 0) as Arbiter[]
  return { total, rows }
}

/** Registers or edits an arbiter; the row becomes 'manual' so that later list imports never overwrite it. */
export function saveArbiter(db: Db, input: ArbiterInput, reason: string | null = null): Arbiter {
  if (input.validFrom && input.validTo && input.validFrom > input.validTo) {
    throw new UserError('registry.arbiterDates', { fideId: input.fideId, validFrom: input.validFrom, validTo: input.validTo })
  }
  db.transaction(() => {
    const before = getArbiter(db, input.fideId)
    const playerId = playerIdByFideId(db, input.fideId)
    const values = {
      fideId: input.fideId,
      playerId: playerId ?? before?.playerId ?? null,
      title: input.title,
      cat: input.licenceCategory ?? null,
      from: input.validFrom ?? null,
      to: input.validTo ?? null,
      status: input.status ?? 'active',
      notes: input.notes ?? null
    }
    if (before) {
      prepared(db,
        `UPDATE arbiters SET player_id = @playerId, title = @title, licence_category = @cat, valid_from = @from, valid_to = @to,
                status = @status, notes = @notes, source = 'manual', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE fide_id = @fideId`
      ).run(values)
    } else {
      prepared(db,
        `INSERT INTO arbiters(player_id, fide_id, title, licence_category, valid_from, valid_to, status, notes, source)
         VALUES (@playerId, @fideId, @title, @cat, @from, @to, @status, @notes, 'manual')`
      ).run(values)
    }
    appendAudit(db, { action: before ? 'arbiter.update' : 'arbiter.create', entity: 'arbiter', entityId: input.fideId, reason, data: { before, after: values } })
  })()
  return getArbiter(db, input.fideId)!
}

/**
 * Whether an arbiter holds a licence in force on `date` (YYYY-MM-DD): registered, status active, and the date
 * within valid_from … valid_to (both inclusive, either open). The tournament checks call this for every arbiter.
 */
export function arbiterLicenceOn(db: Db, fideId: number, date: string): LicenceCheck {
  const arbiter = getArbiter(db, fideId)
  const base = { fideId, date, arbiter }
  if (!arbiter) return { ...base, licensed: false, reason: 'unknown' }
  if (arbiter.status !== 'active') return { ...base, licensed: false, reason: arbiter.status }
  if (arbiter.validFrom && date < arbiter.validFrom) return { ...base, licensed: false, reason: 'not-yet-valid' }
  if (arbiter.validTo && date > arbiter.validTo) return { ...base, licensed: false, reason: 'expired' }
  return { ...base, licensed: true, reason: 'ok' }
}
