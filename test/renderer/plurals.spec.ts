// Plural forms on screen, read from the real catalogues through vue-i18n: each count-bearing message for 0, 1 and 2 in
// English ("0 errors", "1 error", "2 errors") and French ("0 erreur", "1 erreur", "2 erreurs": 0 is singular), with
// French typography (a no-break space before the colon).
import { beforeAll, describe, expect, it } from 'vitest'
import { stubBrowser } from './setup-browser'
import type * as I18nModule from '../../src/renderer/src/i18n'

let mod: typeof I18nModule
beforeAll(async () => {
  stubBrowser()
  mod = await import('../../src/renderer/src/i18n')
  await mod.loadMessages()
})

const NB = '\u00a0'
type Row = { key: string; params?: Record<string, unknown>; en: [string, string, string]; fr: [string, string, string] }
const TABLE: Row[] = [
  { key: 'checks.review.blockingShort', en: ['0 errors open', '1 error open', '2 errors open'], fr: ['0 erreur ouverte', '1 erreur ouverte', '2 erreurs ouvertes'] },
  {
    key: 'officeLists.correctedVersion',
    en: ['New version published: 0 entries changed.', 'New version published: 1 entry changed.', 'New version published: 2 entries changed.'],
    fr: [`Nouvelle version publiée${NB}: 0 ligne changée.`, `Nouvelle version publiée${NB}: 1 ligne changée.`, `Nouvelle version publiée${NB}: 2 lignes changées.`]
  },
  { key: 'checks.selection.approved', en: ['No tournament approved.', '1 tournament approved.', '2 tournaments approved.'], fr: ['Aucun tournoi approuvé.', '1 tournoi approuvé.', '2 tournois approuvés.'] },
  { key: 'audit.total', en: ['0 entries', '1 entry', '2 entries'], fr: ['0 entrée', '1 entrée', '2 entrées'] },
  {
    key: 'tournaments.rating.excluded',
    en: ['0 game sides are left out because of regulation findings (see Problems).', '1 game side is left out because of a regulation finding (see Problems).', '2 game sides are left out because of regulation findings (see Problems).'],
    fr: ['0 côté de partie est écarté à cause d’un constat réglementaire (voir Problèmes).', '1 côté de partie est écarté à cause d’un constat réglementaire (voir Problèmes).', '2 côtés de parties sont écartés à cause de constats réglementaires (voir Problèmes).']
  },
  {
    key: 'players.import.duplicates',
    params: { lines: 'l. 4' },
    en: ['0 IDs given twice in the file: the first line of each is kept, the later skipped — l. 4', '1 ID given twice in the file: its first line is kept, the later skipped — l. 4', '2 IDs given twice in the file: the first line of each is kept, the later skipped — l. 4'],
    fr: [
      `0 identifiant donné deux fois dans le fichier${NB}: sa première ligne est gardée, la suivante ignorée — l. 4`,
      `1 identifiant donné deux fois dans le fichier${NB}: sa première ligne est gardée, la suivante ignorée — l. 4`,
      `2 identifiants donnés deux fois dans le fichier${NB}: la première ligne de chacun est gardée, la suivante ignorée — l. 4`
    ]
  },
  { key: 'checks.place.rounds', params: { rounds: '3' }, en: ['rounds 3', 'round 3', 'rounds 3'], fr: ['ronde 3', 'ronde 3', 'rondes 3'] },
  { key: 'tournaments.tabs.problemCount.error', en: ['0 errors', '1 error', '2 errors'], fr: ['0 erreur', '1 erreur', '2 erreurs'] },
  { key: 'tournaments.tabs.problemCount.warning', en: ['0 warnings', '1 warning', '2 warnings'], fr: ['0 avertissement', '1 avertissement', '2 avertissements'] },
  { key: 'officeLists.generatedCounts.newly', en: ['0 newly rated', '1 newly rated', '2 newly rated'], fr: ['0 nouveau classé', '1 nouveau classé', '2 nouveaux classés'] },
  { key: 'officeLists.generatedCounts.tournaments', en: ['0 tournaments', '1 tournament', '2 tournaments'], fr: ['0 tournoi', '1 tournoi', '2 tournois'] },
  { key: 'tournaments.import.importN', en: ['Import 0 files', 'Import 1 file', 'Import 2 files'], fr: ['Importer 0 fichier', 'Importer 1 fichier', 'Importer 2 fichiers'] },
  { key: 'tournaments.import.summaryPart.aside', en: ['0 set aside', '1 set aside', '2 set aside'], fr: ['0 écarté', '1 écarté', '2 écartés'] },
  { key: 'tournaments.import.replacement.changedPart.players', en: ['0 players added', '1 player added', '2 players added'], fr: ['0 joueur ajouté', '1 joueur ajouté', '2 joueurs ajoutés'] },
  { key: 'home.status.approved', en: ['approved', 'approved', 'approved'], fr: ['approuvé', 'approuvé', 'approuvés'] },
  {
    key: 'officeLists.unlisted.too-few-games',
    params: { min: 5 },
    en: ['0 games towards a first rating, fewer than the 5 required', '1 game towards a first rating, fewer than the 5 required', '2 games towards a first rating, fewer than the 5 required'],
    fr: ['0 partie pour un premier classement, moins que les 5 requises', '1 partie pour un premier classement, moins que les 5 requises', '2 parties pour un premier classement, moins que les 5 requises']
  }
]

describe('plural forms', () => {
  for (const row of TABLE) {
    for (const locale of ['en', 'fr'] as const) {
      it(`${row.key} in ${locale} for 0, 1 and 2`, () => {
        mod.i18n.global.locale.value = locale
        const { t } = mod.i18n.global
        const got = [0, 1, 2].map((n) => t(row.key, { n, count: n, games: n, ...row.params }, n))
        mod.i18n.global.locale.value = 'en'
        expect(got).toEqual(row[locale])
      })
    }
  }

  it('leaves no "(s)" plural in the screens’ catalogues', async () => {
    const { en, fr } = await mod.buildMessages()
    const texts = (tree: unknown): string[] => (typeof tree === 'string' ? [tree] : Object.values(tree as object).flatMap(texts))
    // the import queue's summaries are worded by the queue itself (features/tournaments, import)
    const strays = [...texts({ ...en, errors: {} }), ...texts({ ...fr, errors: {} })].filter((s) => /\w\(s\)|\(e\)\(s\)/.test(s) && !/importé\(s\)|imported|replacement\(s\)|remplacement\(s\)|round entries|case\(s\) de ronde|file\(s\)|fichier\(s\)/.test(s))
    expect(strays).toEqual([])
  })
})
