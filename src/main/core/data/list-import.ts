// The FIDE list import's writer (players, reference lists, entries, arbiters seeded) with its prepared statements, and the bulk mode of a first load.
import type Database from 'better-sqlite3'
import type { Db } from '../db/open'
import { recountPlayers, storedPlayerCount } from './players'
import { foldName } from '../registry/names'
import type { ProblemLog, ListRatingType, ListRecord } from '../registry/list-record'
import {
  ENTRY_VALUES,
  EntryCodes,
  HeldEntries,
  PLAYER_VALUES,
  PLAYER_VALUE_COLUMNS,
  SeenIds,
  pushPlayerValues,
  isRepeat,
  type BulkMessage
} from '../registry/list-read'
import { playerBatchInsertSql, playerInsert } from './players'
import { storeListCounts } from './list-pages'
import { standingRecord } from './player-merges'
import { syncRatingOrders } from './rating-order'
import { BucketTally, recountBuckets } from './registry-buckets'
import { ENTRIES_GUARD, dropTrigger, liftTriggers } from './triggers'

/** A reference list already imported from the same file (same checksum) for the same date. */
export function referenceListByChecksum(db: Db, checksum: string, listDate: string): { id: number; type: string } | undefined {
  return db
    .prepare("SELECT id, rating_type AS type FROM rating_lists WHERE kind = 'reference' AND checksum = ? AND list_date = ?")
    .get(checksum, listDate) as { id: number; type: string } | undefined
}

/** True while the registry holds no player (a first load). */
export function registryIsEmpty(db: Db): boolean {
  return db.prepare('SELECT 1 FROM players LIMIT 1').get() === undefined
}

interface PlayerRow {
  id: number
  surname: string
  given_names: string
  federation: string | null
  region: string | null
  sex: string | null
  birth_date: string | null
  title: string | null
  woman_title: string | null
  other_titles: string | null
  foa_title: string | null
  arbiter_title: string | null
  status: string
  merged_into: number | null
  national_id: string | null
}

/** A set of player ids as bits (2 million ids: 250 KB). */
class IdBits {
  private bits = new Uint8Array(1 << 16)
  has(id: number): boolean {
    return id >> 3 < this.bits.length && (this.bits[id >> 3]! & (1 << (id & 7))) !== 0
  }
  add(id: number): void {
    if (id >> 3 >= this.bits.length) {
      const next = new Uint8Array(Math.max(this.bits.length * 2, (id >> 3) + 1))
      next.set(this.bits)
      this.bits = next
    }
    this.bits[id >> 3]! |= 1 << (id & 7)
  }
}

/** Where a player's bucket keys are among the PLAYER_VALUES values of a first load's batch. */
const AT = Object.fromEntries(PLAYER_VALUE_COLUMNS.split(', ').map((c, i) => [c, i])) as Record<string, number>
const [FIDE_ID, NAME_FOLDED, FEDERATION, BIRTH_DATE, TITLE, STATUS] = ['fide_id', 'name_folded', 'federation', 'birth_date', 'title', 'status'].map((c) => AT[c]!)

/** Prepared statements and counters of one import, shared by the TXT and XML paths. */
export class ListWriter {
  readonly lists = new Map<ListRatingType, { id: number; entries: number }>()
  /** The bucket counts (migration 18) of the players a first load writes, tallied as its batches are written. */
  readonly bulkBuckets = new BucketTally()
  readonly counts = { inserted: 0, updated: 0, unchanged: 0 }
  arbitersAdded = 0
  records = 0
  private readonly seen = new SeenIds()
  private readonly findNational
  private readonly findNationalWithoutFideId
  private readonly setFideId
  private readonly find
  private readonly insert
  private readonly update
  private readonly arbiterFind
  private readonly arbiterInsert
  private readonly setRegion
  private readonly now = new Date().toISOString()
  /** In a first load: the id of the load's first player, so that a player's id is this plus its ordinal. */
  private bulkBase: number | null = null
  /** The vocabulary of the entries' texts (flags, titles, federations, sex), as the encoder sent it. */
  private readonly entryTexts: string[] = []
  /** Record by record: each list's entries, held to be appended in key order at the end, and who has one. */
  private readonly held = new Map<ListRatingType, { entries: HeldEntries; players: IdBits }>()
  private readonly heldCodes = new EntryCodes()
  private readonly batchStatements = new Map<string, Database.Statement>()

