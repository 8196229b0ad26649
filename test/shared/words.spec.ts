// The words of the office's values (src/shared/words.ts): one French word for *rated*, the plural rule of each
// language, and the time control in the reader's words.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeTimeControl, pluralIndex, RATED_FR, TOURNAMENT_STATUS } from '../../src/shared/words'
import { readTimeControl } from '../../src/main/core/trf/time-control-read'
import checksI18n from '../../src/renderer/src/features/checks/i18n'
import tournamentsI18n from '../../src/renderer/src/features/tournaments/i18n'
import { auditSentence } from '../../src/shared/audit-sentences'

const root = join(__dirname, '../..')
const FEATURES = join(root, 'src/renderer/src/features')
/** Every file that holds French words shown to the officer: the screens' catalogues, the messages, titles, PDFs. */
const CATALOGUES = [
  ...readdirSync(FEATURES).map((f) => join(FEATURES, f, 'i18n.ts')),
  ...readdirSync(join(root, 'src/shared/errors')).map((f) => join(root, 'src/shared/errors', f)),
  ...['src/shared/finding-titles.ts', 'src/shared/audit-sentences.ts', 'src/shared/citations.ts', 'src/shared/locales/list-publisher.ts', 'src/main/core/exports/labels.ts', 'src/main/core/exports/sheet-pdf.ts', 'src/main/core/services/check-report.ts', 'src/renderer/src/i18n.ts'].map((f) => join(root, f)),
  ...readdirSync(join(root, 'src/main/core/checks')).filter((f) => f.endsWith('.ts')).map((f) => join(root, 'src/main/core/checks', f))
]

/**
 * A rated tournament or game said otherwise than "comptabilisé": "tournoi classé", "parties évaluées", "calculé" for
 * a tournament's state, "la liste l'a classé". ("Joueur classé", "non classé" stay: FIDE's word for a player's rating.)
 */
// word edges in French (\b takes "é" for a non-word character)
const W0 = '(?<![\\p{L}])'
const W1 = '(?![\\p{L}])'
const REJECTED = [
  `${W0}(tournois?|parties?)\\s+(non\\s+)?(classée?s?|calculée?s?|évaluée?s?)${W1}`,
  `${W0}(l’a|l’ont|n’a|a|ont)\\s+(classé|calculé)${W1}`,
  `${W0}(calculée?s?|évaluée?s?|classée?s?)\\s+comme\\s+un${W1}`,
  `rated: '(calculé|classé)'`,
  `${W0}(déjà|être|sera|seront)\\s+(classée?s?|calculée?s?)${W1}`,
  `${W0}non classée${W1}`
].map((s) => new RegExp(s, 'iu'))

describe('one French word for rated', () => {
  it('is FIDE’s "comptabilisé", the state word of every surface', () => {
    expect(RATED_FR).toBe('comptabilisé')
    expect(TOURNAMENT_STATUS.fr.rated).toBe('comptabilisé')
    expect((checksI18n.fr.checks as { tournamentStatus: Record<string, string> }).tournamentStatus.rated).toBe('comptabilisé')
    expect((tournamentsI18n.fr.tournaments as { status: Record<string, string> }).status.rated).toBe('comptabilisé')
    const rated = { id: 1, at: '2025-11-01T09:00:00.000Z', actor: 'Officer', action: 'tournament.status', entity: 'tournament', entityId: '3', reason: null, data: { from: 'approved', to: 'rated' }, subject: { name: 'Open de Lyon', listDate: null, ratingType: null, version: null, listKind: null, tournamentId: 3 } }
    expect(auditSentence(rated, 'fr')).toBe('Passage du tournoi «\u00a0Open de Lyon\u00a0» à l’état «\u00a0comptabilisé\u00a0»')
  })

  it('is the only one in the French catalogues (no "tournoi classé", "parties évaluées", "calculé" for a tournament)', () => {
    expect(CATALOGUES.length).toBeGreaterThan(20)
    const found: string[] = []
    for (const file of CATALOGUES) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        for (const re of REJECTED) {
          const m = re.exec(line)
          if (m) found.push(`${file.slice(root.length + 1)}:${i + 1}: ${m[0]}`)
        }
      })
    }
    expect(found).toEqual([])
  })

  it('catches the rejected words (the grep can fail)', () => {
    for (const bad of ['Tournois classés', 'parties évaluées dans la période', 'la liste l’a classé.', 'rated: \'calculé\'', 'il ne peut pas être calculé', 'non classée (règle des 600 points)']) {
      expect(REJECTED.some((re) => re.test(bad)), bad).toBe(true)
    }
    for (const good of ['joueur non classé', 'des joueurs classés', 'Le classement est calculé']) expect(REJECTED.some((re) => re.test(good)), good).toBe(false)
  })
})

describe('pluralIndex', () => {
  it('keeps 0 and 1 singular in French, only 1 in English', () => {
    expect([0, 1, 2, 1.5].map((n) => pluralIndex(n, 'fr'))).toEqual([0, 0, 1, 0])
    expect([0, 1, 2, 1.5].map((n) => pluralIndex(n, 'en'))).toEqual([1, 0, 1, 1])
  })
})

describe('describeTimeControl', () => {
  const words = (text: string, locale: 'en' | 'fr') => {
    const r = readTimeControl({ timeControl: text })
    if (!r.understood) throw new Error(r.reason)
    return describeTimeControl(r.periods, r.minutesFor60, locale)
  }
  it('says the demo’s time controls in both languages, with minutes for 60 moves (2014 § 1.1)', () => {
    expect(words('90 min/40 moves + 30 min + 30 sec per move', 'en')).toBe('90 min for 40 moves, then 30 min for the rest of the game, + 30 s per move (150 min for 60 moves)')
    expect(words('90 min/40 moves + 30 min + 30 sec per move', 'fr')).toBe('90 min pour 40 coups, puis 30 min pour le reste de la partie, + 30 s par coup (150 min pour 60 coups)')
    expect(words('15 min + 10 sec per move', 'fr')).toBe('15 min + 10 s par coup (25 min pour 60 coups)')
  })
})
