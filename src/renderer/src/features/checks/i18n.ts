// Strings of the validation dashboard and of a tournament's review (the rules' titles: src/shared/finding-titles.ts).

export default {
  en: {
    checks: {
      title: 'Checks',
      intro: 'Every tournament of the period with its state, errors, warnings and decisions to take, and its list: the one that rated it, or the one it will go into. Open one to decide its findings and approve or reject it; every decision is recorded with its reason in the audit log.',
      filters: {
        all: 'All',
        by: { status: 'State', level: 'Findings', rule: 'Rule', federation: 'Federation', month: 'Month' },
        search: 'Search name, place or id',
        level: { error: 'With errors', warning: 'With warnings', open: 'With decisions to take', clean: 'Nothing to decide' }
      },
      columns: { name: 'Tournament', federation: 'Fed.', status: 'State', errors: 'Errors', warnings: 'Warnings', open: 'To decide', endDate: 'End', list: 'List' },
      listCell: { rated: '{date}, v{version}', due: '{date} (to come)' },
      count: 'no tournament | {n} tournament | {n} tournaments',
      tournamentStatus: { imported: 'imported', checked: 'checked', approved: 'approved', rejected: 'rejected', rated: 'rated' },
      unnamed: 'Tournament #{id}',
      historical: 'archive',
      noTournaments: 'No tournament matches. Import a tournament report (TRF file) or change the filters.',
      level: { error: 'Error', warning: 'Warning', info: 'Information' },
      edition: 'edition {edition}',
      decision: { accepted: 'Accepted', rejected: 'Rejected', overridden: 'Overridden' },
      decidedBy: '{by}, {at}',
      accept: 'Accept',
      reject: 'Reject',
      override: 'Override',
      recorded: 'Decision recorded.',
      bulk: {
        accepted: 'Accept the {n} undecided findings “{rule}”',
        rejected: 'Reject the {n} undecided findings “{rule}”',
        overridden: 'Override the {n} undecided findings “{rule}”',
        acceptAll: 'Accept all ({n})',
        rejectAll: 'Reject all ({n})',
        overrideAll: 'Override all ({n})'
      },
      review: {
        edition: 'Rules: {edition}',
        list: 'goes into the list of {date}',
        listRated: 'rated in the list of {date}, version {version}',
        listNone: 'in no list',
        blockingShort: '{n} error(s) open',
        blocking: '{n} error(s) are still open: approval needs each of them overridden with this reason.',
        overrideErrors: 'Override every open error with this reason',
        run: 'Run the checks',
        ran: 'Checks run again.',
        approve: 'Approve',
        reject: 'Reject',
        report: 'Check report (PDF)',
        reportOther: 'PDF in French',
        findings: 'Findings by rule',
        clean: 'No finding: the report meets every rule checked.',
        excludesGames: 'these games are not rated unless the finding is overridden',
        ask: { approve: 'Approve this tournament for rating', reject: 'Reject this tournament', facts: 'Record the tournament’s facts' }
      },
      arbiter: { none: 'No tournament in the database names this arbiter.', role: { chief: 'chief arbiter', deputy: 'deputy arbiter' } },
      place: { game: 'round {round}, player {rank}', player: 'player {rank}', rounds: 'round(s) {rounds}' },
      facts: {
        title: 'Facts given by the office',
        receivedDate: 'Report received',
        registeredDate: 'Registered with the office',
        historical: 'Archive import (no deadline checks)',
        timeControl: 'Time control',
        timeControlPlaceholder: 'Type it when the report’s cannot be read, e.g. 90 min/40 + 30 min + 30 s',
        edition: 'Rules',
        editionPlaceholder: 'In force at the start: {edition}',
        flags: 'Tournament',
        nationalChampionship: 'National championship',
        womenEvent: 'Women’s event',
        save: 'Save and run the checks'
      },
      audit: {
        title: 'Audit trail',
        tournament: { import: 'imported', replace: 'new file version', status: 'state changed', check: 'checks run', facts: 'facts changed' },
        finding: { accepted: 'finding accepted', rejected: 'finding rejected', overridden: 'finding overridden' }
      },
      dialog: {
        accepted: 'Accept this finding',
        rejected: 'Reject this finding',
        overridden: 'Override this finding',
        explainAccepted: 'The finding stands as reported (for example, the report is wrong and the game will not be rated).',
        explainRejected: 'The finding does not apply: the check was wrong for this case.',
        explainOverridden: 'The finding is right, but the office decides to rate anyway, for the reason given.',
        reason: 'Reason (recorded in the audit log)',
        reasonRequired: 'Give a reason of at least 3 characters.',
        officer: 'Decided by',
        record: 'Record the decision',
        reasonPlaceholder: 'What was checked, with whom, and why this decision',
        officerPlaceholder: 'The officer named in the settings'
      }
    }
  },
  fr: {
    checks: {
      title: 'Contrôles',
      intro: 'Chaque tournoi de la période avec son état, ses erreurs, ses avertissements, les décisions à prendre et sa liste : celle qui l’a classé, ou celle où il entrera. Ouvrez-en un pour décider de ses constats, l’approuver ou le refuser ; chaque décision est enregistrée avec son motif dans le journal d’audit.',
      filters: {
        all: 'Tous',
        by: { status: 'État', level: 'Constats', rule: 'Règle', federation: 'Fédération', month: 'Mois' },
        search: 'Chercher un nom, un lieu ou un numéro',
        level: { error: 'Avec des erreurs', warning: 'Avec des avertissements', open: 'Avec des décisions à prendre', clean: 'Rien à décider' }
      },
      columns: { name: 'Tournoi', federation: 'Féd.', status: 'État', errors: 'Erreurs', warnings: 'Avertissements', open: 'À décider', endDate: 'Fin', list: 'Liste' },
      listCell: { rated: '{date}, v{version}', due: '{date} (à venir)' },
      count: 'aucun tournoi | {n} tournoi | {n} tournois',
      tournamentStatus: { imported: 'importé', checked: 'contrôlé', approved: 'approuvé', rejected: 'refusé', rated: 'calculé' },
      unnamed: 'Tournoi n° {id}',
      historical: 'archive',
      noTournaments: 'Aucun tournoi ne correspond. Importez un rapport de tournoi (fichier TRF) ou changez les filtres.',
      level: { error: 'Erreur', warning: 'Avertissement', info: 'Information' },
      edition: 'édition {edition}',
      decision: { accepted: 'Accepté', rejected: 'Rejeté', overridden: 'Passé outre' },
      decidedBy: '{by}, {at}',
      accept: 'Accepter',
      reject: 'Rejeter',
      override: 'Passer outre',
      recorded: 'Décision enregistrée.',
      bulk: {
        accepted: 'Accepter les {n} constats non décidés « {rule} »',
        rejected: 'Rejeter les {n} constats non décidés « {rule} »',
        overridden: 'Passer outre les {n} constats non décidés « {rule} »',
        acceptAll: 'Tout accepter ({n})',
        rejectAll: 'Tout rejeter ({n})',
        overrideAll: 'Passer outre à tous ({n})'
      },
      review: {
        edition: 'Règles : {edition}',
        list: 'entre dans la liste du {date}',
        listRated: 'classé dans la liste du {date}, version {version}',
        listNone: 'dans aucune liste',
        blockingShort: '{n} erreur(s) ouverte(s)',
        blocking: '{n} erreur(s) encore ouverte(s) : l’approbation demande de passer outre à chacune avec ce motif.',
        overrideErrors: 'Passer outre à chaque erreur ouverte avec ce motif',
        run: 'Lancer les contrôles',
        ran: 'Contrôles relancés.',
        approve: 'Approuver',
        reject: 'Refuser',
        report: 'Rapport de contrôle (PDF)',
        reportOther: 'PDF en anglais',
        findings: 'Constats par règle',
        clean: 'Aucun constat : le rapport respecte toutes les règles contrôlées.',
        excludesGames: 'ces parties ne sont pas classées sauf si l’on passe outre au constat',
        ask: { approve: 'Approuver ce tournoi pour le classement', reject: 'Refuser ce tournoi', facts: 'Enregistrer les faits du tournoi' }
      },
      arbiter: { none: 'Aucun tournoi de la base ne nomme cet arbitre.', role: { chief: 'arbitre principal', deputy: 'arbitre adjoint' } },
      place: { game: 'ronde {round}, joueur {rank}', player: 'joueur {rank}', rounds: 'ronde(s) {rounds}' },
      facts: {
        title: 'Faits indiqués par le bureau',
        receivedDate: 'Rapport reçu le',
        registeredDate: 'Enregistré auprès du bureau le',
        historical: 'Import d’archive (pas de contrôle de délai)',
        timeControl: 'Cadence',
        timeControlPlaceholder: 'À saisir quand celle du rapport est illisible, p. ex. 90 min/40 + 30 min + 30 s',
        edition: 'Règles',
        editionPlaceholder: 'En vigueur au début : {edition}',
        flags: 'Tournoi',
        nationalChampionship: 'Championnat national',
        womenEvent: 'Tournoi féminin',
        save: 'Enregistrer et relancer les contrôles'
      },
      audit: {
        title: 'Journal d’audit',
        tournament: { import: 'importé', replace: 'nouvelle version du fichier', status: 'changement d’état', check: 'contrôles lancés', facts: 'faits modifiés' },
        finding: { accepted: 'constat accepté', rejected: 'constat rejeté', overridden: 'passé outre au constat' }
      },
      dialog: {
        accepted: 'Accepter ce constat',
        rejected: 'Rejeter ce constat',
        overridden: 'Passer outre ce constat',
        explainAccepted: 'Le constat est maintenu tel quel (par exemple, le rapport est faux et la partie ne sera pas classée).',
        explainRejected: 'Le constat ne s’applique pas : le contrôle était erroné dans ce cas.',
        explainOverridden: 'Le constat est juste, mais le bureau décide de classer quand même, pour le motif indiqué.',
        reason: 'Motif (enregistré dans le journal d’audit)',
        reasonRequired: 'Indiquez un motif d’au moins 3 caractères.',
        officer: 'Décidé par',
        record: 'Enregistrer la décision',
        reasonPlaceholder: 'Ce qui a été vérifié, avec qui, et pourquoi cette décision',
        officerPlaceholder: 'Le responsable indiqué dans les paramètres'
      }
    }
  }
}
