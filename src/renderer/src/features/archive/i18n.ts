// Strings of the archive screen.
export default {
  en: {
    archive: {
      title: 'Archive',
      intro: 'Find a player by FIDE ID or name to see his rating on every list the office holds.',
      searchPlaceholder: 'FIDE ID or name',
      noResult: 'No player matches “{query}”.',
      results: 'Players found',
      history: 'Rating history',
      chartLabel: 'Rating by list date',
      allTypes: 'All rating types',
      includeDrafts: 'Include draft lists',
      noHistory: 'This player is on no list of this kind.',
      player: {
        fideId: 'FIDE ID',
        federation: 'Federation',
        title: 'Title',
        born: 'Born',
        category: 'Category',
        status: 'Status',
        statuses: { active: 'active', inactive: 'inactive', deceased: 'deceased', merged: 'merged' }
      },
      onList: 'Rating on a list',
      chooseList: 'Choose a list',
      notOnList: '{name} is not on the {type} list of {date}.',
      entryOnList: '{rating} on the {type} list of {date}',
      entryOnListUnrated: 'On the {type} list of {date}, without a rating',
      entryFacts: '{games} games · K {k}',
      another: 'Find another player',
      rated: {
        title: 'Rated tournaments',
        intro: 'Every tournament the office’s published lists rated for this player, from their calculation sheets (a corrected list from its latest version).',
        none: 'No published office list has rated a tournament of this player.',
        tournament: 'Tournament',
        dates: 'Dates',
        month: 'month {month}',
        late: 'late',
        ratingUsed: 'Rating used',
        unrated: 'unrated',
        points: 'Points',
        expected: 'Expected',
        change: 'Change',
        performance: 'performance {ru}',
        listChange: 'On the list',
        sheet: 'Sheet'
      },
      playerRecord: 'Player record',
      col: {
        date: 'List date',
        type: 'Type',
        kind: 'Kind',
        source: 'Source',
        status: 'Status',
        rating: 'Rating',
        change: 'Change',
        games: 'Games',
        k: 'K',
        flags: 'Flags'
      }
    }
  },
  fr: {
    archive: {
      title: 'Archives',
      intro: 'Cherchez un joueur par son ID FIDE ou son nom pour voir son classement sur chaque liste détenue par le bureau.',
      searchPlaceholder: 'ID FIDE ou nom',
      noResult: 'Aucun joueur ne correspond à « {query} ».',
      results: 'Joueurs trouvés',
      history: 'Historique du classement',
      chartLabel: 'Classement par date de liste',
      allTypes: 'Toutes les cadences',
      includeDrafts: 'Inclure les listes brouillons',
      noHistory: 'Ce joueur ne figure sur aucune liste de ce type.',
      player: {
        fideId: 'ID FIDE',
        federation: 'Fédération',
        title: 'Titre',
        born: 'Né(e) en',
        category: 'Catégorie',
        status: 'Statut',
        statuses: { active: 'actif', inactive: 'inactif', deceased: 'décédé', merged: 'fusionné' }
      },
      onList: 'Classement sur une liste',
      chooseList: 'Choisissez une liste',
      notOnList: '{name} ne figure pas sur la liste {type} du {date}.',
      entryOnList: '{rating} sur la liste {type} du {date}',
      entryOnListUnrated: 'Sur la liste {type} du {date}, sans classement',
      entryFacts: '{games} parties · K {k}',
      another: 'Chercher un autre joueur',
      rated: {
        title: 'Tournois classés',
        intro: 'Chaque tournoi que les listes publiées du bureau ont classé pour ce joueur, d’après leurs fiches de calcul (une liste corrigée d’après sa dernière version).',
        none: 'Aucune liste publiée du bureau n’a classé de tournoi de ce joueur.',
        tournament: 'Tournoi',
        dates: 'Dates',
        month: 'mois {month}',
        late: 'tardif',
        ratingUsed: 'Elo retenu',
        unrated: 'non classé',
        points: 'Points',
        expected: 'Attendu',
        change: 'Variation',
        performance: 'performance {ru}',
        listChange: 'Sur la liste',
        sheet: 'Fiche'
      },
      playerRecord: 'Fiche du joueur',
      col: {
        date: 'Date de la liste',
        type: 'Cadence',
        kind: 'Nature',
        source: 'Source',
        status: 'État',
        rating: 'Elo',
        change: 'Écart',
        games: 'Parties',
        k: 'K',
        flags: 'Indic.'
      }
    }
  }
}