  constructor(
    private readonly db: Db,
    private readonly log: ProblemLog,
    private readonly meta: { listDate: string; source: string; fileName: string; checksum: string }
  ) {
    this.find = db.prepare(
      `SELECT id, surname, given_names, federation, region, sex, birth_date, title, woman_title, other_titles, foa_title,
              arbiter_title, status, merged_into, national_id FROM players WHERE fide_id = ?`
    )
    this.insert = playerInsert(db)
    this.update = db.prepare(
      `UPDATE players SET surname = @surname, given_names = @givenNames, name_folded = @folded, federation = @federation, region = @region,
              sex = @sex, birth_date = @birthDate, title = @title, woman_title = @womanTitle, other_titles = @otherTitles,
              foa_title = @foaTitle, arbiter_title = @arbiterTitle, status = @status, source_list_id = @listId, national_id = @nationalId,
              updated_at = @now
        WHERE id = @id`
    )
    this.findNational = db.prepare(
      `SELECT id, surname, given_names, federation, region, sex, birth_date, title, woman_title, other_titles, foa_title,
              arbiter_title, status, merged_into, national_id FROM players WHERE national_id = ? ORDER BY status = 'merged', id LIMIT 1`
    )
    this.findNationalWithoutFideId = db.prepare(
      `SELECT id, surname, given_names, federation, region, sex, birth_date, title, woman_title, other_titles, foa_title,
              arbiter_title, status, merged_into, national_id FROM players WHERE national_id = ? AND fide_id IS NULL AND status <> 'merged' ORDER BY id LIMIT 1`
    )
    this.setFideId = db.prepare('UPDATE players SET fide_id = ?, updated_at = ? WHERE id = ?')
    this.arbiterFind = db.prepare('SELECT id FROM arbiters WHERE fide_id = ?')
    this.arbiterInsert = db.prepare(
      "INSERT INTO arbiters(player_id, fide_id, title, status, source) VALUES (?, ?, ?, 'active', 'list')"
    )
    this.setRegion = db.prepare('UPDATE players SET region = ? WHERE id = ?')
  }

