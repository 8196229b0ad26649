// The citation table and formatter: paragraphs as the editions number them (checked in the seeds), and every stored
// reference the rules write or wrote read back as FIDE's words, never as an internal file.
import { describe, expect, it } from 'vitest'
import { citeInText, citeReference, citeRule, editionYear, formatCitation, FSE_SOURCE, PARAGRAPHS, RULES, withoutInternalRef } from '../../src/shared/citations'
import { BUILTIN_EDITIONS } from '../../src/main/core/rules/editions'
import { decodeSheet, STRINGS_V2 } from '../../src/main/core/lists/sheet-codec'
import { DEFAULT_CHECKS } from '../../src/shared/contract/rating'

describe('the citation table', () => {
  it('cites 2005 as seed 000 numbers it', () => {
    // 000 § 10.53 "Rn est arrondi à l'entier le plus proche"; § 10.52 "K est le coefficient de développement"
    expect(citeRule(2005, 'rounding', 'en')).toBe('FIDE Rating Regulations 2005, § 10.53')
    expect(citeRule(2005, 'k', 'en')).toBe('FIDE Rating Regulations 2005, § 10.52')
    // 000 § 9.21 "Les joueurs dont le classement passe sous 1401 sont listés … comme délistés"
    expect(citeRule(2005, 'floor', 'fr')).toBe('Réglementation du classement de la FIDE 2005, § 9.21')
    // 000 § 6.41 "Pour les joueurs classés, toutes les parties contre des joueurs classés sont comptabilisées"
    expect(citeRule(2005, 'swiss', 'en')).toBe('FIDE Rating Regulations 2005, § 6.41')
  })

  it('cites 2014 as seed 001 numbers it', () => {
    // 001 § 8.56 K, § 8.57 rounding (0,5 arrondi à 1), § 8.54 the 400 points, § 0.3 licensed arbiters, § 7.13 closing date
    expect(citeRule(2014, 'k', 'en')).toBe('FIDE Rating Regulations 2014, § 8.56')
    expect(citeRule(2014, 'rounding', 'en')).toBe('FIDE Rating Regulations 2014, § 8.57')
    expect(citeRule(2014, 'cap', 'fr')).toBe('Réglementation du classement de la FIDE 2014, § 8.54')
    expect(citeRule(2014, 'arbiters', 'en')).toBe('FIDE Rating Regulations 2014, § 0.3')
    expect(citeRule(2014, 'late', 'en')).toBe('FIDE Rating Regulations 2014, § 7.13')
    // 001 § 6.32: in Swiss events rated players count games against rated opponents only
    expect(citeRule(2014, 'swiss', 'en')).toBe('FIDE Rating Regulations 2014, § 6.32')
  })

  it('cites 2024 by its confirmed paragraphs, and by the rule’s name where none is confirmed', () => {
    expect(citeRule(2024, 'rounding', 'en')).toBe('FIDE Rating Regulations 2024, § 8.3.4')
    expect(citeRule(2024, 'rounding', 'fr')).toBe('Réglementation du classement de la FIDE 2024, § 8.3.4')
    expect(citeRule(2024, 'cap', 'en')).toBe('FIDE Rating Regulations 2024, § 8.3.1')
    expect(citeRule(2024, 'k', 'en')).toBe('FIDE Rating Regulations 2024, K factor')
    expect(citeRule(2024, 'k', 'fr')).toBe('Réglementation du classement de la FIDE 2024, coefficient K')
  })

  it('cites 2010 as seed 002 numbers it', () => {
    // 002 § 8.57 "R_n est arrondi à l'entier le plus proche, 0,5 est arrondi à 1"; § 7.21 délistés
    expect(citeRule(2010, 'rounding', 'en')).toBe('FIDE Rating Regulations 2010, § 8.57')
    expect(citeRule(2010, 'floor', 'en')).toBe('FIDE Rating Regulations 2010, § 7.21')
  })

  it('cites a national profile by its own name', () => {
    expect(formatCitation(FSE_SOURCE, 'k', 'fr')).toBe('Système de classement ELO FSE/SSB, coefficient K')
    expect(citeReference('FSE (seed 004): coefficients 36/24/16', 'en', 'fse')).toBe('FSE/SSB Elo rating system, K factor')
  })

  it('knows an edition’s year from its id', () => {
    expect(editionYear('fide-2017')).toBe(2017)
    expect(editionYear('fse')).toBe(2014)
    expect(editionYear('my-federation')).toBeNull()
  })
})

