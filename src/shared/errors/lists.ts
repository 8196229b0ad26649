// Errors of the rating-list and archive read side, in English and French.
import type { ErrorCatalogue } from './index'

export const listsErrors: ErrorCatalogue = {
  'lists.notFound': { en: 'There is no rating list {listId}.', fr: 'Il n’existe pas de liste de classement {listId}.' },
  'archive.playerNotFound': {
    en: 'No player with {ref} in the archive.',
    fr: 'Aucun joueur avec {ref} dans l’archive.'
  }
}
