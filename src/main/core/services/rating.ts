// Handlers of the rating calls: rating:calc and the rule sets (list, get, save and delete a federation profile, audited).
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import { BUILTIN_EDITIONS, BUILTIN_IDS, builtinEdition } from '../rules/editions'
import { calcPeriod } from '../engine/calc'
import { UserError } from '../util/errors'
import { appendAudit } from '../data/audit'
import { deleteProfile, loadProfile, profileParams, savedProfiles, writeProfile } from '../data/profiles'

/** Shipped rule sets first, then saved profiles. */
export function findEdition(db: Db, id: string): Edition | undefined {
  return builtinEdition(id) ?? loadProfile(db, id)
}

export const ratingHandlers: HandlersOf<'rating'> = {
  'rating:calc': (input, { db }) => calcPeriod(input, (id) => loadProfile(db, id))
}

export const rulesHandlers: HandlersOf<'rules'> = {
  'rules:list': (_input, { db }) => {
    const builtin = BUILTIN_EDITIONS.map((e) => ({ id: e.id, name: e.name, kind: e.kind, builtin: true, inForce: e.inForce, updatedAt: null, edition: e }))
    const saved = savedProfiles(db).map(({ edition: e, updatedAt }) => ({ id: e.id, name: e.name, kind: e.kind, builtin: false, inForce: e.inForce, updatedAt, edition: e }))
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
      const before = profileParams(db, profile.id)
      writeProfile(db, profile, before !== undefined)
      appendAudit(db, {
        action: before ? 'rating-profile.update' : 'rating-profile.create',
        entity: 'rating_profile',
        entityId: profile.id,
        reason: input.reason ?? null,
        data: { before: before !== undefined ? (JSON.parse(before) as unknown) : null, after: profile }
      })
      return { id: profile.id, created: before === undefined }
    })
    return run()
  },
  'rules:deleteProfile': (input, { db }) => {
    if (BUILTIN_IDS.has(input.id)) throw new UserError('engine.builtinProfile', { id: input.id })
    const run = db.transaction(() => {
      const before = profileParams(db, input.id)
      if (before === undefined) throw new UserError('engine.profileNotFound', { id: input.id })
      deleteProfile(db, input.id)
      appendAudit(db, { action: 'rating-profile.delete', entity: 'rating_profile', entityId: input.id, reason: input.reason ?? null, data: { before: JSON.parse(before) as unknown } })
      return { deleted: true }
    })
    return run()
  }
}
