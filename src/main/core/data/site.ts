// SQL of the public website: its publication settings (settings key 'sitePrivacy'), the players it publishes, the
// federations and regions of a list, and the players a new list touched (the incremental rebuild). Everything the
// pages show comes from the office's own reads (list-rows, archive, list-history, office-lists' sheet view).
import { z } from 'zod'
import type { Db } from '../db/open'
import { listTables } from '../db/archive-files'
import { prepared, preparedPluck, preparedRaw } from './statements'
import { HOLDER_SHEET, SHEET_HOLDERS, sheetHolderOn } from './sheet-holders'
import { DEFAULT_PRIVACY, type SitePrivacy } from '../site/privacy'
import { archivePlayerColumns, type ArchivePlayerRow, type ListEntryFacts } from './archive'
import { delistedSql, publishedRatingSql } from './published-rating'

const SITE_PRIVACY_KEY = 'sitePrivacy'

export const sitePrivacySchema = z
  .object({
    birthYear: z.boolean(),
    sex: z.boolean(),
    withheld: z.array(z.number().int().positive()).max(100_000)
  })
  .strict()

/** The office's publication settings, or the defaults (nothing optional published, nobody withheld). */
export function readSitePrivacy(db: Db): SitePrivacy {
  const v = preparedPluck(db, 'SELECT value FROM settings WHERE key = ?').get(SITE_PRIVACY_KEY) as string | undefined
  if (v === undefined) return DEFAULT_PRIVACY
  try {
    const parsed = sitePrivacySchema.safeParse(JSON.parse(v))
    return parsed.success ? { ...parsed.data, withheld: [...new Set(parsed.data.withheld)].sort((a, b) => a - b) } : DEFAULT_PRIVACY
  } catch {
    return DEFAULT_PRIVACY
  }
}

