// The audit log read as sentences ("Published the standard list of 1 October 2025, version 1") in English and French,
// and where each entry leads (the list, the tournament, the player it names). Pure: the row and what it names in.
import type { AuditRow } from './contract/audit'
import { formatCount, formatDay } from './formats'
import { RATING_TYPE_IN_TEXT, TOURNAMENT_STATUS } from './words'

export type SentenceLocale = 'en' | 'fr'

const RATING_TYPE: Record<SentenceLocale, Record<string, string>> = RATING_TYPE_IN_TEXT

const STATUS: Record<SentenceLocale, Record<string, string>> = TOURNAMENT_STATUS

/** A day in words ("1 October 2025", "1er octobre 2025"); never an ISO date in a sentence. */
export function dayInWords(iso: string, locale: SentenceLocale): string {
  return formatDay(iso.slice(0, 10), locale)
}

type Templates = Record<string, Record<SentenceLocale, string>>

/** Each action's sentence; {list}, {tournament}, {player}, {name}, {to}, {pairs}, {players} are filled from the row. */
export const AUDIT_SENTENCES: Templates = {
  'list.import': { en: 'Imported the {list}', fr: 'Import de la {list}' },
  'list.generate': { en: 'Generated the draft {list}', fr: 'Calcul du projet de {list}' },
  'list.publish': { en: 'Published the {list}', fr: 'Publication de la {list}' },
  'list.correct': { en: 'Corrected the {list}', fr: 'Correction de la {list}' },
  'duplicates.scan': { en: 'Looked for duplicate players ({pairs})', fr: 'Recherche des doublons de joueurs ({pairs})' },
  'duplicate.dismiss': { en: 'Dismissed a possible duplicate', fr: 'Doublon possible écarté' },
  'player.create': { en: 'Created the player {player}', fr: 'Création du joueur {player}' },
  'player.update': { en: 'Edited the player {player}', fr: 'Modification du joueur {player}' },
  'player.merge': { en: 'Merged a duplicate into the player {player}', fr: 'Fusion d’un doublon dans le joueur {player}' },
  'player.merge.undo': { en: 'Undid a merge into the player {player}', fr: 'Annulation d’une fusion dans le joueur {player}' },
  'arbiter.create': { en: 'Added the arbiter {player}', fr: 'Ajout de l’arbitre {player}' },
  'arbiter.update': { en: 'Edited the arbiter {player}', fr: 'Modification de l’arbitre {player}' },
  'rating-profile.create': { en: 'Created the rule set {name}', fr: 'Création du jeu de règles {name}' },
  'rating-profile.update': { en: 'Edited the rule set {name}', fr: 'Modification du jeu de règles {name}' },
  'rating-profile.delete': { en: 'Deleted the rule set {name}', fr: 'Suppression du jeu de règles {name}' },
  'tournament.import': { en: 'Imported the tournament {tournament}', fr: 'Import du tournoi {tournament}' },
  'tournament.replace': { en: 'Replaced the report of the tournament {tournament}', fr: 'Remplacement du rapport du tournoi {tournament}' },
  'tournament.correct': { en: 'Corrected the tournament {tournament}', fr: 'Correction du tournoi {tournament}' },
  'tournament.status': { en: 'Marked the tournament {tournament} {to}', fr: 'Passage du tournoi {tournament} à l’état «\u00a0{to}\u00a0»' },
  'tournament.check': { en: 'Checked the tournament {tournament} against the rules', fr: 'Contrôle du tournoi {tournament} selon les règles' },
  'tournament.facts': { en: 'Recorded facts of the tournament {tournament}', fr: 'Enregistrement de faits du tournoi {tournament}' },
  'tournament-player.confirm': { en: 'Confirmed the identity of {name}', fr: 'Confirmation de l’identité de {name}' },
  'tournament-player.link': { en: 'Linked {name} to a registry player', fr: 'Rapprochement de {name} avec un joueur du registre' },
  'tournament-player.create': { en: 'Created {name} as a new player', fr: 'Création de {name} comme nouveau joueur' },
  'tournament-player.reject': { en: 'Rejected the proposed match for {name}', fr: 'Refus du rapprochement proposé pour {name}' },
  'finding.accepted': { en: 'Accepted a finding of the tournament {tournament}', fr: 'Acceptation d’un constat du tournoi {tournament}' },
  'finding.rejected': { en: 'Rejected a finding of the tournament {tournament}', fr: 'Rejet d’un constat du tournoi {tournament}' },
  'site.build': { en: 'Built the public website ({players})', fr: 'Construction du site public ({players})' },
  'archive.seal': { en: 'Sealed the lists dated {period} into the archive file {file} ({count})', fr: 'Scellement des listes datées {period} dans le fichier d’archive {file} ({count})' },
  'archive.merge-periods': {
    en: 'Merged the sealed periods {period} into the archive file {file}',
    fr: 'Fusion des périodes scellées {period} dans le fichier d’archive {file}'
  },
  'archive.rewrite': {
    en: 'Wrote the archive file {file} anew: the entries of {count} moved from one player record to another',
    fr: 'Réécriture du fichier d’archive {file} : les entrées de {count} passées d’une fiche de joueur à une autre'
  },
  'site.privacy': { en: 'Changed what the public website shows', fr: 'Modification de ce que le site public montre' },
  'finding.overridden': { en: 'Overrode a finding of the tournament {tournament}', fr: 'Décision de passer outre à un constat du tournoi {tournament}' }
}

