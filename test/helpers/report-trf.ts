// Small tournament reports built in a test (TRF16 through the project's writer), and a rating list in force for them:
// the regulation checks' integration, CLI and end-to-end tests describe the event they need in a few lines.
import Database from 'better-sqlite3'
import { writeTrf } from '../../src/main/core/trf/index'
import { emptyHeader } from '../../src/main/core/trf/reader'
import type { RatingType, ResultCode, RoundEntry, TournamentPlayer } from '../../src/main/core/model/tournament'

export interface ReportPlayer {
  name: string
  fideId: number
  /** Rating on the list in force (seeded by `seedList`); null: unrated. */
  rating: number | null
  sex?: 'M' | 'F'
}

export interface ReportSpec {
  name: string
  city?: string
  federation?: string
  start: string
  end: string
  /** One date per round (132); the number of rounds. */
  roundDates: string[]
  timeControl?: string
  ratingType?: RatingType
  arbiters?: { role: 'chief' | 'deputy'; name: string; fideId: number | null; title?: string }[]
  players: ReportPlayer[]
}

/**
 * The players meet by the circle method (an even field); the lower start rank wins, every third game is drawn, so
 * every figure is known in advance.
 */
export function reportTrf(spec: ReportSpec): string {
  const n = spec.players.length
  if (n % 2) throw new Error('reportTrf: an even number of players')
  const m = n - 1
  const rounds: Map<number, number>[] = []
  for (let r = 0; r < spec.roundDates.length; r++) {
    const round = new Map<number, number>()
    const pair = (a: number, b: number) => (round.set(a, b), round.set(b, a))
    pair(m, r % m)
    for (let k = 1; k < n / 2; k++) pair(((r % m) + k) % m, ((r % m) - k + m) % m)
    rounds.push(round)
  }
  const players: TournamentPlayer[] = spec.players.map((p, i) => {
    const entries: RoundEntry[] = rounds.map((round, r) => {
      const j = round.get(i)!
      const draw = (i + j + r) % 3 === 0
      const code: ResultCode = draw ? '=' : i < j ? '1' : '0'
      // the lower start rank has white in even rounds, so the two sides always tell opposite colours
      const lowerWhite = (r + Math.min(i, j)) % 2 === 0
      return { round: r + 1, opponent: j + 1, color: (i < j) === lowerWhite ? 'w' : 'b', code }
    })
    const points = entries.reduce((s, e) => s + (e.code === '1' ? 1 : e.code === '=' ? 0.5 : 0), 0)
    return { startRank: i + 1, fideId: String(p.fideId), name: p.name, sex: p.sex ?? 'M', title: null, federation: spec.federation ?? 'FRA', birth: '1990', rating: p.rating, points, rank: null, rounds: entries }
  })
  const header = {
    ...emptyHeader(),
    name: spec.name,
    city: spec.city ?? 'Lyon',
    federation: spec.federation ?? 'FRA',
    startDate: spec.start,
    endDate: spec.end,
    type: 'Individual: Swiss-System',
    timeControl: spec.timeControl ?? '90 min/40 moves + 30 min + 30 sec per move',
    ratingType: spec.ratingType ?? 'standard',
    roundDates: spec.roundDates,
    arbiters: (spec.arbiters ?? []).map((a) => ({ role: a.role, name: a.name, title: a.title ?? null, fideId: a.fideId === null ? null : String(a.fideId) }))
  }
  return writeTrf({ header, players }, { format: 'TRF16' }).text
}

/** Six players of a small field, FIDE IDs from `firstId` on, rated from 2150 down to 1700 (two women). */
export function sixPlayers(firstId: number): ReportPlayer[] {
  const names: [string, number, 'M' | 'F'][] = [['Alpha, Anna', 2150, 'F'], ['Bravo, Bruno', 2050, 'M'], ['Charlie, Carl', 1980, 'M'], ['Delta, Dora', 1900, 'F'], ['Echo, Emil', 1850, 'M'], ['Foxtrot, Fred', 1700, 'M']]
  return names.map(([name, rating, sex], i) => ({ name, fideId: firstId + i, rating, sex }))
}

/**
 * A report of five rounds on five days from `day` March 2025, received the day after its end (no deadline finding),
 * as the import call takes it (the file's name from the tournament's, its bytes in base64).
 */
export function marchReport(name: string, day: number, arbiters: ReportSpec['arbiters'], players: ReportPlayer[]): { fileName: string; base64: string; receivedDate: string } {
  const d = (n: number) => `2025-03-${String(n).padStart(2, '0')}`
  const spec: ReportSpec = { name, start: d(day), end: d(day + 4), roundDates: [0, 1, 2, 3, 4].map((i) => d(day + i)), arbiters, players }
  return { fileName: `${name.toLowerCase().replace(/\W+/g, '-')}.trf`, base64: Buffer.from(reportTrf(spec), 'latin1').toString('base64'), receivedDate: d(day + 5) }
}

/**
 * A reference rating list dated `date` holding the rated players of a report (and their registry rows), written
 * straight into a database file: the list in force at the tournament's start.
 */
export function seedList(dbFile: string, date: string, players: readonly ReportPlayer[], ratingType: RatingType = 'standard'): void {
  const db = new Database(dbFile)
  db.pragma('foreign_keys = ON')
  db.transaction(() => {
    const list = db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, ?, 'FIDE', 'reference')").run(date, ratingType).lastInsertRowid
    const findPlayer = db.prepare('SELECT id FROM players WHERE fide_id = ?').pluck()
    const addPlayer = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex, birth_date) VALUES (?, ?, ?, ?, 'FRA', ?, '1990')")
    const entry = db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, 0, 20)')
    for (const p of players) {
      let id = findPlayer.get(p.fideId) as number | undefined
      if (id === undefined) {
        const [surname, given = ''] = p.name.split(',').map((s) => s.trim())
        id = Number(addPlayer.run(p.fideId, surname, given, `${surname} ${given}`.toLowerCase().trim(), p.sex ?? 'M').lastInsertRowid)
      }
      if (p.rating !== null) entry.run(list, id, p.rating)
    }
  })()
  db.close()
}

/** An arbiter in the registry, licensed from `validFrom` (null: no licence dates) — or without a licence at all. */
export function seedArbiter(dbFile: string, fideId: number, name: string, licence: { validFrom: string | null; validTo: string | null } | null): void {
  const db = new Database(dbFile)
  db.pragma('foreign_keys = ON')
  const [surname, given = ''] = name.split(',').map((s) => s.trim())
  const pid = db.prepare("INSERT INTO players (fide_id, surname, given_names, name_folded, federation, sex) VALUES (?, ?, ?, ?, 'FRA', 'M')").run(fideId, surname, given, `${surname} ${given}`.toLowerCase().trim()).lastInsertRowid
  db.prepare("INSERT INTO arbiters (player_id, fide_id, title, licence_category, valid_from, valid_to, status, source) VALUES (?, ?, 'FA', ?, ?, ?, ?, 'manual')").run(
    pid,
    fideId,
    licence ? 'C' : null,
    licence?.validFrom ?? null,
    licence?.validTo ?? null,
    licence ? 'active' : 'inactive'
  )
  db.close()
}
