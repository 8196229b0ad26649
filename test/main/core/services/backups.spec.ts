// Automatic backups: the officer's "back up now" job, the daily schedule, the copy before a list import,
// the folder the settings name, and the retention rule thinning out old automatic copies.
import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { startBackupSchedule } from '../../../../src/main/core/services/backups'
import { noticeLines, type OpenNotice } from '../../../../src/main/core/db/open-check'
import { automaticBackup, backupFileName, checkDatabaseFile } from '../../../../src/main/core/db/backup'
import { tempDir } from '../../../helpers/temp-db'
import { takeWriteTurn } from '../../../../src/main/core/data/write-turn'
import { demoOffice } from '../../../helpers/demo-office'
import type { CallOutput } from '../../../../src/shared/contract/index'
import { dirname, join } from 'node:path'

const tmp = tempDir()
const opened: Services[] = []
afterAll(async () => {
  for (const s of opened) await s.close()
  tmp.cleanup()
})
const fixture = fileURLToPath(new URL('../../../fixtures/ratinglists/players_list_foa.txt', import.meta.url))

function services(name: string): Services {
  mkdirSync(tmp.file(name))
  const s = createServices({ dbPath: tmp.file(`${name}/office.db`), host: 'browser', appVersion: '1.0.0', worker: sourceWorkerScript(), checkOutput: true })
  opened.push(s)
  return s
}

