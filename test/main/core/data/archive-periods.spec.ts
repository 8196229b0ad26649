// The periods an office can seal (a closed year a file, every closed year left together in the last of SQLite's
// attachment slots) and the seal as the officer starts it: the file, its copy beside the backups checked, the audit
// log, the live database vacuumed; a period not offered refused with nothing changed.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_ARCHIVE_FILES, archivePeriods, sealPeriod, type SealStep } from '../../../../src/main/core/data/archive-periods'
import { filesToMerge } from '../../../../src/main/core/data/period-merge'
import { checkArchiveFiles } from '../../../../src/main/core/data/archive-seal'
import { storeListCounts } from '../../../../src/main/core/data/list-pages'
import { frozenListProblemsIn } from '../../../../src/main/core/db/backup'
import { archiveDir, archiveFiles, listSchema } from '../../../../src/main/core/db/archive-files'
import { openDatabase, type Db } from '../../../../src/main/core/db/open'
import { fileSha256 } from '../../../../src/main/core/util/durable-files'
import { backupDatabase } from '../../../../src/main/core/db/backup'
import { auditSentence } from '../../../../src/shared/audit-sentences'
import { demoOffice } from '../../../helpers/demo-office'
import { tempDir } from '../../../helpers/temp-db'
import type { AuditRow } from '../../../../src/shared/contract/audit'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A reference list of no entries dated `date` (counted, so that it can be sealed). */
function bareReference(db: Db, date: string): number {
  return Number(
    db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status, entry_count, rated_count) VALUES ('reference', ?, 'standard', 'FIDE', 'reference', 0, 0)").run(date).lastInsertRowid
  )
}

const years = (db: Db, today: string): string[] => archivePeriods(db, today).toSeal.map((p) => (p.firstYear === p.lastYear ? `${p.firstYear}` : `${p.firstYear}-${p.lastYear}`))

describe('the periods an office can seal', () => {
  it('offers a closed year whose lists are all published, holds a year with a draft, and never the open year', async () => {
    const { db, october, references } = await demoOffice(tmp.file('offer'))
    const entries = db.prepare(`SELECT sum(entry_count) FROM rating_lists WHERE id IN (${[october, ...references].join(',')})`).pluck().get() as number
    expect(entries).toBeGreaterThan(800)
    // the demo's lists are of September and October 2025: still the open year in December 2025
    expect(archivePeriods(db, '2025-12-15').toSeal).toEqual([])
    const offered = archivePeriods(db, '2026-01-02')
    expect(offered.openYear).toBe(2026)
    expect(offered.toSeal).toEqual([{ firstYear: 2025, lastYear: 2025, firstDate: '2025-09-01', lastDate: '2025-10-01', lists: 3, entries, listIds: [...references, october].sort((a, b) => a - b) }])
    expect(offered.held).toEqual([])
    expect(offered.maxFiles).toBe(MAX_ARCHIVE_FILES)

    // a draft of December 2025: the year is not closed until it is published (or dropped)
    db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('office', '2025-12-01', 'standard', 'DEMO', 'draft')").run()
    const held = archivePeriods(db, '2026-01-02')
    expect(held.toSeal).toEqual([])
    expect(held.held).toEqual([{ year: 2025, reason: 'draft', lists: 1 }])
    db.close()
  })

  it('gives each closed year a file while slots are left, and every closed year left to the last slot', () => {
    const db = openDatabase(join(tmp.file('slots'), 'office.db'))
    for (let y = 2012; y <= 2024; y++) bareReference(db, `${y}-01-01`)
    // thirteen closed years, nine files at most: eight single years, then 2020 to 2024 together
    expect(years(db, '2025-03-01')).toEqual(['2012', '2013', '2014', '2015', '2016', '2017', '2018', '2019', '2020-2024'])
    db.close()
  })
})

