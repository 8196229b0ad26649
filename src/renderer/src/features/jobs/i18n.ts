// Strings of the background-job progress bar.
export default {
  en: {
    jobs: {
      running: 'Running',
      done: 'Finished',
      failed: 'Failed',
      cancelled: 'Cancelled',
      cancel: 'Cancel',
      cancelling: 'Cancelling…',
      dismiss: 'Dismiss',
      progress: '{done} of {total}',
      starting: 'Starting…',
      kinds: {
        'system_health': 'Database check',
        'system_openCheck': 'Checking the database file',
        'system_restore': 'Restoring a backup',
        'system_backup': 'Database backup',
        'registry_importList': 'FIDE rating list import',
        'registry_importNational': 'National list import',
        'registry_previewNational': 'Reading a national list',
        'registry_scanDuplicates': 'Duplicate search',
        'rating_period': 'Rating of the period',
        'lists_generate': 'Generation of the list',
        'demo_load': 'Loading the demo federation',
        'lists_publish': 'Publication of the list',
        'lists_replay': 'Replay of the published lists',
        'lists_stale': 'Check that the draft is up to date',
        'lists_correctPreview': 'Re-rating preview of a correction',
        'lists_correct': 'Correction of a published list',
        'lists_diff': 'Comparison of two lists',
        'tournaments_import': 'Import of tournament reports',
        'tournaments_preview': 'Reading a tournament report',
        'tournaments_rate': 'Rating a tournament report',
        'lists_export': 'Export of a list',
        'site_build': 'Publication of the website'
      }
    }
  },
  fr: {
    jobs: {
      running: 'En cours',
      done: 'Terminé',
      failed: 'Échec',
      cancelled: 'Annulé',
      cancel: 'Annuler',
      cancelling: 'Annulation…',
      dismiss: 'Fermer',
      progress: '{done} sur {total}',
      starting: 'Démarrage…',
      kinds: {
        'system_health': 'Vérification de la base',
        'system_openCheck': 'Vérification du fichier de la base',
        'system_restore': 'Restauration d’une sauvegarde',
        'system_backup': 'Sauvegarde de la base',
        'registry_importList': 'Import de la liste FIDE',
        'registry_importNational': 'Import de la liste nationale',
        'registry_previewNational': 'Lecture d’une liste nationale',
        'registry_scanDuplicates': 'Recherche de doublons',
        'rating_period': 'Calcul de la période',
        'lists_generate': 'Génération de la liste',
        'demo_load': 'Chargement de la fédération de démonstration',
        'lists_publish': 'Publication de la liste',
        'lists_replay': 'Rejeu des listes publiées',
        'lists_stale': 'Vérification que le brouillon est à jour',
        'lists_correctPreview': 'Aperçu du recalcul d’une correction',
        'lists_correct': 'Correction d’une liste publiée',
        'lists_diff': 'Comparaison de deux listes',
        'tournaments_import': 'Import de rapports de tournoi',
        'tournaments_preview': 'Lecture d’un rapport de tournoi',
        'tournaments_rate': 'Calcul d’un rapport de tournoi',
        'lists_export': 'Export d’une liste',
        'site_build': 'Publication du site web'
      }
    }
  }
}
