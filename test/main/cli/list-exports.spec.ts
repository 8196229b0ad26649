// `rating-office lists export | diff | reconcile` as scripts use them: the file written and nothing else, JSON, exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { runCli } from '../../helpers/run-cli'
import { tempDir } from '../../helpers/temp-db'
import { buildFixture, type Fixture } from '../core/services/list-fixture'

const SLOW = 120_000
const tmp = tempDir()
const db = tmp.file('lists.db')
let ids: Fixture['ids']

beforeAll(async () => {
  const fx = buildFixture(db)
  ids = fx.ids
  await fx.services.close()
})
afterAll(() => tmp.cleanup())

describe('rating-office lists export / diff / reconcile', () => {
  it('exports a list to the one file named, and refuses a folder or a bad option', () => {
    const out = tmp.file('exports')
    mkdirSync(out)
    const r = runCli(['--db', db, 'lists', 'export', String(ids.feb), '--format', 'csv', '--out', `${out}/feb.csv`, '--sort', 'name', '--lang', 'fr', '--category', 'women'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toBe(`wrote 2 players to ${out}/feb.csv (csv, ${readFileSync(`${out}/feb.csv`).length} bytes)`)
    expect(readFileSync(`${out}/feb.csv`, 'utf8').split('\r\n').slice(1)).toEqual(['1;651002;Martin, Léa;;FRA;F;2010;1450;12;40;', '2;4600010;Müller, Anna;WFM;GER;F;2001;1872;7;40;', ''])
    const txt = runCli(['--db', db, '--json', 'lists', 'export', String(ids.mar), '--format', 'txt', '--out', `${out}/standard_mar.txt`])
    expect(JSON.parse(txt.stdout)).toMatchObject({ rows: 2, skipped: 1, format: 'txt' })
    const dir = runCli(['--db', db, 'lists', 'export', String(ids.feb), '--format', 'pdf', '--out', out])
    expect(dir.code).toBe(1)
    expect(dir.stderr).toContain('is a folder: give the name of the file to write')
    const bad = runCli(['--db', db, 'lists', 'export', String(ids.feb), '--format', 'docx', '--out', `${out}/x.docx`])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--format expects txt, xml, csv, xlsx, pdf, json, got “docx”')
    expect(readdirSync(out).sort()).toEqual(['feb.csv', 'standard_mar.txt'])
    expect(existsSync(`${out}/x.docx`)).toBe(false)
  }, SLOW)

  it('diffs two lists as text and as JSON', () => {
    const text = runCli(['--db', db, 'lists', 'diff', String(ids.jan), String(ids.feb)])
    expect(text.code).toBe(0)
    // the kinds of lists/change-kinds.ts: Carlsen and Dupont (inactive on both) unchanged, Müller up, Martin new
    expect(text.stdout).toContain('up 1, down 0, new 1, delisted 0, unchanged 2, unlisted 0; besides: inactive 0, reactivated 0, title 0')
    expect(text.stdout).toMatch(/^up \(1\):\n +4600010 Müller, Anna +GER 1850 → 1872$/m)
    // Carlsen and Müller have no line on March's list: not on the list (unlisted), none shown delisted
    const json = JSON.parse(runCli(['--db', db, '--json', 'lists', 'diff', String(ids.feb), String(ids.mar), '--kind', 'unlisted']).stdout)
    expect([json.counts.unlisted, json.counts.delisted]).toEqual([2, 0])
    expect(json.kinds.unlisted.rows.map((r: { name: string }) => r.name)).toEqual(['Carlsen, Magnus', 'Müller, Anna'])
    const other = runCli(['--db', db, 'lists', 'diff', String(ids.feb), String(ids.rapid)])
    expect(other.code).toBe(1)
    expect(other.stderr).toContain('are not of the same rating type')
  }, SLOW)

  it('reconciles an office list with a reference list', () => {
    const json = JSON.parse(runCli(['--db', db, '--json', 'lists', 'reconcile', String(ids.mar), '--with', String(ids.feb)]).stdout)
    // March's office list against February's FIDE list: Dupont and Martin differ, the newcomer is not on FIDE's
    expect(json.differing).toBe(3)
    expect(json.counts.onlyOffice).toBe(1)
    const usage = runCli(['--db', db, 'lists', 'reconcile', String(ids.mar)])
    expect(usage.code).toBe(2)
  }, SLOW)
})
