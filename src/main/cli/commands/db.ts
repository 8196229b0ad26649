// Database care from the command line: verified backups, restore (after a safety copy), and a full check.
import type { Command } from 'commander'
import { dirname, join, basename, resolve } from 'node:path'
import { existsSync, statSync } from 'node:fs'
import { globalOptions, CliError } from '../host'
import { defaultDbPath } from '../../core/util/paths'
import { openDatabase } from '../../core/db/open'
import { backupDatabase, backupFileName, backupFolder, checkOpenDatabase, restoreDatabase, type DatabaseCheck } from '../../core/db/backup'
import { readSettings, writeSettings } from '../../core/data/settings'
import { checkArchiveFiles } from '../../core/data/archive-seal'
import { archivePeriods, sealPeriod } from '../../core/data/archive-periods'
import { inspectBeforeOpen, takeLock } from '../../core/db/open-check'
import { takeWriteTurn } from '../../core/data/write-turn'
import { UserError } from '../../core/util/errors'

function print(cmd: Command, value: unknown, text: () => string): void {
  process.stdout.write(globalOptions(cmd).json ? JSON.stringify(value, null, 2) + '\n' : text() + '\n')
}

function checkLines(c: DatabaseCheck): string[] {
  return [
    `integrity     ${c.integrity}`,
    `foreign keys  ${c.foreignKeyProblems.length === 0 ? 'ok' : `${c.foreignKeyProblems.length} problems`}`,
    `schema        ${c.schemaVersion}`,
    `frozen lists  ${Object.keys(c.listChecksums).length}${c.frozenListProblems.length ? `, ${c.frozenListProblems.map((p) => `list ${p.listId} ${p.problem === 'altered' ? 'not as recorded when frozen' : 'without a recorded checksum'}`).join(', ')}` : ''}`,
    ...c.tables.filter((t) => t.rows > 0).map((t) => `${t.name.padEnd(28)} ${t.rows}`)
  ]
}

async function userErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof UserError) throw new CliError(e.message)
    throw e
  }
}

const yearsOf = (p: { firstYear: number; lastYear: number }): string => (p.firstYear === p.lastYear ? `${p.firstYear}` : `${p.firstYear}-${p.lastYear}`)

/** `db seal` without a period: the periods sealed, those that can be, those held back, the open year. */
function showPeriods(cmd: Command, dbPath: string, today: string): void {
  const handle = openDatabase(dbPath, { readonly: true })
  try {
    const p = archivePeriods(handle, today)
    print(cmd, p, () =>
      [
        ...p.sealed.map((f) => `sealed        ${f.firstDate} to ${f.lastDate}: ${f.lists} lists, ${f.entries} entries, ${f.name}`),
        ...p.toSeal.map((t) => `can be sealed ${yearsOf(t)}: ${t.lists} lists, ${t.entries} entries (rating-office db seal ${yearsOf(t)})`),
        ...p.held.map((h) => `held          ${h.year}: ${h.lists} ${h.reason === 'draft' ? 'draft list(s) dated in it' : 'list(s) whose import did not finish'}`),
        `open          ${p.openYear}: its lists stay in the database until it ends`,
        ...(p.mergeFirst ? [`merged first  ${p.mergeFirst.firstDate} to ${p.mergeFirst.lastDate}: its ${p.mergeFirst.files.length} files into one (all ${p.maxFiles} archive slots taken)`] : [])
      ].join('\n')
    )
  } finally {
    handle.close()
  }
}

/** `db seal PERIOD`: the period sealed with the office alone (its lock taken) and in the write turn. */
async function sealYears(cmd: Command, dbPath: string, period: string, today: string): Promise<void> {
  const m = /^(\d{4})(?:-(\d{4}))?$/.exec(period)
  if (!m) throw new CliError(`period "${period}": expected a year (2025) or two (2021-2024)`)
  const choice = { firstYear: Number(m[1]), lastYear: Number(m[2] ?? m[1]) }
  // the office alone: no other session may read while the lists leave the database (a reader opened before the seal
  // would read them as empty)
  const before = inspectBeforeOpen(dbPath)
  const release = takeLock(before)
  if (!release) throw new CliError(`the office is open in another session (process ${before.lock?.pid} on ${before.lock?.host} since ${before.lock?.since}): close it, then seal`)
  try {
    const turn = await takeWriteTurn(dbPath, 'system:seal')
    try {
      const handle = openDatabase(dbPath)
      try {
        const r = sealPeriod(handle, dbPath, backupFolder(dbPath, readSettings(handle).backupDir), choice, today)
        const mb = (b: number): string => `${(b / 1e6).toFixed(1)} MB`
        const later = { copy: 'not copied beside the backups (the next backup copies it)', vacuum: 'not made smaller (the next seal does it)' }
        print(cmd, r, () =>
          [
            ...(r.merged ? [`merged        ${r.merged.firstDate} to ${r.merged.lastDate}: ${r.merged.files} files into ${r.merged.file}`] : []),
            `sealed ${r.lists} lists (${r.entries} entries) of ${r.firstDate} to ${r.lastDate} into ${r.file}`,
            ...(r.copy ? [`copy checked  ${r.copy}`] : []),
            `live database ${mb(r.liveBytesBefore)} → ${mb(r.liveBytesAfter)}`,
            ...r.unfinished.map((u) => `${u.step === 'copy' ? 'the file is' : 'the database is'} ${later[u.step]}: ${u.reason}`)
          ].join('\n')
        )
      } finally {
        handle.close()
      }
    } finally {
      turn.release()
    }
  } finally {
    release()
  }
}

