// FIDE's list of the demo's next list date: the month run on a scratch database as FIDE would (every standard report
// rated, the junior championship the office rejects included), then altered in known ways, so that the office's
// reconciliation with FIDE's list has a real reason of each kind to show. Seeded like the rest: the same every run.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { openDatabase, type Db } from '../db/open'
import { saveArbiter } from '../data/arbiters'
import { listRows } from '../data/list-rows'
import { sheetFacts } from '../data/list-compare'
import { importFideList } from '../registry/import'
import { importReports, tournamentsHandlers } from '../services/tournaments'
import { approveTournament, rejectTournament } from '../services/checks'
import { generateDraft } from '../services/list-generation'
import { txtLine } from '../exports/txt'
import { txtHeaderLine } from '../registry/fide-txt-layout'
import type { ExportRow } from '../exports/types'
import { readDemoArbiters, readDemoManifest } from './load'
import { DEMO, generateDemo, type DemoBundle, type DemoManifest } from './generate'

/** The office's decisions of the month, as the journey makes them on screen (the demo's story). */
export const MONTH = {
  /** Every report reached the office on this day (the late ones are found late). */
  receivedDate: '2025-09-23',
  /** The reports approved for the list (the rapid open waits for the rapid list). */
  approve: ['reports/open-automne-lyon.trf', 'reports/open-chambery.trf', 'reports/ferme-annecy.trf'],
  /** Four rounds of classical play on one day: rejected by the office, rated by FIDE. */
  reject: ['reports/championnat-jeunes.trf']
} as const

const ACTOR = 'demo federation'

export interface MonthRun {
  listId: number
  /** Tournament ids in the manifest's report order. */
  tournaments: number[]
}

/**
 * The month on a database holding nothing but the arbiters' registry: FIDE's list of the list date imported, the
 * reports dropped at once, identities resolved (an unknown player is created, a candidate confirmed), the reports
 * approved (open errors overridden) or rejected, the standard list of the next date generated as a draft.
 * `fide`: every standard report approved, as FIDE rates what it receives.
 */
export function runDemoMonth(db: Db, dir: string, opts: { fide: boolean }): MonthRun {
  const m = readDemoManifest(dir)
  for (const a of readDemoArbiters(readFileSync(join(dir, m.arbiters), 'utf8'))) saveArbiter(db, a, ACTOR)
  importFideList(db, { file: join(dir, m.referenceList.file), listDate: m.referenceList.listDate, ratingType: m.referenceList.ratingType })
  const results = importReports(db, {
    files: m.reports.map((r) => ({ fileName: r.file.split('/').pop()!, base64: readFileSync(join(dir, r.file)).toString('base64') })),
    receivedDate: MONTH.receivedDate
  })
  const tournaments = results.map((r, i) => {
    if (!r.ok) throw new Error(`${m.reports[i]!.file}: ${r.message}`)
    return r.tournamentId
  })
  const ctx = { db } as Parameters<(typeof tournamentsHandlers)['tournaments:get']>[1]
  for (const id of tournaments) {
    const detail = tournamentsHandlers['tournaments:get']({ id }, ctx)
    if (detail instanceof Promise) throw new Error('tournaments:get answers at once')
    for (const p of detail.players) {
      const action = p.matchStatus === 'candidate' ? 'confirm' : p.matchStatus === 'unmatched' ? 'create' : null
      if (action) tournamentsHandlers['tournaments:resolvePlayer']({ tournamentPlayerId: p.id, action, reason: 'demo month' }, ctx)
    }
  }
  m.reports.forEach((r, i) => {
    const approve = (MONTH.approve as readonly string[]).includes(r.file) || (opts.fide && (MONTH.reject as readonly string[]).includes(r.file))
    if (approve) approveTournament(db, tournaments[i]!, 'demo month', true, ACTOR)
    else if ((MONTH.reject as readonly string[]).includes(r.file)) rejectTournament(db, tournaments[i]!, 'demo month', ACTOR)
  })
  const draft = generateDraft(db, { listDate: m.fideList.listDate, ratingType: m.fideList.ratingType })
  return { listId: draft.listId, tournaments }
}

