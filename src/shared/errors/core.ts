// Errors of the frame: database, contract validation, jobs.
import type { ErrorCatalogue } from './index'

export const coreErrors: ErrorCatalogue = {
  'db.cannotOpen': {
    en: 'Cannot open the database {file}: {reason}',
    fr: 'Impossible d’ouvrir la base de données {file} : {reason}'
  },
  'db.tooNew': {
    en: 'The database {file} was written by a newer version of Rating Office (schema {version}; this version knows up to {latest}). Update the application; the file was not changed.',
    fr: 'La base de données {file} a été écrite par une version plus récente de Rating Office (schéma {version} ; cette version connaît jusqu’au {latest}). Mettez l’application à jour ; le fichier n’a pas été modifié.'
  },
  'db.needsUpgrade': {
    en: 'The database {file} uses schema {version} and must be upgraded to {latest}, which a read-only opening cannot do.',
    fr: 'La base de données {file} utilise le schéma {version} et doit être mise à niveau vers le {latest}, ce qu’une ouverture en lecture seule ne permet pas.'
  },
  'db.archiveMissing': {
    en: 'The archive file {file} (the published lists from {first} to {last}) is missing: put it back from the backup folder, or restore a backup; the database was not opened.',
    fr: 'Le fichier d’archive {file} (les listes publiées du {first} au {last}) est introuvable : remettez-le depuis le dossier des sauvegardes, ou restaurez une sauvegarde ; la base n’a pas été ouverte.'
  },
  'db.archiveDamaged': {
    en: 'The archive file {file} (the published lists from {first} to {last}) cannot be read ({reason}): put back its copy from the backup folder, or restore a backup; the database was not opened.',
    fr: 'Le fichier d’archive {file} (les listes publiées du {first} au {last}) est illisible ({reason}) : remettez sa copie depuis le dossier des sauvegardes, ou restaurez une sauvegarde ; la base n’a pas été ouverte.'
  },
  'db.archiveForm': {
    en: 'The archive file {file} does not hold the table {table} as this database does (expected the columns {expected}; found {found}): the database was not opened.',
    fr: 'Le fichier d’archive {file} ne contient pas la table {table} comme cette base (colonnes attendues : {expected} ; trouvées : {found}) : la base n’a pas été ouverte.'
  },
  'db.archiveCopyDiffers': {
    en: 'The copy of the archive file {file} is not that file (its SHA-256 is {sha256}; {recorded} was recorded when it was sealed): nothing was kept under its name.',
    fr: 'La copie du fichier d’archive {file} n’est pas ce fichier (son SHA-256 est {sha256} ; {recorded} a été enregistré quand il a été scellé) : rien n’a été conservé sous son nom.'
  },
  'db.restoreArchiveMissing': {
    en: 'The backup {file} records the archive file {archive} (the published lists from {first} to {last}), which is neither in the database’s archive folder nor, intact, in {folder}: nothing was restored and the database is unchanged.',
    fr: 'La sauvegarde {file} fait référence au fichier d’archive {archive} (les listes publiées du {first} au {last}), qui n’est ni dans le dossier d’archive de la base ni, intact, dans {folder} : rien n’a été restauré et la base est inchangée.'
  },
  'db.backupMissing': {
    en: 'No backup file at {file}.',
    fr: 'Aucune sauvegarde à l’emplacement {file}.'
  },
  'db.notADatabase': {
    en: '{file} is not a Rating Office database: {reason}',
    fr: '{file} n’est pas une base de données Rating Office : {reason}'
  },
  'db.backupExists': {
    en: 'A file already exists at {file}: choose another name; nothing was written.',
    fr: 'Un fichier existe déjà à l’emplacement {file} : choisissez un autre nom ; rien n’a été écrit.'
  },
  'db.backupUnverified': {
    en: 'The backup {file} failed its verification ({problems}) and was not kept.',
    fr: 'La sauvegarde {file} n’a pas passé la vérification ({problems}) et n’a pas été conservée.'
  },
  'db.backupDamaged': {
    en: 'The backup {file} is damaged ({problems}): it was not restored and the database is unchanged.',
    fr: 'La sauvegarde {file} est endommagée ({problems}) : elle n’a pas été restaurée et la base est inchangée.'
  },
  'db.restoreEmpty': {
    en: '{file} is empty (it holds no table): it is not a Rating Office backup. Nothing was restored and the database is unchanged.',
    fr: '{file} est vide (il ne contient aucune table) : ce n’est pas une sauvegarde de Rating Office. Rien n’a été restauré et la base est inchangée.'
  },
  'db.restoreForeign': {
    en: '{file} is a database of another application (its SQLite application id is {applicationId}; Rating Office’s is {ours}): it is not a Rating Office backup. Nothing was restored and the database is unchanged.',
    fr: '{file} est une base de données d’une autre application (son identifiant d’application SQLite est {applicationId} ; celui de Rating Office est {ours}) : ce n’est pas une sauvegarde de Rating Office. Rien n’a été restauré et la base est inchangée.'
  },
  'db.restoreNotOffice': {
    en: '{file} is a SQLite database without Rating Office’s tables ({missing} missing, schema version {version}): it is not a Rating Office backup. Nothing was restored and the database is unchanged.',
    fr: '{file} est une base SQLite sans les tables de Rating Office ({missing} absente(s), version de schéma {version}) : ce n’est pas une sauvegarde de Rating Office. Rien n’a été restauré et la base est inchangée.'
  },
  'db.busy': {
    en: 'The database {file} is busy: another session (a command, another window or a server) is writing to it, and this change could not wait any longer. Nothing of it was kept: do it again once the other one has finished.',
    fr: 'La base {file} est occupée : une autre session (une commande, une autre fenêtre ou un serveur) y écrit, et cette modification n’a pas pu attendre plus longtemps. Rien n’en a été conservé : refaites-la quand l’autre aura terminé.'
  },
  'db.busyHeld': {
    en: 'The database {file} is busy: the Rating Office session of process {pid} on {host} (open since {since}) is writing to it, and this change could not wait any longer. Nothing of it was kept: do it again once that session has finished its work.',
    fr: 'La base {file} est occupée : la session de Rating Office du processus {pid} sur {host} (ouverte depuis {since}) y écrit, et cette modification n’a pas pu attendre plus longtemps. Rien n’en a été conservé : refaites-la quand cette session aura terminé son travail.'
  },
  'db.busyWriter': {
    en: 'The database {file} is busy: {what} started at {since} by {by} (process {pid} on {host}) is writing to it, and this change could not wait any longer. Nothing of it was kept: do it again once that one has finished.',
    fr: 'La base {file} est occupée : une tâche en cours y écrit ({what}, lancée à {since} par {by}, processus {pid} sur {host}), et cette modification n’a pas pu attendre plus longtemps. Rien n’en a été conservé : refaites-la quand cette tâche sera terminée.'
  },
  'db.writerWaiting': {
    en: 'Waiting for {what} started at {since} by {by} (process {pid} on {host}) to finish…',
    fr: 'En attente de la fin d’une tâche en cours ({what}, lancée à {since} par {by}, processus {pid} sur {host})…'
  },
  'db.writerWaitingSession': {
    en: 'Waiting for the write of another Rating Office session (process {pid} on {host}, open since {since}) to finish…',
    fr: 'En attente de la fin de l’écriture d’une autre session de Rating Office (processus {pid} sur {host}, ouverte depuis {since})…'
  },
  'db.writerWaitingOther': {
    en: 'Waiting for another write to the database to finish…',
    fr: 'En attente de la fin d’une autre écriture dans la base…'
  },
  'db.writerTimedOut': {
    en: 'The database {file} is busy: {what} started at {since} by {by} (process {pid} on {host}) has not finished after {minutes} minutes of waiting. Nothing of this change was done: do it again once that one has finished.',
    fr: 'La base {file} est occupée : la tâche en cours ({what}, lancée à {since} par {by}, processus {pid} sur {host}) n’est pas terminée après {minutes} minutes d’attente. Rien de cette modification n’a été fait : refaites-la quand cette tâche sera terminée.'
  },
  'db.writer.other': { en: 'a write', fr: 'une écriture' },
  'db.writer.registry.importList': { en: 'the FIDE list import', fr: 'l’import de la liste FIDE' },
  'db.writer.registry.importNational': { en: 'the national list import', fr: 'l’import de la liste nationale' },
  'db.writer.registry.scanDuplicates': { en: 'the duplicate search', fr: 'la recherche de doublons' },
  'db.writer.demo.load': { en: 'the demo’s loading', fr: 'le chargement de la démonstration' },
  'db.writer.lists.generate': { en: 'the list generation', fr: 'la génération de la liste' },
  'db.writer.lists.generateCopy': { en: 'the safety copy of the draft just generated', fr: 'la copie de sécurité du projet qui vient d’être généré' },
  'db.writer.lists.correctPreview': { en: 'the preview of a list correction', fr: 'l’aperçu d’une correction de liste' },
  'db.writer.lists.previewCopy': { en: 'the safety copy of the correction just previewed', fr: 'la copie de sécurité de la correction qui vient d’être prévisualisée' },
  'db.writer.lists.publish': { en: 'the list publication', fr: 'la publication de la liste' },
  'db.writer.lists.correct': { en: 'the list correction', fr: 'la correction de la liste' },
  'db.writer.system.backup': { en: 'the recording of the published lists’ checksums before a backup', fr: 'l’enregistrement des sommes de contrôle des listes publiées avant une sauvegarde' },
  'db.writer.tournaments.import': { en: 'the import of tournament reports', fr: 'l’import de rapports de tournoi' },
  'db.diskFull': {
    en: 'The disk is full: the database {file} could not be written ({reason}). Nothing of this change was kept. Free some space on the disk, then do it again.',
    fr: 'Le disque est plein : la base {file} n’a pas pu être écrite ({reason}). Rien de cette modification n’a été conservé. Libérez de la place sur le disque, puis recommencez.'
  },
  'db.dailyBackupFailed': {
    en: 'Today’s automatic backup into {folder} failed: {reason}',
    fr: 'La sauvegarde automatique du jour dans {folder} a échoué : {reason}'
  },
  'db.restoreBusy': {
    en: 'A background task is running: wait for it to finish, then restore.',
    fr: 'Une tâche de fond est en cours : attendez qu’elle se termine, puis restaurez.'
  },
  'db.restoreInUse': {
    en: 'The database {file} is open in another session (another window, a command or a server): close it, then restore. Nothing was changed.',
    fr: 'La base {file} est ouverte dans une autre session (une autre fenêtre, une commande ou un serveur) : fermez-la, puis restaurez. Rien n’a été modifié.'
  },
  'db.restoring': {
    en: 'The database is being restored: try again in a moment.',
    fr: 'La base est en cours de restauration : réessayez dans un instant.'
  },
  'db.rewriting': {
    en: 'A sealed period’s archive file is being written anew for a merge: try again when it is done.',
    fr: 'Le fichier d’archive d’une période scellée est en cours de réécriture pour une fusion : réessayez quand ce sera fini.'
  },
  'db.sealing': {
    en: 'A period of published lists is being sealed into its archive file: try again when it is done.',
    fr: 'Une période de listes publiées est en cours de scellement dans son fichier d’archive : réessayez quand ce sera fini.'
  },
  'db.open.inUse': {
    en: 'Another Rating Office session (process {pid} on {host}, since {since}) has this database open. Both can work on it; a restore or an upgrade waits until the other one is closed.',
    fr: 'Une autre session de Rating Office (processus {pid} sur {host}, depuis {since}) a cette base ouverte. Les deux peuvent y travailler ; une restauration ou une mise à niveau attend que l’autre soit fermée.'
  },
  'db.open.strayArchive': {
    en: 'A sealing of published lists was interrupted last time: the archive file {file} it had written was never recorded, and was removed. Its lists are still in the database, unchanged.',
    fr: 'Le scellement de listes publiées a été interrompu la dernière fois : le fichier d’archive {file} qu’il avait écrit n’a jamais été enregistré, et a été supprimé. Ses listes sont toujours dans la base, inchangées.'
  },
  'db.open.recovered': {
    en: 'Rating Office was not closed properly last time (stopped while writing to {file}). Every change that was completed has been recovered; a change that was interrupted was discarded as a whole. Check that your last operation is there, and do it again if not.',
    fr: 'Rating Office n’a pas été fermé correctement la dernière fois (arrêt pendant une écriture dans {file}). Toutes les modifications terminées ont été récupérées ; une modification interrompue a été abandonnée en entier. Vérifiez que votre dernière opération est présente, et refaites-la sinon.'
  },
  'db.open.staleLock': {
    en: 'Rating Office was not closed properly last time (process {pid}, since {since}); its lock on {file} has been released. No change was lost.',
    fr: 'Rating Office n’a pas été fermé correctement la dernière fois (processus {pid}, depuis {since}) ; son verrou sur {file} a été libéré. Aucune modification n’a été perdue.'
  },
  'db.open.damaged': {
    en: 'The database {file} is damaged ({count} problems found by SQLite’s check: {problems}). Do not keep working in it: restore the latest backup (Settings → Backups, or `rating-office db restore FILE`) after keeping a copy of this file, then redo the work done since that backup.',
    fr: 'La base de données {file} est endommagée ({count} problèmes trouvés par la vérification de SQLite : {problems}). N’y travaillez plus : restaurez la dernière sauvegarde (Paramètres → Sauvegardes, ou `rating-office db restore FICHIER`) après avoir gardé une copie de ce fichier, puis refaites le travail fait depuis cette sauvegarde.'
  },
  'db.open.notChecked': {
    en: 'The database {file} ({megabytes} MB) was not walked for damage on opening, to keep this command quick: `rating-office db check` walks it (the desktop app and browser mode do it in the background each time they start).',
    fr: 'La base de données {file} ({megabytes} Mo) n’a pas été parcourue à l’ouverture pour y chercher des dommages, afin que cette commande reste rapide : `rating-office db check` la parcourt (l’application et le mode navigateur le font en arrière-plan à chaque démarrage).'
  },
  'db.open.foreignKeys': {
    en: 'The database {file} holds {count} rows that point to rows that no longer exist ({tables}). It was changed outside Rating Office or damaged: restore the latest backup (Settings → Backups, or `rating-office db restore FILE`), or run `rating-office db check` for the full list.',
    fr: 'La base de données {file} contient {count} lignes qui renvoient à des lignes qui n’existent plus ({tables}). Elle a été modifiée hors de Rating Office ou endommagée : restaurez la dernière sauvegarde (Paramètres → Sauvegardes, ou `rating-office db restore FICHIER`), ou lancez `rating-office db check` pour la liste complète.'
  },
  'contract.unknownCall': {
    en: 'Unknown call “{name}”.',
    fr: 'Appel inconnu « {name} ».'
  },
  'contract.invalidInput': {
    en: 'Invalid input for {name}: {issues}',
    fr: 'Données invalides pour {name} : {issues}'
  },
  'contract.readOnly': {
    en: 'This archive is served read-only; “{name}” changes data and is refused.',
    fr: 'Cette archive est servie en lecture seule ; « {name} » modifie des données et est refusé.'
  },
  'contract.unauthorized': {
    en: 'A valid access token is required.',
    fr: 'Un jeton d’accès valide est requis.'
  },
  'contract.foreignSender': {
    en: 'Refused: the call did not come from the application’s own window ({url}).',
    fr: 'Refusé : l’appel ne vient pas de la fenêtre de l’application ({url}).'
  },
  'contract.tooManyAttempts': {
    en: 'Too many wrong access tokens: try again in a minute.',
    fr: 'Trop de jetons d’accès erronés : réessayez dans une minute.'
  },
  'contract.crossOrigin': {
    en: 'Refused: the request came from another site’s page.',
    fr: 'Refusé : la demande vient de la page d’un autre site.'
  },
  'internal': {
    en: 'Unexpected error: {message}',
    fr: 'Erreur inattendue : {message}'
  },
  'jobs.unknownKind': { en: 'Unknown job kind “{kind}”.', fr: 'Type de tâche inconnu « {kind} ».' },
  'jobs.invalidInput': { en: 'The input of the job “{kind}” is not valid: {issues}', fr: 'Les données de la tâche « {kind} » ne sont pas valides : {issues}' },
  'jobs.notFound': { en: 'No job {jobId}.', fr: 'Aucune tâche {jobId}.' },
  'jobs.cancelled': { en: 'The job was cancelled.', fr: 'La tâche a été annulée.' },
  'jobs.workerCrashed': { en: 'The worker stopped unexpectedly: {reason}', fr: 'Le processus de calcul s’est arrêté de façon inattendue : {reason}' },
  'settings.unknownKey': { en: 'Unknown setting “{key}”.', fr: 'Paramètre inconnu « {key} ».' },
  'settings.logoEmpty': { en: 'The logo file is empty.', fr: 'Le fichier du logo est vide.' },
  'settings.logoTooLarge': {
    en: 'The logo is {kb} KB; at most {max} KB is accepted (a printed list shows it small: save a smaller image).',
    fr: 'Le logo fait {kb} Ko ; {max} Ko au plus sont acceptés (une liste imprimée le montre petit : enregistrez une image plus petite).'
  },
  'settings.logoNotImage': {
    en: 'The logo must be a PNG or JPEG image; this file is neither.',
    fr: 'Le logo doit être une image PNG ou JPEG ; ce fichier n’est ni l’un ni l’autre.'
  },
  'settings.logoUnreadable': {
    en: 'The logo image cannot be read ({reason}); save it again as PNG or JPEG.',
    fr: 'L’image du logo est illisible ({reason}) ; enregistrez-la de nouveau en PNG ou JPEG.'
  }
}