describe('automatic backups', () => {
  it('backs up on request into the backups folder beside the database, verified, and lists it', async () => {
    const s = services('manual')
    const report = await s.ctx.jobs.run('system:backup', { reason: 'manual' })
    expect(report.integrity).toBe('ok')
    expect(report.file.startsWith(tmp.file('manual/backups/office-'))).toBe(true)
    expect(report.file.endsWith('-manual.db')).toBe(true)
    expect(checkDatabaseFile(report.file).integrity).toBe('ok')
    const listed = await s.dispatch('system:backups', {})
    expect(listed).toMatchObject({ ok: true, value: { folder: tmp.file('manual/backups'), backups: [{ reason: 'manual', bytes: report.bytes }] } })
  })

  it('writes into the folder the settings name, chosen in a dialog, never named by a client', async () => {
    const s = services('configured')
    expect(await s.dispatch('settings:set', { backupDir: tmp.file('named-by-a-client') })).toMatchObject({ ok: false, error: { code: 'validation' } })
    // no dialog in this host (browser mode, CLI): only the default may be chosen
    expect(await s.dispatch('settings:chooseBackupDir', { use: 'dialog' })).toMatchObject({ ok: false, error: { key: 'files.noOpenDialog' } })
    const folder = tmp.file('configured-elsewhere')
    s.ctx.chooseFolder = async () => folder
    expect(await s.dispatch('settings:chooseBackupDir', { use: 'dialog' })).toMatchObject({ ok: true, value: { backupDir: folder } })
    const report = await s.ctx.jobs.run('system:backup', {})
    expect(report.file.startsWith(folder)).toBe(true)
  })

  it('makes the daily backup once a day', async () => {
    const s = services('daily')
    let today = new Date('2026-11-26T08:00:00Z')
    const schedule = startBackupSchedule(s.ctx, () => today, 3_600_000)
    try {
      const job = schedule.check()
      expect(job).not.toBeNull()
      const end = await s.ctx.jobs.wait(job!)
      expect(end).toMatchObject({ state: 'done', kind: 'system:backup' })
      // the job names its file by the real clock: the schedule sees the day's backup through the folder
      today = new Date()
      expect(schedule.check()).toBeNull()
      today = new Date(Date.now() + 86_400_000)
      expect(schedule.check()).not.toBeNull()
    } finally {
      schedule.stop()
    }
  })

  it('says when the daily backup fails: a notice in the window and on the console (issue 38)', async () => {
    const s = services('failing')
    // the backups folder the settings name is below a file: it can be neither read nor made
    writeFileSync(tmp.file('failing-file'), 'not a folder')
    const blocked = tmp.file('failing-file/backups')
    s.ctx.db.prepare("INSERT INTO settings (key, value) VALUES ('backupDir', ?)").run(JSON.stringify(blocked))
    const told: OpenNotice[] = []
    const schedule = startBackupSchedule(s.ctx, () => new Date('2026-11-26T08:00:00Z'), 3_600_000, (n) => told.push(...n))
    try {
      const job = schedule.check()
      expect((await s.ctx.jobs.wait(job!)).state).toBe('failed')
      for (let i = 0; i < 100 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
      expect(told).toHaveLength(1)
      expect(told[0]).toMatchObject({ level: 'error', key: 'db.dailyBackupFailed', params: { folder: blocked } })
      expect(noticeLines(told)[0]).toMatch(new RegExp(`^error: Today’s automatic backup into ${blocked} failed: `))
      expect(s.ctx.notices.some((n) => n.key === 'db.dailyBackupFailed')).toBe(true)
      // a folder that cannot even be listed (the file itself): the check does not throw out of the hourly timer (it
      // did), and the failure is told once a day, not at every check
      s.ctx.db.prepare("UPDATE settings SET value = ? WHERE key = 'backupDir'").run(JSON.stringify(tmp.file('failing-file')))
      expect(schedule.check()).toBeNull()
      expect(told).toHaveLength(1)
    } finally {
      schedule.stop()
    }
  })

  it('copies a registry that holds data before a list import changes it, not an empty one', async () => {
    const s = services('import')
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-11-01' })
    expect(existsSync(tmp.file('import/backups'))).toBe(false)
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-12-01' })
    // the backups (beside them the last verified copy's manifest of pages, db/verified-pages.ts)
    const backupsIn = (dir: string) => readdirSync(dir).filter((f) => !f.startsWith('.'))
    const files = backupsIn(tmp.file('import/backups'))
    expect(readdirSync(tmp.file('import/backups')).filter((f) => f.startsWith('.'))).toEqual(['.office.verified-pages'])
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^office-\d{4}-\d{2}-\d{2}T\d{6}-before-import\.db$/)
    // the copy holds the registry as it was: the first list only
    const copy = checkDatabaseFile(tmp.file(`import/backups/${files[0]}`))
    expect(copy.integrity).toBe('ok')
    // the first import's three lists (the fixture's standard, rapid and blitz columns), checksummed
    expect(Object.keys(copy.listChecksums)).toEqual(['1', '2', '3'])
    // imports in quick succession each get their copy (no name taken twice); the retention rule then keeps the
    // day's newest automatic copy
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2026-01-01' })
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2026-02-01' })
    const after = backupsIn(tmp.file('import/backups'))
    expect(after).toHaveLength(1)
    expect(after[0]).not.toBe(files[0])
    // the copy kept is the one taken before the fourth import: the three lists of each of the three imports before it
    expect(Object.keys(checkDatabaseFile(tmp.file(`import/backups/${after[0]}`)).listChecksums)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
  })

  it('records the checksums of the lists frozen since the last publication before a copy, unless another writer is at work', async () => {
    const s = services('records')
    const records = () => s.ctx.db.prepare('SELECT list_id, checksum FROM frozen_list_checksums ORDER BY list_id').raw().all() as [number, string | null][]
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-11-01' })
    // the first import's three lists, frozen and counted, not recorded yet (no copy was taken: nothing to lose before)
    expect(records()).toEqual([[1, null], [2, null], [3, null]])
    // the next import's copy records them first, and is checked against them
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-12-01' })
    const copy = checkDatabaseFile(tmp.file(`records/backups/${readdirSync(tmp.file('records/backups')).find((f) => !f.startsWith('.'))}`))
    expect(copy.frozenListProblems).toEqual([])
    expect(records().slice(0, 3)).toEqual(Object.entries(copy.listChecksums).map(([id, sum]) => [Number(id), sum]))
    expect(records().slice(3)).toEqual([[4, null], [5, null], [6, null]])
    // a writer at work: the officer's backup does not wait for it, records nothing, and is verified all the same
    const writer = await takeWriteTurn(s.ctx.dbPath, 'lists:generate', {}, { thread: 999 })
    const report = await s.ctx.jobs.run('system:backup', { reason: 'manual' }).finally(() => writer.release())
    expect(report.integrity).toBe('ok')
    expect(records().slice(3)).toEqual([[4, null], [5, null], [6, null]])
    expect(Object.keys(report.listChecksums)).toEqual(['1', '2', '3', '4', '5', '6'])
    // free again: the next one records them
    const next = await s.ctx.jobs.run('system:backup', { reason: 'manual' })
    expect(records()).toEqual(Object.entries(next.listChecksums).map(([id, sum]) => [Number(id), sum]))
  })

  it('thins out old automatic backups by the retention rule and keeps manual ones', async () => {
    const s = services('retention')
    const folder = tmp.file('retention/backups')
    mkdirSync(folder)
    // thirty daily copies of last month and an old manual one
    for (let d = 1; d <= 30; d++) writeFileSync(`${folder}/${backupFileName('office.db', new Date(Date.UTC(2026, 9, d, 2)), 'daily')}`, '')
    writeFileSync(`${folder}/${backupFileName('office.db', new Date(Date.UTC(2025, 0, 1)), 'manual')}`, '')
    const report = await automaticBackup(s.ctx.dbPath, folder, 'daily', { now: new Date('2026-11-26T02:00:00Z'), rule: { daily: 7, weekly: 2, monthly: 2 } })
    const left = readdirSync(folder).sort()
    // kept: today's, October's last six days (7 days in all), and the manual one; the rest of October is removed
    expect(left).toContain(backupFileName('office.db', new Date('2026-11-26T02:00:00Z'), 'daily'))
    expect(left).toContain('office-2025-01-01T000000-manual.db')
    expect(left.filter((f) => f.includes('2026-10-'))).toEqual(['25', '26', '27', '28', '29', '30'].map((d) => `office-2026-10-${d}T020000-daily.db`))
    expect(report.removed).toHaveLength(24)
  })
})

describe('restore from the Settings screen (system:restore)', () => {
  it('puts a backup of the folder back by its name, after a verified copy of the current database; calls go on', async () => {
    const s = services('restore')
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-11-01' })
    await s.dispatch('settings:set', { officer: 'Before' })
    const backup = await s.ctx.jobs.run('system:backup', { reason: 'manual' })
    const frozen = backup.listChecksums
    // the database moves on: another list, another officer
    await s.ctx.jobs.run('registry:importList', { file: fixture, listDate: '2025-12-01' })
    await s.dispatch('settings:set', { officer: 'After' })
    const name = backup.file.split('/').at(-1)!
    const reply = await s.dispatch('system:restore', { fileName: name })
    expect(reply).toMatchObject({ ok: true, value: { restored: name } })
    if (!reply.ok) return
    // the same connection object answers the next calls, on the restored data
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, value: { officer: 'Before' } })
    expect(checkDatabaseFile(s.ctx.dbPath).listChecksums).toEqual(frozen)
    // the database as it was before the restore is kept, verified, in the same folder
    const safety = checkDatabaseFile(tmp.file(`restore/backups/${(reply.value as { safetyCopy: string }).safetyCopy}`))
    expect(safety.integrity).toBe('ok')
    // the backup held the first import's three lists; the safety copy also the second import's three
    expect(Object.keys(frozen)).toEqual(['1', '2', '3'])
    expect(Object.keys(safety.listChecksums)).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('answers other calls while the restore runs in the worker (refused until the file is back), and refuses a file another session has open', async () => {
    const s = services('restore-busy')
    await s.dispatch('settings:set', { officer: 'Before' })
    const backup = await s.ctx.jobs.run('system:backup', { reason: 'manual' })
    await s.dispatch('settings:set', { officer: 'After' })
    const name = backup.file.split('/').at(-1)!

    // another process (a command, a second window) holds the database open: nothing may be replaced under it
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3')
    const other = spawn(process.execPath, ['-e', `const D = require(${JSON.stringify(sqlite)}); const db = new D(${JSON.stringify(s.ctx.dbPath)}); db.prepare('SELECT count(*) FROM players').get(); console.log('open'); setInterval(() => {}, 1000)`])
    try {
      await once(other.stdout!, 'data')
      const refused = await s.dispatch('system:restore', { fileName: name })
      expect(refused).toMatchObject({ ok: false, error: { key: 'db.restoreInUse' } })
      expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, value: { officer: 'After' } })
    } finally {
      other.kill()
      await once(other, 'exit')
    }

    // alone again: the restore runs, and a call made meanwhile is answered at once, refused until the file is back
    const pending = s.dispatch('system:restore', { fileName: name })
    const during = await s.dispatch('settings:get', {})
    expect(during).toMatchObject({ ok: false, error: { key: 'db.restoring' } })
    expect(await pending).toMatchObject({ ok: true, value: { restored: name } })
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, value: { officer: 'Before' } })
  })

  it('refuses a name that is not a backup of its folder, and a damaged backup, leaving the database as it was', async () => {
    const s = services('restore-refused')
    await s.dispatch('settings:set', { officer: 'Kept' })
    for (const fileName of ['../office.db', '/etc/passwd', 'office-2026-01-01T000000-manual.db']) {
      expect(await s.dispatch('system:restore', { fileName }), fileName).toMatchObject({ ok: false, error: { key: 'db.backupMissing' } })
    }
    mkdirSync(tmp.file('restore-refused/backups'))
    const damaged = backupFileName('office.db', new Date('2026-01-01T00:00:00Z'), 'manual')
    writeFileSync(tmp.file(`restore-refused/backups/${damaged}`), 'SQLite format 3\0 but not really')
    const reply = await s.dispatch('system:restore', { fileName: damaged })
    expect(reply.ok).toBe(false)
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: true, value: { officer: 'Kept' } })
  })
})