describe('sealing a period as the officer starts it', () => {
  it('writes the file, keeps its copy beside the backups, tells the audit log and shrinks the live database', async () => {
    const { file, db, october, references } = await demoOffice(tmp.file('seal'))
    const backups = tmp.file('seal-backups')
    const steps: SealStep[] = []
    const report = sealPeriod(db, file, backups, { firstYear: 2025, lastYear: 2025 }, '2026-01-02', (s) => steps.push(s))
    expect(steps).toEqual(['write', 'copy', 'vacuum'])

    const [sealed] = archiveFiles(db)
    expect(report.file).toBe(sealed!.name)
    expect(report.file).toMatch(/^2025-09-01-to-2025-10-01-[0-9a-f]{16}\.db$/)
    expect(report).toMatchObject({ firstDate: '2025-09-01', lastDate: '2025-10-01', lists: 3 })
    for (const id of [...references, october]) expect(listSchema(db, id)).toBe(`archive_${sealed!.id}`)
    // the copy beside the backups is the file sealed, byte for byte
    expect(report.copy).toBe(join(backups, 'archive', report.file))
    expect(fileSha256(report.copy!)).toBe(sealed!.sha256)
    expect(report.unfinished).toEqual([])
    expect(fileSha256(join(archiveDir(file), report.file))).toBe(sealed!.sha256)
    // the rows left: the live database is vacuumed (its pages given back) and its log folded in
    expect(report.liveBytesAfter).toBeLessThan(report.liveBytesBefore)
    expect(report.liveBytesAfter).toBe(statSync(file).size)
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0)

    const audit = db.prepare("SELECT * FROM audit_log WHERE action = 'archive.seal'").all() as (AuditRow & { data: string })[]
    expect(audit).toHaveLength(1)
    const row = { ...audit[0]!, entityId: String(audit[0]!.entityId), data: JSON.parse(audit[0]!.data) as unknown, subject: null }
    expect(row.data).toMatchObject({ name: report.file, sha256: sealed!.sha256, lists: [...references, october].sort((a, b) => a - b), entries: report.entries })
    expect(auditSentence(row, 'en')).toBe(`Sealed the lists dated from 1 September 2025 to 1 October 2025 into the archive file ${report.file} (3 lists)`)

    // sealed: listed with what it holds, and no longer offered
    const after = archivePeriods(db, '2026-01-02')
    expect(after.sealed).toEqual([{ name: report.file, firstDate: '2025-09-01', lastDate: '2025-10-01', lists: 3, entries: report.entries, bytes: sealed!.bytes, sealedAt: sealed!.sealedAt }])
    expect(after.toSeal).toEqual([])
    db.close()
  })

  it('says what it could not finish after the seal (a copy beside the backups), and the period stays sealed', async () => {
    const { file, db, october } = await demoOffice(tmp.file('unfinished'))
    // the backups folder is a file: no copy can go beside it
    const notAFolder = tmp.file('unfinished-backups')
    writeFileSync(notAFolder, 'a file, not a folder')
    const report = sealPeriod(db, file, notAFolder, { firstYear: 2025, lastYear: 2025 }, '2026-01-02')
    expect(report.copy).toBeNull()
    expect(report.unfinished).toEqual([{ step: 'copy', reason: expect.stringMatching(/ENOTDIR|EEXIST/) }])
    // sealed all the same, its file checked and recorded, the database made smaller
    expect(listSchema(db, october)).toMatch(/^archive_\d+$/)
    expect(report.liveBytesAfter).toBeLessThan(report.liveBytesBefore)
    expect(db.prepare("SELECT count(*) FROM audit_log WHERE action = 'archive.seal'").pluck().get()).toBe(1)
    // the next backup, into a folder, makes the copy
    const out = join(tmp.file('unfinished-later'), 'office-backup.db')
    await backupDatabase(db, out)
    expect(fileSha256(join(tmp.file('unfinished-later'), 'archive', report.file))).toBe(archiveFiles(db)[0]!.sha256)
    db.close()
  })

  it('refuses a period the office does not offer, naming those it does, and changes nothing', async () => {
    const { file, db } = await demoOffice(tmp.file('refuse'))
    const before = statSync(file).size
    expect(() => sealPeriod(db, file, tmp.file('refuse-backups'), { firstYear: 2024, lastYear: 2025 }, '2026-01-02')).toThrow(
      expect.objectContaining({ key: 'archive.sealNotOffered', params: { first: 2024, last: 2025, offered: '2025' } })
    )
    // the open year is never offered
    expect(() => sealPeriod(db, file, tmp.file('refuse-backups'), { firstYear: 2025, lastYear: 2025 }, '2025-12-31')).toThrow(expect.objectContaining({ params: expect.objectContaining({ offered: '—' }) }))
    expect(archiveFiles(db)).toEqual([])
    expect(existsSync(archiveDir(file))).toBe(false)
    expect(statSync(file).size).toBe(before)
    expect(db.prepare("SELECT count(*) FROM audit_log WHERE action = 'archive.seal'").pluck().get()).toBe(0)
    db.close()
  })

  it('with as many files as SQLite attaches, still offers the next year, its seal merging the oldest periods first', () => {
    const file = join(tmp.file('full'), 'office.db')
    const db = openDatabase(file)
    for (let y = 2014; y <= 2024; y++) bareReference(db, `${y}-06-01`)
    for (const period of archivePeriods(db, '2025-02-01').toSeal) sealPeriod(db, file, tmp.file('full-backups'), period, '2025-02-01')
    expect(archiveFiles(db).map((f) => `${f.firstDate}/${f.lastDate}`)).toEqual([
      ...[2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021].map((y) => `${y}-06-01/${y}-06-01`),
      '2022-06-01/2024-06-01'
    ])
    bareReference(db, '2025-06-01')
    const full = archivePeriods(db, '2026-02-01')
    expect(full.sealed).toHaveLength(MAX_ARCHIVE_FILES)
    expect(full.toSeal.map((p) => p.firstYear)).toEqual([2025])
    expect(full.mergeFirst).toMatchObject({ firstDate: '2014-06-01', lastDate: '2018-06-01' })
    db.close()
    // the office opens again with its nine files attached
    const again = openDatabase(file)
    expect(again.prepare("SELECT count(*) FROM pragma_database_list WHERE name GLOB 'archive_*'").pluck().get()).toBe(MAX_ARCHIVE_FILES)
    // and seals 2025 with the nine attached and the new file besides: the oldest five merged first, six files left
    sealPeriod(again, file, tmp.file('full-backups'), { firstYear: 2025, lastYear: 2025 }, '2026-02-01')
    expect(archiveFiles(again).map((f) => `${f.firstDate}/${f.lastDate}`)).toEqual(['2014-06-01/2018-06-01', ...[2019, 2020, 2021].map((y) => `${y}-06-01/${y}-06-01`), '2022-06-01/2024-06-01', '2025-06-01/2025-06-01'])
    again.close()
  })
})

