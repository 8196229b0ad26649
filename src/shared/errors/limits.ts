// Refusals of an outside file past a limit (src/main/core/limits.ts): what, where, the limit, and that nothing changed.
import type { ErrorCatalogue } from './index'

export const limitsErrors: ErrorCatalogue = {
  'limits.fileTooLarge': {
    en: '{file} is {size} MB; Rating Office reads files of this kind up to {limit} MB. Nothing was read or changed.',
    fr: '{file} fait {size} Mo ; Rating Office lit les fichiers de ce type jusqu’à {limit} Mo. Rien n’a été lu ni modifié.'
  },
  'limits.unpackedTooLarge': {
    en: '{file} would unpack to {size} MB (the largest part: {member}); Rating Office unpacks a spreadsheet up to {limit} MB. It was refused before being unpacked; nothing was changed.',
    fr: '{file} occuperait {size} Mo une fois décompressé (la plus grande partie : {member}) ; Rating Office décompresse un tableur jusqu’à {limit} Mo. Il a été refusé avant d’être décompressé ; rien n’a été modifié.'
  },
  'limits.zipLies': {
    en: 'Cannot read {file}: its part {member} unpacks to more than the {size} bytes its header declares (the file is damaged, or built to do harm). Nothing was read or changed.',
    fr: 'Impossible de lire {file} : sa partie {member} se décompresse en plus que les {size} octets annoncés par son en-tête (le fichier est endommagé, ou conçu pour nuire). Rien n’a été lu ni modifié.'
  },
  'limits.tooManyColumns': {
    en: '{file}, row {line}: the header has {found} columns; Rating Office reads at most {limit}. Remove the empty or unused columns. Nothing was read.',
    fr: '{file}, ligne {line} : l’en-tête a {found} colonnes ; Rating Office en lit au plus {limit}. Supprimez les colonnes vides ou inutiles. Rien n’a été lu.'
  },
  'limits.tooManyRows': {
    en: '{file}, line {line}: more than {limit} rows; Rating Office reads at most {limit} rows of a list or report. Nothing was read or changed.',
    fr: '{file}, ligne {line} : plus de {limit} lignes ; Rating Office lit au plus {limit} lignes d’une liste ou d’un rapport. Rien n’a été lu ni modifié.'
  },
  'limits.fieldTooLong': {
    en: '{file}, line {line}, column {column}: the {field} is {length} characters long; at most {limit} are accepted. Nothing was imported.',
    fr: '{file}, ligne {line}, colonne {column} : le champ « {field} » fait {length} caractères ; {limit} au plus sont acceptés. Rien n’a été importé.'
  },
  'limits.tooManyRounds': {
    en: '{file}, line {line}, column {column}: this player line holds {found} rounds, but the report supports at most {limit} ({why}). Nothing was imported.',
    fr: '{file}, ligne {line}, colonne {column} : cette ligne de joueur contient {found} rondes, mais le rapport en admet au plus {limit} ({why}). Rien n’a été importé.'
  }
}
