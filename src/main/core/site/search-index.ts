// The client-side search index, split in small files: each word of a player's folded name (and his FIDE ID) is a key;
// the keys are cut into shards by prefix, a prefix split further while its shard holds more than MAX_SHARD entries,
// so a search loads one or a few files of at most ~100 KB, whatever the federation's size. `search/index.json` lists
// the shards' prefixes; the script (assets.ts) picks the files a query needs.
import { foldName } from '../registry/names'

/** What a search result shows: folded name (to match every word), name, FIDE ID, federation, page (from the locale's folder). */
export type SearchEntry = [folded: string, name: string, fideId: number | null, federation: string | null, page: string]

export const MAX_SHARD = 1500
const MAX_PREFIX = 10

export interface SearchShards {
  /** The index: each kind's shard prefixes, sorted. */
  index: { names: string[]; ids: string[] }
  /** File path (under search/) → entries, sorted by key then page. */
  files: Map<string, SearchEntry[]>
}

/** A shard's file name: its prefix, a character outside [a-z0-9] written as its code point. */
export function shardFile(kind: 'n' | 'i', prefix: string): string {
  return `${kind}-${[...prefix].map((c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}`)).join('')}.json`
}

function cut(keys: readonly [string, SearchEntry][], prefix: string, out: Map<string, [string, SearchEntry][]>): void {
  if (keys.length <= MAX_SHARD || prefix.length >= MAX_PREFIX) {
    out.set(prefix, [...keys])
    return
  }
  const rest: [string, SearchEntry][] = []
  const groups = new Map<string, [string, SearchEntry][]>()
  for (const k of keys) {
    if (k[0].length <= prefix.length) {
      rest.push(k)
      continue
    }
    const c = k[0][prefix.length]!
    if (!groups.has(c)) groups.set(c, [])
    groups.get(c)!.push(k)
  }
  if (rest.length) out.set(prefix, rest)
  for (const [c, g] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) cut(g, prefix + c, out)
}

function shards(keyed: [string, SearchEntry][], kind: 'n' | 'i', files: Map<string, SearchEntry[]>): string[] {
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1][4] < b[1][4] ? -1 : a[1][4] > b[1][4] ? 1 : 0))
  const out = new Map<string, [string, SearchEntry][]>()
  if (keyed.length) cut(keyed, '', out)
  const prefixes = [...out.keys()].sort()
  for (const p of prefixes) {
    // one entry per player in a shard (a name with two words starting alike would list him twice)
    const seen = new Set<string>()
    const entries: SearchEntry[] = []
    for (const [, e] of out.get(p)!) {
      if (seen.has(e[4])) continue
      seen.add(e[4])
      entries.push(e)
    }
    files.set(shardFile(kind, p), entries)
  }
  return prefixes
}

/** The shards of the players the site publishes (a withheld player is never given here). */
export function buildSearchShards(players: Iterable<{ name: string; fideId: number | null; federation: string | null; page: string }>): SearchShards {
  const names: [string, SearchEntry][] = []
  const ids: [string, SearchEntry][] = []
  for (const p of players) {
    const folded = foldName(p.name)
    const entry: SearchEntry = [folded, p.name, p.fideId, p.federation, p.page]
    for (const word of new Set(folded.split(' ').filter(Boolean))) names.push([word, entry])
    if (p.fideId !== null) ids.push([String(p.fideId), entry])
  }
  const files = new Map<string, SearchEntry[]>()
  const index = { names: shards(names, 'n', files), ids: shards(ids, 'i', files) }
  return { index, files }
}

/**
 * The shards a query word needs (the same choice as the script's): the deepest shard whose prefix starts the word,
 * and every deeper shard under the word. Null when more than `cap` shards would be needed (too short a word).
 */
export function shardsFor(prefixes: readonly string[], word: string, cap = 6): string[] | null {
  let best: string | null = null
  const under: string[] = []
  for (const p of prefixes) {
    if (word.startsWith(p) && (best === null || p.length > best.length)) best = p
    else if (p.startsWith(word) && p.length > word.length) under.push(p)
  }
  const all = [...(best !== null ? [best] : []), ...under]
  return all.length > cap ? null : all
}