  /** A multi-row INSERT of `rows` players, or of `rows` entries of one list, prepared once per size. */
  private batchStatement(kind: 'players' | 'entries', rows: number, listId = 0): Database.Statement {
    const key = `${kind}:${rows}:${listId}`
    let st = this.batchStatements.get(key)
    if (!st) {
      const anyList = this.lists.values().next().value?.id ?? null
      const constants = `${anyList === null ? 'NULL' : Number(anyList)}, '${this.now}', '${this.now}'`
      const sql =
        kind === 'players'
          ? // The list id and the time are the same on every row: written into the statement, not bound per row.
            playerBatchInsertSql(rows, constants)
          : // The list id is the same on every row: written into the statement.
            `INSERT INTO main.rating_list_entries(list_id, player_id, rating, games, k, flags, title, federation, birth_year, sex)
             VALUES ${Array.from({ length: rows }, () => `(${Number(listId)}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).join(', ')}`
      st = this.db.prepare(sql)
      this.batchStatements.set(key, st)
    }
    return st
  }

  /**
   * Writes one message of a first load (see BulkEncoder) with multi-row INSERTs. The players table was empty
   * and this transaction is the only writer, so the new ids are consecutive: a batch whose ids are not where
   * the ordinals say stops the load rather than attach entries to the wrong players.
   */
  writeBulk(m: BulkMessage): void {
    if (m.kind === 'open') {
      this.openList(m.type)
      return
    }
    for (const t of m.texts) this.entryTexts.push(t)
    if (m.kind === 'players') {
      if (m.players.length !== m.rows * PLAYER_VALUES) throw new Error(`bulk load: a batch of ${m.rows} players carries ${m.players.length} values`)
      const last = Number(this.batchStatement('players', m.rows).run(...m.players).lastInsertRowid)
      const v = m.players
      for (let at = 0; at < v.length; at += PLAYER_VALUES) {
        this.bulkBuckets.add(
          v[at + NAME_FOLDED] as string, v[at + FIDE_ID] as number | null, v[at + FEDERATION] as string | null,
          v[at + BIRTH_DATE] as string | null, v[at + TITLE] as string | null, v[at + STATUS] as string
        )
      }
      const first = last - m.rows + 1
      this.bulkBase ??= first - m.first
      if (first !== this.bulkBase + m.first) throw new Error(`bulk load: player ${m.first} got id ${first}, expected ${this.bulkBase + m.first}`)
      this.counts.inserted += m.rows
      this.bulkEntries(this.lists.values().next().value!, m.entries, m.entryRows)
      for (let i = 0; i < m.arbiters.length; i += 3) {
        this.seedArbiter(this.bulkBase + (m.arbiters[i] as number), m.arbiters[i + 1] as number, m.arbiters[i + 2] as string)
      }
      return
    }
    const list = this.lists.get(m.type)
    if (!list) throw new Error(`bulk load: entries for ${m.type}, a list that was not opened`)
    this.bulkEntries(list, m.values, m.rows)
  }

  private bulkEntries(list: { id: number; entries: number }, values: Int32Array, rows: number): void {
    if (!rows) return
    if (this.bulkBase === null) throw new Error('bulk load: entries before any player')
    if (values.length < rows * ENTRY_VALUES) throw new Error(`bulk load: ${rows} entries carry ${values.length} values`)
    // Each entry names its player by ordinal in the load: the id is the load's first id plus that.
    this.batchStatement('entries', rows, list.id).run(...EntryCodes.decode(values, rows, this.bulkBase, this.entryTexts))
    list.entries += rows
  }

  openList(type: ListRatingType): number {
    const have = this.lists.get(type)
    if (have) return have.id
    const id = Number(
      this.db
        .prepare(
          `INSERT INTO rating_lists(kind, list_date, rating_type, source, status, checksum, file_name)
           VALUES ('reference', ?, ?, ?, 'reference', ?, ?)`
        )
        .run(this.meta.listDate, type, this.meta.source, this.meta.checksum, this.meta.fileName).lastInsertRowid
    )
    this.lists.set(type, { id, entries: 0 })
    return id
  }

  /** Stores each list's counts once all its entries are written: the lists are frozen from then on (migration 11). */
  storeCounts(): void {
    for (const l of this.lists.values()) storeListCounts(this.db, l.id)
    // a reference list counted is the newest of its type: the players screen's order by federation and rating follows
    syncRatingOrders(this.db)
  }

  /**
   * Writes the entries that `write` held, list by list in (list, player) order: appended at the end of the
   * table's key instead of inserted between two lists (about five times faster on a monthly FIDE list).
   */
  finish(): void {
    for (const [type, held] of this.held) {
      const list = this.lists.get(type)!
      held.entries.sortByPlayer()
      for (const chunk of held.entries.chunks(type)) {
        this.batchStatement('entries', chunk.rows, list.id).run(...EntryCodes.decode(chunk.values, chunk.rows, 0, this.heldCodes.texts))
        list.entries += chunk.rows
      }
    }
    this.held.clear()
  }

  /** Writes one record into a registry that already has players: each is looked up, updated or added (see finish). */
  write(r: ListRecord): void {
    this.records++
    if (isRepeat(this.seen, r, this.log)) return
    const anyList = this.lists.values().next().value?.id ?? null
    const { existing, idGiven } = this.recordOf(r)
    const playerId = existing ? this.updatePlayer(existing, r, idGiven, anyList) : this.insertPlayer(r, anyList)
    this.holdEntries(playerId, r)
    if (r.arbiterTitle) this.seedArbiter(playerId, r.fideId, r.arbiterTitle)
  }

  /** The registry's record of a list's line, if any, and whether it was given the line's FIDE ID just now. */
  private recordOf(r: ListRecord): { existing: PlayerRow | undefined; idGiven: boolean } {
    // A national list names players by national ID; the FIDE ID, when it has one, still wins.
    const found = (r.fideId !== null ? this.find.get(r.fideId) : this.findNational.get(r.nationalId)) as PlayerRow | undefined
    // A FIDE ID the registry does not hold yet, beside a national ID it holds on a record without one (a federation's own
    // player FIDE has registered since): that record takes the ID — a second record of the same person would leave his
    // games, and his first rating on FIDE's list, with the first one
    const idLess = !found && r.fideId !== null && r.nationalId ? (this.findNationalWithoutFideId.get(r.nationalId) as PlayerRow | undefined) : undefined
    if (idLess) this.setFideId.run(r.fideId, this.now, idLess.id)
    return { existing: found ?? idLess, idGiven: idLess !== undefined }
  }

  /** A player the registry does not hold, added from his line; gives his id. */
  private insertPlayer(r: ListRecord, anyList: number | null): number {
    const values: unknown[] = []
    pushPlayerValues(values, r)
    const playerId = Number(this.insert.run(...values, anyList, this.now, this.now).lastInsertRowid)
    // a national list's region (the insert's values are the FIDE lists' columns, shared with a first load)
    if (r.region) this.setRegion.run(r.region, playerId)
    this.counts.inserted++
    return playerId
  }

  /** A held player's record brought up to his line (the office's own decisions kept); gives the id his entries go to. */
  private updatePlayer(existing: PlayerRow, r: ListRecord, idGiven: boolean, anyList: number | null): number {
    const next = this.updatedFields(existing, r)
    const changed = idGiven || (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== existing[k])
    if (changed) {
      this.update.run({
        id: existing.id,
        surname: next.surname,
        givenNames: next.given_names,
        folded: foldName(`${next.surname} ${next.given_names}`),
        federation: next.federation,
        region: next.region,
        sex: next.sex,
        birthDate: next.birth_date,
        title: next.title,
        womanTitle: next.woman_title,
        otherTitles: next.other_titles,
        foaTitle: next.foa_title,
        arbiterTitle: next.arbiter_title,
        status: next.status,
        nationalId: next.national_id,
        listId: anyList,
        now: this.now
      })
      this.counts.updated++
    } else this.counts.unchanged++
    // Entries of a merged-away ID go to the player it was merged into.
    return existing.status === 'merged' ? standingRecord(this.db, existing.id) : existing.id
  }

  /** A held record's fields as the line gives them, but what the office decided or knows better. */
  private updatedFields(existing: PlayerRow, r: ListRecord) {
    // A full birth date the office holds is kept when the list only gives the same year.
    let birthDate = r.birthDate ?? (r.birthYear !== null ? String(r.birthYear) : existing.birth_date)
    if (!r.birthDate && existing.birth_date && r.birthYear !== null && existing.birth_date.startsWith(String(r.birthYear))) birthDate = existing.birth_date
    // A full date the office holds (a correction, a national list) is not overridden by a list's bare year.
    if (!r.birthDate && existing.birth_date?.length === 10 && r.birthYear !== null && !existing.birth_date.startsWith(String(r.birthYear))) {
      birthDate = existing.birth_date
      this.log.warn(r.line, 1, 'birthYear', String(r.birthYear), `the office's record (${existing.birth_date.slice(0, 4)}), which was kept`)
    }
    // Deceased and merged are the office's decisions: a list never revives them.
    const status =
      existing.status === 'deceased' || existing.status === 'merged' ? existing.status : r.flags === 'i' || r.flags === 'wi' ? 'inactive' : 'active'
    return {
      surname: r.surname,
      given_names: r.givenNames,
      federation: r.federation ?? existing.federation,
      region: r.region ?? existing.region,
      sex: r.sex ?? existing.sex,
      birth_date: birthDate,
      title: r.title,
      woman_title: r.womanTitle,
      other_titles: r.otherTitles.length ? r.otherTitles.join(',') : null,
      foa_title: r.foaTitle,
      arbiter_title: r.arbiterTitle,
      status,
      national_id: r.nationalId ?? existing.national_id
    }
  }

  /** The line's entries held for each new list of the import, one per player per list. */
  private holdEntries(playerId: number, r: ListRecord): void {
    const title = r.title ?? r.womanTitle
    for (const [type, rating] of Object.entries(r.ratings) as [ListRatingType, { rating: number | null; games: number | null; k: number | null }][]) {
      if (!this.lists.has(type)) continue
      let held = this.held.get(type)
      if (!held) this.held.set(type, (held = { entries: new HeldEntries(this.heldCodes), players: new IdBits() }))
      // The lists are new in this import, so a player can only meet an entry of their own from this same file.
      if (held.players.has(playerId)) {
        this.log.warn(r.line, 1, 'id', String(r.fideId), 'one entry per player per list (the player already has one through a merge); this entry was skipped')
        continue
      }
      held.players.add(playerId)
      held.entries.push(playerId, r, rating, title)
    }
  }

  /** A list's arbiter title seeds the arbiters' registry, once per FIDE ID (the office's own records stand). */
  private seedArbiter(playerId: number, fideId: number | null, title: string): void {
    if (fideId === null || this.arbiterFind.get(fideId)) return
    this.arbiterInsert.run(playerId, fideId, title)
    this.arbitersAdded++
  }
}

