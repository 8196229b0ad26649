// The CLI as scripts use it: help everywhere, JSON output, exit codes 0 / 1 (user error) / 2 (bad usage).
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { latestVersion } from '../../../src/main/core/db/migrate'
import { migrations } from '../../../src/main/core/db/migrations/index'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('rating-office CLI', () => {
  it('prints help for the program and for a command', () => {
    const top = runCli(['--help'])
    expect(top.code).toBe(0)
    expect(top.stdout).toContain('Usage: rating-office')
    expect(top.stdout).toContain('--db <file>')
    const serve = runCli(['serve', '--help'])
    expect(serve.code).toBe(0)
    expect(serve.stdout).toContain('--read-only')
  })

  it('creates the database on first use and reports it as JSON', () => {
    const db = tmp.file('cli.db')
    const r = runCli(['--db', db, '--json', 'info'])
    expect(r.code).toBe(0)
    const info = JSON.parse(r.stdout)
    expect(info).toMatchObject({ dbPath: db, host: 'cli', players: 0, referenceLists: 0, lastPublished: null })
    expect(info.schemaVersion).toBe(latestVersion(migrations))
  })

  it('runs the health job in the worker and prints plain progress lines when not on a terminal', () => {
    const r = runCli(['--db', tmp.file('health.db'), 'health'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^integrity: ok$/m)
    expect(r.stdout).toMatch(/^players\s+0$/m)
    expect(r.stderr).toMatch(/system:health: \d+\/\d+/)
  })

  it('exits 2 on bad usage', () => {
    expect(runCli(['frobnicate']).code).toBe(2)
    const badPort = runCli(['--db', tmp.file('p.db'), 'serve', '--port', 'eighty'])
    expect(badPort.code).toBe(2)
    expect(badPort.stderr).toContain('--port expects a number')
    const open = runCli(['--db', tmp.file('p.db'), 'serve', '--host', '0.0.0.0', '--static', tmp.dir])
    expect(open.code).toBe(2)
    expect(open.stderr).toContain('--read-only or --token')
  })

  it('exits 1 with a clear message and no stack trace on a user error', () => {
    const future = tmp.file('future.db')
    const raw = new Database(future)
    raw.pragma('user_version = 999')
    raw.close()
    const r = runCli(['--db', future, 'info'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^rating-office: The database .*future\.db was written by a newer version of Rating Office \(schema 999/)
    expect(r.stderr).not.toMatch(/\n\s+at /)
    const garbage = tmp.file('garbage.db')
    writeFileSync(garbage, 'not sqlite '.repeat(100))
    const g = runCli(['--db', garbage, 'info'])
    expect(g.code).toBe(1)
    expect(g.stderr).toContain('Cannot open the database')
  })
})
