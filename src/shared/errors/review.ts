// Messages of a tournament's review (states, approval, decisions, rating from the database), in English and French.
import type { ErrorCatalogue } from './index'

export const reviewErrors: ErrorCatalogue = {
  'checks.rated': {
    en: 'Tournament {id} is rated in a published list: its checks and decisions stay as they were.',
    fr: 'Le tournoi {id} est comptabilisé dans une liste publiée : ses contrôles et ses décisions restent tels quels.'
  },
  'checks.alreadyInState': { en: 'Tournament {id} is already {status}.', fr: 'Le tournoi {id} est déjà à l’état « {status} ».' },
  'checks.notChecked': {
    en: 'Tournament {id} has not been checked yet: run its checks before approving it.',
    fr: 'Le tournoi {id} n’a pas encore été contrôlé : lancez ses contrôles avant de l’approuver.'
  },
  'checks.openErrors': {
    en: 'Tournament {id} cannot be approved: {count} {count|error|errors} still open ({codes}). {count|Decide it|Decide them}, or approve with the override of every open error and a reason.',
    fr: 'Le tournoi {id} ne peut pas être approuvé : {count} {count|erreur encore ouverte|erreurs encore ouvertes} ({codes}). {count|Décidez-la|Décidez-les}, ou approuvez en passant outre chaque erreur ouverte avec un motif.'
  },
  'checks.reasonRequired': {
    en: 'Tournament {id}: {count} {count|finding is|findings are} still to decide, so the approval needs a reason (an approval with nothing to decide takes the standard one).',
    fr: 'Tournoi {id} : {count} {count|constat reste|constats restent} à décider, l’approbation demande donc un motif (une approbation sans rien à décider prend le motif standard).'
  },
  'checks.reasonRequiredReject': {
    en: 'A rejection needs a reason: none was given for the {count} {count|tournament|tournaments} selected.',
    fr: 'Un refus demande un motif : aucun n’a été donné pour {count|le tournoi choisi|les {count} tournois choisis}.'
  },
  'checks.bulkOpen': {
    en: 'Nothing was approved: {count} {count|tournament of the selection still has|tournaments of the selection still have} findings to decide (their number after the colon): {list}. An approval in bulk decides no finding: open each one and decide its findings, or leave it out of the selection.',
    fr: 'Rien n’a été approuvé : {count} {count|tournoi de la sélection a|tournois de la sélection ont} encore des constats à décider (leur nombre après les deux-points) : {list}. Une approbation groupée ne décide aucun constat : ouvrez chacun pour décider ses constats, ou retirez-le de la sélection.'
  },
  'checks.bulkApproveState': {
    en: 'Nothing was approved: {list} cannot be approved now (already approved, not yet checked, or rated in a published list). Leave them out of the selection.',
    fr: 'Rien n’a été approuvé : {list} ne peuvent pas être approuvés maintenant (déjà approuvés, pas encore contrôlés, ou comptabilisés dans une liste publiée). Retirez-les de la sélection.'
  },
  'checks.bulkRejectState': {
    en: 'Nothing was rejected: {list} cannot be rejected now (already rejected, or rated in a published list). Leave them out of the selection.',
    fr: 'Rien n’a été refusé : {list} ne peuvent pas être refusés maintenant (déjà refusés, ou comptabilisés dans une liste publiée). Retirez-les de la sélection.'
  },
  // the reasons recorded when the officer types none (a clean approval, an identity confirmed): not errors, but the
  // office's words in its language, translated like the messages
  'checks.standardReason.cleanApproval': {
    en: 'Approved with nothing to decide: every finding decided or none raised (standard reason).',
    fr: 'Approuvé sans rien à décider : chaque constat décidé ou aucun relevé (motif standard).'
  },
  'checks.standardReason.identityConfirmed': {
    en: 'Identity confirmed: the registry player proposed is the report’s player (standard reason).',
    fr: 'Identité confirmée : le joueur du registre proposé est celui du rapport (motif standard).'
  },
  'checks.noFindingOfRule': {
    en: 'Tournament {id} has no finding “{rule}” left to decide.',
    fr: 'Le tournoi {id} n’a plus de constat « {rule} » à décider.'
  },
  'checks.ratingTypeLocked': {
    en: 'Tournament {id} is {status}: its rating type can no longer be changed. Take it back to checked first (reopen, with a reason), then change it.',
    fr: 'Le tournoi {id} est à l’état « {status} » : sa cadence ne peut plus être changée. Ramenez-le d’abord à l’état contrôlé (réouverture, avec un motif), puis changez-la.'
  },
  'checks.noRatingType': {
    en: 'Tournament {id} has no rating type: its report’s time control cannot be read and nothing else tells it. Set it (standard, rapid or blitz) before approving it; no list would take it otherwise.',
    fr: 'Le tournoi {id} n’a pas de cadence : le temps de réflexion de son rapport est illisible et rien d’autre ne l’indique. Fixez-la (standard, rapide ou blitz) avant de l’approuver ; aucune liste ne le prendrait sinon.'
  },
  'checks.ratingTypeUnchanged': {
    en: 'Tournament {id} is already rated as {ratingType}.',
    fr: 'Le tournoi {id} est déjà comptabilisé en {ratingTypeFr}.'
  },
  'checks.qcNotStandard': {
    en: 'Tournament {id} is {ratingType}: the Qualification Commission’s approval concerns the standard list only. Change its rating type to standard first.',
    fr: 'Le tournoi {id} est en {ratingTypeFr} : l’homologation de la Commission de qualification ne concerne que la liste standard. Passez d’abord sa cadence en standard.'
  },
  'checks.qcNoMark': {
    en: 'Tournament {id} has no Qualification Commission approval to take off.',
    fr: 'Le tournoi {id} n’a aucune homologation de la Commission de qualification à retirer.'
  },
  'tournaments.noStartDate': {
    en: 'Tournament {id} has no start date nor round dates: it cannot be rated.',
    fr: 'Le tournoi {id} n’a ni date de début ni dates de rondes : il ne peut pas être comptabilisé.'
  },
  'tournaments.noListInForce': {
    en: 'Tournament {id}: no {ratingType} rating list dated on or before {date} in the database.',
    fr: 'Tournoi {id} : aucune liste de classement {ratingType} datée du {date} ou avant dans la base.'
  }
}
