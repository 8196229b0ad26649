// Errors of the registry domain (list import, players, merges, duplicates, arbiters), in English and French.
import type { ErrorCatalogue } from './index'

export const registryErrors: ErrorCatalogue = {
  'registry.badFile': {
    en: '{file}, line {line}, column {column}: {field} “{found}” is not valid; expected {expected}. ({count} {count|problem|problems}; nothing was imported.)',
    fr: '{file}, ligne {line}, colonne {column} : {field} « {found} » n’est pas valide ; attendu : {expected}. ({count} {count|problème|problèmes} ; rien n’a été importé.)'
  },
  'registry.fileUnreadable': {
    en: 'Cannot read {file}: {reason}',
    fr: 'Impossible de lire {file} : {reason}'
  },
  'registry.emptyFile': {
    en: '{file} holds no player.',
    fr: '{file} ne contient aucun joueur.'
  },
  'registry.alreadyImported': {
    en: '{file} was already imported for {listDate} (list {listId}); a reference list is imported once.',
    fr: '{file} a déjà été importé pour le {listDate} (liste {listId}) ; une liste de référence ne s’importe qu’une fois.'
  },
  'registry.typeNeeded': {
    en: '{file} is a single-type list and its name does not say which: give the rating type (standard, rapid or blitz).',
    fr: '{file} est une liste d’une seule cadence et son nom ne dit pas laquelle : indiquez la cadence (standard, rapid ou blitz).'
  },
  'registry.readerStalled': {
    en: 'Reading {file} stopped: the reading thread sent nothing for {seconds} s. Nothing was imported; try again.',
    fr: 'La lecture de {file} s’est arrêtée : le fil de lecture n’a rien envoyé pendant {seconds} s. Rien n’a été importé ; réessayez.'
  },
  'registry.mappingMissing': {
    en: 'The column mapping of {file} has no column for {field}, which is required.',
    fr: 'La correspondance des colonnes de {file} n’a pas de colonne pour {field}, qui est obligatoire.'
  },
  'registry.mappingUnknownColumn': {
    en: 'The column mapping of {file} names the column “{column}”, which the file does not have (it has: {columns}).',
    fr: 'La correspondance des colonnes de {file} cite la colonne « {column} », absente du fichier (colonnes : {columns}).'
  },
  'registry.playerNotFound': {
    en: 'No player {id}.',
    fr: 'Aucun joueur {id}.'
  },
  'registry.mergeSame': {
    en: 'A player cannot be merged into itself ({id}).',
    fr: 'Un joueur ne peut pas être fusionné avec lui-même ({id}).'
  },
  'registry.mergeMerged': {
    en: 'Player {id} was already merged into player {into}.',
    fr: 'Le joueur {id} a déjà été fusionné avec le joueur {into}.'
  },
  'registry.mergeSealed': {
    en: '{dropName} and {keepName} were not merged yet: {dropName} is on the list of {listDate}, whose period is sealed in the archive file {file}. The merge writes that file anew (checked before it replaces the old one; every other action waits meanwhile): confirm it to go on. Nothing was changed.',
    fr: '{dropName} et {keepName} ne sont pas encore fusionnés : {dropName} figure dans la liste du {listDate}, dont la période est scellée dans le fichier d’archive {file}. La fusion réécrit ce fichier (vérifié avant de remplacer l’ancien ; toute autre action attend pendant ce temps) : confirmez-la pour continuer. Rien n’a été modifié.'
  },
  'registry.mergeUndoSealed': {
    en: 'The merge of {dropName} into {keepName} was not undone yet: the list of {listDate}, whose entries it moved, is sealed in the archive file {file}. Undoing it writes that file anew (checked before it replaces the old one; every other action waits meanwhile): confirm it to go on. Nothing was changed.',
    fr: 'La fusion de {dropName} dans {keepName} n’est pas encore annulée : la liste du {listDate}, dont elle a déplacé des entrées, est scellée dans le fichier d’archive {file}. L’annuler réécrit ce fichier (vérifié avant de remplacer l’ancien ; toute autre action attend pendant ce temps) : confirmez l’annulation pour continuer. Rien n’a été modifié.'
  },
  'registry.mergeConflict': {
    en: 'Players {keep} and {drop} cannot be merged: their rows in {table} collide ({reason}). Two players in the same event are two people.',
    fr: 'Les joueurs {keep} et {drop} ne peuvent pas être fusionnés : leurs lignes de {table} se heurtent ({reason}). Deux joueurs d’un même tournoi sont deux personnes.'
  },
  'registry.mergeNotFound': {
    en: 'No merge {id}.',
    fr: 'Aucune fusion {id}.'
  },
  'registry.mergeAlreadyUndone': {
    en: 'Merge {id} was already undone on {at}.',
    fr: 'La fusion {id} a déjà été annulée le {at}.'
  },
  'registry.mergePublishedSince': {
    en: 'Merge {id} cannot be undone: the list of {listDate} ({ratingType}) was published after it ({publishedAt}).',
    fr: 'La fusion {id} ne peut pas être annulée : la liste du {listDate} ({ratingType}) a été publiée après elle ({publishedAt}).'
  },
  'registry.mergeNotLast': {
    en: 'Merge {id} cannot be undone before the later merge {later} that involves the same players.',
    fr: 'La fusion {id} ne peut pas être annulée avant la fusion {later}, plus récente, qui concerne les mêmes joueurs.'
  },
  'registry.candidateNotFound': {
    en: 'No duplicate candidate {id}.',
    fr: 'Aucun doublon potentiel {id}.'
  },
  'registry.candidateDecided': {
    en: 'Duplicate candidate {id} was already decided ({status}).',
    fr: 'Le doublon potentiel {id} a déjà été traité ({status}).'
  },
  'registry.badBirthDate': {
    en: 'The birth date of player {id} must be a year (YYYY) or a date (YYYY-MM-DD), not “{found}”.',
    fr: 'La date de naissance du joueur {id} doit être une année (AAAA) ou une date (AAAA-MM-JJ), pas « {found} ».'
  },
  'registry.arbiterNotFound': {
    en: 'No arbiter with FIDE ID {fideId}.',
    fr: 'Aucun arbitre avec l’identifiant FIDE {fideId}.'
  },
  'registry.arbiterExists': {
    en: 'An arbiter with FIDE ID {fideId} is already registered.',
    fr: 'Un arbitre avec l’identifiant FIDE {fideId} est déjà enregistré.'
  },
  'registry.arbiterDates': {
    en: 'The licence of arbiter {fideId} cannot end ({validTo}) before it starts ({validFrom}).',
    fr: 'La licence de l’arbitre {fideId} ne peut pas finir ({validTo}) avant de commencer ({validFrom}).'
  }
}
