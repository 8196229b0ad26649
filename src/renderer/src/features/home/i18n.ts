// Strings of the home screen.
export default {
  en: {
    home: {
      title: 'Home',
      players: 'Players',
      playersActive: '{n} active',
      tournaments: 'Tournaments',
      noTournaments: 'No tournament yet',
      referenceLists: 'Reference lists',
      latestReference: 'The latest of each rating type:',
      noReference: 'none',
      next: {
        title: 'What is next',
        toCheck: 'No report to check | 1 report to check | {n} reports to check',
        openChecks: 'Open the checks',
        nothingToCheck: 'No report waits for a decision.',
        listDue: 'The {type} list of {date}, closing date {closing}',
        reason: {
          approved: 'no approved tournament goes into it | 1 approved tournament goes into it | {n} approved tournaments go into it',
          afterPublished: 'the list after the last one published',
          afterReference: 'the first list computed from the imported list',
          today: 'the first list date from today'
        },
        generate: 'Generate it',
        lastPublished: 'Last published: {type} list of {date}, version {version}, published {at}',
        nonePublished: 'No list published yet.'
      },
      entries: 'no entry | {n} entry | {n} entries',
      open: 'Open',
      status: {
        imported: 'imported',
        checked: 'checked',
        rated: 'rated',
        draft: 'draft',
        approved: 'approved',
        rejected: 'rejected'
      },
      empty: {
        title: 'Welcome to your rating office',
        text: 'The database holds no player yet. Start in this order:',
        step1: 'Import a FIDE rating list: it brings players and their official ratings.',
        step1Action: 'Go to Players',
        step2: 'Import a tournament report (TRF file) for the period you rate.',
        step2Action: 'Go to Tournaments',
        step3: 'Review the checks, then compute and publish your list.',
        step3Action: 'Go to Checks',
        demoTitle: 'Or try it first with the demo federation',
        demoText: 'A sample federation made by the project: 321 players, 8 arbiters, national lists of 1 September 2025 and five September reports with the problems an office meets (an unlicensed arbiter, four rounds on one day, a late report, a misspelt name, a duplicate). Use a separate database for it.',
        demoLoad: 'Load the demo federation',
        demoLoading: 'Loading the demo federation…',
        demoDone: 'Demo federation loaded: {players} players, {tournaments} tournaments to review.'
      }
    }
  },
  fr: {
    home: {
      title: 'Accueil',
      players: 'Joueurs',
      playersActive: '{n} actifs',
      tournaments: 'Tournois',
      noTournaments: 'Aucun tournoi pour l’instant',
      referenceLists: 'Listes de référence',
      latestReference: 'La dernière de chaque cadence :',
      noReference: 'aucune',
      next: {
        title: 'À faire maintenant',
        toCheck: 'Aucun rapport à contrôler | 1 rapport à contrôler | {n} rapports à contrôler',
        openChecks: 'Ouvrir les contrôles',
        nothingToCheck: 'Aucun rapport n’attend de décision.',
        listDue: 'La liste {type} du {date}, clôture le {closing}',
        reason: {
          approved: 'aucun tournoi approuvé n’y entre | 1 tournoi approuvé y entre | {n} tournois approuvés y entrent',
          afterPublished: 'la liste qui suit la dernière publiée',
          afterReference: 'la première liste calculée depuis la liste importée',
          today: 'la première date de liste à partir d’aujourd’hui'
        },
        generate: 'La générer',
        lastPublished: 'Dernière publiée : liste {type} du {date}, version {version}, publiée le {at}',
        nonePublished: 'Aucune liste publiée pour l’instant.'
      },
      entries: 'aucune entrée | {n} entrée | {n} entrées',
      open: 'Ouvrir',
      status: {
        imported: 'importé | importés',
        checked: 'contrôlé | contrôlés',
        rated: 'comptabilisé | comptabilisés',
        draft: 'brouillon | brouillons',
        approved: 'approuvé | approuvés',
        rejected: 'refusé | refusés'
      },
      empty: {
        title: 'Bienvenue dans votre bureau de classement',
        text: 'La base ne contient encore aucun joueur. Commencez dans cet ordre :',
        step1: 'Importez une liste de classement FIDE : elle apporte les joueurs et leurs classements officiels.',
        step1Action: 'Aller aux joueurs',
        step2: 'Importez un rapport de tournoi (fichier TRF) pour la période à classer.',
        step2Action: 'Aller aux tournois',
        step3: 'Examinez les contrôles, puis calculez et publiez votre liste.',
        step3Action: 'Aller aux contrôles',
        demoTitle: 'Ou essayez d’abord avec la fédération de démonstration',
        demoText: 'Une fédération d’exemple faite par le projet : 321 joueurs, 8 arbitres, les listes nationales du 1er septembre 2025 et cinq rapports de septembre avec les problèmes qu’un bureau rencontre (un arbitre sans licence, quatre rondes le même jour, un rapport en retard, un nom mal orthographié, un doublon). Utilisez une base à part pour elle.',
        demoLoad: 'Charger la fédération de démonstration',
        demoLoading: 'Chargement de la fédération de démonstration…',
        demoDone: 'Fédération de démonstration chargée : {players} joueurs, {tournaments} tournois à examiner.'
      }
    }
  }
}