describe('every slot taken: the oldest periods merged into one file before the next seal', () => {
  /** A reference list of `date` with a few players' entries, counted as an import counts it. */
  function smallReference(db: Db, date: string, players: number[]): number {
    const id = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, status) VALUES ('reference', ?, 'standard', 'FIDE', 'reference')").run(date).lastInsertRowid)
    const year = Number(date.slice(0, 4))
    players.forEach((p, i) => db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) VALUES (?, ?, ?, ?, 20)').run(id, p, 1500 + year + i * 7, i))
    storeListCounts(db, id)
    return id
  }

  it('seals a tenth year after merging the oldest five into one checked file; every list reads as before, the audit log says so', () => {
    const file = join(tmp.file('full-office'), 'office.db')
    const db = openDatabase(file)
    const players = [1, 2, 3, 4].map((i) => Number(db.prepare("INSERT INTO players (surname, given_names, name_folded, federation) VALUES (?, 'A', ?, 'FRA')").run(`Player${i}`, `player${i} a`).lastInsertRowid))
    const lists: number[] = []
    for (let y = 2014; y <= 2023; y++) lists.push(smallReference(db, `${y}-03-01`, players), smallReference(db, `${y}-09-01`, players.slice(0, 3)))
    const read = () => db.prepare('SELECT list_id, player_id, rating, games FROM rating_list_entries ORDER BY list_id, player_id').raw().all()
    const before = read()
    expect(before).toHaveLength(70)
    const backups = tmp.file('full-office-backups')
    // nine years sealed a year a file: every slot taken
    for (let y = 2014; y <= 2022; y++) sealPeriod(db, file, backups, { firstYear: y, lastYear: y }, `${y + 1}-02-01`)
    expect(archiveFiles(db)).toHaveLength(MAX_ARCHIVE_FILES)
    const offered = archivePeriods(db, '2024-02-01')
    expect(offered.toSeal.map((p) => p.firstYear)).toEqual([2023])
    expect(offered.mergeFirst).toMatchObject({ firstDate: '2014-03-01', lastDate: '2018-09-01' })
    expect(offered.mergeFirst!.files).toEqual(archiveFiles(db).slice(0, 5).map((f) => f.name))
    const oldNames = offered.mergeFirst!.files

    const steps: SealStep[] = []
    const report = sealPeriod(db, file, backups, { firstYear: 2023, lastYear: 2023 }, '2024-02-01', (s) => steps.push(s))
    expect(steps).toEqual(['merge', 'write', 'copy', 'vacuum'])
    expect(report.merged).toMatchObject({ firstDate: '2014-03-01', lastDate: '2018-09-01', files: 5 })
    const files = archiveFiles(db)
    expect(files.map((f) => [f.firstDate, f.lastDate])).toEqual([
      ['2014-03-01', '2018-09-01'],
      ...[2019, 2020, 2021, 2022, 2023].map((y) => [`${y}-03-01`, `${y}-09-01`])
    ])
    expect(files[0]!.name).toBe(report.merged!.file)
    // the five old files gone from the archive folder (their copies beside the backups stay), the merged one copied and checked
    expect(readdirSync(archiveDir(file)).sort()).toEqual(files.map((f) => f.name).sort())
    for (const name of oldNames) expect(existsSync(join(backups, 'archive', name))).toBe(true)
    expect(fileSha256(join(backups, 'archive', files[0]!.name))).toBe(files[0]!.sha256)
    expect(checkArchiveFiles(db, file)).toEqual(files.map((f, i) => ({ name: f.name, lists: i === 0 ? 10 : 2, problems: [] })))
    expect(frozenListProblemsIn(db)).toEqual([])
    expect(read()).toEqual(before)
    for (const id of lists) expect(listSchema(db, id)).toMatch(/^archive_\d+$/)
    const audit = db.prepare("SELECT action, data FROM audit_log WHERE action LIKE 'archive.%' ORDER BY id DESC LIMIT 2").all() as { action: string; data: string }[]
    expect(audit.map((a) => a.action)).toEqual(['archive.seal', 'archive.merge-periods'])
    const row = { id: 1, at: '2024-02-01T10:00:00Z', actor: 'officer', action: 'archive.merge-periods', entity: 'archive_file', entityId: String(files[0]!.id), reason: null, data: JSON.parse(audit[1]!.data), subject: null } as unknown as AuditRow
    expect(auditSentence(row, 'en')).toBe(`Merged the sealed periods from 1 March 2014 to 1 September 2018 into the archive file ${files[0]!.name}`)
    // another connection opens the office with its six files
    const other = openDatabase(file, { readonly: true })
    expect(other.prepare('SELECT count(*) FROM rating_list_entries').pluck().get()).toBe(70)
    other.close()
    db.close()
  })

  it('merges the oldest run of files spanning at most five years, else the two oldest', () => {
    const f = (id: number, first: string, last: string) => ({ id, name: `${id}.db`, sha256: '', bytes: 1, firstDate: first, lastDate: last, sealedAt: '' })
    const years = (ids: number[]) => ids
    expect(years(filesToMerge([f(1, '2010-01-01', '2010-12-01'), f(2, '2011-01-01', '2011-12-01'), f(3, '2012-01-01', '2012-12-01'), f(4, '2013-01-01', '2013-12-01'), f(5, '2014-01-01', '2014-12-01'), f(6, '2015-01-01', '2015-12-01')]).map((x) => x.id))).toEqual([1, 2, 3, 4, 5])
    // a five-year file already first: the next run
    expect(filesToMerge([f(1, '2010-01-01', '2014-12-01'), f(2, '2015-01-01', '2015-12-01'), f(3, '2016-01-01', '2016-12-01')]).map((x) => x.id)).toEqual([2, 3])
    // every file five years long: the two oldest
    expect(filesToMerge([f(1, '2000-01-01', '2004-12-01'), f(2, '2005-01-01', '2009-12-01'), f(3, '2010-01-01', '2014-12-01')]).map((x) => x.id)).toEqual([1, 2])
  })
})
