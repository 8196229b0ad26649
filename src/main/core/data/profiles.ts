// Saved rating profiles (a federation's rule sets): read back validated, written and deleted by the rules calls.
import type { Db } from '../db/open'
import { editionSchema, type Edition } from '../../../shared/contract/rating'
import { UserError } from '../util/errors'

interface ProfileRow {
  id: string
  params: string
  updated_at: string
}

/** A saved profile, validated again on load: a hand-edited row never reaches the engine unchecked. */
export function loadProfile(db: Db, id: string): Edition | undefined {
  const row = db.prepare('SELECT id, params, updated_at FROM rating_profiles WHERE id = ?').get(id) as ProfileRow | undefined
  if (!row) return undefined
  const parsed = editionSchema.safeParse(JSON.parse(row.params))
  if (!parsed.success) throw new UserError('engine.invalidProfile', { id, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
  return parsed.data
}

/** Every saved profile that still validates, by id, with when it was last saved. */
export function savedProfiles(db: Db): { edition: Edition; updatedAt: string }[] {
  return (db.prepare('SELECT id, params, updated_at FROM rating_profiles ORDER BY id').all() as ProfileRow[]).flatMap((r) => {
    const p = editionSchema.safeParse(JSON.parse(r.params))
    return p.success ? [{ edition: p.data, updatedAt: r.updated_at }] : []
  })
}

/** The stored parameters of a profile as JSON text (for the audit's "before"), or undefined. */
export function profileParams(db: Db, id: string): string | undefined {
  return db.prepare('SELECT params FROM rating_profiles WHERE id = ?').pluck().get(id) as string | undefined
}

/** Inserts or updates a profile row (the caller audits, in its transaction). */
export function writeProfile(db: Db, profile: Edition, exists: boolean): void {
  const params = JSON.stringify(profile)
  if (exists) {
    db.prepare("UPDATE rating_profiles SET name = ?, kind = ?, based_on = ?, params = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(profile.name, profile.kind, profile.basedOn, params, profile.id)
  } else {
    db.prepare('INSERT INTO rating_profiles (id, name, kind, based_on, params) VALUES (?, ?, ?, ?, ?)').run(profile.id, profile.name, profile.kind, profile.basedOn, params)
  }
}

export function deleteProfile(db: Db, id: string): void {
  db.prepare('DELETE FROM rating_profiles WHERE id = ?').run(id)
}