/** Secondary indexes that a bulk load drops and rebuilds (sorting once beats millions of random inserts). */
const BULK_INDEXES = ['players_name_status', 'players_federation_name', 'players_national_id', 'players_birth_year_name', 'players_title_name', 'players_fide_id_status', 'players_federation_fide_id', 'players_federation_birth_year', 'players_federation_title', 'rating_list_entries_player']

/**
 * A first load into an empty registry: drops the name-search and count triggers and the secondary indexes inside the
 * transaction and returns a function that rebuilds them, so the whole thing commits or rolls back together. `buckets`
 * is the tally of the players the load wrote (ListWriter.bulkBuckets).
 */
export function enterBulkMode(db: Db, buckets: BucketTally): () => void {
  const saved = db
    .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND name IN (${BULK_INDEXES.map(() => '?').join(',')})`)
    .all(...BULK_INDEXES) as { name: string; sql: string }[]
  for (const i of saved) db.exec(`DROP INDEX "${i.name}"`)
  const restoreFtsTrigger = dropTrigger(db, 'players_fts_insert')
  // the players' count (migration 12) is counted once at the end, not kept row by row for two million rows
  const restoreCountTrigger = dropTrigger(db, 'players_count_insert')
  // and the bucket counts of the players table's deep pages (migration 18), counted once at the end the same way
  const restoreBucketTrigger = dropTrigger(db, 'players_buckets_insert')
  return () => {
    if (restoreCountTrigger) {
      restoreCountTrigger()
      recountPlayers(db)
    }
    if (restoreBucketTrigger) {
      restoreBucketTrigger()
      // The tally of the rows as they were written, instead of five scans and sorts of the table (9.8 s of CPU at
      // 1.9 M). Should anything but the load's batches have written players meanwhile (the tally's figures are not
      // the players' count just stored and the merged records' count), the table is counted again.
      const merged = db.prepare("SELECT count(*) FROM players WHERE status = 'merged'").pluck().get() as number
      if (buckets.total - buckets.merged === (restoreCountTrigger ? storedPlayerCount(db) : null) && buckets.merged === merged) buckets.write(db)
      else recountBuckets(db)
    }
    // The name search index first, while the players just written are still in the page cache.
    if (restoreFtsTrigger) {
      restoreFtsTrigger()
      db.exec("INSERT INTO players_fts(players_fts) VALUES ('rebuild')")
    }
    // Each index build sorts its keys in runs as large as the page cache: 2 MB runs (they stay in the CPU's
    // caches) spilled to temporary files, sorted by two threads and merged, took a third of the time of one big
    // in-memory run. The pages of the load stay in memory meanwhile (the spill threshold is kept where it was),
    // so the table scans of the builds do not read them back from the WAL file.
    const cachePages = db.pragma('cache_size', { simple: true }) as number
    const pageSize = db.pragma('page_size', { simple: true }) as number
    db.pragma(`cache_spill = ${cachePages < 0 ? Math.ceil((-cachePages * 1024) / pageSize) : cachePages}`)
    db.pragma('cache_size = -2048')
    db.pragma('threads = 2')
    for (const i of saved) db.exec(i.sql)
  }
}

/**
 * The guard that keeps entries out of a published list is a trigger that runs a query for every entry
 * written: 2.6 s of a full FIDE list. An import writes entries only into the reference lists it creates in
 * its own transaction, which that guard never stops, so it is lifted for the import and put back as it was
 * before the commit; both happen inside the transaction, so no other writer ever sees the table without it.
 */
export function liftEntriesGuard(db: Db): () => void {
  return liftTriggers(db, [ENTRIES_GUARD])
}

