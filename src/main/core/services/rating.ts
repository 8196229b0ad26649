// Handlers of the rating calls: rating:calc and the rule sets (list, get, save and delete a federation profile, audited).
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import { editionSchema, type Edition } from '../../../shared/contract/rating'
import { BUILTIN_EDITIONS, BUILTIN_IDS, builtinEdition } from '../rules/editions'
import { calcPeriod } from '../engine/calc'
import { UserError } from '../util/errors'

interface ProfileRow {
  id: string
  params: string
  updated_at: string
}

function hasProfilesTable(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'rating_profiles'").get() !== undefined
}

/** A saved profile, validated again on load: a hand-edited row never reaches the engine unchecked. */
export function loadProfile(db: Db, id: string): Edition | undefined {
  if (!hasProfilesTable(db)) return undefined
  const row = db.prepare('SELECT id, params, updated_at FROM rating_profiles WHERE id = ?').get(id) as ProfileRow | undefined
  if (!row) return undefined
  const parsed = editionSchema.safeParse(JSON.parse(row.params))
  if (!parsed.success) throw new UserError('engine.invalidProfile', { id, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
  return parsed.data
}

/** Shipped rule sets first, then saved profiles. */
export function findEdition(db: Db, id: string): Edition | undefined {
  return builtinEdition(id) ?? loadProfile(db, id)
}

export const ratingHandlers: HandlersOf<'rating'> = {
  'rating:calc': (input, { db }) => calcPeriod(input, (id) => loadProfile(db, id))
}

export const rulesHandlers: HandlersOf<'rules'> = {
  'rules:list': (_input, { db }) => {
    const builtin = BUILTIN_EDITIONS.map((e) => ({ id: e.id, name: e.name, kind: e.kind, builtin: true, inForce: e.inForce, updatedAt: null }))
    if (!hasProfilesTable(db)) return builtin
    const saved = (db.prepare('SELECT id, params, updated_at FROM rating_profiles ORDER BY id').all() as ProfileRow[]).flatMap((r) => {
      const p = editionSchema.safeParse(JSON.parse(r.params))
      return p.success ? [{ id: p.data.id, name: p.data.name, kind: p.data.kind, builtin: false, inForce: p.data.inForce, updatedAt: r.updated_at }] : []
    })
    return [...builtin, ...saved]
  },
  'rules:get': (input, { db }) => {
    const b = builtinEdition(input.id)
    if (b) return { edition: b, builtin: true }
    const p = loadProfile(db, input.id)
    if (!p) throw new UserError('engine.unknownEdition', { id: input.id, known: [...BUILTIN_IDS].join(', ') })
    return { edition: p, builtin: false }
  },
  'rules:saveProfile': (input, { db }) => {
    const profile = input.profile
    if (BUILTIN_IDS.has(profile.id)) throw new UserError('engine.builtinProfile', { id: profile.id })
    const run = db.transaction(() => {
      const before = db.prepare('SELECT params FROM rating_profiles WHERE id = ?').get(profile.id) as { params: string } | undefined
      const params = JSON.stringify(profile)
      if (before) {
        db.prepare("UPDATE rating_profiles SET name = ?, kind = ?, based_on = ?, params = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?").run(profile.name, profile.kind, profile.basedOn, params, profile.id)
      } else {
        db.prepare('INSERT INTO rating_profiles (id, name, kind, based_on, params) VALUES (?, ?, ?, ?, ?)').run(profile.id, profile.name, profile.kind, profile.basedOn, params)
      }
      db.prepare('INSERT INTO audit_log (action, entity, entity_id, reason, data) VALUES (?, ?, ?, ?, ?)').run(
        before ? 'rating-profile.update' : 'rating-profile.create',
        'rating_profile',
        profile.id,
        input.reason ?? null,
        JSON.stringify({ before: before ? JSON.parse(before.params) : null, after: profile })
      )
      return { id: profile.id, created: !before }
    })
    return run()
  },
  'rules:deleteProfile': (input, { db }) => {
    if (BUILTIN_IDS.has(input.id)) throw new UserError('engine.builtinProfile', { id: input.id })
    const run = db.transaction(() => {
      const before = db.prepare('SELECT params FROM rating_profiles WHERE id = ?').get(input.id) as { params: string } | undefined
      if (!before) throw new UserError('engine.profileNotFound', { id: input.id })
      db.prepare('DELETE FROM rating_profiles WHERE id = ?').run(input.id)
      db.prepare('INSERT INTO audit_log (action, entity, entity_id, reason, data) VALUES (?, ?, ?, ?, ?)').run('rating-profile.delete', 'rating_profile', input.id, input.reason ?? null, JSON.stringify({ before: JSON.parse(before.params) }))
      return { deleted: true }
    })
    return run()
  }
}
