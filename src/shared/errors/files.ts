// Errors of files coming in: handles, uploads and the open dialog.
import type { ErrorCatalogue } from './index'

export const filesErrors: ErrorCatalogue = {
  'files.unknownHandle': {
    en: 'This file is no longer available (it was already imported, or the application restarted): choose the {kind} file again.',
    fr: 'Ce fichier n’est plus disponible (il a déjà été importé, ou l’application a redémarré) : choisissez de nouveau le fichier ({kind}).'
  },
  'files.tooLarge': {
    en: 'The file is larger than a {kind} file can be ({limit}): nothing was kept.',
    fr: 'Le fichier dépasse la taille possible d’un fichier {kind} ({limit}) : rien n’a été conservé.'
  },
  'files.tooManyUploads': {
    en: 'Files uploaded and not yet imported already take {limit}: import or restart before sending more.',
    fr: 'Les fichiers envoyés et pas encore importés occupent déjà {limit} : importez-les ou redémarrez avant d’en envoyer d’autres.'
  },
  'files.uploadFailed': {
    en: 'The upload of {fileName} did not complete ({reason}): nothing was kept; send it again.',
    fr: 'L’envoi de {fileName} n’a pas abouti ({reason}) : rien n’a été conservé ; envoyez-le de nouveau.'
  },
  'files.empty': {
    en: '{fileName} is empty.',
    fr: '{fileName} est vide.'
  },
  'files.noOpenDialog': {
    en: 'Choosing a file on this machine is for the desktop app; here ({host}) the browser uploads it.',
    fr: 'Le choix d’un fichier de cette machine est réservé à l’application de bureau ; ici ({host}), le navigateur l’envoie.'
  }
}
