// The replay of the office's history: every published list regenerated in order from the base list it started from
// and the stored tournaments, each checked against the checksum frozen at its publication (the `lists:replay` job).
import type { Db } from '../db/open'
import type { ListEntry } from '../lists/types'
import type { ReplayCause, ReplayEntryDiff, ReplayInput, ReplayList, ReplayResult } from '../../../shared/contract/list-history'
import { entriesChecksum } from '../lists/checksum'
import { readTrf } from '../trf/index'
import { sha256Of } from '../tournaments/import'
import { getMeta, listEntriesCanonical } from '../data/list-reads'
import {
  activeMerges,
  mergedPlayers,
  mergesIntoList,
  mergesSince,
  playerLabels,
  publishedAt,
  publishedOfficeLists,
  storedGames,
  tournamentFile,
  type PublishedListRow
} from '../data/list-history'
import { ENGINE_VERSION, type JobHooks } from './list-rules'
import { asChainBase, regenerateList, type ChainBase, type Regenerated } from './list-regeneration'
import { displayName } from './lists'
import { listPublisher } from '../lists/publisher'
import { readSettings } from '../data/settings'

/** Entries shown for the first list that differs (the count says how many differ in all). */
const SHOWN_DIFFERENCES = 20
/** Game differences named per tournament. */
const SHOWN_GAMES = 5

const PRINTED = ['rating', 'games', 'k', 'flags', 'status', 'title', 'federation', 'birthYear', 'sex'] as const

/**
 * The entries of a published list as they were published: a later player merge re-points an entry from the dropped
 * record to the kept one (the only change the frozen list allows), so those merges are undone here, newest first.
 */
export function entriesAsPublished(db: Db, listId: number): ListEntry[] {
  const entries = listEntriesCanonical(db, listId)
  const merges = mergesIntoList(db, listId)
  if (!merges.length) return entries
  for (const m of merges) for (const e of entries) if (e.playerId === m.keepId) e.playerId = m.dropId
  return entries.sort((a, b) => a.playerId - b.playerId)
}

function cause(code: ReplayCause['code'], params: ReplayCause['params'], text: string): ReplayCause {
  return { code, params, text }
}

const line = (e: ListEntry): NonNullable<ReplayEntryDiff['published']> => ({
  rating: e.rating,
  games: e.games,
  k: e.k,
  flags: e.flags,
  status: e.status,
  title: e.title,
  federation: e.federation,
  birthYear: e.birthYear,
  sex: e.sex
})

/** The entries that differ between the published list and its regeneration (all counted, the first ones shown). */
function entryDifferences(db: Db, published: readonly ListEntry[], replayed: readonly ListEntry[]): { differing: number; shown: ReplayEntryDiff[]; ids: Set<number> } {
  const a = new Map(published.map((e) => [e.playerId, e]))
  const b = new Map(replayed.map((e) => [e.playerId, e]))
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y)
  const diffs: { playerId: number; fields: string[]; p: ListEntry | undefined; r: ListEntry | undefined }[] = []
  for (const id of ids) {
    const p = a.get(id)
    const r = b.get(id)
    const fields = p && r ? PRINTED.filter((f) => p[f] !== r[f]) : [...PRINTED]
    if (fields.length) diffs.push({ playerId: id, fields, p, r })
  }
  const shown = diffs.slice(0, SHOWN_DIFFERENCES)
  const labels = playerLabels(db, shown.map((d) => d.playerId))
  return {
    differing: diffs.length,
    ids: new Set(diffs.map((d) => d.playerId)),
    shown: shown.map((d) => {
      const l = labels.get(d.playerId)
      return { playerId: d.playerId, fideId: l?.fideId ?? null, name: l ? displayName(l.surname, l.givenNames) : `#${d.playerId}`, fields: d.fields, published: d.p ? line(d.p) : null, replayed: d.r ? line(d.r) : null }
    })
  }
}

const gameText = (g: { opponent: number | null; code: string } | undefined): string => (g ? `${g.code}${g.opponent !== null ? ` against ${g.opponent}` : ''}` : 'none')

