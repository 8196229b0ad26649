// Every finding's title and one-sentence explanation, in English and French: what the officer reads where the code
// (`trf.match.nameMismatch`) would otherwise show (dashboard, review, tournament page, import queue, report PDF, CLI).
export type TitleLocale = 'en' | 'fr'
export interface FindingTitle {
  title: string
  explain: string
}
type Entry = Record<TitleLocale, FindingTitle>

const e = (enTitle: string, enExplain: string, frTitle: string, frExplain: string): Entry => ({
  en: { title: enTitle, explain: enExplain },
  fr: { title: frTitle, explain: frExplain }
})

export const FINDING_TITLES: Readonly<Record<string, Entry>> = {
  // regulation checks (src/main/core/checks)
  'check.arbiters.unknown': e('Arbiter not in the registry', 'An arbiter of the report is not in the arbiter registry; check his FIDE ID.', 'Arbitre absent du registre', 'Un arbitre du rapport n’est pas dans le registre des arbitres ; vérifiez son identifiant FIDE.'),
  'check.arbiters.unlicensed': e('Arbiter without a licence', 'Every arbiter of a rated tournament must hold a licence for its dates.', 'Arbitre sans licence', 'Tout arbitre d’un tournoi comptabilisé doit avoir une licence valable à ses dates.'),
  'check.arbiters.noChief': e('No chief arbiter', 'The report names no chief arbiter, who signs the report.', 'Pas d’arbitre principal', 'Le rapport ne nomme pas d’arbitre principal, qui signe le rapport.'),
  'check.duration.tooLong': e('Tournament too long', 'The tournament lasts longer than the rules allow in one report.', 'Tournoi trop long', 'Le tournoi dure plus que les règles ne l’admettent en un seul rapport.'),
  'check.schedule.roundsPerDay': e('Too many rounds in a day', 'More rounds were played on one day than the rules allow.', 'Trop de rondes dans une journée', 'Plus de rondes ont été jouées un même jour que les règles ne l’admettent.'),
  'check.schedule.hoursPerDay': e('Too many hours of play in a day', 'The rounds of one day exceed the hours of play allowed a day.', 'Trop d’heures de jeu dans une journée', 'Les rondes d’une journée dépassent les heures de jeu admises par jour.'),
  'check.schedule.noRoundDates': e('No round dates', 'Without round dates, rounds and hours per day cannot be checked.', 'Pas de dates de rondes', 'Sans dates de rondes, les rondes et heures par jour ne peuvent pas être vérifiées.'),
  'check.timeControl.unknown': e('Time control not understood', 'The time control could not be read; type it on the tournament page.', 'Cadence non comprise', 'La cadence n’a pas pu être lue ; saisissez-la sur la page du tournoi.'),
  'check.timeControl.tournamentBelowMinimum': e('Time control below the minimum (tournament)', 'The time control is shorter than its strongest player requires: the tournament cannot be rated.', 'Cadence sous le minimum (tournoi)', 'La cadence est plus courte que ne l’exige son joueur le plus fort : le tournoi ne peut pas être comptabilisé.'),
  'check.timeControl.gameBelowMinimum': e('Time control below the minimum (game)', 'The time control is shorter than these players’ ratings require: their game is not rated.', 'Cadence sous le minimum (partie)', 'La cadence est plus courte que ne l’exigent les classements de ces joueurs : leur partie n’est pas comptabilisée.'),
  'check.composition.roundRobin': e('Round robin without enough rated players', 'A round robin needs a minimum share of rated players to be rated.', 'Toutes-rondes sans assez de joueurs classés', 'Un toutes-rondes doit compter une part minimale de joueurs classés pour être comptabilisé.'),
  'check.games.unplayedRoundRobin': e('Round robin with unplayed games', 'A round robin with unplayed games is rated as a Swiss tournament.', 'Toutes-rondes avec des parties non jouées', 'Un toutes-rondes avec des parties non jouées est comptabilisé comme un tournoi au système suisse.'),
  'check.games.matchWithUnrated': e('Match with an unrated player', 'A match in which a player is unrated is not rated.', 'Match avec un joueur non classé', 'Un match où un joueur est non classé n’est pas comptabilisé.'),
  'check.games.firstEventZero': e('First event with a zero score', 'An unrated player who scores zero in his first event: his games are not counted.', 'Premier tournoi à zéro point', 'Un non-classé qui marque zéro dans son premier tournoi : ses parties ne comptent pas.'),
  'check.games.tooFewRatedOpponents': e('Too few rated opponents', 'An unrated player met too few rated opponents for his result to count.', 'Trop peu d’adversaires classés', 'Un non-classé a rencontré trop peu d’adversaires classés pour que son résultat compte.'),
  'check.games.ratingGap600': e('Rating gap of 600 or more', 'In rapid and blitz, a game with a gap of 600 points or more against a player above 2600 is not rated.', 'Écart de classement de 600 ou plus', 'En rapide et blitz, une partie avec un écart de 600 points ou plus face à un joueur au-dessus de 2600 n’est pas comptabilisée.'),
  'check.games.noneRated': e('No game would be rated', 'Once the games the rules leave out are taken out, no game of the tournament is rated.', 'Aucune partie ne serait comptabilisée', 'Une fois écartées les parties que les règles excluent, aucune partie du tournoi n’est comptabilisée.'),
  'check.games.fewRated': e('Few of its games would be rated', 'Few games of the tournament remain rated once the rules are applied.', 'Peu de ses parties seraient comptabilisées', 'Peu de parties du tournoi restent comptabilisées une fois les règles appliquées.'),
  'check.games.ratedWithStandard': e('Rated with the standard rating', 'A player unrated on this list is rated with his standard rating, as the 2024 rapid and blitz rule says.', 'Classé avec son classement standard', 'Un joueur non classé sur cette liste est calculé avec son classement standard, comme le prévoit la règle de 2024 pour le rapide et le blitz.'),
  'check.timeControl.qcApproved': e('Approved by the Qualification Commission', 'The Qualification Commission approved this event at its time control for the standard list: the minimum is lifted within its rule.', 'Homologué par la Commission de qualification', 'La Commission de qualification a homologué ce tournoi à sa cadence pour la liste standard : le minimum est levé dans le cadre de sa règle.'),
  'check.timeControl.qcOutsideRule': e('Qualification Commission approval outside its rule', 'The approval recorded does not fit its rule (type, date, time control or rounds a day): the minimum still applies.', 'Homologation de la Commission de qualification hors de sa règle', 'L’homologation enregistrée ne répond pas à sa règle (type, date, cadence ou rondes par jour) : le minimum s’applique toujours.'),
  'check.deadline.registration': e('Registered late', 'The tournament was registered later than the rules require before its start.', 'Homologation tardive', 'Le tournoi a été homologué plus tard que les règles ne l’exigent avant son début.'),
  'check.deadline.report': e('Report late', 'The report reached the office later than the deadline after the end.', 'Rapport tardif', 'Le rapport est parvenu au bureau après le délai qui suit la fin du tournoi.'),
  'check.deadline.upload': e('Upload late', 'The report was uploaded later than the deadline after the end.', 'Envoi tardif', 'Le rapport a été envoyé après le délai qui suit la fin du tournoi.'),
  'check.list.late': e('Late for a published list', 'The tournament ended before the closing date of a list already published: it is rated on the next list.', 'En retard pour une liste publiée', 'Le tournoi s’est terminé avant la clôture d’une liste déjà publiée : il est comptabilisé dans la liste suivante.'),

  // the report file (TRF): reading
  'trf.encoding.detected': e('Encoding of the file', 'How the file’s characters and line ends were read.', 'Encodage du fichier', 'Comment les caractères et fins de ligne du fichier ont été lus.'),
  'trf.encoding.ambiguous': e('Uncertain encoding', 'Another character table could fit: check the accented names.', 'Encodage incertain', 'Une autre table de caractères pourrait convenir : vérifiez les noms accentués.'),
  'trf.lineEnding.mixed': e('Mixed line ends', 'The file mixes several kinds of line ends; it was read all the same.', 'Fins de ligne mélangées', 'Le fichier mélange plusieurs types de fins de ligne ; il a été lu quand même.'),
  'trf.line.unknown': e('Unknown line', 'A line of a kind the format does not know, kept as written.', 'Ligne inconnue', 'Une ligne d’un type que le format ne connaît pas, gardée telle quelle.'),
  'trf.record.misnumbered': e('Misnumbered player line', 'A player line does not start with 001: that player is missing.', 'Ligne de joueur mal numérotée', 'Une ligne de joueur ne commence pas par 001 : ce joueur manque.'),
  'trf.file.empty': e('Empty file', 'The file holds nothing to read.', 'Fichier vide', 'Le fichier ne contient rien à lire.'),
  'trf.limits.fileSize': e('Report too large', 'The file is larger than a tournament report is read: it is refused unread.', 'Rapport trop volumineux', 'Le fichier dépasse la taille jusqu’à laquelle un rapport est lu : il est refusé sans être lu.'),
  'trf.limits.roundsSupported': e('More rounds than the report supports', 'A player line holds more rounds than the report declares, dates or pairs in its crosstable: the report is refused.', 'Plus de rondes que le rapport n’en permet', 'Une ligne de joueur contient plus de rondes que le rapport n’en déclare, n’en date ou n’en apparie dans son tableau : le rapport est refusé.'),
  'trf.limits.rounds': e('Too many rounds', 'A player line holds more rounds than a report is read with: the report is refused.', 'Trop de rondes', 'Une ligne de joueur contient plus de rondes qu’un rapport n’en admet : le rapport est refusé.'),
  'trf.limits.line': e('Line too long', 'A line is longer than any line of a report: the report is refused.', 'Ligne trop longue', 'Une ligne est plus longue que toute ligne d’un rapport : le rapport est refusé.'),
  'trf.limits.field': e('Header text too long', 'A header record holds more text than is accepted (a tournament name, a place): the report is refused.', 'Texte d’en-tête trop long', 'Un enregistrement d’en-tête contient plus de texte qu’il n’est admis (un nom de tournoi, un lieu) : le rapport est refusé.'),
  'trf.limits.players': e('Too many players', 'The report has more players, or more rounds in all, than a report is read with: it is refused.', 'Trop de joueurs', 'Le rapport a plus de joueurs, ou plus de rondes en tout, qu’un rapport n’en admet : il est refusé.'),
  'trf.file.noPlayers': e('No players', 'The file has no player line.', 'Aucun joueur', 'Le fichier n’a aucune ligne de joueur.'),
  'trf.line.ruler': e('Column ruler skipped', 'A line of column numbers (a ruler drawn by the program) was recognised and skipped: it is not a record.', 'Règle de colonnes ignorée', 'Une ligne de numéros de colonnes (une règle tracée par le logiciel) a été reconnue et ignorée : ce n’est pas un enregistrement.'),
  'trf.header.missing': e('Missing header line', 'A header line the report needs is missing.', 'Ligne d’en-tête manquante', 'Une ligne d’en-tête nécessaire au rapport manque.'),
  'trf.header.date': e('Unreadable date', 'A date of the header cannot be read.', 'Date illisible', 'Une date de l’en-tête est illisible.'),
  'trf.header.dateOrder': e('End before start', 'The end date comes before the start date.', 'Fin avant le début', 'La date de fin précède la date de début.'),
  'trf.header.number': e('Not a whole number', 'A header line that holds a count holds something else.', 'Pas un nombre entier', 'Une ligne d’en-tête qui donne un nombre contient autre chose.'),
  'trf.header.initialColour': e('Unreadable initial colour', 'The initial colour must be W or B.', 'Couleur initiale illisible', 'La couleur initiale doit être W ou B.'),
  'trf.header.roundDate': e('Unreadable round date', 'A round date cannot be read.', 'Date de ronde illisible', 'Une date de ronde est illisible.'),
  'trf.header.ratingType': e('Rating type', 'Which list (standard, rapid, blitz) the tournament is rated on, and where that was read.', 'Cadence de classement', 'Sur quelle liste (standard, rapide, blitz) le tournoi est comptabilisé, et où cela a été lu.'),
  'trf.header.ratingTypeUnknown': e('Rating type unknown', 'The header does not tell standard, rapid or blitz.', 'Cadence de classement inconnue', 'L’en-tête ne dit pas s’il s’agit de standard, rapide ou blitz.'),
  'trf.header.ratingTypeNameDisagrees': e('Name disagrees with the time control', 'The tournament’s name suggests another rating type than its time control: the time control decides.', 'Le nom contredit la cadence', 'Le nom du tournoi évoque un autre type de classement que sa cadence : la cadence décide.'),
  'trf.header.ratingTypeFromWords': e('Rating type from words, no time control', 'No time control could be read: the rating type was taken from the report’s words; confirm it.', 'Type de classement tiré des mots, sans cadence lisible', 'Aucune cadence n’a pu être lue : le type de classement vient des mots du rapport ; confirmez-le.'),
  'trf.player.startRank': e('Unreadable start number', 'A player’s start number cannot be read.', 'Numéro de départ illisible', 'Le numéro de départ d’un joueur est illisible.'),
  'trf.player.startRankDuplicate': e('Start number used twice', 'Two players have the same start number.', 'Numéro de départ en double', 'Deux joueurs ont le même numéro de départ.'),
  'trf.player.startRankGap': e('Gap in the start numbers', 'Start numbers must run from 1 to the number of players.', 'Trou dans les numéros de départ', 'Les numéros de départ doivent aller de 1 au nombre de joueurs.'),
  'trf.player.sex': e('Unreadable sex', 'The sex must be m or w.', 'Sexe illisible', 'Le sexe doit être m ou w.'),
  'trf.player.title': e('Unknown title', 'A title the format does not know.', 'Titre inconnu', 'Un titre que le format ne connaît pas.'),
  'trf.player.name': e('Empty name', 'A player line has no name.', 'Nom vide', 'Une ligne de joueur n’a pas de nom.'),
  'trf.player.rating': e('Unreadable rating', 'A player’s rating is not a number.', 'Classement illisible', 'Le classement d’un joueur n’est pas un nombre.'),
  'trf.player.federation': e('Unknown federation code', 'A federation must be a three-letter FIDE code.', 'Code de fédération inconnu', 'Une fédération doit être un code FIDE de trois lettres.'),
  'trf.player.fideId': e('Unreadable FIDE ID', 'A player’s FIDE ID is not a number.', 'Identifiant FIDE illisible', 'L’identifiant FIDE d’un joueur n’est pas un nombre.'),
  'trf.player.birth': e('Unreadable birth date', 'A player’s birth date cannot be read.', 'Date de naissance illisible', 'La date de naissance d’un joueur est illisible.'),
  'trf.player.points': e('Unreadable points', 'A player’s points cannot be read.', 'Points illisibles', 'Les points d’un joueur sont illisibles.'),
  'trf.player.rank': e('Unreadable rank', 'A player’s rank is not a number.', 'Rang illisible', 'Le rang d’un joueur n’est pas un nombre.'),
  'trf.round.layout': e('Unreadable round', 'A round of a player line is not laid out as the format says.', 'Ronde illisible', 'Une ronde d’une ligne de joueur n’a pas la forme du format.'),
  'trf.round.opponent': e('Unknown opponent', 'A round names an opponent who is not in the file.', 'Adversaire inconnu', 'Une ronde nomme un adversaire absent du fichier.'),
  'trf.round.code': e('Unknown result code', 'A round holds a result code the format does not know.', 'Code de résultat inconnu', 'Une ronde contient un code de résultat que le format ne connaît pas.'),
  'trf.round.colour': e('Unreadable colour', 'A round’s colour cannot be read.', 'Couleur illisible', 'La couleur d’une ronde est illisible.'),
  'trf.round.selfPairing': e('Player paired with himself', 'A round pairs a player with himself.', 'Joueur apparié avec lui-même', 'Une ronde apparie un joueur avec lui-même.'),
  'trf.round.resultWithoutOpponent': e('Result without an opponent', 'A game result is given without an opponent.', 'Résultat sans adversaire', 'Un résultat de partie est donné sans adversaire.'),
  'trf.round.byeWithOpponent': e('Bye with an opponent', 'A bye is given with an opponent.', 'Exempt avec un adversaire', 'Un exempt est donné avec un adversaire.'),
  'trf.round.asymmetric': e('Pairing told differently', 'The two players of a game do not say they played each other.', 'Appariement contradictoire', 'Les deux joueurs d’une partie ne disent pas s’être rencontrés.'),
  'trf.round.colourClash': e('Both players with the same colour', 'The two players of a game give the same colour.', 'Même couleur pour les deux joueurs', 'Les deux joueurs d’une partie donnent la même couleur.'),
  'trf.round.incompatibleResult': e('Results that disagree', 'The two players of a game give results that do not fit together.', 'Résultats incompatibles', 'Les deux joueurs d’une partie donnent des résultats qui ne concordent pas.'),
  'trf.round.beyondDeclared': e('Result beyond the last round', 'A result is given in a round after the number of rounds the file declares.', 'Résultat après la dernière ronde', 'Un résultat est donné après le nombre de rondes que le fichier annonce.'),
  'trf.check.points': e('Points that disagree with the results', 'The points typed in the file differ from those of the player’s results.', 'Points en désaccord avec les résultats', 'Les points saisis diffèrent de ceux des résultats du joueur.'),
  'trf.check.rankDuplicate': e('Rank given twice', 'Two players have the same rank.', 'Rang en double', 'Deux joueurs ont le même rang.'),
  'trf.check.rankRange': e('Rank out of range', 'A rank is outside 1 to the number of players.', 'Rang hors limites', 'Un rang sort de 1 au nombre de joueurs.'),
  'trf.check.rankOrder': e('Ranks out of order', 'A player is ranked above a player with more points.', 'Rangs dans le désordre', 'Un joueur est classé devant un joueur qui a plus de points.'),
  'trf.check.playerCount': e('Number of players', 'The header announces another number of players than the file holds.', 'Nombre de joueurs', 'L’en-tête annonce un autre nombre de joueurs que le fichier n’en contient.'),
  'trf.check.ratedCount': e('Number of rated players', 'The header announces another number of rated players than the file holds.', 'Nombre de joueurs classés', 'L’en-tête annonce un autre nombre de joueurs classés que le fichier n’en contient.'),
  'trf.check.teamCount': e('Number of teams', 'The header announces another number of teams than the file holds.', 'Nombre d’équipes', 'L’en-tête annonce un autre nombre d’équipes que le fichier n’en contient.'),
  'trf.check.roundsPlayed': e('Rounds played', 'Fewer rounds have results than the file announces.', 'Rondes jouées', 'Moins de rondes ont des résultats que le fichier n’en annonce.'),
  'trf.check.roundDatesCount': e('Number of round dates', 'The round dates do not match the number of rounds.', 'Nombre de dates de rondes', 'Les dates de rondes ne correspondent pas au nombre de rondes.'),
  'trf.check.roundDatesOrder': e('Round dates out of order', 'A round is dated before the round that precedes it.', 'Dates de rondes dans le désordre', 'Une ronde est datée avant la ronde qui la précède.'),
  'trf.check.roundDatesOutside': e('Round outside the tournament', 'A round is dated outside the tournament’s start and end.', 'Ronde hors du tournoi', 'Une ronde est datée hors des dates de début et de fin du tournoi.'),
  'trf.team.member': e('Unknown team member', 'A team lists a player who is not in the file.', 'Membre d’équipe inconnu', 'Une équipe liste un joueur absent du fichier.'),
  'trf.national.unknownPlayer': e('National rating of an unknown player', 'A national rating line names a player who is not in the file.', 'Classement national d’un joueur inconnu', 'Une ligne de classement national nomme un joueur absent du fichier.'),
  'trf.bye.layout': e('Unreadable bye line', 'A bye line cannot be read.', 'Ligne d’exempt illisible', 'Une ligne d’exempt est illisible.'),
  'trf.bye.unknownPlayer': e('Bye of an unknown player', 'A bye names a player who is not in the file.', 'Exempt d’un joueur inconnu', 'Un exempt nomme un joueur absent du fichier.'),
  'trf.repair.decimalComma': e('Decimal comma', 'Points written with a comma were read as decimals.', 'Virgule décimale', 'Les points écrits avec une virgule ont été lus comme des décimales.'),
  'trf.repair.emptyRank': e('Empty ranks', 'The rank column is empty; the ranks were not read.', 'Rangs vides', 'La colonne des rangs est vide ; les rangs n’ont pas été lus.'),
  'trf.repair.zeroRank': e('Rank 0', 'A rank of 0 was read as “not ranked”.', 'Rang 0', 'Un rang 0 a été lu comme « non classé ».'),
  'trf.repair.titleLetters': e('Titles in letters', 'Titles written in another form were read as FIDE titles.', 'Titres en lettres', 'Des titres écrits autrement ont été lus comme titres FIDE.'),
  'trf.repair.sexLetter': e('Sex in another letter', 'The sex written in another letter was read as m or w.', 'Sexe dans une autre lettre', 'Le sexe écrit avec une autre lettre a été lu m ou w.'),
  'trf.repair.birthDate': e('Birth dates in another form', 'Birth dates written in another form were read as dates.', 'Dates de naissance dans une autre forme', 'Des dates de naissance écrites autrement ont été lues comme dates.'),
  'trf.repair.birthYearOnly': e('Birth year only', 'Only the year of birth is given.', 'Année de naissance seule', 'Seule l’année de naissance est donnée.'),
  'trf.repair.blankBirthDate': e('Blank birth date', 'A placeholder birth date was read as no date.', 'Date de naissance vide', 'Une date de naissance de remplissage a été lue comme absente.'),
  'trf.repair.headerDate': e('Date in another form', 'A header date written in another form was read.', 'Date dans une autre forme', 'Une date d’en-tête écrite autrement a été lue.'),
  'trf.repair.twoDigitYear': e('Two-digit year', 'A year written with two digits was read with four.', 'Année à deux chiffres', 'Une année écrite sur deux chiffres a été lue sur quatre.'),
  'trf.repair.roundDate': e('Round dates in another form', 'Round dates written in another form were read.', 'Dates de rondes dans une autre forme', 'Des dates de rondes écrites autrement ont été lues.'),
  'trf.repair.headerNumber': e('Number in another form', 'A header number written in another form was read.', 'Nombre dans une autre forme', 'Un nombre d’en-tête écrit autrement a été lu.'),
  'trf.repair.comment': e('Comment lines', 'Comment lines in another form were kept as comments.', 'Lignes de commentaire', 'Des lignes de commentaire d’une autre forme ont été gardées comme commentaires.'),
  'trf.repair.colourCase': e('Colours in capitals', 'Colours written in capitals were read.', 'Couleurs en majuscules', 'Des couleurs écrites en majuscules ont été lues.'),
  'trf.repair.resultCode': e('Result codes in another form', 'Result codes of another program were read as the format’s.', 'Codes de résultat dans une autre forme', 'Des codes de résultat d’un autre programme ont été lus comme ceux du format.'),
  'trf.repair.byeAsResult': e('Bye written as a result', 'A bye written as a game result was read as a bye.', 'Exempt écrit comme un résultat', 'Un exempt écrit comme un résultat de partie a été lu comme un exempt.'),
  'trf.repair.halfByeDialect': e('Half-point byes', 'Rounds written in another program’s form were scored as half-point byes.', 'Exempts à un demi-point', 'Des rondes écrites à la façon d’un autre programme ont été comptées comme exempts à un demi-point.'),
  'trf.repair.byeScoring': e('How byes are scored', 'How the points column counts byes.', 'Décompte des exempts', 'Comment la colonne des points compte les exempts.'),
  'trf.import.refused': e('Import refused', 'Errors in the file prevent its import.', 'Import refusé', 'Des erreurs du fichier empêchent son import.'),
  'trf.import.duplicate': e('Already imported', 'The same file was already imported.', 'Déjà importé', 'Le même fichier a déjà été importé.'),
  'trf.import.unreadable': e('File cannot be read', 'The file could not be opened.', 'Fichier illisible', 'Le fichier n’a pas pu être ouvert.'),

  // the report's players against the registry (tournaments/match.ts)
  'trf.match.nameMismatch': e('Name differs from the registry', 'The player’s name in the file is not the registry’s for his FIDE ID: confirm it is the same player.', 'Nom différent du registre', 'Le nom du joueur dans le fichier n’est pas celui du registre pour son identifiant FIDE : confirmez qu’il s’agit du même joueur.'),
  'trf.match.birthMismatch': e('Birth date differs from the registry', 'The birth date in the file is not the registry’s.', 'Date de naissance différente du registre', 'La date de naissance du fichier n’est pas celle du registre.'),
  'trf.match.sexMismatch': e('Sex differs from the registry', 'The sex in the file is not the registry’s.', 'Sexe différent du registre', 'Le sexe du fichier n’est pas celui du registre.'),
  'trf.match.federationMismatch': e('Federation differs from the registry', 'The federation in the file is not the registry’s.', 'Fédération différente du registre', 'La fédération du fichier n’est pas celle du registre.'),
  'trf.match.ratingMismatch': e('Rating differs from the list', 'The rating typed in the file is not the one of the list in force: the list’s is used.', 'Classement différent de la liste', 'Le classement saisi dans le fichier n’est pas celui de la liste en vigueur : celui de la liste est retenu.'),
  'trf.match.candidate': e('Possible registry player', 'A player without a FIDE ID looks like a registry player: confirm or reject the match.', 'Joueur du registre possible', 'Un joueur sans identifiant FIDE ressemble à un joueur du registre : confirmez ou rejetez.'),
  'trf.match.unknownId': e('FIDE ID not in the registry', 'The player’s FIDE ID is not in the registry: he is proposed as a new player.', 'Identifiant FIDE absent du registre', 'L’identifiant FIDE du joueur n’est pas dans le registre : il est proposé comme nouveau joueur.'),
  'trf.match.noCandidate': e('No registry player found', 'A player without a FIDE ID matches no registry player.', 'Aucun joueur du registre trouvé', 'Un joueur sans identifiant FIDE ne correspond à aucun joueur du registre.')
}

/** A finding's title in a language; an unknown code (a newer database) is shown as it is. */
export function findingTitle(code: string, locale: TitleLocale): string {
  return FINDING_TITLES[code]?.[locale].title ?? code
}

/** The titles of findings in both languages, joined by commas: an error's parameter, the message's language chosen
 *  where it is shown (translateError). */
export function findingTitlesText(codes: readonly string[]): Record<TitleLocale, string> {
  return { en: codes.map((c) => findingTitle(c, 'en')).join(', '), fr: codes.map((c) => findingTitle(c, 'fr')).join(', ') }
}

/** A finding's one-sentence explanation, or '' for an unknown code. */
export function findingExplanation(code: string, locale: TitleLocale): string {
  return FINDING_TITLES[code]?.[locale].explain ?? ''
}
