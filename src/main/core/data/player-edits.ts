// Office edits of a player's identity (a birth date typed wrong, a death, a national ID): audited, one transaction.
import type { Db } from '../db/open'
import { UserError } from '../util/errors'
import { foldName } from '../registry/names'
import { appendAudit } from './audit'

export interface PlayerPatch {
  surname?: string
  givenNames?: string
  nationalId?: string | null
  federation?: string | null
  sex?: 'M' | 'F' | null
  /** 'YYYY-MM-DD' or 'YYYY'; kept internal, published only as year or age category. */
  birthDate?: string | null
  status?: 'active' | 'inactive' | 'deceased'
}

const COLUMN: Record<keyof PlayerPatch, string> = {
  surname: 'surname',
  givenNames: 'given_names',
  nationalId: 'national_id',
  federation: 'federation',
  sex: 'sex',
  birthDate: 'birth_date',
  status: 'status'
}

/** Applies the changed fields, records before/after in the audit log with the reason; returns the changed field names. */
export function updatePlayer(db: Db, id: number, patch: PlayerPatch, reason: string): string[] {
  return db.transaction(() => {
    const before = db.prepare('SELECT * FROM players WHERE id = ?').get(id) as Record<string, unknown> | undefined
    if (!before) throw new UserError('registry.playerNotFound', { id })
    if (before.status === 'merged') throw new UserError('registry.mergeMerged', { id, into: before.merged_into })
    if (patch.birthDate && !/^\d{4}(-\d{2}-\d{2})?$/.test(patch.birthDate)) {
      throw new UserError('registry.badBirthDate', { id, found: patch.birthDate })
    }
    const changed = (Object.keys(patch) as (keyof PlayerPatch)[]).filter((k) => patch[k] !== undefined && patch[k] !== before[COLUMN[k]])
    if (!changed.length) return []
    const values: Record<string, unknown> = { id }
    for (const k of changed) values[k] = patch[k]
    const sets = changed.map((k) => `${COLUMN[k]} = @${k}`)
    if (changed.includes('surname') || changed.includes('givenNames')) {
      values.folded = foldName(`${patch.surname ?? before.surname} ${patch.givenNames ?? before.given_names}`)
      sets.push('name_folded = @folded')
    }
    db.prepare(`UPDATE players SET ${sets.join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = @id`).run(values)
    appendAudit(db, {
      action: 'player.update',
      entity: 'player',
      entityId: id,
      reason,
      data: { before: Object.fromEntries(changed.map((k) => [k, before[COLUMN[k]]])), after: Object.fromEntries(changed.map((k) => [k, patch[k]])) }
    })
    return changed
  })()
}
