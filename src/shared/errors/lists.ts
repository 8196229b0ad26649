// Errors of the rating-list and archive read side, in English and French.
import type { ErrorCatalogue } from './index'

export const listsErrors: ErrorCatalogue = {
  'lists.noBaseList': {
    en: 'No base list for the {ratingType} list of {listDate}: import a FIDE rating list or the federation’s national list dated before it, or publish the office list before it.',
    fr: 'Aucune liste de base pour la liste {ratingType} du {listDate} : importez une liste FIDE ou la liste nationale de la fédération datée d’avant, ou publiez la liste du bureau qui la précède.'
  },
  'lists.offCalendar': {
    en: '{listDate} is not a list date of the calendar; the list dates of that year are {dates}.',
    fr: 'Le {listDate} n’est pas une date de liste du calendrier ; les dates de liste de cette année sont {dates}.'
  },
  'lists.missingPlayer': {
    en: 'Tournament {id} ({name}), start rank {startRank}, is linked to player {playerId}, who is not in the registry: the database was changed outside the application. Nothing was written; restore the last backup made before that change (Settings › Backups).',
    fr: 'Le tournoi {id} ({name}), numéro de départ {startRank}, est lié au joueur {playerId}, absent du registre : la base a été modifiée hors de l’application. Rien n’a été écrit ; restaurez la dernière sauvegarde faite avant cette modification (Paramètres › Sauvegardes).'
  },
  'lists.alreadyPublished': {
    en: 'The list of {listDate} is already published; a published list never changes: use a correction.',
    fr: 'La liste du {listDate} est déjà publiée ; une liste publiée ne change jamais : passez par une correction.'
  },
  'lists.staleDraft': {
    en: 'The draft list of {listDate} is older than its inputs (a tournament approved, a file corrected or a decision taken since it was generated): generate it again before publishing.',
    fr: 'Le brouillon de la liste du {listDate} est plus ancien que ses données (un tournoi approuvé, un fichier corrigé ou une décision prise depuis sa génération) : générez-le à nouveau avant de le publier.'
  },
  'lists.generatorStalled': {
    en: 'The list was not generated: its computing thread sent nothing for {seconds} s. Nothing was written; try again.',
    fr: 'La liste n’a pas été générée : son fil de calcul n’a rien envoyé pendant {seconds} s. Rien n’a été écrit ; réessayez.'
  },
  'lists.notOffice': { en: 'List {listId} is not a list computed by the office.', fr: 'La liste {listId} n’est pas une liste calculée par le bureau.' },
  'lists.notPublished': { en: 'List {listId} is not a published office list: only a published list is corrected.', fr: 'La liste {listId} n’est pas une liste publiée du bureau : seule une liste publiée se corrige.' },
  'lists.correctionNotApproved': { en: 'Tournament {id} ({name}) has a corrected file that is not approved yet (status {status}): review and approve it before correcting the lists that rated it.', fr: 'Le tournoi {id} ({name}) a un fichier corrigé qui n’est pas encore approuvé (statut {status}) : examinez-le et approuvez-le avant de corriger les listes qui l’ont comptabilisé.' },
  'lists.superseded': { en: 'List {listId} has been replaced by version {by}: correct the newest version.', fr: 'La liste {listId} a été remplacée par la version {by} : corrigez la version la plus récente.' },
  'lists.sheetPlayer': { en: 'Name the player by exactly one of playerId and fideId.', fr: 'Désignez le joueur par exactement un de playerId et fideId.' },
  'lists.notFound': { en: 'There is no rating list {listId}.', fr: 'Il n’existe pas de liste de classement {listId}.' },
  'lists.federationUnset': {
    en: 'The federation that publishes this list is not named ({missing} missing): its name and three-letter code are printed on the list and its files. Set them in Settings, or give them with the publication (command line: --federation-name "NAME" --federation-code XXX).',
    fr: 'La fédération qui publie cette liste n’est pas nommée ({missing} manquant) : son nom et son code à trois lettres sont imprimés sur la liste et ses fichiers. Indiquez-les dans les Paramètres, ou avec la publication (ligne de commande : --federation-name "NOM" --federation-code XXX).'
  },
  'archive.playerNotFound': {
    en: 'No player with {ref} in the archive.',
    fr: 'Aucun joueur avec {ref} dans l’archive.'
  },
  'archive.sealNothing': { en: 'No list was named to seal.', fr: 'Aucune liste n’a été désignée pour être scellée.' },
  'archive.sealNotFrozen': {
    en: 'The list {listId} of {listDate} is {status}: only a published or reference list can be sealed into an archive file. Nothing was sealed.',
    fr: 'La liste {listId} du {listDate} est à l’état « {status} » : seule une liste publiée ou de référence peut être scellée dans un fichier d’archive. Rien n’a été scellé.'
  },
  'archive.sealAlready': {
    en: 'The list {listId} of {listDate} is already sealed in an archive file. Nothing was sealed.',
    fr: 'La liste {listId} du {listDate} est déjà scellée dans un fichier d’archive. Rien n’a été scellé.'
  },
  'archive.sealUncounted': {
    en: 'The list {listId} of {listDate} has no recorded count or checksum yet (its import did not finish): it cannot be sealed. Nothing was sealed.',
    fr: 'La liste {listId} du {listDate} n’a pas encore de décompte ni d’empreinte enregistrés (son import n’est pas allé au bout) : elle ne peut pas être scellée. Rien n’a été scellé.'
  },
  'archive.sealNotOffered': {
    en: 'The lists of {first}–{last} cannot be sealed now: the periods the office can seal are {offered} (a closed year whose lists are all published). Nothing was sealed.',
    fr: 'Les listes de {first}–{last} ne peuvent pas être scellées maintenant : les périodes que le bureau peut sceller sont {offered} (une année terminée dont toutes les listes sont publiées). Rien n’a été scellé.'
  },
  'archive.sealBusy': {
    en: 'A background task is running: wait for it to finish, then seal the period.',
    fr: 'Une tâche de fond est en cours : attendez qu’elle se termine, puis scellez la période.'
  },
  'archive.sealUnverified': {
    en: 'The archive file {file} failed its verification ({problems}): it was removed, and the lists stay in the database unchanged.',
    fr: 'Le fichier d’archive {file} n’a pas passé la vérification ({problems}) : il a été supprimé, et les listes restent inchangées dans la base.'
  },
  'archive.rewriteBusy': {
    en: 'A background task is running: wait for it to finish, then merge again (the sealed period’s file is written anew with the office alone).',
    fr: 'Une tâche de fond est en cours : attendez qu’elle se termine, puis relancez la fusion (le fichier de la période scellée est réécrit pendant que toute autre action attend).'
  },
  'archive.mergeUnverified': {
    en: 'The sealed periods could not be merged into one file: the new file {file} failed its verification ({problems}). It was removed; the periods keep their files and nothing was changed.',
    fr: 'Les périodes scellées n’ont pas pu être fusionnées en un seul fichier : le nouveau fichier {file} n’a pas passé la vérification ({problems}). Il a été supprimé ; les périodes gardent leurs fichiers et rien n’a été modifié.'
  },
  'archive.rewriteUnverified': {
    en: 'The sealed period’s file {file} could not be written anew ({problems}): the new file was removed, the period keeps its file and nothing was changed.',
    fr: 'Le fichier {file} de la période scellée n’a pas pu être réécrit ({problems}) : le nouveau fichier a été supprimé, la période garde son fichier et rien n’a été modifié.'
  }
}