/** What FIDE's list changes on purpose, by FIDE ID: each gives the reconciliation one reason to find. */
/** k: a player FIDE gives another K; flag: one FIDE marks inactive; rounding: one rated a point apart (the other
 *  rounding of the same change); cap400: one with games over a 400-point gap rated otherwise; onlyFide: a player
 *  transferred to the federation, on FIDE's list only. */
export type PlantedDifferences = NonNullable<DemoManifest['fideList']['planted']>

/** FIDE's TXT of the next list date, written from FIDE's run of the month with the planted differences. */
export function fideNextList(bundle: DemoBundle): { text: string; planted: PlantedDifferences } {
  const tmp = mkdtempSync(join(tmpdir(), 'rating-office-demo-'))
  try {
    for (const [name, text] of bundle.files) {
      mkdirSync(dirname(join(tmp, name)), { recursive: true })
      writeFileSync(join(tmp, name), text)
    }
    const db = openDatabase(join(tmp, 'fide.db'))
    try {
      const m = bundle.manifest
      const run = runDemoMonth(db, tmp, { fide: true })
      // FIDE's download has no delisted line: a player under the floor leaves its list
      const rows: ExportRow[] = [...listRows(db, { listId: run.listId, listDate: m.fideList.listDate, sort: 'fideId', category: 'open', federation: null, fideIdOnly: true })].filter((r) => !r.delisted)
      const sheets = sheetFacts(db, run.listId)
      const juniors = new Set(bundle.players.filter((p) => p.birthYear >= 2007).map((p) => p.fideId))
      const idle = rows.filter((r) => r.rating !== null && !r.games && !juniors.has(r.fideId))
      const played = rows.filter((r) => r.rating !== null && (r.games ?? 0) > 0 && !juniors.has(r.fideId))
      const k = idle.find((r) => r.k === 20)!
      const flag = idle.find((r) => r !== k && r.sex === 'M' && !r.flags)!
      const rounding = played.find((r) => sheets.get(r.playerId)?.gapOver400 === 0 && sheets.get(r.playerId)?.changeExact != null)!
      const cap400 = played.find((r) => (sheets.get(r.playerId)?.gapOver400 ?? 0) > 0)!
      const onlyFide = DEMO_TRANSFER
      const changed = rows.map((r) => {
        if (r === k) return { ...r, k: 40 }
        if (r === flag) return { ...r, flags: 'i' }
        // FIDE rounded the same change the other way: up when the office's exact change was rounded down
        if (r === rounding) return { ...r, rating: r.rating! + (sheets.get(r.playerId)!.changeExact! >= Math.round(sheets.get(r.playerId)!.changeExact!) ? 1 : -1) }
        if (r === cap400) return { ...r, rating: r.rating! + 6 }
        return r
      })
      changed.push(onlyFide)
      changed.sort((a, b) => a.fideId! - b.fideId!)
      const text = [txtHeaderLine(m.fideList.listDate), ...changed.map(txtLine)].join('\n') + '\n'
      return { text, planted: { k: k.fideId!, flag: flag.fideId!, rounding: rounding.fideId!, cap400: cap400.fideId!, onlyFide: onlyFide.fideId! } }
    } finally {
      db.close()
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

/** A player who moved to the federation during the month: rated abroad, unknown to the office's registry. */
const DEMO_TRANSFER: ExportRow = {
  playerId: 0,
  fideId: 990_100_900,
  surname: 'Kovačević',
  givenNames: 'Mirela',
  federation: DEMO.federation,
  sex: 'F',
  title: 'WFM',
  womanTitle: null,
  otherTitles: null,
  foaTitle: null,
  birthYear: 1996,
  rating: 2087,
  games: 9,
  k: 20,
  flags: 'w',
  delisted: 0
}

/** The whole bundle as the script writes it: the generated files and FIDE's list of the next date. */
export function generateDemoBundle(): DemoBundle & { planted: PlantedDifferences } {
  const bundle = generateDemo()
  const { text, planted } = fideNextList(bundle)
  const manifest = { ...bundle.manifest, fideList: { ...bundle.manifest.fideList, planted } }
  const files = new Map(bundle.files)
  files.set(bundle.manifest.fideList.file, text)
  files.set('manifest.json', JSON.stringify(manifest, null, 2) + '\n')
  return { ...bundle, files, manifest, planted }
}
