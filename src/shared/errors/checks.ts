// Messages of the regulation checks, in English and French; each cites the paragraph that raises it ({paragraph}).
import type { ErrorCatalogue } from './index'

export const checksErrors: ErrorCatalogue = {
  'check.arbiters.unknown': {
    en: 'Arbiter {name} (FIDE ID {fideId}) is not in the arbiter registry. Close names: {suggestions}. ({paragraph})',
    fr: 'L’arbitre {name} (identifiant FIDE {fideId}) est absent du registre des arbitres. Noms proches : {suggestions}. ({paragraph})'
  },
  'check.arbiters.unlicensed': {
    en: 'Arbiter {name} (FIDE ID {fideId}) holds no licence valid from {start} to {end}: {why}. ({paragraph})',
    fr: 'L’arbitre {name} (identifiant FIDE {fideId}) n’a pas de licence valable du {start} au {end} : {whyFr}. ({paragraph})'
  },
  'check.arbiters.noChief': {
    en: 'The report names no chief arbiter. ({paragraph})',
    fr: 'Le rapport ne nomme pas d’arbitre principal. ({paragraph})'
  },
  'check.duration.tooLong': {
    en: 'The tournament lasts {days} days ({start} to {end}), more than {maxDays}; rate it in {slices} monthly slices. ({paragraph})',
    fr: 'Le tournoi dure {days} jours (du {start} au {end}), plus de {maxDays} ; calculez-le en {slices} tranches mensuelles. ({paragraph})'
  },
  'check.schedule.roundsPerDay': {
    en: '{count} rounds are played on {date} (rounds {roundList}); at most {max} a day. ({paragraph})',
    fr: '{count} rondes sont jouées le {date} (rondes {roundList}) ; au plus {max} par jour. ({paragraph})'
  },
  'check.schedule.hoursPerDay': {
    en: '{hours} hours of play on {date} (rounds {roundList}, {minutes} minutes a game for 60 moves on both clocks); at most {max} hours a day. ({paragraph})',
    fr: '{hours} heures de jeu le {date} (rondes {roundList}, {minutes} minutes par partie pour 60 coups aux deux pendules) ; au plus {max} heures par jour. ({paragraph})'
  },
  'check.schedule.noRoundDates': {
    en: 'The report gives no round dates (record 132), so rounds and hours per day could not be checked. ({paragraph})',
    fr: 'Le rapport ne donne pas les dates des rondes (enregistrement 132) : les rondes et heures par jour n’ont pas pu être vérifiées. ({paragraph})'
  },
  'check.timeControl.unknown': {
    en: 'The time control “{text}” could not be read: {why}. Type it on the tournament page. ({paragraph})',
    fr: 'La cadence « {text} » n’a pas pu être lue : {whyFr}. Saisissez-la sur la page du tournoi. ({paragraph})'
  },
  'check.timeControl.tournamentBelowMinimum': {
    en: 'The time control gives {minutes} minutes per player for 60 moves; a player rated {rating} (no. {startRank}) requires {required} for the whole tournament, which cannot be rated. ({paragraph})',
    fr: 'La cadence donne {minutes} minutes par joueur pour 60 coups ; un joueur classé {rating} (no {startRank}) impose {required} minutes pour tout le tournoi, qui ne peut pas être comptabilisé. ({paragraph})'
  },
  'check.timeControl.gameBelowMinimum': {
    en: 'Round {round}, {white} – {black}: a player rated {rating} requires {required} minutes for 60 moves, the time control gives {minutes}; this game is not rated. ({paragraph})',
    fr: 'Ronde {round}, {white} – {black} : un joueur classé {rating} impose {required} minutes pour 60 coups, la cadence en donne {minutes} ; cette partie n’est pas comptabilisée. ({paragraph})'
  },
  'check.timeControl.qcApproved': {
    en: 'Approved by the Qualification Commission for the standard list ({reference}): {minutes} minutes for 60 moves, at least the {minMinutes} of 45′+30″; the minimum of the players’ ratings does not apply. ({paragraph})',
    fr: 'Homologué par la Commission de qualification pour la liste standard ({reference}) : {minutes} minutes pour 60 coups, au moins les {minMinutes} de 45′+30″ ; le minimum lié au classement des joueurs ne s’applique pas. ({paragraph})'
  },
  'check.timeControl.qcOutsideRule': {
    en: 'The Qualification Commission’s approval {reference} is recorded, but it cannot be honoured: {why}. The time control’s minimum applies. ({paragraph})',
    fr: 'L’homologation de la Commission de qualification {reference} est enregistrée, mais elle ne peut pas s’appliquer : {whyFr}. Le minimum de cadence s’applique. ({paragraph})'
  },
  'check.composition.roundRobin': {
    en: 'Round robin of {players} players with {rated} rated; at least {required} rated are required ({rule}). ({paragraph})',
    fr: 'Tournoi toutes rondes de {players} joueurs dont {rated} classés ; il en faut au moins {required} ({ruleFr}). ({paragraph})'
  },
  'check.games.unplayedRoundRobin': {
    en: 'The round robin has {count} unplayed {count|game|games}; it is rated as a Swiss tournament. ({paragraph})',
    fr: 'Le tournoi toutes rondes a {count} {count|partie non jouée|parties non jouées} ; il est comptabilisé comme un tournoi au système suisse. ({paragraph})'
  },
  'check.games.matchWithUnrated': {
    en: 'A match with an unrated player ({unrated}) is not rated. ({paragraph})',
    fr: 'Un match avec un joueur non classé ({unrated}) n’est pas comptabilisé. ({paragraph})'
  },
  'check.games.firstEventZero': {
    en: 'Unrated player {name} (no. {startRank}) scores {score} in his first event (below {below}): his games are ignored. ({paragraph})',
    fr: 'Le joueur non classé {name} (no {startRank}) marque {score} dans sa première compétition (moins de {below}) : ses parties ne sont pas prises en compte. ({paragraph})'
  },
  'check.games.ratedWithStandard': {
    en: '{name} (no. {startRank}) has no {ratingType} rating: he is rated with his standard rating {rating}, not as an unrated player (no first-event rule). ({paragraph})',
    fr: '{name} (no {startRank}) n’a pas de classement {ratingTypeFr} : il est classé avec son classement standard {rating}, pas comme un joueur non classé (pas de règle du premier tournoi). ({paragraph})'
  },
  'check.games.tooFewRatedOpponents': {
    en: 'Unrated player {name} (no. {startRank}) met {ratedOpponents} rated {ratedOpponents|opponent|opponents}; at least {required} are needed for a result. ({paragraph})',
    fr: 'Le joueur non classé {name} (no {startRank}) a rencontré {ratedOpponents} {ratedOpponents|adversaire classé|adversaires classés} ; il en faut au moins {required} pour un résultat. ({paragraph})'
  },
  'check.games.ratingGap600': {
    en: 'Round {round}, {white} ({whiteRating}) – {black} ({blackRating}): a difference of {difference} points (≥ {minDifference}) with a player above {aboveRating}; not rated. ({paragraph})',
    fr: 'Ronde {round}, {white} ({whiteRating}) – {black} ({blackRating}) : un écart de {difference} points (≥ {minDifference}) avec un joueur au-dessus de {aboveRating} ; partie non comptabilisée. ({paragraph})'
  },
  'check.games.noneRated': {
    en: 'No game of this tournament would be rated: {held} {held|game|games} held, {rated} rated. Not rated: {unknownPlayer} with a player the registry does not know (link or create him), {unrated} between players who cannot count them (unrated opponents), {unplayed} forfeited or not played, {finding} taken out by a finding, {firstEvent} in an unrated player’s first event below the threshold; {byes} {byes|round|rounds} without an opponent. ({paragraph})',
    fr: 'Aucune partie de ce tournoi ne serait comptabilisée : {held} {held|partie appariée|parties appariées}, {rated} {rated|comptabilisée|comptabilisées}. Non comptabilisées : {unknownPlayer} avec un joueur inconnu du registre (le lier ou le créer), {unrated} entre joueurs qui ne peuvent pas les compter (adversaires non classés), {unplayed} par forfait ou non jouées, {finding} retirées par un constat, {firstEvent} dans la première compétition d’un joueur non classé sous le seuil ; {byes} {byes|ronde|rondes} sans adversaire. ({paragraph})'
  },
  'check.games.fewRated': {
    en: 'Only {rated} of the {held} games held would be rated. Not rated: {unknownPlayer} with a player the registry does not know (link or create him), {unrated} between players who cannot count them (unrated opponents), {unplayed} forfeited or not played, {finding} taken out by a finding, {firstEvent} in an unrated player’s first event below the threshold; {byes} {byes|round|rounds} without an opponent. ({paragraph})',
    fr: '{rated|Seule|Seules} {rated} des {held} parties appariées {rated|serait comptabilisée|seraient comptabilisées}. Non comptabilisées : {unknownPlayer} avec un joueur inconnu du registre (le lier ou le créer), {unrated} entre joueurs qui ne peuvent pas les compter (adversaires non classés), {unplayed} par forfait ou non jouées, {finding} retirées par un constat, {firstEvent} dans la première compétition d’un joueur non classé sous le seuil ; {byes} {byes|ronde|rondes} sans adversaire. ({paragraph})'
  },
  'check.deadline.registration': {
    en: 'Registered on {registered}, {daysBefore} {daysBefore|day|days} before the start ({start}); {required} days are required. ({paragraph})',
    fr: 'Enregistré le {registered}, {daysBefore} {daysBefore|jour|jours} avant le début ({start}) ; {required} jours sont requis. ({paragraph})'
  },
  'check.deadline.report': {
    en: 'The report was received on {received}, {daysAfter} days after the end ({end}); it is due within {allowed} days. ({paragraph})',
    fr: 'Le rapport a été reçu le {received}, {daysAfter} jours après la fin ({end}) ; il est dû dans les {allowed} jours. ({paragraph})'
  },
  'check.deadline.upload': {
    en: 'Received on {received}, {daysAfter} days after the end ({end}): beyond the {allowed} days allowed for the upload. ({paragraph})',
    fr: 'Reçu le {received}, {daysAfter} jours après la fin ({end}) : au-delà des {allowed} jours accordés pour la transmission. ({paragraph})'
  },
  'check.list.late': {
    en: 'Ended on {end}, before the closing date {closingDate} of the list of {listDate}, already published: it goes to the next list, rated with the ratings at its start. ({paragraph})',
    fr: 'Terminé le {end}, avant la date de clôture {closingDate} de la liste du {listDate}, déjà publiée : il va dans la liste suivante, comptabilisé avec les classements à son début. ({paragraph})'
  }
}