/** Stores the publication settings (the withheld ids sorted, once each). */
export function writeSitePrivacy(db: Db, privacy: SitePrivacy): SitePrivacy {
  const value = { birthYear: privacy.birthYear, sex: privacy.sex, withheld: [...new Set(privacy.withheld)].sort((a, b) => a - b) }
  prepared(db, 'INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(SITE_PRIVACY_KEY, JSON.stringify(value))
  return value
}

/** Registry ids among `ids` that exist (a withheld id must name a player). */
export function existingPlayerIds(db: Db, ids: readonly number[]): Set<number> {
  const stmt = preparedPluck(db, 'SELECT id FROM players WHERE id = ?')
  return new Set(ids.filter((id) => stmt.get(id) !== undefined))
}

/** The registry id of a FIDE ID (a merged record leads to the record it was merged into). */
export function playerIdOfFideId(db: Db, fideId: number): number | null {
  const row = prepared(db, 'SELECT id, merged_into AS mergedInto FROM players WHERE fide_id = ?').get(fideId) as { id: number; mergedInto: number | null } | undefined
  return row ? (row.mergedInto ?? row.id) : null
}

/** The federations of a list's players (the entry's, else the registry's), in order. */
export function listFederations(db: Db, listId: number): string[] {
  return preparedPluck(db,
    `SELECT DISTINCT coalesce(e.federation, p.federation) AS f FROM ${listTables(db, listId).entries} e JOIN players p ON p.id = e.player_id
      WHERE e.list_id = ? AND coalesce(e.federation, p.federation) IS NOT NULL ORDER BY f`
  ).all(listId) as string[]
}

/** The regions of a list's players (a national list's, migration 14), in order. */
export function listRegions(db: Db, listId: number): string[] {
  return preparedPluck(db, `SELECT DISTINCT p.region FROM ${listTables(db, listId).entries} e JOIN players p ON p.id = e.player_id WHERE e.list_id = ? AND p.region IS NOT NULL ORDER BY p.region`).all(listId) as string[]
}

/**
 * The players whose published line a list changed against the list before it (its chain's predecessor): a line that
 * differs (rating, games, K, flags, title, federation, status), a new line, a line dropped, or a calculation sheet.
 */
export function playersTouchedBy(db: Db, listId: number, previousId: number | null): number[] {
  const same = `n.rating IS o.rating AND n.games IS o.games AND n.k IS o.k AND n.flags IS o.flags AND n.title IS o.title AND n.federation IS o.federation AND n.entry_status IS o.entry_status`
  // each list in the file that holds it (db/archive-files.ts); no previous list: none of its rows (list -1)
  const n = listTables(db, listId)
  const o = listTables(db, previousId).entries
  return preparedPluck(db,
    `SELECT n.player_id FROM ${n.entries} n LEFT JOIN ${o} o ON o.list_id = @prev AND o.player_id = n.player_id
      WHERE n.list_id = @list AND (o.player_id IS NULL OR NOT (${same}))
     UNION SELECT o.player_id FROM ${o} o WHERE o.list_id = @prev AND NOT EXISTS (SELECT 1 FROM ${n.entries} n WHERE n.list_id = @list AND n.player_id = o.player_id)
     UNION SELECT s.player_id FROM ${n.sheets} s WHERE s.list_id = @list
     ORDER BY 1`
  ).all({ list: listId, prev: previousId ?? -1 }) as number[]
}

/** The registry player each of a tournament's players was matched to (start rank → player id). */
export function tournamentPlayerIds(db: Db, tournamentId: number): Map<number, number> {
  const rows = prepared(db, 'SELECT start_rank AS startRank, player_id AS playerId FROM tournament_players WHERE tournament_id = ? AND player_id IS NOT NULL').all(tournamentId) as { startRank: number; playerId: number }[]
  return new Map(rows.map((r) => [r.startRank, r.playerId]))
}

/** A registry record in the archive's columns (archivePlayerColumns), by id, through a cached statement. */
export function sitePlayerRow(db: Db, id: number): (ArchivePlayerRow & { womanTitle: string | null; otherTitles: string | null }) | undefined {
  return prepared(db, `SELECT ${archivePlayerColumns}, p.woman_title AS womanTitle, p.other_titles AS otherTitles FROM players p WHERE p.id = ?`).get(id) as
    | (ArchivePlayerRow & { womanTitle: string | null; otherTitles: string | null })
    | undefined
}

export type SitePlayerRow = ArchivePlayerRow & { womanTitle: string | null; otherTitles: string | null }

/**
 * The registry records of every player with a line on one of the lists (merged records left out), by id, in one read
 * (each player probed through the entries' player index: no scan of the lists' lines).
 */
export function sitePlayersOnLists(db: Db, listIds: readonly number[]): SitePlayerRow[] {
  if (!listIds.length) return []
  return prepared(db,
    `SELECT ${archivePlayerColumns}, p.woman_title AS womanTitle, p.other_titles AS otherTitles FROM players p
      WHERE p.status <> 'merged' AND EXISTS (SELECT 1 FROM rating_list_entries e WHERE e.player_id = p.id AND e.list_id IN (SELECT value FROM json_each(@lists)))
      ORDER BY p.id`
  ).all({ lists: JSON.stringify(listIds) }) as SitePlayerRow[]
}

/** A player's line on one of the site's lists (archive's playerHistory's facts, the list's own columns left to the caller). */
export type SiteLineRow = ListEntryFacts & { playerId: number; listId: number }

/**
 * The lines of many players on the given lists in one read, by player then in the lists' order (`listOrder`: the list
 * ids as archive's playerHistory orders them), for a batch of players rendered together.
 */
export function siteLines(db: Db, playerIds: readonly number[], listIds: readonly number[]): Map<number, SiteLineRow[]> {
  // as one JSON array a player: the values are made into JavaScript by one JSON.parse a player, not one at a time by
  // the driver — a batch reads tens of thousands of lines (240,000 lines, 8 batches of 250 players × 120 lists, the same
  // process alternating: 745–828 ms of CPU a row each, 451–655 ms so, docs/site.md). A batch of players close together
  // (every player of a first build, the 2 in 5 a list touches) reads each list's range of them in key order; scattered
  // players are read through the players' index, the lists only a filter (20,000 × 120, 250 players a batch: 70 µs of
  // CPU a player in range against 99 through the index, 83 against 99 with 2 in 5 of the range, 132 against 124 with
  // 1 in 10)
  const range = denseRange(playerIds)
  const lines = `json_group_array(json_array(e.list_id, ${publishedRatingSql('e')}, e.games, e.k, e.flags, ${delistedSql('e')}, e.title, e.federation))`
  const rows = (
    range
      ? preparedRaw(db,
          `SELECT e.player_id, ${lines}
             FROM rating_list_entries e
            WHERE e.list_id IN (SELECT value FROM json_each(@lists)) AND e.player_id BETWEEN @lo AND @hi AND +e.player_id IN (SELECT value FROM json_each(@players))
            GROUP BY e.player_id`
        ).all({ players: JSON.stringify(playerIds), lists: JSON.stringify(listIds), ...range })
      : preparedRaw(db,
          `SELECT e.player_id, ${lines}
             FROM rating_list_entries e
            WHERE e.player_id IN (SELECT value FROM json_each(@players)) AND +e.list_id IN (SELECT value FROM json_each(@lists))
            GROUP BY e.player_id`
        ).all({ players: JSON.stringify(playerIds), lists: JSON.stringify(listIds) })
  ) as [number, string][]
  const out = new Map<number, SiteLineRow[]>()
  for (const [playerId, json] of rows) {
    const lines = JSON.parse(json) as [number, number | null, number | null, number | null, string | null, number, string | null, string | null][]
    out.set(
      playerId,
      lines.map(([listId, rating, games, k, flags, delisted, title, federation]) => ({ playerId, listId, rating, games, k, flags, delisted: delisted === 1, title, federation }))
    )
  }
  return out
}

/** A batch whose players' ids span at most this many times their count is read list by list in key order. */
const DENSE_SPAN = 4

/** The range of a batch of players close together enough to be read list by list in key order, or null. */
function denseRange(playerIds: readonly number[]): { lo: number; hi: number } | null {
  const lo = Math.min(...playerIds)
  const hi = Math.max(...playerIds)
  return hi - lo < DENSE_SPAN * playerIds.length ? { lo, hi } : null
}

/**
 * The stored calculation sheets of many players on the given lists in one read (archive's playerSheets for a batch,
 * with the sheets of records merged into them: data/sheet-holders.ts): each player's sheets through the players'
 * index, the lists only a filter (`+`), not a probe for every list and player of the batch (most of which have no sheet).
 */
export function siteSheetBlobs(db: Db, playerIds: readonly number[], listIds: readonly number[]): Map<number, { listId: number; sheet: Buffer }[]> {
  // one list: each holder's sheet on it by its key (list, player); several: through the players' index
  const rows = prepared(db,
    `WITH RECURSIVE ${SHEET_HOLDERS}
     SELECT h.root AS playerId, s.list_id AS listId, s.sheet FROM holders h CROSS JOIN office_list_sheets s ON ${HOLDER_SHEET}
      WHERE ${listIds.length === 1 ? 's.list_id = @list' : '+s.list_id IN (SELECT value FROM json_each(@lists))'}`
  ).all(listIds.length === 1 ? { players: JSON.stringify(playerIds), list: listIds[0] } : { players: JSON.stringify(playerIds), lists: JSON.stringify(listIds) }) as { playerId: number; listId: number; sheet: Buffer }[]
  const out = new Map<number, { listId: number; sheet: Buffer }[]>()
  for (const r of rows) {
    let mine = out.get(r.playerId)
    if (!mine) out.set(r.playerId, (mine = []))
    mine.push({ listId: r.listId, sheet: r.sheet })
  }
  return out
}

/**
 * Which lists (of the given ones) each of the players has a stored calculation sheet on, without the sheets: through
 * the holders' walk (data/sheet-holders.ts), or — players close together that no merge not undone names, whose
 * sheets are then their own — each list's range of them in the sheets' key, read from the key alone.
 */
export function siteSheetLists(db: Db, playerIds: readonly number[], listIds: readonly number[]): Map<number, number[]> {
  const players = JSON.stringify(playerIds)
  const range = denseRange(playerIds)
  const own =
    range !== null &&
    preparedPluck(db,
      `SELECT 1 FROM player_merges WHERE undone_at IS NULL AND (keep_id IN (SELECT value FROM json_each(@players)) OR drop_id IN (SELECT value FROM json_each(@players))) LIMIT 1`
    ).get({ players }) === undefined
  const rows = (
    own
      ? preparedRaw(db,
          `SELECT s.player_id, s.list_id FROM office_list_sheets s
            WHERE s.list_id IN (SELECT value FROM json_each(@lists)) AND s.player_id BETWEEN @lo AND @hi AND +s.player_id IN (SELECT value FROM json_each(@players))`
        ).all({ players, lists: JSON.stringify(listIds), ...range })
      : preparedRaw(db,
          `WITH RECURSIVE ${SHEET_HOLDERS}
           SELECT h.root, s.list_id FROM holders h CROSS JOIN office_list_sheets s ON ${HOLDER_SHEET}
            WHERE +s.list_id IN (SELECT value FROM json_each(@lists))`
        ).all({ players, lists: JSON.stringify(listIds) })
  ) as [number, number][]
  const out = new Map<number, number[]>()
  for (const [playerId, listId] of rows) {
    let mine = out.get(playerId)
    if (!mine) out.set(playerId, (mine = []))
    mine.push(listId)
  }
  return out
}

/** A merge of two registry records as the site follows it: its id, the two records, and whether it was undone. */
export interface SiteMerge {
  id: number
  keepId: number
  dropId: number
  undone: 0 | 1
}

/**
 * Every merge of the registry, in id order (a few thousand at most): a merge or its undoing moves published lines from
 * one record to the other without a new list, so the site's incremental build follows the log.
 */
export function siteMerges(db: Db): SiteMerge[] {
  return prepared(db, 'SELECT id, keep_id AS keepId, drop_id AS dropId, (undone_at IS NOT NULL) AS undone FROM player_merges ORDER BY id').all() as SiteMerge[]
}

/** Everyone who played in a tournament with one of the players (his name and page are in their calculation sheets). */
export function coPlayers(db: Db, playerIds: readonly number[]): number[] {
  if (!playerIds.length) return []
  return preparedPluck(db,
    `SELECT DISTINCT o.player_id FROM tournament_players t JOIN tournament_players o ON o.tournament_id = t.tournament_id
      WHERE t.player_id IN (SELECT value FROM json_each(?)) AND o.player_id IS NOT NULL ORDER BY 1`
  ).all(JSON.stringify(playerIds)) as number[]
}

/**
 * The calculation sheets of a list as its pages of sheets hold them: each sheet's holder (the record behind the line
 * it explains: its own player, or the record a merge not undone moved that line to, down a chain of merges — what
 * SHEET_HOLDERS gives each holder), the player it was computed for, and its weight (the stored sheet's bytes, which
 * neither a name nor a withholding changes), in holders' order.
 */
export function siteSheetWeights(db: Db, listId: number): { holder: number; player: number; weight: number }[] {
  const holderOf = sheetHolderOn(db, listId)
  const rows = preparedRaw(db, `SELECT s.player_id, length(s.sheet) FROM ${listTables(db, listId).sheets} s WHERE s.list_id = ?`).all(listId) as [number, number][]
  return rows.map(([id, weight]) => ({ holder: holderOf(id), player: id, weight })).sort((a, b) => a.holder - b.holder || a.player - b.player)
}

/** The stored sheets of one list computed for the given players ([player, sheet]), each by its key. */
export function siteListSheetBlobs(db: Db, listId: number, players: readonly number[]): [number, Buffer][] {
  return preparedRaw(db,
    `SELECT s.player_id, s.sheet FROM ${listTables(db, listId).sheets} s WHERE s.list_id = @list AND s.player_id IN (SELECT value FROM json_each(@players))`
  ).all({ list: listId, players: JSON.stringify(players) }) as [number, Buffer][]
}
