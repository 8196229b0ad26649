// Writers take turns (src/main/core/data/write-turn.ts), on a real temporary database with two connections: a second
// writer waits for the first, saying whose turn it is (what, since when, by whom, which process), goes on once it
// ends, and past its bounded wait fails with an error naming the holder; a mark of a process that is gone holds
// nothing; a job that writes (the duplicate scan) queues behind a list generation with that progress and then runs.
// Ordering only, no timing.
import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { hostname } from 'node:os'
import { basename, dirname } from 'node:path'
import Database from 'better-sqlite3'
import { openDatabase } from '../../../../src/main/core/db/open'
import { takeWriteTurn } from '../../../../src/main/core/data/write-turn'
import { writerMarkPath, writerMarks } from '../../../../src/main/core/db/writer-marks'
import { writeSettings } from '../../../../src/main/core/data/settings'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { UserError } from '../../../../src/main/core/util/errors'
import { sqliteUserError } from '../../../../src/main/core/db/sqlite-errors'
import { translateError } from '../../../../src/shared/errors/index'
import type { JobEvent } from '../../../../src/shared/contract/jobs'
import { tempDir } from '../../../helpers/temp-db'
import { LISTS_DIR } from '../../../helpers/fixtures'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** A fresh office database with an officer named in its settings. */
function office(name: string, officer = 'Marie Dupont'): string {
  const file = tmp.file(name)
  const db = openDatabase(file)
  writeSettings(db, { officer })
  db.close()
  return file
}

const marksOf = (file: string) => readdirSync(dirname(file)).filter((n) => n.startsWith(basename(file) + '.writer-'))