describe('sealing a period from the Settings screen (system:archivePeriods, system:seal)', () => {
  it('offers the closed year, seals it with the office taken alone, and every list reads as before', async () => {
    const { file, db, october } = await demoOffice(tmp.file('seal'))
    db.close()
    const s = createServices({ dbPath: file, host: 'browser', appVersion: '1.0.0', worker: sourceWorkerScript(), checkOutput: true })
    opened.push(s)
    const periods = await s.dispatch('system:archivePeriods', {})
    // the demo's lists are of 2025, a closed year since 2026
    expect(periods).toMatchObject({ ok: true, value: { sealed: [], toSeal: [{ firstYear: 2025, lastYear: 2025, firstDate: '2025-09-01', lastDate: '2025-10-01', lists: 3 }], held: [] } })
    const entries = await s.dispatch('lists:entries', { listId: october, limit: 1000 })
    expect(entries, JSON.stringify(entries).slice(0, 300)).toMatchObject({ ok: true })

    // a seal refused while a job runs: a reader opened before it would read the sealed lists as empty
    const busy = s.ctx.jobs.start('system:health', {})
    expect(await s.dispatch('system:seal', { firstYear: 2025, lastYear: 2025 })).toMatchObject({ ok: false, error: { key: 'archive.sealBusy' } })
    await s.ctx.jobs.wait(busy)
    // a period not offered: refused in the officer's words
    expect(await s.dispatch('system:seal', { firstYear: 2026, lastYear: 2025 })).toMatchObject({ ok: false, error: { code: 'validation' } })

    const pending = s.dispatch('system:seal', { firstYear: 2025, lastYear: 2025 })
    // every call meanwhile is refused, saying why
    expect(await s.dispatch('settings:get', {})).toMatchObject({ ok: false, error: { key: 'db.sealing' } })
    const sealed = await pending
    expect(sealed).toMatchObject({ ok: true, value: { firstDate: '2025-09-01', lastDate: '2025-10-01', lists: 3 } })
    if (!sealed.ok) return
    const report = sealed.value as CallOutput<'system:seal'>
    expect(report.copy).toBe(join(dirname(file), 'backups', 'archive', report.file))
    expect(existsSync(report.copy!)).toBe(true)
    expect(report.liveBytesAfter).toBeLessThan(report.liveBytesBefore)

    // the connection opened again reads the sealed list from its file, the same entries
    expect(await s.dispatch('lists:entries', { listId: october, limit: 1000 })).toEqual(entries)
    const after = await s.dispatch('system:archivePeriods', {})
    expect(after).toMatchObject({ ok: true, value: { sealed: [{ name: report.file, lists: 3 }], toSeal: [] } })
    // a second seal of the same year: nothing left to seal
    expect(await s.dispatch('system:seal', { firstYear: 2025, lastYear: 2025 })).toMatchObject({ ok: false, error: { key: 'archive.sealNotOffered' } })
  })
})