export function register(program: Command): void {
  const db = program.command('db').description('backups, restore and checks of the database file')

  db.command('backup')
    .description('copy the database with SQLite’s online backup, then verify the copy (integrity, foreign keys, row counts, published lists)')
    .option('--out <file>', 'where to write the backup (default: the backups folder beside the database)')
    .option('--full', 'also read every archive file’s copy beside the backups again and prove it the file that was sealed (a missing or damaged copy is copied again)')
    .action(async (opts: { out?: string; full?: boolean }, cmd: Command) => {
      await userErrors(async () => {
        const dbPath = globalOptions(cmd).db ?? defaultDbPath()
        if (!existsSync(dbPath)) throw new CliError(`no database at ${dbPath}`)
        const out = resolve(opts.out ?? join(dirname(dbPath), 'backups', backupFileName(basename(dbPath), new Date(), 'manual')))
        if (existsSync(out) && statSync(out).isDirectory()) throw new CliError(`${out} is a folder: give a file name`)
        const handle = openDatabase(dbPath)
        try {
          const report = await backupDatabase(handle, out, { full: opts.full ?? false })
          const copies = (report.archiveCopies ?? []).map((c) => `archive file  ${c.name}: ${c.copy === 'kept' ? 'its copy checked' : c.copy === 'copied' ? 'copied and checked' : 'its copy was not the file: copied again and checked'}`)
          print(cmd, report, () => [`backup ${report.file} (${report.bytes} bytes), verified`, ...checkLines(report), ...copies].join('\n'))
        } finally {
          handle.close()
        }
      })
    })

  db.command('restore <file>')
    .description('replace the database with a verified backup; the current database is first copied aside and verified')
    .action(async (file: string, _opts: unknown, cmd: Command) => {
      await userErrors(async () => {
        const dbPath = globalOptions(cmd).db ?? defaultDbPath()
        const report = await restoreDatabase(dbPath, resolve(file), join(dirname(dbPath), 'backups'))
        // opening applies any migration the restored file needs, with the usual copy before an upgrade
        openDatabase(dbPath).close()
        print(cmd, report, () => [`restored ${report.restored} from ${report.from}`, report.safetyCopy ? `the previous database is kept in ${report.safetyCopy}` : 'there was no previous database', ...checkLines(report.check)].join('\n'))
      })
    })

  db.command('backup-folder [dir]')
    .description('show the folder of the automatic backups, or set it (an absolute or relative folder; --default: beside the database)')
    .option('--default', 'back to the backups folder beside the database')
    .action(async (dir: string | undefined, opts: { default?: boolean }, cmd: Command) => {
      await userErrors(async () => {
        const dbPath = globalOptions(cmd).db ?? defaultDbPath()
        const handle = openDatabase(dbPath)
        try {
          // the command line is local: the officer names the folder himself (the app's screens use a folder dialog)
          if (opts.default) writeSettings(handle, { backupDir: '' })
          else if (dir !== undefined) writeSettings(handle, { backupDir: resolve(dir) })
          const folder = backupFolder(dbPath, readSettings(handle).backupDir)
          print(cmd, { folder }, () => folder)
        } finally {
          handle.close()
        }
      })
    })

  db.command('seal [period]')
    .description('seal a closed year’s published lists into an archive file (a year, or FIRST-LAST as offered): written, checked, copied beside the backups; without a period, show the periods sealed and those that can be')
    .action(async (period: string | undefined, _opts: unknown, cmd: Command) => {
      await userErrors(async () => {
        const dbPath = globalOptions(cmd).db ?? defaultDbPath()
        if (!existsSync(dbPath)) throw new CliError(`no database at ${dbPath}`)
        const today = new Date().toISOString().slice(0, 10)
        if (period === undefined) showPeriods(cmd, dbPath, today)
        else await sealYears(cmd, dbPath, period, today)
      })
    })

  db.command('check')
    .description('check the database: integrity, foreign keys, row counts and checksums of the published lists')
    .action(async (_opts: unknown, cmd: Command) => {
      await userErrors(async () => {
        const dbPath = globalOptions(cmd).db ?? defaultDbPath()
        if (!existsSync(dbPath)) throw new CliError(`no database at ${dbPath}`)
        const handle = openDatabase(dbPath, { readonly: true })
        try {
          // the sealed periods' files first, each on its own: each proven the file that was sealed (its SHA-256) and
          // true to its own account of its lists, so that a damaged one is named even when the whole cannot be read
          const archives = checkArchiveFiles(handle, dbPath)
          let report: DatabaseCheck | null = null
          let unreadable: string | null = null
          try {
            report = checkOpenDatabase(handle)
          } catch (e) {
            // SQLite stops on a page it cannot read (a damaged file): said as the check's finding, not a crash
            unreadable = (e as Error).message
          }
          print(cmd, { ...report, archiveFiles: archives, unreadable }, () =>
            [
              ...(report ? checkLines(report) : [`integrity     cannot be read through: ${unreadable}`]),
              ...archives.map((a) => `archive file  ${a.name}: ${a.lists} lists, ${a.problems.length ? a.problems.join('; ') : 'ok'}`)
            ].join('\n')
          )
          const archiveProblems = archives.some((a) => a.problems.length > 0)
          if (!report || report.integrity !== 'ok' || report.foreignKeyProblems.length || report.frozenListProblems.length || archiveProblems) throw new CliError('the database has problems: restore a backup (rating-office db restore FILE)')
        } finally {
          handle.close()
        }
      })
    })
}