describe('writers take turns on the database', () => {
  it('a second writer waits for the first with its words, goes on when it ends, and writes', async () => {
    const file = office('queue.db')
    const events: string[] = []
    // the first writer: its turn, then a write in progress on its own connection
    const first = await takeWriteTurn(file, 'lists:generate', {}, { thread: 101 })
    expect(first.waits).toBe(0)
    const a = new Database(file)
    a.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('first', '1')")
    // the second writer asks for its turn meanwhile
    const second = takeWriteTurn(file, 'registry:importList', { waiting: (m) => events.push(`waiting: ${m}`) }, { thread: 102, pollMs: 20 }).then((t) => {
      events.push('second: its turn')
      return t
    })
    while (!events.length) await new Promise((r) => setTimeout(r, 10))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatch(new RegExp(`^waiting: Waiting for the list generation started at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC by Marie Dupont \\(process ${process.pid} on ${hostname()}\\) to finish…$`))
    // the queue as a third party reads it: the generation writing, the import waiting behind it
    expect(writerMarks(file).map((m) => [m.kind, m.state])).toEqual([['lists:generate', 'writing'], ['registry:importList', 'waiting']])
    // the first writer commits and ends its turn: the second goes on, and its write passes on the other connection
    a.exec('COMMIT')
    a.close()
    events.push('first: done')
    first.release()
    const turn = await second
    expect(events.slice(1)).toEqual(['first: done', 'second: its turn'])
    expect(turn.waits).toBeGreaterThan(0)
    const b = new Database(file)
    b.pragma('busy_timeout = 0')
    b.prepare("INSERT INTO settings (key, value) VALUES ('second', '2')").run()
    expect(b.prepare("SELECT group_concat(key) FROM settings WHERE key IN ('first', 'second') ORDER BY key").pluck().get()).toBe('first,second')
    b.close()
    turn.release()
    expect(marksOf(file)).toEqual([])
  })

  it('waits for SQLite’s write lock held by a session that leaves no mark, and goes on when it is free', async () => {
    const file = office('unmarked.db')
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('x', '1')")
    const told: string[] = []
    const turn = takeWriteTurn(file, 'tournaments:import', { waiting: (m) => told.push(m) }, { thread: 201, pollMs: 20 })
    while (!told.length) await new Promise((r) => setTimeout(r, 10))
    // no lock of another session beside it (a bare connection): the wait says so without a name
    expect(told[0]).toBe('Waiting for another write to the database to finish…')
    other.exec('COMMIT')
    other.close()
    ;(await turn).release()
  })

  it('past its bounded wait, fails naming the holder in English and French, and leaves no mark of its own', async () => {
    const file = office('late.db', 'Jean Martin')
    const first = await takeWriteTurn(file, 'lists:publish', {}, { thread: 301 })
    let caught: unknown = null
    try {
      await takeWriteTurn(file, 'registry:importNational', {}, { thread: 302, maxWaitMs: 200, pollMs: 20 })
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(UserError)
    const err = caught as UserError
    expect(err.key).toBe('db.writerTimedOut')
    expect(err.params).toMatchObject({ what: { en: 'the list publication', fr: 'la publication de la liste' }, by: 'Jean Martin', pid: process.pid, host: hostname(), minutes: 0 })
    expect(translateError(err.key, err.params, 'en')).toContain('busy: the list publication started at ')
    expect(translateError(err.key, err.params, 'fr')).toContain('la tâche en cours (la publication de la liste, lancée à ')
    expect(marksOf(file)).toEqual([basename(writerMarkPath(file, process.pid, 301))])
    first.release()
  })

  it('a write that does not take turns (a call) and meets a writer at work is told which one, not internal', async () => {
    const file = office('call.db', 'Paul Girard')
    const held = await takeWriteTurn(file, 'registry:importNational', {}, { thread: 351 })
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('x', '1')")
    const mine = new Database(file)
    mine.pragma('busy_timeout = 0')
    let caught: unknown = null
    try {
      mine.prepare("INSERT INTO settings (key, value) VALUES ('y', '2')").run()
    } catch (e) {
      caught = e
    }
    const err = sqliteUserError(caught, file)!
    expect(err.key).toBe('db.busyWriter')
    expect(translateError(err.key, err.params, 'en')).toMatch(/^The database .* is busy: the national list import started at .* by Paul Girard \(process \d+ on .*\) is writing to it/)
    expect(translateError(err.key, err.params, 'fr')).toContain('une tâche en cours y écrit (l’import de la liste nationale, lancée à ')
    other.exec('ROLLBACK')
    other.close()
    mine.close()
    held.release()
  })

  it('ignores and removes the mark of a process that is gone', async () => {
    const file = office('stale.db')
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    const stale = writerMarkPath(file, Number(gone), 1)
    writeFileSync(stale, JSON.stringify({ kind: 'lists:generate', since: '2026-12-01T10:00:00.000Z', ticket: 0, pid: Number(gone), thread: 1, host: hostname(), by: 'Nobody', state: 'writing' }))
    const turn = await takeWriteTurn(file, 'lists:generate', {}, { thread: 401 })
    expect(turn.waits).toBe(0)
    expect(existsSync(stale)).toBe(false)
    turn.release()
  })

  it('a writing job (the duplicate scan) queues behind a list generation with that progress, then runs', { timeout: 120_000 }, async () => {
    const file = office('job.db', 'Anne Leroy')
    const services = createServices({ dbPath: file, host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
    try {
      const held = await takeWriteTurn(file, 'lists:generate', {}, { thread: 501 })
      const seen: string[] = []
      const job = services.ctx.jobs.run('registry:scanDuplicates', {}, (e: JobEvent) => {
        if (e.state === 'running' && e.message) seen.push(e.message)
      })
      while (!seen.some((m) => m.startsWith('Waiting for'))) await new Promise((r) => setTimeout(r, 20))
      expect(seen.find((m) => m.startsWith('Waiting for'))).toMatch(/^Waiting for the list generation started at .* by Anne Leroy \(process \d+ on .*\) to finish…$/)
      expect(services.ctx.jobs.runningCount()).toBe(1)
      held.release()
      const result = await job
      expect(result).toEqual({ players: 0, blocks: 0, pairsScored: 0, candidatesAdded: 0 })
      expect(marksOf(file)).toEqual([])
    } finally {
      await services.close()
    }
  })

  it('the CLI’s list import waits behind a generation in words on stderr, then imports (exit 0)', { timeout: 180_000 }, async () => {
    const file = office('cli.db', 'Claire Petit')
    const held = await takeWriteTurn(file, 'lists:generate', {}, { thread: 601 })
    const root = fileURLToPath(new URL('../../../..', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli/main.ts', '--db', file, '--json', 'players', 'import-list', LISTS_DIR + 'players_list_foa.txt', '--date', '2025-10-01'], { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } })
    let stderr = ''
    let stdout = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    const exit = new Promise<number>((r) => child.on('exit', (code) => r(code ?? -1)))
    let exited = false
    void exit.then(() => (exited = true))
    while (!stderr.includes('Waiting for') && !exited) await new Promise((r) => setTimeout(r, 50))
    expect(exited).toBe(false)
    expect(stderr).toMatch(/registry:importList: 0\/1 Waiting for the list generation started at .* by Claire Petit \(process \d+ on .*\) to finish…/)
    held.release()
    expect(await exit).toBe(0)
    expect(stderr).not.toContain('Unexpected error')
    expect((JSON.parse(stdout) as { lists: unknown[] }).lists.length).toBeGreaterThan(0)
  })
})