describe('stored references read as citations', () => {
  it('reads the frozen references of calculation sheets (STRINGS_V2)', () => {
    expect(citeReference('FIDE 2024: K factor (regulations.md § 1)', 'en')).toBe('FIDE Rating Regulations 2024, K factor')
    expect(citeReference('FIDE 2014: K factor (regulations.md § 1)', 'en')).toBe('FIDE Rating Regulations 2014, § 8.56')
    expect(citeReference('FIDE 2024: rating-difference cap (regulations.md § 1)', 'fr')).toBe('Réglementation du classement de la FIDE 2024, § 8.3.1')
    expect(citeReference('2024 § 8.3.4', 'en')).toBe('FIDE Rating Regulations 2024, § 8.3.4')
    // a reference naming no edition is dated by the sheet's edition
    expect(citeReference('regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)', 'en', 'fide-2010')).toBe('FIDE Rating Regulations 2010, § 7.21')
    expect(citeReference('regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)', 'en')).toBe(
      'FIDE Rating Regulations 2005, § 9.21; FIDE Rating Regulations 2010, § 7.21; FIDE Rating Regulations 2014, § 7.21'
    )
    expect(citeReference('compression of 2024-03-01 (regulations.md § 1)', 'fr')).toBe('Réglementation du classement de la FIDE 2024, compression du 1er mars 2024')
  })

  it('translates a reference’s remark', () => {
    expect(citeReference('2014 § 0.3 (no licence rule before 1 July 2014)', 'fr')).toBe('Réglementation du classement de la FIDE 2014, § 0.3 (pas de règle de licence avant le 1er juillet 2014)')
  })

  it('leaves no internal file name in any reference the rules write or wrote', () => {
    const refs = new Set<string>([...STRINGS_V2.filter((s) => /regulations\.md|§/.test(s) && !s.startsWith('late tournament')), ...Object.values(DEFAULT_CHECKS.refs)])
    for (const r of DEFAULT_CHECKS.deadlines.registration) refs.add(r.ref)
    refs.add('regulations.md § 5').add('regulations.md § 1 (2024 rapid and blitz)').add('compression of 2024-03-01 (regulations.md § 1)')
    for (const e of BUILTIN_EDITIONS) {
      for (const r of Object.values(e.refs)) refs.add(r)
      for (const r of Object.values(e.checks.refs)) refs.add(r)
      for (const r of e.checks.deadlines.registration) refs.add(r.ref)
    }
    expect(refs.size).toBeGreaterThan(100)
    for (const ref of refs)
      for (const locale of ['en', 'fr'] as const)
        for (const edition of [undefined, 'fide-2005', 'fide-2024', 'fse', 'custom']) {
          const c = citeReference(ref, locale, edition)
          expect(c, ref).not.toMatch(/regulations\.md|seed/)
          expect(c, ref).toMatch(locale === 'en' ? /^(FIDE Rating Regulations \d{4}|FSE\/SSB)/ : /^(Réglementation du classement de la FIDE \d{4}|Système de classement ELO FSE)/)
        }
  })

  it('has a paragraph or a name for every rule of every edition', () => {
    for (const year of Object.keys(PARAGRAPHS).map(Number))
      for (const rule of RULES) expect(citeRule(year, rule, 'fr')).toMatch(/^Réglementation du classement de la FIDE \d{4}, (§ [\d.]+|\D.+)$/)
  })

  it('cites the references inside an engine’s text', () => {
    expect(citeInText('difference 410 counted as 400 (2010 § 8.54)', 'fr')).toBe('difference 410 counted as 400 (Réglementation du classement de la FIDE 2010, § 8.54)')
    expect(citeInText('no reference here (see below)', 'en')).toBe('no reference here (see below)')
  })

  it('takes the internal pointer out of a sheet note', () => {
    expect(withoutInternalRef('late tournament: rated now with the ratings of the list in force at its start (regulations.md § 5)')).toBe(
      'late tournament: rated now with the ratings of the list in force at its start'
    )
  })
})

describe('an old stored calculation sheet', () => {
  it('keeps its stored references and shows them as FIDE citations', () => {
    // a note of a sheet as version 2 stored it: its reference interned as [-2, 20] (frozen: "FIDE 2014: K factor …")
    const note = decodeSheet(Buffer.from('[2,[4,[-2,20],"K 20: normal"]]')) as { ref: string; text: string }
    expect(note.ref).toBe('FIDE 2014: K factor (regulations.md § 1)')
    expect(citeReference(note.ref, 'en', 'fide-2014')).toBe('FIDE Rating Regulations 2014, § 8.56')
    expect(citeReference(note.ref, 'fr', 'fide-2014')).toBe('Réglementation du classement de la FIDE 2014, § 8.56')
    // a version-1 sheet wrote the same reference as a plain string: the same citation
    const v1 = decodeSheet(Buffer.from('[1,[4,"regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)","delisted"]]')) as { ref: string }
    expect(citeReference(v1.ref, 'en', 'fide-2005')).toBe('FIDE Rating Regulations 2005, § 9.21')
  })
})
