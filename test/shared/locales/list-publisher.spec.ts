// The wording of a list's publisher and provenance (src/shared/locales/list-publisher.ts), in English and French, for
// each kind of list: FIDE's download, a federation's list imported, and office lists under FIDE's editions, a national
// profile (FSE, seed 004) or another rule set.
import { describe, expect, it } from 'vitest'
import { listPublisher } from '../../../src/main/core/lists/publisher'
import { listProvenance, publisherFileStem, publisherLabel, publisherName } from '../../../src/shared/locales/list-publisher'

const settings = { federation: 'SUI', federationName: 'Schweizerischer Schachbund' }
const row = { publisherName: null, publisherCode: null, rulesId: null, rulesKind: null, rulesName: null }

describe('a list’s publisher', () => {
  it('FIDE’s download is FIDE’s, whatever the settings', () => {
    const p = listPublisher({ ...row, kind: 'reference', source: 'FIDE' }, settings)
    expect([publisherName(p, 'en'), publisherFileStem(p), listProvenance(p, 'en'), listProvenance(p, 'fr')]).toEqual([
      'FIDE',
      'FIDE',
      'Imported from FIDE’s rating list download',
      'Importée du téléchargement de la liste FIDE'
    ])
  })

  it('a federation’s list imported names its source', () => {
    const p = listPublisher({ ...row, kind: 'reference', source: 'SUI' }, { federation: '', federationName: '' })
    expect([p.origin, publisherLabel(p, 'en'), publisherFileStem(p), listProvenance(p, 'en'), listProvenance(p, 'fr')]).toEqual([
      'national',
      'SUI',
      'SUI',
      'Imported from the federation list of SUI',
      'Importée de la liste fédérale SUI'
    ])
  })

  it('an office list under a national profile is the federation’s, computed under that profile', () => {
    const p = listPublisher({ ...row, kind: 'office', source: 'fse', rulesId: 'fse', rulesKind: 'national', rulesName: 'Swiss FSE/SSB national list' }, settings)
    expect([publisherLabel(p, 'fr'), publisherFileStem(p), p.recorded]).toEqual(['Schweizerischer Schachbund (SUI)', 'SUI', false])
    expect(listProvenance(p, 'en')).toBe('Computed under the national profile “Swiss FSE/SSB national list”')
    expect(listProvenance(p, 'fr')).toBe('Calculée selon le profil national « Swiss FSE/SSB national list »')
  })

  it('an office list keeps the federation recorded at its publication; the edition’s year names FIDE’s regulations', () => {
    const p = listPublisher({ kind: 'office', source: 'FIDE', publisherName: 'Fédération Française des Échecs', publisherCode: 'FRA', rulesId: 'fide-2017', rulesKind: 'fide', rulesName: 'FIDE 2017' }, settings)
    expect([publisherName(p, 'en'), publisherFileStem(p), p.recorded]).toEqual(['Fédération Française des Échecs', 'FRA', true])
    expect([listProvenance(p, 'en'), listProvenance(p, 'fr')]).toEqual(['Computed under the FIDE Rating Regulations 2017', 'Calculée selon la Réglementation du classement de la FIDE 2017'])
    const custom = listPublisher({ ...row, kind: 'office', source: 'club-2025', rulesId: 'club-2025', rulesKind: 'custom', rulesName: 'Club rules 2025' }, settings)
    expect(listProvenance(custom, 'en')).toBe('Computed under the rules “Club rules 2025”')
  })

  it('an office whose federation is not named yet: "not named", files OFFICE-…', () => {
    const p = listPublisher({ ...row, kind: 'office', source: 'FIDE', rulesId: 'fide-2024', rulesKind: 'fide', rulesName: 'FIDE 2024' }, { federation: '', federationName: '  ' })
    expect([publisherName(p, 'en'), publisherName(p, 'fr'), publisherFileStem(p)]).toEqual(['Federation not named', 'Fédération non nommée', 'OFFICE'])
  })
})
