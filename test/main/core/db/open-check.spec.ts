// The host's checks on opening a real database file: a clean file says nothing; bytes overwritten, a row pointing
// nowhere and a writer killed mid-write (SIGKILL) each give their notice, in the services (the window's banner,
// through system:info) and as a stderr line of the CLI, and nothing crashes.
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, openSync, readFileSync, statSync, truncateSync, writeSync, closeSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { latestVersion } from '../../../../src/main/core/db/migrate'
import { migrations } from '../../../../src/main/core/db/migrations/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { inspectBeforeOpen, lockPath, noticeLines, type OpenNotice } from '../../../../src/main/core/db/open-check'
import { translateError } from '../../../../src/shared/errors/index'
import { fixture } from '../../../helpers/fixtures'
import { tempDir } from '../../../helpers/temp-db'
import { runCli } from '../../../helpers/run-cli'
import { CLI_CHECK_MAX_BYTES, cliIntegrityCheck } from '../../../../src/main/cli/host'

const tmp = tempDir('rating-office-open-')
afterAll(() => tmp.cleanup())

const open = (file: string): Services => createServices({ dbPath: file, host: 'cli', appVersion: '0.0.0', worker: sourceWorkerScript() })

/** A database holding a real FIDE list, closed cleanly (no log beside it). */
function loaded(name: string): string {
  const file = tmp.file(name)
  const db = openDatabase(file)
  importFideList(db, { file: fixture('ratinglists', 'players_list_foa.txt'), listDate: '2026-11-01' })
  db.close()
  return file
}

/** A loaded database holding a list entry that points to a list that does not exist (written with the keys off). */
function danglingEntry(name: string): string {
  const file = loaded(name)
  const raw = new Database(file)
  raw.pragma('foreign_keys = OFF')
  const player = raw.prepare('SELECT id FROM players LIMIT 1').pluck().get() as number
  raw.prepare('INSERT INTO rating_list_entries(list_id, player_id, rating) VALUES (9999, ?, 2000)').run(player)
  raw.close()
  return file
}

async function info(s: Services): Promise<{ notices: OpenNotice[] }> {
  const reply = await s.dispatch('system:info', {})
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value as { notices: OpenNotice[] }
}

