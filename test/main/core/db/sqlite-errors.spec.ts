// Two writers and a full disk (issue 38): a write that meets another session's write, once the busy timeout has run
// out, fails with a message naming the session that holds the database (not `internal`, not "Unexpected error"),
// and a full disk is said as such, in English and French; nothing of the refused write is kept.
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import Database from 'better-sqlite3'
import { createServices } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { openDatabase } from '../../../../src/main/core/db/open'
import { lockPath } from '../../../../src/main/core/db/open-check'
import { sqliteUserError } from '../../../../src/main/core/db/sqlite-errors'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { translateError } from '../../../../src/shared/errors/index'
import { toApiError } from '../../../../src/main/core/services/dispatch'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('two writers', () => {
  it('the second writer, past the busy timeout, is told which session holds the database', () => {
    const file = tmp.file('two.db')
    openDatabase(file).close()
    // the other session: its lock beside the database (a live process: this one's parent) and a write in progress
    writeFileSync(lockPath(file), JSON.stringify({ pid: process.ppid, host: hostname(), since: '2026-12-02T02:00:00Z' }))
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('x', '1')")
    const mine = new Database(file)
    mine.pragma('busy_timeout = 50')
    let caught: unknown = null
    try {
      mine.prepare("INSERT INTO settings (key, value) VALUES ('y', '2')").run()
    } catch (e) {
      caught = e
    }
    expect((caught as { code?: string }).code).toBe('SQLITE_BUSY')
    const err = sqliteUserError(caught, file)!
    expect(err.key).toBe('db.busyHeld')
    expect(err.params).toMatchObject({ pid: process.ppid, host: hostname(), since: '2026-12-02T02:00:00Z' })
    expect(translateError(err.key, err.params, 'en')).toContain(`the Rating Office session of process ${process.ppid} on ${hostname()} (open since 2026-12-02T02:00:00Z) is writing to it`)
    expect(translateError(err.key, err.params, 'fr')).toContain(`la session de Rating Office du processus ${process.ppid}`)
    other.exec('ROLLBACK')
    // once the other write has ended, the same write goes through
    mine.prepare("INSERT INTO settings (key, value) VALUES ('y', '2')").run()
    expect(mine.prepare("SELECT value FROM settings WHERE key = 'y'").pluck().get()).toBe('2')
    other.close()
    mine.close()
  })

  it('a call that meets another write answers db.busy / db.busyHeld, never internal', async () => {
    const file = tmp.file('call.db')
    const services = createServices({ dbPath: file, host: 'cli', appVersion: '1.0.0', worker: sourceWorkerScript() })
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE; INSERT INTO settings (key, value) VALUES ('x', '1')")
    services.ctx.db.pragma('busy_timeout = 50')
    const reply = await services.dispatch('rules:saveProfile', { profile: { ...builtinEdition('fide-2024')!, id: 'fra-2026', name: 'FRA 2026', kind: 'national', basedOn: 'fide-2024' }, reason: 'test' })
    expect(reply.ok).toBe(false)
    // this process holds the lock (the services took it): the other writer is an unnamed session
    if (!reply.ok) expect(reply.error).toMatchObject({ code: 'user', key: 'db.busy' })
    other.exec('ROLLBACK')
    other.close()
    await services.close()
  })
})

describe('a full disk', () => {
  it('is named as such, in both languages, in a call\'s answer, and the write leaves nothing', () => {
    const file = tmp.file('full.db')
    const db = openDatabase(file)
    // SQLite answers SQLITE_FULL when the file may not grow: what a full disk gives
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
    const fill = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
    let caught: unknown = null
    let filled = 0
    try {
      db.transaction(() => {
        for (; filled < 100_000; filled++) fill.run(`filler${filled}`, JSON.stringify('x'.repeat(512)))
      })()
    } catch (e) {
      caught = e
    }
    expect((caught as { code?: string }).code).toBe('SQLITE_FULL')
    // the transaction is rolled back whole
    expect(db.prepare("SELECT count(*) FROM settings WHERE key LIKE 'filler%'").pluck().get()).toBe(0)
    const en = toApiError(caught, 'en', file)
    expect(en).toMatchObject({ code: 'user', key: 'db.diskFull' })
    expect(en.message).toBe(`The disk is full: the database ${file} could not be written (database or disk is full). Nothing of this change was kept. Free some space on the disk, then do it again.`)
    expect(toApiError(caught, 'fr', file).message).toBe(`Le disque est plein : la base ${file} n’a pas pu être écrite (database or disk is full). Rien de cette modification n’a été conservé. Libérez de la place sur le disque, puis recommencez.`)
    // a file system's ENOSPC (a backup, an export) is the same message
    expect(sqliteUserError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), file)?.key).toBe('db.diskFull')
    db.close()
  })
})
