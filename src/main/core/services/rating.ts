// Handlers of the rating calls: rating:calc and the rule sets (list, get, save and delete a federation profile, audited).
import type { HandlersOf } from './dispatch'
import type { Db } from '../db/open'
import type { Edition } from '../../../shared/contract/rating'
import { BUILTIN_EDITIONS, BUILTIN_IDS, builtinEdition } from '../rules/editions'
import { calcPeriod } from '../engine/calc'
import { UserError } from '../util/errors'
import { appendAudit } from '../data/audit'
import { listInForce, type ListRef } from '../data/lists'
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

export interface ListRating {
  rating: number | null
  k: number | null
  birthYear: number | null
}

/**
 * Ratings in force at a tournament's start: per FIDE ID, the entry of the latest list (a reference list, or a published
 * office list) of that rating type dated on or before the start. Also returns which list was used.
 */
export function ratingsAtStart(db: Db, start: string, ratingType: string, fideIds: readonly string[]): { list: ListRef | null; byFideId: Map<string, ListRating> } {
  const list = listInForce(db, start, ratingType)
  const byFideId = new Map<string, ListRating>()
  if (!list) return { list: null, byFideId }
  const stmt = db.prepare(
    `SELECT e.rating, e.k, e.birth_year AS birthYear FROM rating_list_entries e JOIN players p ON p.id = e.player_id
      WHERE e.list_id = ? AND p.fide_id = ?`
  )
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = stmt.get(list.id, Number(id)) as ListRating | undefined
    if (row) byFideId.set(id, row)
  }
  return { list, byFideId }
}

/**
 * Players unrated at a tournament's start who have been published since (§ 8.4): their current rating, from the latest
 * list of that type after the start.
 */
export function ratingsPublishedSince(db: Db, start: string, ratingType: string, fideIds: readonly string[]): Map<string, number> {
  const stmt = db.prepare(
    `SELECT e.rating FROM rating_list_entries e
       JOIN rating_lists l ON l.id = e.list_id
       JOIN players p ON p.id = e.player_id
      WHERE p.fide_id = ? AND l.rating_type = ? AND l.list_date > ? AND e.rating IS NOT NULL
        AND (l.kind = 'reference' OR (l.kind = 'office' AND l.status = 'published'))
      ORDER BY l.list_date DESC, l.id DESC LIMIT 1`
  )
  const out = new Map<string, number>()
  for (const id of fideIds) {
    if (!/^\d+$/.test(id)) continue
    const row = stmt.get(Number(id), ratingType, start) as { rating: number } | undefined
    if (row) out.set(id, row.rating)
  }
  return out
}
