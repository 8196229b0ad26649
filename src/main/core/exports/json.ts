// A list as JSON (docs/list-export.schema.json): the list's facts, the selection, then one object per player, streamed.
// The public website writes its lists with this same writer, under the office's publication settings (privacy).
import { ChunkedText, exportName, rankCounter, type ExportMeta, type ExportRow, type ExportSink } from './types'
import { EXPORT_ALL, publicFacts, withheldSet, type SitePrivacy } from '../site/privacy'

/** The format's name and version, written first: a reader checks it before anything else. */
export const JSON_EXPORT_FORMAT = 'rating-office/list@1'

/** One player as the JSON export writes him. */
export interface JsonListPlayer {
  rank: number | null
  playerId: number
  fideId: number | null
  name: string
  surname: string
  givenNames: string
  federation: string | null
  title: string | null
  womanTitle: string | null
  otherTitles: string | null
  sex: string | null
  birthYear: number | null
  rating: number | null
  games: number | null
  k: number | null
  flags: string | null
  inactive: boolean
  delisted: boolean
}

/** A row as the JSON export and the website publish it (`rank` from the list's rankCounter). */
export function jsonListPlayer(rank: number | null, r: ExportRow, privacy: SitePrivacy): JsonListPlayer {
  const p = publicFacts(r, privacy)
  return {
    rank,
    playerId: r.playerId,
    fideId: r.fideId,
    name: exportName(r),
    surname: r.surname,
    givenNames: r.givenNames,
    federation: r.federation,
    title: r.title,
    womanTitle: r.womanTitle,
    otherTitles: r.otherTitles,
    sex: p.sex,
    birthYear: p.birthYear,
    rating: r.rating,
    games: r.games,
    k: r.k,
    flags: r.flags,
    inactive: r.rating !== null && (r.flags ?? '').includes('i'),
    delisted: r.delisted === 1
  }
}

/** The list's facts as the export's head (everything before the players). */
export function jsonListHead(meta: ExportMeta, privacy: SitePrivacy): Record<string, unknown> {
  const { origin, name, code } = meta.publisher
  return {
    format: JSON_EXPORT_FORMAT,
    list: { id: meta.listId, date: meta.listDate, ratingType: meta.ratingType, kind: meta.kind, source: meta.source, status: meta.status, version: meta.version, publisher: { origin, name, code } },
    selection: { sort: meta.sort, category: meta.category, federation: meta.federation, region: meta.region ?? null },
    published: { birthYear: privacy.birthYear, sex: privacy.sex }
  }
}

/**
 * Writes the export: the head, "players" one per line, then "total" (the players written: a withheld player is not).
 * No date of writing: the same list gives the same bytes.
 */
export async function writeJson(meta: ExportMeta, rows: Iterable<ExportRow>, sink: ExportSink, privacy: SitePrivacy = EXPORT_ALL): Promise<void> {
  const out = new ChunkedText(sink)
  const head = JSON.stringify(jsonListHead(meta, privacy))
  await out.push(`${head.slice(0, -1)},\n"players":[`)
  const rank = rankCounter(meta.sort)
  const withheld = withheldSet(privacy)
  let n = 0
  for (const r of rows) {
    const k = rank(r) // a withheld player keeps his place: the others' ranks are the office's
    if (withheld.has(r.playerId)) continue
    await out.push(`${n++ ? ',' : ''}\n${JSON.stringify(jsonListPlayer(k, r, privacy))}`)
  }
  await out.push(`\n],\n"total":${n}}\n`)
  await out.flush()
}
