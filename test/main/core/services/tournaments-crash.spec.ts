// Killing the process in the middle of an import leaves the database without any trace of the half tournament.
import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { openDatabase } from '../../../../src/main/core/db/open'
import { importTrf } from '../../../../src/main/core/tournaments/import'
import { generateOpen } from '../trf/generate'
import { tempDir } from '../../../helpers/temp-db'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const child = fileURLToPath(new URL('./tournaments-crash.child.ts', import.meta.url))
const tmp = tempDir()
afterAll(() => tmp.cleanup())

async function waitFor(file: string, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!existsSync(file)) {
    if (Date.now() > end) throw new Error(`no ${file} after ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('import killed halfway', () => {
  it('SIGKILL inside the transaction: integrity_check ok, no tournament, player, game, file, finding or audit row', async () => {
    const dbPath = tmp.file('crash.db')
    const trfPath = tmp.file('open.trf')
    const marker = tmp.file('marker.json')
    writeFileSync(trfPath, generateOpen(400, 9, 7).text)
    // one tournament already there: it must survive untouched
    const first = openDatabase(dbPath)
    const kept = importTrf(first, new TextEncoder().encode(generateOpen(20, 5, 3).text), 'kept.trf')
    first.close()

    const proc = spawn(process.execPath, ['--import', 'tsx', child, dbPath, trfPath, marker], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.on('exit', (_code, signal) => resolve(signal)))
    await waitFor(marker, 60_000)
    const mid = JSON.parse(readFileSync(marker, 'utf8')) as { done: number; total: number; inside: number }
    // the child was really halfway: 200 of 400 players written inside its transaction (plus the 20 kept)
    expect(mid).toEqual({ done: 200, total: 400, inside: 220 })
    proc.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(stderr).toBe('')

    const db = new Database(dbPath)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n
    expect(n('SELECT count(*) AS n FROM tournaments')).toBe(1)
    expect(n('SELECT count(*) AS n FROM tournament_files')).toBe(1)
    expect(n('SELECT count(*) AS n FROM tournament_players')).toBe(20)
    expect(n(`SELECT count(*) AS n FROM tournament_games WHERE tournament_id <> ${kept.tournamentId}`)).toBe(0)
    expect(n(`SELECT count(*) AS n FROM tournament_findings WHERE tournament_id <> ${kept.tournamentId}`)).toBe(0)
    expect(n("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'tournament.%'")).toBe(1)
    db.close()
    // and the same file imports cleanly afterwards
    const again = openDatabase(dbPath)
    expect(importTrf(again, readFileSync(trfPath), 'open.trf')).toMatchObject({ outcome: 'imported', players: 400, rounds: 9 })
    again.close()
  }, 90_000)
})
