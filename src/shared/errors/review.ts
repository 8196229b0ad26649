// Messages of a tournament's review (states, approval, decisions, rating from the database), in English and French.
import type { ErrorCatalogue } from './index'

export const reviewErrors: ErrorCatalogue = {
  'checks.rated': {
    en: 'Tournament {id} is rated in a published list: its checks and decisions stay as they were.',
    fr: 'Le tournoi {id} est calculé dans une liste publiée : ses contrôles et ses décisions restent tels quels.'
  },
  'checks.alreadyInState': { en: 'Tournament {id} is already {status}.', fr: 'Le tournoi {id} est déjà à l’état « {status} ».' },
  'checks.notChecked': {
    en: 'Tournament {id} has not been checked yet: run its checks before approving it.',
    fr: 'Le tournoi {id} n’a pas encore été contrôlé : lancez ses contrôles avant de l’approuver.'
  },
  'checks.openErrors': {
    en: 'Tournament {id} cannot be approved: {count} error(s) still open ({codes}). Decide them, or approve with the override of every open error and a reason.',
    fr: 'Le tournoi {id} ne peut pas être approuvé : {count} erreur(s) encore ouverte(s) ({codes}). Décidez-les, ou approuvez en passant outre chaque erreur ouverte avec un motif.'
  },
  'checks.noFindingOfRule': {
    en: 'Tournament {id} has no finding of rule {code} to decide.',
    fr: 'Le tournoi {id} n’a aucun constat de la règle {code} à décider.'
  },
  'tournaments.noStartDate': {
    en: 'Tournament {id} has no start date nor round dates: it cannot be rated.',
    fr: 'Le tournoi {id} n’a ni date de début ni dates de rondes : il ne peut pas être calculé.'
  },
  'tournaments.noListInForce': {
    en: 'Tournament {id}: no {ratingType} rating list dated on or before {date} in the database.',
    fr: 'Tournoi {id} : aucune liste de classement {ratingType} datée du {date} ou avant dans la base.'
  }
}
