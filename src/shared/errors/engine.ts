// Errors of the engine domain (rule sets, calculations, profiles), in English and French.
import type { ErrorCatalogue } from './index'

export const engineErrors: ErrorCatalogue = {
  'engine.noEdition': {
    en: 'No FIDE edition is in force on {date}.',
    fr: 'Aucune édition FIDE n’est en vigueur le {date}.'
  },
  'engine.unknownEdition': {
    en: 'Unknown rule set “{id}” (known: {known}, or a saved profile).',
    fr: 'Règlement inconnu « {id} » (connus : {known}, ou un profil enregistré).'
  },
  'engine.invalidInput': {
    en: '{file}: {path}: {message}',
    fr: '{file} : {path} : {message}'
  },
  'engine.invalidJson': {
    en: '{file}: line {line}, column {column}: invalid JSON ({message})',
    fr: '{file} : ligne {line}, colonne {column} : JSON invalide ({message})'
  },
  'engine.builtinProfile': {
    en: '“{id}” is a shipped rule set and cannot be replaced or deleted; save your profile under another id.',
    fr: '« {id} » est un règlement fourni et ne peut être ni remplacé ni supprimé ; enregistrez votre profil sous un autre identifiant.'
  },
  'engine.profileNotFound': {
    en: 'No saved profile “{id}”.',
    fr: 'Aucun profil enregistré « {id} ».'
  },
  'engine.invalidProfile': {
    en: 'The stored profile “{id}” is invalid: {issues}',
    fr: 'Le profil enregistré « {id} » est invalide : {issues}'
  },
  'engine.badPeriodInput': {
    en: 'Period item {index}: {message}',
    fr: 'Élément de période {index} : {message}'
  }
}