describe('checks on opening', () => {
  it('a clean database: no notice; the lock is taken while open and released on close', async () => {
    const file = loaded('clean.db')
    const s = open(file)
    expect((await info(s)).notices).toEqual([])
    expect(JSON.parse(readFileSync(lockPath(file), 'utf8')).pid).toBe(process.pid)
    await s.close()
    expect(existsSync(lockPath(file))).toBe(false)
  })

  it('bytes overwritten in the file: an error notice telling what SQLite found and what to do, no crash', async () => {
    const file = loaded('damaged.db')
    const pages = statSync(file).size / 4096
    expect(pages).toBeGreaterThan(10)
    // an index's page (one the CLI's info does not read), its header and cells overwritten: found by its root, so
    // that a migration adding pages does not move the damage onto a b-tree the CLI reads
    const ro = new Database(file, { readonly: true })
    const page = ro.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'players_birth_year_name'").pluck().get() as number
    ro.close()
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(1000, 0x5a), 0, 1000, (page - 1) * 4096)
    closeSync(fd)
    const s = open(file)
    const { notices } = await info(s)
    await s.close()
    expect(notices.map((n) => [n.level, n.key])).toEqual([['error', 'db.open.damaged']])
    expect(Number(notices[0]!.params.count)).toBeGreaterThan(0)
    const en = translateError(notices[0]!.key, notices[0]!.params, 'en')
    expect(en).toContain('is damaged')
    expect(en).toContain('restore the latest backup')
    expect(translateError(notices[0]!.key, notices[0]!.params, 'fr')).toContain('est endommagée')
    // the CLI says it on stderr and still answers
    const r = runCli(['--db', file, '--json', 'info'])
    expect(r.stderr).toMatch(/^error: The database .* is damaged/m)
    expect(r.code).toBe(0)
  }, 120_000)

  it('the header overwritten: the file cannot be opened, a located user error (no stack)', () => {
    const file = loaded('header.db')
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(100, 0x41), 0, 100, 0)
    closeSync(fd)
    expect(() => open(file)).toThrow(/Cannot open the database .*header\.db: file is not a database/)
    const r = runCli(['--db', file, 'info'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/Cannot open the database .*file is not a database/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
  }, 120_000)

  it('a row pointing to a list that does not exist: an error notice naming the table', async () => {
    const file = danglingEntry('fk.db')
    const s = open(file)
    const { notices } = await info(s)
    await s.close()
    expect(notices).toEqual([{ level: 'error', key: 'db.open.foreignKeys', params: { file, count: 1, tables: 'rating_list_entries → rating_lists' } }])
    expect(noticeLines(notices)[0]).toMatch(/^error: The database .* holds 1 rows that point to rows that no longer exist \(rating_list_entries → rating_lists\)/)
  })

  it('a host with a window walks the file in a worker: system:info says pending at once, the notice joins when done', async () => {
    const file = danglingEntry('fk-worker.db')
    const told: OpenNotice[][] = []
    const s = createServices({ dbPath: file, host: 'browser', appVersion: '0.0.0', worker: sourceWorkerScript(), integrityCheck: 'worker', onNotices: (n) => told.push(n) })
    try {
      // the first answer comes before the walk: nothing found yet, and it says so
      const first = (await s.dispatch('system:info', {})) as { ok: true; value: { notices: OpenNotice[]; integrityPending: boolean } }
      expect(first.value).toMatchObject({ notices: [], integrityPending: true })
      await s.integrity
      const after = (await s.dispatch('system:info', {})) as { ok: true; value: { notices: OpenNotice[]; integrityPending: boolean } }
      const expected = { level: 'error', key: 'db.open.foreignKeys', params: { file, count: 1, tables: 'rating_list_entries → rating_lists' } }
      expect(after.value).toEqual(expect.objectContaining({ notices: [expected], integrityPending: false }))
      expect(told).toEqual([[expected]])
    } finally {
      await s.close()
    }
  }, 120_000)

  it('the CLI on a file above its limit does not walk it: an info notice says so and names `db check`', async () => {
    const small = loaded('small.db')
    expect(cliIntegrityCheck(small)).toBe('now')
    // a sparse file: its size is what the CLI looks at, no disk is used
    const big = tmp.file('big.db')
    writeFileSync(big, '')
    truncateSync(big, CLI_CHECK_MAX_BYTES + 1)
    expect(cliIntegrityCheck(big)).toBe('skip')
    const s = createServices({ dbPath: small, host: 'cli', appVersion: '0.0.0', worker: sourceWorkerScript(), integrityCheck: 'skip' })
    const { notices } = await info(s)
    await s.close()
    expect(notices).toEqual([{ level: 'info', key: 'db.open.notChecked', params: { file: small, megabytes: Math.round(statSync(small).size / 1e6) } }])
    expect(noticeLines(notices)[0]).toMatch(/^info: The database .* was not walked for damage on opening.*`rating-office db check` walks it/)
    expect(translateError(notices[0]!.key, notices[0]!.params, 'fr')).toContain('n’a pas été parcourue')
  })

  it('a writer killed with SIGKILL mid-write: its log and lock are recovered, the committed change kept, the other gone', async () => {
    const file = loaded('killed.db')
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./open-check-child.ts', import.meta.url)), file], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        if (c.toString().includes('READY')) resolve()
      })
      child.on('exit', () => reject(new Error(`the child ended before READY: ${err}`)))
    })
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, signal) => r(signal)))
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    // what the killed session left: its lock (a dead process) and a write-ahead log
    const before = inspectBeforeOpen(file)
    expect(before.lock).toMatchObject({ pid: child.pid, stale: true })
    expect(before.walBytes).toBeGreaterThan(0)

    // the CLI first: one warning line on stderr, the command's output unchanged, the recovery done
    const r = runCli(['--db', file, '--json', 'info'])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/^warning: Rating Office was not closed properly last time/m)
    expect(JSON.parse(r.stdout).schemaVersion).toBe(latestVersion(migrations))
    expect(existsSync(lockPath(file))).toBe(false)
    // once recovered, the next opening has nothing to say
    const s = open(file)
    expect((await info(s)).notices).toEqual([])
    const settings = await s.dispatch('settings:get', {})
    expect(settings.ok && (settings.value as { officer: string }).officer).toBe('Committed Officer')
    expect(s.ctx.db.pragma('integrity_check', { simple: true })).toBe('ok')
    await s.close()
  }, 120_000)

  it('the same kill seen by the window: a warning through system:info, in English and French', async () => {
    const file = loaded('stale.db')
    // a lock left by a process that no longer exists, and a log that a killed writer left
    writeFileSync(lockPath(file), JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), since: '2026-11-26T10:00:00.000Z' }))
    const s = open(file)
    const { notices } = await info(s)
    expect(notices).toEqual([{ level: 'warning', key: 'db.open.staleLock', params: { file, pid: 2 ** 22 + 12345, since: '2026-11-26T10:00:00.000Z', walBytes: 0, checkpointed: 1 } }])
    expect(translateError(notices[0]!.key, notices[0]!.params, 'fr')).toContain('n’a pas été fermé correctement')
    // now ours
    expect(JSON.parse(readFileSync(lockPath(file), 'utf8')).pid).toBe(process.pid)
    // a second session while this one is open is told, and does not take or drop the lock
    const second = open(file)
    expect((await info(second)).notices).toEqual([])
    await second.close()
    expect(existsSync(lockPath(file))).toBe(true)
    await s.close()
  })
})
