// Reading the audit log: real actions leave entries that come back newest first, filtered, paged, and exportable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { builtinEdition } from '../../../../src/main/core/rules/editions'
import { auditCsv } from '../../../../src/main/cli/commands/audit'
import type { CallName, CallOutput, CallInput } from '../../../../src/shared/contract/index'
import { tempDir } from '../../../helpers/temp-db'
import { runCli } from '../../../helpers/run-cli'
import { auditLink, auditSentence } from '../../../../src/shared/audit-sentences'

const tmp = tempDir()
let services: Services
const dbPath = tmp.file('audit.db')

async function call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const reply = await services.dispatch(name, input)
  if (!reply.ok) throw new Error(reply.error.message)
  return reply.value as CallOutput<N>
}

beforeAll(async () => {
  services = createServices({ dbPath, host: 'cli', appVersion: '1.0.0', worker: sourceWorkerScript(), checkOutput: true })
  // three audited actions: a federation profile created, changed, then deleted
  const profile = { ...builtinEdition('fide-2024')!, id: 'fra-2026', name: 'FRA 2026', kind: 'national' as const, basedOn: 'fide-2024' }
  await call('rules:saveProfile', { profile, reason: 'national list of the federation' })
  await call('rules:saveProfile', { profile: { ...profile, name: 'FRA 2026 (bis)' }, reason: 'name corrected' })
  await call('rules:deleteProfile', { id: 'fra-2026', reason: 'replaced by the FIDE rules' })
})
afterAll(async () => {
  await services.close()
  tmp.cleanup()
})

describe('audit log', () => {
  it('gives the entries newest first with who, what, why and the recorded details', async () => {
    const page = await call('audit:list', {})
    expect(page.total).toBe(3)
    expect(page.entities).toEqual(['rating_profile'])
    expect(page.rows.map((r) => [r.action, r.entityId, r.reason])).toEqual([
      ['rating-profile.delete', 'fra-2026', 'replaced by the FIDE rules'],
      ['rating-profile.update', 'fra-2026', 'name corrected'],
      ['rating-profile.create', 'fra-2026', 'national list of the federation']
    ])
    expect(page.rows[1].data).toMatchObject({ before: { name: 'FRA 2026' }, after: { name: 'FRA 2026 (bis)' } })
    expect(page.rows[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })

  it('filters and pages', async () => {
    const second = await call('audit:list', { offset: 1, limit: 1 })
    expect(second).toMatchObject({ total: 3, rows: [{ action: 'rating-profile.update' }] })
    expect((await call('audit:list', { action: 'rating-profile.create' })).rows).toHaveLength(1)
    expect((await call('audit:list', { entity: 'tournament' })).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await call('audit:list', { since: today, until: today })).total).toBe(3)
    expect((await call('audit:list', { until: '2000-01-01' })).total).toBe(0)
    // a page past the end still says how many there are
    expect(await call('audit:list', { offset: 10 })).toMatchObject({ total: 3, rows: [] })
  })

  it('cannot be edited', () => {
    expect(() => services.ctx.db.prepare("UPDATE audit_log SET reason = 'rewritten'").run()).toThrow(/append-only/)
    expect(() => services.ctx.db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/)
  })

  it('exports CSV a spreadsheet reads: BOM, quoted fields, one line per entry', async () => {
    const csv = auditCsv((await call('audit:list', {})).rows)
    expect(csv.startsWith('\ufeffid,at,actor,action,entity,entity_id,reason,data\r\n')).toBe(true)
    const lines = csv.slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(/,rating-profile\.delete,rating_profile,fra-2026,replaced by the FIDE rules,/)
    // the JSON details hold commas and quotes: quoted, quotes doubled
    expect(lines[2]).toMatch(/,"\{""before"":/)
  })

  it('is shown by the command line as text, JSON and CSV', () => {
    const text = runCli(['--db', dbPath, 'audit', '--entity', 'rating_profile'])
    expect(text.code).toBe(0)
    expect(text.stdout.trim().split('\n')).toHaveLength(3)
    expect(text.stdout).toContain('rating-profile.delete')
    const json = runCli(['--db', dbPath, '--json', 'audit', '--limit', '2'])
    expect(JSON.parse(json.stdout)).toMatchObject({ total: 3, rows: [{ action: 'rating-profile.delete' }, { action: 'rating-profile.update' }] })
    const csv = runCli(['--db', dbPath, 'audit', '--csv'])
    expect(csv.stdout.split('\r\n').filter(Boolean)).toHaveLength(4)
    const bad = runCli(['--db', dbPath, 'audit', '--limit', 'x'])
    expect(bad.code).toBe(2)
    // child processes of the real CLI: give them time on a loaded machine
  }, 300_000)
})

describe('audit log as sentences', () => {
  it('names what an entry concerns, read when the log is shown, and leads to it', async () => {
    const profile = { ...builtinEdition('fide-2024')!, id: 'fra-2027', name: 'FRA 2027', kind: 'national' as const, basedOn: 'fide-2024' }
    await call('rules:saveProfile', { profile, reason: 'next season' })
    const [created] = (await call('audit:list', { entityId: 'fra-2027' })).rows
    expect(created!.subject).toMatchObject({ name: 'FRA 2027' })
    expect(auditSentence(created!, 'en')).toBe('Created the rule set FRA 2027')
    expect(auditSentence(created!, 'fr')).toBe('Création du jeu de règles FRA 2027')
    expect(auditLink(created!)).toBe('/rules/fra-2027')
    // a deleted profile: nothing to name but its id, no link
    const [deleted] = (await call('audit:list', { action: 'rating-profile.delete' })).rows
    expect(deleted!.subject).toBeNull()
    expect(auditSentence(deleted!, 'en')).toBe('Deleted the rule set fra-2026')
    expect(auditLink(deleted!)).toBeNull()
  })
})
