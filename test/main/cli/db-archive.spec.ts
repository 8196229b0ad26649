// `db check` with period archive files (docs/archive-periods.md): each recorded file proven the one that was sealed
// (its SHA-256) and true to its account of its lists; a changed byte fails the check and names the file.
import { openSync, readSync, writeSync, closeSync, statSync, existsSync, writeFileSync, rmSync, readdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { archiveDir } from '../../../src/main/core/db/archive-files'
import { sealLists } from '../../../src/main/core/data/archive-seal'
import { demoOffice } from '../../helpers/demo-office'
import { runCli } from '../../helpers/run-cli'
import { fileSha256 } from '../../../src/main/core/util/durable-files'
import { tempDir } from '../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** Flips the byte at `at` (negative: from the end) of a file; returns what puts it back. */
function flipByte(path: string, where: number): () => void {
  const fd = openSync(path, 'r+')
  const at = where < 0 ? statSync(path).size + where : where
  const b = Buffer.alloc(1)
  readSync(fd, b, 0, 1, at)
  const was = b[0]!
  writeSync(fd, Buffer.from([was ^ 0xff]), 0, 1, at)
  closeSync(fd)
  return () => {
    const again = openSync(path, 'r+')
    writeSync(again, Buffer.from([was]), 0, 1, at)
    closeSync(again)
  }
}

describe('db check with archive files', () => {
  it('checks each sealed file, and fails naming the one that changed', async () => {
    const { file, db, october, references } = await demoOffice(tmp.file('office'))
    const name = sealLists(db, file, [...references, october]).file.name
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()

    const ok = runCli(['--db', file, 'db', 'check'])
    expect(ok.stderr).toBe('')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`archive file  ${name}: 3 lists, ok`)
    // the frozen lists checked in the database are its own; the sealed ones are checked in their file
    expect(ok.stdout).toMatch(/frozen lists {2}0\n/)

    // a byte of a list's rows: the file still opens, and is not the one sealed
    let putBack = flipByte(join(archiveDir(file), name), Math.floor(statSync(join(archiveDir(file), name)).size / 2))
    try {
      const bad = runCli(['--db', file, '--json', 'db', 'check'])
      expect(bad.code).not.toBe(0)
      const report = JSON.parse(bad.stdout) as { archiveFiles: { name: string; problems: string[] }[] }
      expect(report.archiveFiles[0]!.name).toBe(name)
      expect(report.archiveFiles[0]!.problems[0]).toMatch(/^SHA-256 [0-9a-f]{64}, [0-9a-f]{64} recorded when sealed$/)
      expect(bad.stderr).toContain('the database has problems')
    } finally {
      putBack()
    }
    expect(runCli(['--db', file, 'db', 'check']).code).toBe(0)
    // a byte of its schema (the triggers made last, at the end of the file): it no longer opens, and is named
    putBack = flipByte(join(archiveDir(file), name), -1)
    try {
      const unreadable = runCli(['--db', file, 'db', 'check'])
      expect(unreadable.code).toBe(1)
      expect(unreadable.stderr).toContain(`The archive file ${join(archiveDir(file), name)} (the published lists from 1 September 2025 to 1 October 2025) cannot be read (malformed database schema`)
    } finally {
      putBack()
    }
    expect(runCli(['--db', file, 'db', 'check']).code).toBe(0)
  })

  it('db backup keeps each archive file once beside the backups; --full proves every copy again and replaces a damaged one', async () => {
    const { file, db, october, references } = await demoOffice(tmp.file('backups'))
    const name = sealLists(db, file, [...references, october]).file.name
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    const out = tmp.file('backups/backups/first.db')
    expect(runCli(['--db', file, 'db', 'backup', '--out', out]).code).toBe(0)
    const copy = join(tmp.file('backups/backups/archive'), name)
    expect(fileSha256(copy)).toBe(fileSha256(join(archiveDir(file), name)))
    // a byte of the copy changed: a daily backup trusts the copy under its name (it does not read the archive again)…
    flipByte(copy, Math.floor(statSync(copy).size / 2))
    const damaged = fileSha256(copy)
    expect(runCli(['--db', file, 'db', 'backup', '--out', tmp.file('backups/backups/second.db')]).code).toBe(0)
    expect(fileSha256(copy)).toBe(damaged)
    // …a full backup reads it, finds it is not the file, and copies the file again, checked
    const full = runCli(['--db', file, 'db', 'backup', '--full', '--out', tmp.file('backups/backups/third.db')])
    expect(full.stderr).toBe('')
    expect(full.code).toBe(0)
    expect(full.stdout).toContain(`archive file  ${name}: its copy was not the file: copied again and checked`)
    expect(fileSha256(copy)).toBe(fileSha256(join(archiveDir(file), name)))
    const again = runCli(['--db', file, 'db', 'backup', '--full', '--out', tmp.file('backups/backups/fourth.db')])
    expect(again.stdout).toContain(`archive file  ${name}: its copy checked`)
  })

  it('db seal shows the periods, seals the closed year, and refuses while another session has the office open', async () => {
    const { file, db } = await demoOffice(tmp.file('seal'))
    db.close()
    const shown = runCli(['--db', file, 'db', 'seal'])
    expect(shown.stderr).toBe('')
    expect(shown.stdout).toMatch(/^can be sealed 2025: 3 lists, \d+ entries \(rating-office db seal 2025\)$/m)
    expect(shown.stdout).toMatch(/^open {10}\d{4}: its lists stay in the database until it ends$/m)

    // another session holds the office's lock: nothing is sealed under it
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-12-03T09:00:00Z' }))
    const refused = runCli(['--db', file, 'db', 'seal', '2025'])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain(`the office is open in another session (process ${process.pid} on ${hostname()} since 2026-12-03T09:00:00Z): close it, then seal`)
    expect(existsSync(archiveDir(file))).toBe(false)
    rmSync(`${file}.lock`)

    expect(runCli(['--db', file, 'db', 'seal', '2024']).stderr).toContain('cannot be sealed now: the periods the office can seal are 2025')
    const sealed = runCli(['--db', file, 'db', 'seal', '2025'])
    expect(sealed.stderr).toBe('')
    expect(sealed.code).toBe(0)
    const name = /into (2025-09-01-to-2025-10-01-[0-9a-f]{16}\.db)$/m.exec(sealed.stdout)?.[1]
    expect(name).toBeDefined()
    expect(sealed.stdout).toContain(`copy checked  ${join(dirname(file), 'backups', 'archive', name!)}`)
    expect(fileSha256(join(dirname(file), 'backups', 'archive', name!))).toBe(fileSha256(join(archiveDir(file), name!)))
    expect(runCli(['--db', file, 'db', 'seal']).stdout).toMatch(new RegExp(`^sealed {8}2025-09-01 to 2025-10-01: 3 lists, \\d+ entries, ${name!.replace(/\./g, '\\.')}$`, 'm'))
    expect(runCli(['--db', file, 'db', 'check']).code).toBe(0)
    // the lock taken for the seal is given back
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('players merge across a sealed period: refused until --rewrite-sealed, then the period’s file written anew; undone the same way', async () => {
    const { file, db, october, references } = await demoOffice(tmp.file('merge'))
    const sealedName = sealLists(db, file, [...references, october]).file.name
    const drop = db.prepare('SELECT player_id FROM rating_list_entries WHERE list_id = ? ORDER BY player_id LIMIT 1').pluck().get(october) as number
    const keep = Number(db.prepare('INSERT INTO players (surname, given_names, name_folded, federation) SELECT surname, given_names, name_folded, federation FROM players WHERE id = ?').run(drop).lastInsertRowid)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    const merge = ['--db', file, 'players', 'merge', String(keep), String(drop), '--reason', 'one person, two records']
    const refused = runCli(merge)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain(`whose period is sealed in the archive file ${sealedName}`)
    expect(refused.stderr).toContain('(confirm: the same command with --rewrite-sealed)')
    expect(readdirSync(archiveDir(file))).toEqual([sealedName])

    const merged = runCli([...merge, '--rewrite-sealed'])
    expect(merged.stderr).toBe('')
    expect(merged.code).toBe(0)
    expect(merged.stdout).toMatch(/^ {2}rating_list_entries: 3 row\(s\) moved$/m)
    const [written] = readdirSync(archiveDir(file))
    expect(written).toMatch(/^2025-09-01-to-2025-10-01-[0-9a-f]{16}\.db$/)
    expect(written).not.toBe(sealedName)
    const check = runCli(['--db', file, 'db', 'check'])
    expect(check.code).toBe(0)
    expect(check.stdout).toContain(`archive file  ${written}: 3 lists, ok`)

    const mergeId = /^merge (\d+):/m.exec(merged.stdout)![1]!
    const undo = ['--db', file, 'players', 'undo-merge', mergeId, '--reason', 'two people after all']
    expect(runCli(undo).stderr).toContain('(confirm: the same command with --rewrite-sealed)')
    const undone = runCli([...undo, '--rewrite-sealed'])
    expect(undone.stderr).toBe('')
    expect(undone.stdout).toContain(`merge ${mergeId} undone`)
    const back = readdirSync(archiveDir(file))
    expect(back).toHaveLength(1)
    expect(back[0]).not.toBe(written)
    expect(runCli(['--db', file, 'db', 'check']).code).toBe(0)
  })
})
