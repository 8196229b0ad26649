// A small federation for the office-list tests: a FIDE-like list of 1 October 2025 with its K column, and round-robin
// reports written here, imported, matched and approved through the real calls.
import type { Services } from '../../../../src/main/core/services/index'
import type { CallInput, CallName, CallOutput } from '../../../../src/shared/contract/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { writeCombinedList } from '../../../helpers/synthetic-list'
import { roundRobinTrf, type TrfPlayerSpec } from '../../cli/trf-writer'
import { generateDraft } from '../../../../src/main/core/services/list-generation'
import { nameFederation } from '../../../helpers/federation'

export async function call<N extends CallName>(s: Services, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await s.dispatch(name, input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), { key: r.error.key })
  return r.value as CallOutput<N>
}
export async function refused(s: Services, name: CallName, input: unknown): Promise<{ key: string; message: string }> {
  const r = await s.dispatch(name, input)
  if (r.ok) throw new Error(`${name} was expected to fail`)
  return r.error
}

// The FIDE list of 1 October 2025 (standard): rating, games, K as FIDE prints them.
export const PLAYERS = {
  A: { id: 5000001, name: 'Alpha, Anna', sex: 'F' as const, rating: 2000, k: 20, birth: 1980 },
  B: { id: 5000002, name: 'Bravo, Ben', sex: 'M' as const, rating: 1900, k: 20, birth: 1985 },
  C: { id: 5000003, name: 'Charlie, Cleo', sex: 'F' as const, rating: 1800, k: 40, birth: 2010 },
  D: { id: 5000004, name: 'Delta, Dan', sex: 'M' as const, rating: 2450, k: 10, birth: 1975, title: 'IM' },
  F1: { id: 5000011, name: 'Fox, One', sex: 'M' as const, rating: 1901, k: 20, birth: 1990 },
  F2: { id: 5000012, name: 'Fox, Two', sex: 'M' as const, rating: 1901, k: 20, birth: 1990 },
  F3: { id: 5000013, name: 'Fox, Three', sex: 'M' as const, rating: 1901, k: 20, birth: 1990 },
  F4: { id: 5000014, name: 'Fox, Four', sex: 'M' as const, rating: 1902, k: 20, birth: 1990 },
  F5: { id: 5000015, name: 'Fox, Five', sex: 'M' as const, rating: 1902, k: 20, birth: 1990 }
}
export type Key = keyof typeof PLAYERS
export const E_FIDE = 5000099 // the newcomer: on no list

export function trf(title: string, start: string, end: string, keys: (Key | 'E')[], rows: string[]): string {
  const players: TrfPlayerSpec[] = keys.map((k, i) => ({
    name: k === 'E' ? 'Echo, Eva' : PLAYERS[k].name,
    rating: k === 'E' ? null : PLAYERS[k].rating,
    fideId: k === 'E' ? E_FIDE : PLAYERS[k].id,
    results: rows[i]!.split('')
  }))
  return roundRobinTrf(title, start, 'Round robin standard', players).replace(/^052 .*$/m, `052 ${end.replace(/-/g, '/')}`)
}

/** `replaces`: the stored tournament the officer confirms this report replaces (a corrected report is held until then). */
export async function importApproved(s: Services, text: string, name: string, approve = true, replaces?: number): Promise<number> {
  const file = { fileName: name, base64: Buffer.from(text).toString('base64'), ...(replaces !== undefined ? { replaces } : {}) }
  const [r] = (await call(s, 'tournaments:import', { files: [file] })) as { ok: boolean; tournamentId: number; message?: string }[]
  if (!r!.ok) throw new Error(`import of ${name} failed: ${r!.message}`)
  const id = r!.tournamentId
  const t = (await call(s, 'tournaments:get', { id })) as unknown as { players: { id: number; playerId: number | null; matchStatus: string }[] }
  for (const p of t.players) if (p.playerId === null) await call(s, 'tournaments:resolvePlayer', { tournamentPlayerId: p.id, action: 'create', reason: 'newcomer' })
  const errors = (await call(s, 'tournaments:findings', { id, level: 'error' })) as unknown as { id: number; decision: string | null }[]
  for (const f of errors) if (!f.decision) await call(s, 'tournaments:decideFinding', { findingId: f.id, decision: 'overridden', reason: 'test report written by hand' })
  if (approve) await call(s, 'checks:approve', { id, reason: 'checked by the office', overrideErrors: true })
  return id
}

export const playerId = (s: Services, fideId: number): number => s.ctx.db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck().get(fideId) as number
/** A player's line on a list, by FIDE ID (undefined: not on it). */
export interface Line {
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
  status: string | null
}
export const entry = (s: Services, listId: number, fideId: number): Line | undefined =>
  s.ctx.db
    .prepare('SELECT e.rating, e.games, e.k, e.flags, e.entry_status AS status FROM rating_list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.fide_id = ?')
    .get(listId, fideId) as Line | undefined


/** Writes the FIDE list of 1 October 2025 (standard: rating, games 0, K) and imports it as the reference list. */
export function seedFideList(s: Services, file: string): void {
  const list = writeCombinedList(
    file,
    Object.values(PLAYERS).map((p) => ({ id: p.id, name: p.name, fed: 'SUI', sex: p.sex, title: 'title' in p ? p.title : undefined, standard: { rating: p.rating, games: 0, k: p.k }, birthYear: p.birth }))
  )
  importFideList(s.ctx.db, { file: list, listDate: '2025-10-01' })
}

/**
 * The month a correction starts from (list-corrections-threads.spec.ts, jobs/list-corrections.spec.ts): the FIDE list,
 * the federation named, two round robins approved, November generated and published; then a report of the period
 * found late, the arbiter's corrected report of the first (Alpha and Bravo drew: their lines change in rating only),
 * and Delta's record merged into Fox Five's (one person, two FIDE IDs). November's list and the first tournament.
 */
export async function correctedNovember(s: Services, listFile: string): Promise<{ novId: number; t1: number }> {
  seedFideList(s, listFile)
  nameFederation(s.ctx.db)
  const t1 = await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x1=0', '0x1=', '=0x1', '1=0x']), 't1.trf')
  await importApproved(s, trf('Newcomers Round Robin', '2025-10-15', '2025-10-19', ['E', 'F1', 'F2', 'F3', 'F4', 'F5'], ['x11==0', '0x====', '0=x===', '===x==', '====x=', '1====x']), 't2.trf')
  const novId = generateDraft(s.ctx.db, { listDate: '2025-11-01', ratingType: 'standard' }).listId
  await call(s, 'lists:publish', { listId: novId, reason: 'November list' })
  await importApproved(s, trf('Late Round Robin', '2025-10-18', '2025-10-20', ['F1', 'F2', 'F3', 'F4'], ['x1==', '0x==', '==x=', '===x']), 't3.trf')
  if ((await importApproved(s, trf('Autumn Round Robin', '2025-10-10', '2025-10-12', ['A', 'B', 'C', 'D'], ['x==0', '=x1=', '=0x1', '1=0x']), 't1-corrected.trf', true, t1)) !== t1) {
    throw new Error('the corrected report did not replace the first')
  }
  await call(s, 'players:merge', { keepId: playerId(s, PLAYERS.F5.id), dropId: playerId(s, PLAYERS.D.id), reason: 'one person, two FIDE IDs' })
  return { novId, t1 }
}
