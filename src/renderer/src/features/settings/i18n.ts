// Strings of the settings screen.
export default {
  en: {
    settings: {
      title: 'Settings',
      office: 'Office',
      display: 'Display',
      language: 'Language',
      theme: 'Theme',
      federation: 'Federation code',
      federationHint: 'Three letters, as FIDE writes them (FRA, SUI, GER…).',
      federationInvalid: 'Three capital letters, or empty.',
      officer: 'Rating officer',
      officerHint: 'The name recorded with decisions and publications (left empty: this computer’s user name).',
      birthPrivacy: 'Birth dates shown as',
      birthYear: 'Year of birth',
      ageCategory: 'Age category (U8…U20, 50+, 65+)',
      backups: {
        title: 'Backups',
        intro: 'A verified copy of the database is made every day while the application runs, and before each list import. Older automatic copies are thinned out: one a day for a week, one a week for two months, one a month for a year.',
        folder: 'Backups folder',
        folderHint: 'Empty: a backups folder beside the database. Now: {folder}',
        folderInvalid: 'A full folder path (starting with / or a drive letter), or empty.',
        now: 'Back up now',
        done: 'Backup made and verified.',
        none: 'No backup yet.',
        reason: { manual: 'on request', daily: 'daily', 'before-import': 'before a list import', 'before-publication': 'before a publication', 'before-upgrade': 'before an upgrade', 'before-restore': 'before a restore' }
      },
      system: 'About this database',
      appVersion: 'Application version',
      schemaVersion: 'Database schema version',
      dbPath: 'Database file',
      host: 'Running as',
      readOnly: 'Read-only',
      hosts: { electron: 'Desktop application', browser: 'Browser mode (served)', cli: 'Command line' },
      readOnlyNote: 'This archive is served read-only: language and theme are kept in this browser only.'
    }
  },
  fr: {
    settings: {
      title: 'Paramètres',
      office: 'Bureau',
      display: 'Affichage',
      language: 'Langue',
      theme: 'Thème',
      federation: 'Code de la fédération',
      federationHint: 'Trois lettres, comme les écrit la FIDE (FRA, SUI, GER…).',
      federationInvalid: 'Trois lettres majuscules, ou vide.',
      officer: 'Responsable du classement',
      officerHint: 'Le nom enregistré avec les décisions et les publications (vide : le nom d’utilisateur de cet ordinateur).',
      birthPrivacy: 'Dates de naissance affichées en',
      birthYear: 'Année de naissance',
      ageCategory: 'Catégorie d’âge (U8…U20, 50+, 65+)',
      backups: {
        title: 'Sauvegardes',
        intro: 'Une copie vérifiée de la base est faite chaque jour pendant que l’application tourne, et avant chaque import de liste. Les copies automatiques anciennes sont éclaircies : une par jour pendant une semaine, une par semaine pendant deux mois, une par mois pendant un an.',
        folder: 'Dossier des sauvegardes',
        folderHint: 'Vide : un dossier backups à côté de la base. Actuellement : {folder}',
        folderInvalid: 'Un chemin de dossier complet (commençant par / ou une lettre de lecteur), ou vide.',
        now: 'Sauvegarder maintenant',
        done: 'Sauvegarde faite et vérifiée.',
        none: 'Aucune sauvegarde pour l’instant.',
        reason: { manual: 'à la demande', daily: 'quotidienne', 'before-import': 'avant un import de liste', 'before-publication': 'avant une publication', 'before-upgrade': 'avant une mise à niveau', 'before-restore': 'avant une restauration' }
      },
      system: 'À propos de cette base',
      appVersion: 'Version de l’application',
      schemaVersion: 'Version du schéma de la base',
      dbPath: 'Fichier de la base',
      host: 'Mode d’exécution',
      readOnly: 'Lecture seule',
      hosts: { electron: 'Application de bureau', browser: 'Mode navigateur (servi)', cli: 'Ligne de commande' },
      readOnlyNote: 'Cette archive est servie en lecture seule : la langue et le thème ne sont gardés que dans ce navigateur.'
    }
  }
}
