// The audit log as sentences: every action the core records has an English and a French sentence naming what it
// concerns (a list by its type, date and version; a tournament by its name), and a link to it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUDIT_SENTENCES, auditLink, auditSentence, dayInWords } from '../../src/shared/audit-sentences'
import type { AuditRow } from '../../src/shared/contract/audit'

/** The actions of `AuditActions` (data/audit.ts), read from its declaration. */
function actions(): string[] {
  const text = readFileSync('src/main/core/data/audit.ts', 'utf8')
  const block = /export interface AuditActions \{([\s\S]*?)\n\}/.exec(text)![1]!
  return [...block.matchAll(/'([a-z.-]+)': '/g)].map((m) => m[1]!)
}

type Subject = NonNullable<AuditRow['subject']>
const none: Subject = { name: null, listDate: null, ratingType: null, version: null, listKind: null, tournamentId: null }
const row = (action: string, entity: string, entityId: string | null, subject: Partial<Subject> | null, data: unknown = null): AuditRow => ({
  id: 1,
  at: '2025-10-01T09:00:00.000Z',
  actor: 'Officer',
  action,
  entity,
  entityId,
  reason: null,
  data,
  subject: subject ? { ...none, ...subject } : null
})

const ENTITY: Record<string, string> = { list: 'rating_list', duplicates: 'player', duplicate: 'duplicate_candidate', player: 'player', arbiter: 'arbiter', 'rating-profile': 'rating_profile', tournament: 'tournament', 'tournament-player': 'tournament_player', finding: 'tournament_finding', archive: 'archive_file' }

describe('audit sentences', () => {
  it('has a sentence in both languages for every action the core records', () => {
    const all = actions()
    expect(all).toContain('list.publish')
    expect(all.length).toBeGreaterThan(25)
    expect(Object.keys(AUDIT_SENTENCES).sort()).toEqual([...all].sort())
    for (const a of all)
      for (const locale of ['en', 'fr'] as const) {
        const entity = ENTITY[a.split('.')[0]!]!
        const text = auditSentence(row(a, entity, '7', { name: 'Open de Lyon', listDate: '2025-10-01', ratingType: 'rapid', version: 2, tournamentId: 3 }, { to: 'approved', candidatesAdded: 4 }), locale)
        expect(text, a).not.toMatch(/\{\w+\}|\w+\.\w+\.\w+|\d{4}-\d{2}-\d{2}/)
        expect(text.length, a).toBeGreaterThan(10)
      }
  })

  it('names a list by its type, date and version', () => {
    const published = row('list.publish', 'rating_list', '12', { listDate: '2025-10-01', ratingType: 'standard', version: 1, listKind: 'office' })
    expect(auditSentence(published, 'en')).toBe('Published the standard list of 1 October 2025, version 1')
    expect(auditSentence(published, 'fr')).toBe('Publication de la liste standard du 1er octobre 2025, version 1')
    expect(auditLink(published)).toBe('/lists/12')
    // an import of several lists leads to the first
    expect(auditLink(row('list.import', 'rating_list', '4,5,6', { listDate: '2025-09-01', ratingType: 'blitz', version: 1 }))).toBe('/lists/4')
    expect(auditSentence(row('list.import', 'rating_list', '4,5,6', { listDate: '2025-09-01', ratingType: 'blitz', version: 1 }), 'fr')).toBe('Import de la liste blitz du 1er septembre 2025, version 1')
  })

  it('counts in words that agree with the number, and names the website’s builds', () => {
    const scan = (n: number) => row('duplicates.scan', 'player', null, null, { candidatesAdded: n })
    expect([0, 1, 2].map((n) => auditSentence(scan(n), 'en'))).toEqual(['Looked for duplicate players (0 new pairs)', 'Looked for duplicate players (1 new pair)', 'Looked for duplicate players (2 new pairs)'])
    expect([0, 1, 2].map((n) => auditSentence(scan(n), 'fr'))).toEqual(['Recherche des doublons de joueurs (0 nouvelle paire)', 'Recherche des doublons de joueurs (1 nouvelle paire)', 'Recherche des doublons de joueurs (2 nouvelles paires)'])
    const build = row('site.build', 'site', null, null, { players: 1087, lists: 3 })
    expect(auditSentence(build, 'en')).toBe('Built the public website (1,087 players)')
    expect(auditSentence(build, 'fr')).toBe('Construction du site public (1\u202f087 joueurs)')
    expect(auditLink(build)).toBeNull()
  })

  it('names a sealed period by its dates, its file and its count of lists', () => {
    const seal = row('archive.seal', 'archive_file', '2', null, { name: '2025-01-01-to-2025-12-01-a8ed08e0c862c2a2.db', firstDate: '2025-01-01', lastDate: '2025-12-01', lists: [3, 4, 5], entries: 3210 })
    expect(auditSentence(seal, 'en')).toBe('Sealed the lists dated from 1 January 2025 to 1 December 2025 into the archive file 2025-01-01-to-2025-12-01-a8ed08e0c862c2a2.db (3 lists)')
    expect(auditSentence(seal, 'fr')).toBe('Scellement des listes datées du 1er janvier 2025 au 1er décembre 2025 dans le fichier d’archive 2025-01-01-to-2025-12-01-a8ed08e0c862c2a2.db (3 listes)')
    expect(auditLink(seal)).toBeNull()
  })

  it('names a tournament and its new state, and leads to it from a finding', () => {
    const approved = row('tournament.status', 'tournament', '3', { name: 'Open de Lyon', tournamentId: 3 }, { from: 'checked', to: 'approved' })
    expect(auditSentence(approved, 'en')).toBe('Marked the tournament “Open de Lyon” approved')
    expect(auditSentence(approved, 'fr')).toBe('Passage du tournoi «\u00a0Open de Lyon\u00a0» à l’état «\u00a0approuvé\u00a0»')
    const finding = row('finding.overridden', 'tournament_finding', '41', { name: 'Open de Lyon', tournamentId: 3 })
    expect(auditSentence(finding, 'en')).toBe('Overrode a finding of the tournament “Open de Lyon”')
    expect(auditLink(finding)).toBe('/tournaments/3')
  })

  it('says what it can of a row that no longer exists', () => {
    const gone = row('tournament.import', 'tournament', '9', null)
    expect(auditSentence(gone, 'en')).toBe('Imported the tournament no. 9')
    expect(auditLink(row('rating-profile.delete', 'rating_profile', 'ffe', null))).toBeNull()
  })

  it('writes days in words', () => {
    expect(dayInWords('2025-10-01', 'en')).toBe('1 October 2025')
    expect(dayInWords('2025-03-15', 'fr')).toBe('15 mars 2025')
  })
})
