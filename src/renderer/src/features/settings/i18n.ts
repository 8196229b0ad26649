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
      officerHint: 'The name recorded with decisions and publications.',
      birthPrivacy: 'Birth dates shown as',
      birthYear: 'Year of birth',
      ageCategory: 'Age category (U8…U20, 50+, 65+)',
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
      officerHint: 'Le nom enregistré avec les décisions et les publications.',
      birthPrivacy: 'Dates de naissance affichées en',
      birthYear: 'Année de naissance',
      ageCategory: 'Catégorie d’âge (U8…U20, 50+, 65+)',
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
