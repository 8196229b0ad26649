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
        'system_health': 'Database check'
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
        'system_health': 'Vérification de la base'
      }
    }
  }
}
