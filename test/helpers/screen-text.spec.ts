// The screen-text detector (test/helpers/screen-text.ts) on good and bad samples: what the walker of the journey's
// screens fails on, and what it must let through (file names, addresses, paragraphs, proper names, French prose).
import { describe, expect, it } from 'vitest'
import { describeProblems, screenTextProblems } from './screen-text'

const kinds = (text: string, locale: 'en' | 'fr' = 'en') => screenTextProblems(text, locale).map((p) => `${p.kind}:${p.match}`)

describe('screenTextProblems', () => {
  it('finds a finding code and an i18n key shown raw, with the line they stand on', () => {
    const problems = screenTextProblems('Review\ntrf.match.nameMismatch — 2 players\nlists.publishOpen', 'en')
    expect(problems.map((p) => [p.kind, p.match, p.line])).toEqual([
      ['code', 'trf.match.nameMismatch', 'trf.match.nameMismatch — 2 players'],
      ['code', 'lists.publishOpen', 'lists.publishOpen']
    ])
    expect(kinds('(check.deadline.report)')).toEqual(['code:check.deadline.report'])
  })

  it("finds an edition's id where its name belongs (the generation's dates named their rules 'fide-2024' until 6 December 2026)", () => {
    expect(kinds('1 Oct 2025 (closing 28 Sept 2025, fide-2024)')).toEqual(['code:fide-2024'])
    expect(kinds('1 Oct 2025 (closing 28 Sept 2025, FIDE Rating Regulations 2024)')).toEqual([])
  })

  it('lets through paragraphs, decimals, versions, abbreviations, file names and addresses', () => {
    const text = [
      'FIDE Rating Regulations 2024, § 8.3.4',
      'Score 4.5 of 7 · K 20 · version 0.1.0 · rating-office v1.2.3',
      'e.g. a report; i.e. the file',
      'Exported FRA-standard-2025-10-01-v1.pdf and open-automne-lyon.trf',
      'See https://ratings.fide.com/download.phtml and www.fide.com, write to office@echecs.asso.fr'
    ].join('\n')
    expect(kinds(text)).toEqual([])
  })

  it('finds our regulations file however it is cited', () => {
    expect(kinds('Cited: regulations.md § 1')).toEqual(['regulations-file:regulations.md'])
  })

  it('finds a day in ISO form, not one in a file name', () => {
    expect(kinds('Published on 2025-10-01 · list of 1 Oct 2025')).toEqual(['iso-date:2025-10-01'])
    expect(kinds('Liste du 1 oct. 2025 (FRA-standard-2025-10-01-v1.txt)', 'fr')).toEqual([])
  })

  it('finds an English sentence or label on a French screen, never on an English one', () => {
    expect(kinds('Approuver le tournoi\nThe list is published', 'fr')).toEqual(['english:The', 'english:list', 'english:is', 'english:published'])
    expect(kinds('Joueurs · Rated games: 12', 'fr')).toEqual(['english:Rated', 'english:games'])
    expect(kinds('Temps de réflexion : 90 min/40 moves + 30 min + 30 sec per move', 'fr')).toEqual(['english:moves', 'english:per', 'english:move'])
    expect(kinds('The list is published')).toEqual([])
  })

  it('lets French prose, proper names and FIDE titles through', () => {
    const text = [
      "Open d'automne de Lyon · Fermé d'Annecy · Championnat des jeunes",
      'Rating Office — guide de l’utilisateur',
      'Règlement : FIDE Rating Regulations 2024, § 8.3.4',
      'GM Dupont, Jean · WIM Martin, Léa · 1 an · on a calculé · or, la liste · Archive · Standard · Blitz',
      'Lieu : Lyon · check-in à 9 h · Ajouté l’arbitre no 990100001'
    ].join('\n')
    expect(kinds(text, 'fr')).toEqual([])
  })

  it('takes out what the caller allows, and tells each problem with its screen and language', () => {
    const text = 'Audit\nPublished the list on 2025-10-01'
    expect(kinds(text)).toEqual(['iso-date:2025-10-01'])
    expect(screenTextProblems(text, 'en', { allow: [/on \d{4}-\d{2}-\d{2}/] })).toEqual([])
    expect(describeProblems('audit log', 'fr', screenTextProblems('Published', 'fr'))).toEqual(['audit log (fr): english "Published" in: Published'])
  })
})
