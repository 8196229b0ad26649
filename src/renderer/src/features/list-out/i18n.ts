// Strings of exports, list comparisons, reconciliation with FIDE and choosing a list in the archive.
export default {
  en: {
    listOut: {
      export: {
        title: 'Export',
        format: 'Format',
        formats: { txt: 'FIDE TXT', xml: 'FIDE XML', csv: 'CSV (spreadsheet)', xlsx: 'Excel', pdf: 'PDF (print)' },
        sort: 'Order',
        sorts: { rating: 'By rating', name: 'By name', fideId: 'By FIDE ID' },
        category: 'Category',
        categories: { open: 'Open', women: 'Women', juniors: 'Juniors (U20)', u18: 'Under 18', u16: 'Under 16', u14: 'Under 14', u12: 'Under 12', u10: 'Under 10', u8: 'Under 8', seniors: 'Seniors (50+)', seniors65: 'Seniors (65+)' },
        federation: 'Federation',
        federationPlaceholder: 'e.g. FRA',
        region: 'Region',
        regionPlaceholder: 'any region',
        top: 'Top',
        topPlaceholder: 'all',
        language: 'Language',
        download: 'Download',
        save: 'Save as…',
        saved: '{rows} player saved to {file}. | {rows} players saved to {file}.',
        savedSkipped: '{rows} player saved to {file}; {skipped} without a FIDE ID left out. | {rows} players saved to {file}; {skipped} without a FIDE ID left out.',
        started: 'The download has started.',
        cancelled: 'Nothing saved.'
      },
      top: { title: 'Top list', size: 'How many', best: 'Best {n}', none: 'No active rated player in this category.', region: 'Region' },
      choose: {
        title: 'Lists',
        intro: 'Choose any list by its date and version, then browse it, export it or compare it with another.',
        placeholder: 'A list by date, type and version',
        superseded: 'superseded',
        version: 'v{version}',
        open: 'Open',
        compare: 'Compare with…'
      },
      compare: {
        kindsLabel: 'Kinds of change',
        title: 'Compare two lists',
        intro: 'Two lists of one rating type: who rose, fell, arrived, left, became inactive or changed title.',
        from: 'Earlier list',
        to: 'Later list',
        swap: 'Swap',
        choose: 'Choose two lists of the same rating type.',
        computing: 'Comparing the two lists (done once for big lists, then every page is immediate)…',
        kinds: { up: 'Up', down: 'Down', new: 'New', delisted: 'Delisted', inactive: 'Inactive', reactivated: 'Active again', title: 'Title changes', unchanged: 'Unchanged', unlisted: 'Not on the list' },
        players: '{count} player compared, in one of up, down, new, delisted, unchanged and not on the list; inactive, active again and title changes are counted besides | {count} players compared, each in one of up, down, new, delisted, unchanged and not on the list; inactive, active again and title changes are counted besides',
        col: { name: 'Name', fideId: 'FIDE ID', federation: 'Fed', before: 'Before', after: 'After', change: 'Change', title: 'Title', flags: 'Flag' },
        none: 'No player in this group.',
        showing: 'One player | {total} players'
      },
      reconcile: {
        reasonFilter: 'Difference shown',
        title: 'Reconciliation with FIDE',
        intro: 'The office list against FIDE’s list of the same date: every player whose rating, K or flag differs, and why.',
        run: 'Reconcile',
        differing: 'No player differs. | One player differs. | {count} players differ.',
        noSheets: 'No calculation sheets for this list: the reasons come from the entries and the base lists.',
        bases: 'Office base: {office}; FIDE base: {reference}.',
        allReasons: 'All reasons',
        reasons: {
          onlyOffice: 'Unknown to FIDE',
          onlyReference: 'Unknown to the office',
          base: 'Different base rating',
          gamesReference: 'Games FIDE rated, not the office',
          gamesOffice: 'Games the office rated, not FIDE',
          k: 'Different K',
          flag: 'Different flag',
          rounding: 'Rounding difference',
          cap400: '400-point rule',
          unexplained: 'Not explained'
        },
        col: { office: 'Office', reference: 'FIDE', reasons: 'Reasons' },
        versus: '{office} vs {reference}'
      }
    }
  },
  fr: {
    listOut: {
      export: {
        title: 'Exporter',
        format: 'Format',
        formats: { txt: 'TXT FIDE', xml: 'XML FIDE', csv: 'CSV (tableur)', xlsx: 'Excel', pdf: 'PDF (impression)' },
        sort: 'Ordre',
        sorts: { rating: 'Par classement', name: 'Par nom', fideId: 'Par ID FIDE' },
        category: 'Catégorie',
        categories: { open: 'Toutes catégories', women: 'Féminines', juniors: 'Juniors (U20)', u18: 'Moins de 18 ans', u16: 'Moins de 16 ans', u14: 'Moins de 14 ans', u12: 'Moins de 12 ans', u10: 'Moins de 10 ans', u8: 'Moins de 8 ans', seniors: 'Vétérans (50+)', seniors65: 'Vétérans (65+)' },
        federation: 'Fédération',
        federationPlaceholder: 'p. ex. FRA',
        region: 'Région',
        regionPlaceholder: 'toutes',
        top: 'Meilleurs',
        topPlaceholder: 'tous',
        language: 'Langue',
        download: 'Télécharger',
        save: 'Enregistrer sous…',
        saved: '{rows} joueur enregistré dans {file}. | {rows} joueurs enregistrés dans {file}.',
        savedSkipped: '{rows} joueur enregistré dans {file} ; {skipped} sans ID FIDE laissés de côté. | {rows} joueurs enregistrés dans {file} ; {skipped} sans ID FIDE laissés de côté.',
        started: 'Le téléchargement a commencé.',
        cancelled: 'Rien n’a été enregistré.'
      },
      top: { title: 'Meilleurs joueurs', size: 'Combien', best: '{n} premiers', none: 'Aucun joueur actif classé dans cette catégorie.', region: 'Région' },
      choose: {
        title: 'Listes',
        intro: 'Choisissez une liste par sa date et sa version, puis parcourez-la, exportez-la ou comparez-la à une autre.',
        placeholder: 'Une liste par date, cadence et version',
        superseded: 'remplacée',
        version: 'v{version}',
        open: 'Ouvrir',
        compare: 'Comparer avec…'
      },
      compare: {
        kindsLabel: 'Types de changement',
        title: 'Comparer deux listes',
        intro: 'Deux listes d’une même cadence : qui monte, qui baisse, qui arrive, qui part, qui devient inactif ou change de titre.',
        from: 'Liste antérieure',
        to: 'Liste postérieure',
        swap: 'Inverser',
        choose: 'Choisissez deux listes de la même cadence.',
        computing: 'Comparaison des deux listes (faite une fois pour les grandes listes, chaque page est ensuite immédiate)…',
        kinds: { up: 'En hausse', down: 'En baisse', new: 'Nouveaux', delisted: 'Radiés', inactive: 'Devenus inactifs', reactivated: 'Redevenus actifs', title: 'Changements de titre', unchanged: 'Inchangés', unlisted: 'Absents de la liste' },
        players: '{count} joueur comparé, dans l’une des catégories hausse, baisse, nouveaux, radiés, inchangés et absents de la liste ; devenus inactifs, redevenus actifs et changements de titre sont comptés en plus | {count} joueurs comparés, chacun dans l’une des catégories hausse, baisse, nouveaux, radiés, inchangés et absents de la liste ; devenus inactifs, redevenus actifs et changements de titre sont comptés en plus',
        col: { name: 'Nom', fideId: 'ID FIDE', federation: 'Féd', before: 'Avant', after: 'Après', change: 'Écart', title: 'Titre', flags: 'Statut' },
        none: 'Aucun joueur dans ce groupe.',
        showing: 'Un joueur | {total} joueurs'
      },
      reconcile: {
        reasonFilter: 'Écart affiché',
        title: 'Rapprochement avec la FIDE',
        intro: 'La liste du bureau face à la liste FIDE de la même date : chaque joueur dont l’Elo, le K ou le statut diffère, et pourquoi.',
        run: 'Rapprocher',
        differing: 'Aucun joueur ne diffère. | Un joueur diffère. | {count} joueurs diffèrent.',
        noSheets: 'Pas de fiches de calcul pour cette liste : les raisons viennent des entrées et des listes de base.',
        bases: 'Base du bureau : {office} ; base FIDE : {reference}.',
        allReasons: 'Toutes les raisons',
        reasons: {
          onlyOffice: 'Inconnu de la FIDE',
          onlyReference: 'Inconnu du bureau',
          base: 'Elo de départ différent',
          gamesReference: 'Parties comptabilisées par la FIDE, pas par le bureau',
          gamesOffice: 'Parties comptabilisées par le bureau, pas par la FIDE',
          k: 'K différent',
          flag: 'Statut différent',
          rounding: 'Écart d’arrondi',
          cap400: 'Règle des 400 points',
          unexplained: 'Non expliqué'
        },
        col: { office: 'Bureau', reference: 'FIDE', reasons: 'Raisons' },
        versus: '{office} contre {reference}'
      }
    }
  }
}