/** Why a regenerated list differs from the published one: the raw stored tournaments, merges, inputs, engine. */
function causesOf(db: Db, row: PublishedListRow, again: Regenerated, storedIntact: boolean, differingIds: ReadonlySet<number>): ReplayCause[] {
  const out: ReplayCause[] = []
  if (!storedIntact) out.push(cause('entries-tampered', { listId: row.id }, `the stored entries of list ${row.id} no longer give the checksum frozen at its publication`))
  for (const t of again.rows) {
    const name = t.name ?? `#${t.id}`
    if (t.fileId !== t.ratedFileId) {
      out.push(cause('file-changed', { tournamentId: t.id, name, rated: t.ratedVersion, current: t.currentVersion }, `tournament ${t.id} (${name}): file version ${t.ratedVersion ?? '?'} was rated, version ${t.currentVersion ?? '?'} is stored now`))
      continue
    }
    if (t.ratedFileId === null) continue
    const file = tournamentFile(db, t.ratedFileId)
    if (!file) continue
    if (sha256Of(file.bytes) !== t.ratedSha256) {
      out.push(cause('file-hash', { tournamentId: t.id, name }, `tournament ${t.id} (${name}): the stored file no longer has the hash recorded when the list rated it`))
      continue
    }
    // the games as stored against the games of the file the list rated, for the rounds it rated
    const parsed = readTrf(file.bytes, file.fileName)
    const fromFile = new Map<string, { opponent: number | null; code: string }>()
    for (const p of parsed.players) for (const r of p.rounds) fromFile.set(`${p.startRank}.${r.round}`, { opponent: r.opponent, code: r.code })
    const stored = new Map(storedGames(db, t.id).map((g) => [`${g.startRank}.${g.round}`, g]))
    let named = 0
    for (const key of [...new Set([...fromFile.keys(), ...stored.keys()])].sort()) {
      const [rank, round] = key.split('.').map(Number) as [number, number]
      if (round <= t.ratedThrough) continue
      const f = fromFile.get(key)
      const s = stored.get(key)
      if (f && s && f.code === s.code && f.opponent === s.opponent) continue
      if (named++ >= SHOWN_GAMES) continue
      out.push(
        cause(
          'game-changed',
          { tournamentId: t.id, name, round, startRank: rank, stored: gameText(s), file: gameText(f) },
          `tournament ${t.id} (${name}), round ${round}, start rank ${rank}: stored ${gameText(s)}, the rated file says ${gameText(f)}`
        )
      )
    }
  }
  const since = publishedAt(db, row.id)
  const players = new Set<number>([...differingIds, ...again.built.input.tournaments.flatMap((t) => t.players.map((p) => p.playerId))])
  for (const m of since ? mergesSince(db, since, players) : []) {
    out.push(cause('player-merged', { mergeId: m.mergeId, keepId: m.keepId, dropId: m.dropId }, `player ${m.dropId} was merged into player ${m.keepId} after the list was published (merge ${m.mergeId})`))
  }
  for (const m of mergedPlayers(db, [...differingIds])) {
    if (!out.some((c) => c.code === 'player-merged' && c.params.dropId === m.id)) out.push(cause('player-merged', { mergeId: null, keepId: m.mergedInto, dropId: m.id }, `player ${m.id} is now merged into player ${m.mergedInto}`))
  }
  if (again.built.inputsHash !== again.meta.inputsHash) {
    out.push(cause('inputs-changed', { listId: row.id }, 'the inputs differ from those the list was generated from (a tournament’s dates or rounds, the games the checks exclude, the base list, the corrections carried)'))
  }
  if (again.meta.engineVersion !== ENGINE_VERSION) {
    out.push(cause('engine-version', { published: again.meta.engineVersion, now: ENGINE_VERSION }, `the list was computed by ${again.meta.engineVersion}, the replay by ${ENGINE_VERSION}`))
  }
  if (!out.length) out.push(cause('unexplained', {}, 'no stored input differs from what the list rated: the computation itself gives other figures'))
  return out
}

/**
 * Replays every published office list (of a type, or all) in order: each chain (type and source) starts from the
 * base its first list was computed from; each later list from the regenerated one before it. A list is reproduced
 * when the regenerated entries give the checksum frozen at its publication. A superseded version is not regenerated
 * (the version in force is): its stored entries are checked against its checksum. The first list that differs stops
 * its chain and is reported with the entries that differ and why.
 */
export function replayHistory(db: Db, input: ReplayInput, hooks: JobHooks = {}): ReplayResult {
  const all = publishedOfficeLists(db, input.ratingType)
  const settings = readSettings(db)
  const lists: ReplayList[] = []
  let firstDifference: ReplayResult['firstDifference'] = null
  const chains = new Map<string, PublishedListRow[]>()
  for (const l of all) {
    const key = `${l.ratingType}\t${l.source}`
    if (!chains.has(key)) chains.set(key, [])
    chains.get(key)!.push(l)
  }
  let done = 0
  for (const chain of chains.values()) {
    let previous: ChainBase | null = null
    let stopped = false
    for (const row of chain) {
      hooks.throwIfCancelled?.()
      hooks.progress?.(done++, all.length, `${row.ratingType} ${row.listDate} v${row.version}`)
      const stored = entriesAsPublished(db, row.id)
      const storedIntact = row.checksum !== null && entriesChecksum(stored) === row.checksum
      const base = { listId: row.id, listDate: row.listDate, ratingType: row.ratingType, source: row.source, publisher: listPublisher(row, settings), version: row.version, checksum: row.checksum, storedIntact, entries: stored.length }
      if (stopped) {
        lists.push({ ...base, outcome: 'not-replayed', replayed: null })
        continue
      }
      if (row.supersededBy !== null) {
        lists.push({ ...base, outcome: 'superseded', replayed: null })
        if (!storedIntact && !firstDifference) {
          firstDifference = { listId: row.id, listDate: row.listDate, ratingType: row.ratingType, version: row.version, differing: 0, entries: [], causes: [cause('entries-tampered', { listId: row.id }, `the stored entries of list ${row.id} no longer give the checksum frozen at its publication`)] }
        }
        continue
      }
      // the merges its generation folded: those made before it was generated (a later one is a cause, named below)
      const merges = activeMerges(db, getMeta(db, row.id)?.generatedAt)
      const again = regenerateList(db, row.id, previous, { merges, frozenIdentity: stored, throwIfCancelled: hooks.throwIfCancelled })
      const reproduced = again.result.checksum === row.checksum && storedIntact
      lists.push({ ...base, outcome: reproduced ? 'reproduced' : 'differs', replayed: again.result.checksum })
      if (!reproduced) {
        stopped = true
        if (!firstDifference) {
          const d = entryDifferences(db, stored, again.result.entries)
          firstDifference = { listId: row.id, listDate: row.listDate, ratingType: row.ratingType, version: row.version, differing: d.differing, entries: d.shown, causes: causesOf(db, row, again, storedIntact, d.ids) }
        }
        continue
      }
      previous = asChainBase(again)
    }
  }
  hooks.progress?.(all.length, all.length, 'done')
  return { ok: firstDifference === null, lists, firstDifference }
}
