// `rating-office site build | privacy` as a script uses them: the folder built and brought up to date, the privacy
// settings changed with the audit log's record, bad usage (exit 2) and user errors (exit 1) located.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { openDatabase } from '../../../src/main/core/db/open'
import { publishDemoOctober } from '../../helpers/demo-site'

const SLOW = 240_000
const tmp = tempDir()
const db = tmp.file('office.db')

beforeAll(async () => {
  const d = openDatabase(db)
  await publishDemoOctober(d)
  d.close()
}, SLOW)
afterAll(() => tmp.cleanup())

describe('rating-office site', () => {
  it('withholds a player (audited), builds the site, and brings it up to date writing nothing when nothing changed', () => {
    const p = runCli(['--db', db, '--json', 'site', 'privacy', '--birth-year', 'on', '--withhold', '990100181', '--reason', 'asked by letter'])
    expect(p.stderr).toBe('')
    expect(JSON.parse(p.stdout)).toMatchObject({ birthYear: true, sex: false, withheldFideIds: [990100181] })
    const out = tmp.file('site')
    const first = runCli(['--db', db, '--json', 'site', 'build', '--out', out])
    expect(first.code).toBe(0)
    const r = JSON.parse(first.stdout)
    // 298 players on October's list, one withheld
    expect(r).toMatchObject({ mode: 'full', lists: 1, players: 297, withheld: 1, tournaments: 4, deleted: 0 })
    expect(r.written).toBe(r.files)
    expect(existsSync(join(out, 'en/index.html'))).toBe(true)
    const again = JSON.parse(runCli(['--db', db, '--json', 'site', 'build', '--out', out]).stdout)
    expect(again).toMatchObject({ mode: 'incremental', rendered: 0, written: 0, unchanged: r.files })
    const d = openDatabase(db)
    const audit = d.prepare("SELECT action, reason FROM audit_log WHERE action LIKE 'site.%' ORDER BY id").all()
    d.close()
    expect(audit).toEqual([
      { action: 'site.privacy', reason: 'asked by letter' },
      { action: 'site.build', reason: null },
      { action: 'site.build', reason: null }
    ])
  }, SLOW)

  it('refuses a folder that is not a site’s, an unknown FIDE ID, and bad options', () => {
    const other = tmp.file('documents')
    mkdirSync(other)
    writeFileSync(join(other, 'letter.txt'), 'keep me')
    const refused = runCli(['--db', db, 'site', 'build', '--out', other])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('holds other files and no site-manifest.json')
    const unknown = runCli(['--db', db, 'site', 'privacy', '--withhold', '123'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No player of the registry has the FIDE ID 123')
    const bad = runCli(['--db', db, 'site', 'privacy', '--sex', 'yes'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--sex expects on or off, got “yes”')
  }, SLOW)
})
