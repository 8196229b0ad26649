// Errors of list exports, comparisons and reconciliation, in English and French.
import type { ErrorCatalogue } from './index'

export const exportsErrors: ErrorCatalogue = {
  'lists.diffNoCache': {
    en: 'Two big lists are compared once and kept for paging, which an in-memory database ({dbPath}) cannot do.',
    fr: 'Deux grandes listes sont comparées une fois puis gardées pour la pagination, ce qu’une base en mémoire ({dbPath}) ne permet pas.'
  },
  'exports.busy': {
    en: '{running} exports are being written already: try again in {retry} seconds.',
    fr: '{running} exports sont déjà en cours d’écriture : réessayez dans {retry} secondes.'
  },
  'exports.badLogo': {
    en: 'The federation logo in the settings cannot be printed ({reason}); give a PNG or JPEG image.',
    fr: 'Le logo de la fédération des réglages ne peut pas être imprimé ({reason}) ; donnez une image PNG ou JPEG.'
  },
  'site.unknownFideId': {
    en: 'No player of the registry has the FIDE ID {fideId}: nobody was withheld or published again.',
    fr: 'Aucun joueur du fichier n’a l’ID FIDE {fideId} : personne n’a été masqué ni publié à nouveau.'
  },
  'site.noFolderDialog': {
    en: 'This {host} host has no folder dialog: download the website as a zip (browser) or give --out (command line: rating-office site build --out DIR).',
    fr: 'Cet hôte {host} n’a pas de boîte de choix de dossier : téléchargez le site en zip (navigateur) ou donnez --out (ligne de commande : rating-office site build --out DOSSIER).'
  },
  'site.outIsFile': {
    en: '{path} is a file: the website is built into a folder.',
    fr: '{path} est un fichier : le site est construit dans un dossier.'
  },
  'site.outNotSite': {
    en: 'The folder {path} holds other files and no site-manifest.json: give an empty folder, or the folder of an earlier build of the site.',
    fr: 'Le dossier {path} contient d’autres fichiers et aucun site-manifest.json : donnez un dossier vide, ou celui d’une construction précédente du site.'
  },
  'exports.outIsDirectory': {
    en: '{path} is a folder: give the name of the file to write.',
    fr: '{path} est un dossier : donnez le nom du fichier à écrire.'
  },
  'exports.outFolderMissing': {
    en: 'The folder {folder} does not exist: the export writes only the file named, never a folder.',
    fr: 'Le dossier {folder} n’existe pas : l’export n’écrit que le fichier nommé, jamais un dossier.'
  },
  'exports.writeFailed': {
    en: 'The export could not be written to {path}: {reason}',
    fr: 'L’export n’a pas pu être écrit dans {path} : {reason}'
  },
  'exports.noSaveDialog': {
    en: 'This {host} host has no save dialog: download the export (browser) or give --out (command line).',
    fr: 'Cet hôte {host} n’a pas de boîte d’enregistrement : téléchargez l’export (navigateur) ou donnez --out (ligne de commande).'
  },
  'exports.badRequest': {
    en: 'This export cannot be made: {issues}',
    fr: 'Cet export ne peut pas être fait : {issues}'
  },
  'lists.differentTypes': {
    en: 'Lists {from} ({fromType}) and {to} ({toType}) are not of the same rating type: only lists of one type compare.',
    fr: 'Les listes {from} ({fromType}) et {to} ({toType}) ne sont pas du même type de cadence : seules des listes d’un même type se comparent.'
  },
  'lists.sameList': {
    en: 'A list is compared with another one: {listId} was given twice.',
    fr: 'Une liste se compare à une autre : {listId} a été donnée deux fois.'
  }
}