function record(x: unknown): Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {}
}

/** "standard list of 1 October 2025, version 1" ("liste standard du 1er octobre 2025, version 1"). */
function listWords(row: AuditRow, locale: SentenceLocale): string {
  const s = row.subject
  const data = record(row.data)
  const date = s?.listDate ?? (typeof data.listDate === 'string' ? data.listDate : null)
  const type = s?.ratingType ?? (typeof data.ratingType === 'string' ? data.ratingType : null)
  const t = type ? (RATING_TYPE[locale][type] ?? type) : null
  const v = s?.version ?? null
  if (locale === 'fr') return `liste${t ? ` ${t}` : ''}${date ? ` du ${dayInWords(date, locale)}` : ''}${v !== null ? `, version ${v}` : ''}`
  return `${t ? `${t} ` : ''}list${date ? ` of ${dayInWords(date, locale)}` : ''}${v !== null ? `, version ${v}` : ''}`
}

/** "1 new pair", "2 new pairs"; French takes the singular for 0 and 1 ("0 nouvelle paire"). */
function countWords(n: number, locale: SentenceLocale, words: Record<SentenceLocale, [string, string]>): string {
  const singular = locale === 'fr' ? n <= 1 : n === 1
  return `${formatCount(n, locale)} ${words[locale][singular ? 0 : 1]}`
}

/** An entry as one sentence in the officer's language, naming what it concerns. */
export function auditSentence(row: AuditRow, locale: SentenceLocale): string {
  const template = AUDIT_SENTENCES[row.action]?.[locale]
  const s = row.subject
  const data = record(row.data)
  const quoted = (x: string | null | undefined, fallback: string): string => (x ? (locale === 'fr' ? `«\u00a0${x}\u00a0»` : `“${x}”`) : fallback)
  const number = row.entityId ? ` ${row.entityId}` : ''
  if (!template) return row.action
  const to = typeof data.to === 'string' ? (STATUS[locale][data.to] ?? data.to) : ''
  const pairs = countWords(typeof data.candidatesAdded === 'number' ? data.candidatesAdded : 0, locale, { en: ['new pair', 'new pairs'], fr: ['nouvelle paire', 'nouvelles paires'] })
  const dates = typeof data.firstDate === 'string' && typeof data.lastDate === 'string' ? ([dayInWords(data.firstDate, locale), dayInWords(data.lastDate, locale)] as const) : null
  const period = dates ? (locale === 'fr' ? `du ${dates[0]} au ${dates[1]}` : `from ${dates[0]} to ${dates[1]}`) : ''
  const count = countWords(Array.isArray(data.lists) ? data.lists.length : 0, locale, { en: ['list', 'lists'], fr: ['liste', 'listes'] })
  const players = countWords(typeof data.players === 'number' ? data.players : 0, locale, { en: ['player', 'players'], fr: ['joueur', 'joueurs'] })
  return template
    .replace('{list}', listWords(row, locale))
    .replace('{tournament}', quoted(s?.name, locale === 'fr' ? `no${number}` : `no.${number}`))
    .replace('{player}', s?.name ?? (locale === 'fr' ? `no${number}` : `no.${number}`))
    .replace('{name}', s?.name ?? row.entityId ?? '')
    .replace('{to}', to)
    .replace('{pairs}', pairs)
    .replace('{players}', players)
    .replace('{period}', period)
    .replace('{count}', count)
    .replace('{file}', typeof data.name === 'string' ? data.name : '')
}

/** Where an entry leads in the application (the router's path), or null when it names nothing one can open. */
export function auditLink(row: AuditRow): string | null {
  const id = row.entityId?.split(',')[0]?.trim()
  if (!id) return null
  switch (row.entity) {
    case 'rating_list':
      return `/lists/${id}`
    case 'tournament':
      return `/tournaments/${id}`
    case 'tournament_player':
    case 'tournament_finding':
      return row.subject?.tournamentId ? `/tournaments/${row.subject.tournamentId}` : null
    case 'player':
      return /^\d+$/.test(id) ? `/players/${id}` : null
    case 'arbiter':
      return '/arbiters'
    case 'rating_profile':
      return row.action === 'rating-profile.delete' ? null : `/rules/${id}`
    default:
      return null
  }
}
