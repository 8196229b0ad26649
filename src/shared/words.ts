// The words of the office's values in English and French, once for the screens (the features' i18n), the PDFs and the
// audit sentences: a tournament's state, its rating type and pairing system, and the one French word for *rated*.

export type WordLocale = 'en' | 'fr'

/**
 * *Rated*, said of a tournament or a game, in French: "comptabilisé", the word of FIDE's French text in force ("un
 * tournoi comptabilisé pour le classement", 2014 § 0.3; "seront comptabilisés pour le classement", § 0.4). "Classé" stays
 * the word of a *player* who has a rating ("joueur classé", "non classé"), as in the same text; "calculé" and
 * "évalué" are not used for a rated tournament or game (test/shared/words.spec.ts greps the French catalogues).
 */
export const RATED_FR = 'comptabilisé'

export const TOURNAMENT_STATUS: Record<WordLocale, Record<'imported' | 'checked' | 'approved' | 'rejected' | 'rated', string>> = {
  en: { imported: 'imported', checked: 'checked', approved: 'approved', rejected: 'rejected', rated: 'rated' },
  fr: { imported: 'importé', checked: 'contrôlé', approved: 'approuvé', rejected: 'refusé', rated: RATED_FR }
}

export const RATING_TYPE_WORDS: Record<WordLocale, Record<'standard' | 'rapid' | 'blitz', string>> = {
  en: { standard: 'Standard', rapid: 'Rapid', blitz: 'Blitz' },
  fr: { standard: 'Standard', rapid: 'Rapide', blitz: 'Blitz' }
}

/** Where a tournament's rating type was read from, as the check report and the command line say it. */
export const RATING_TYPE_SOURCE_WORDS: Record<WordLocale, Record<'222' | '122' | '092' | '012' | 'officer', string>> = {
  en: {
    '222': 'from the coded time control (TRF record 222)',
    '122': 'from the report’s time control (TRF record 122)',
    '092': 'from the words of TRF record 092, no readable time control',
    '012': 'from the tournament’s name (TRF record 012), no readable time control',
    officer: 'decided by the office'
  },
  fr: {
    '222': 'd’après la cadence codée (enregistrement TRF 222)',
    '122': 'd’après la cadence du rapport (enregistrement TRF 122)',
    '092': 'd’après les mots de l’enregistrement TRF 092, sans cadence lisible',
    '012': 'd’après le nom du tournoi (enregistrement TRF 012), sans cadence lisible',
    officer: 'décidée par le bureau'
  }
}

/** The rating types within a sentence ("the rapid list", "la liste rapide"): the same words, lower case. */
export const RATING_TYPE_IN_TEXT: Record<WordLocale, Record<'standard' | 'rapid' | 'blitz', string>> = {
  en: lowerCased(RATING_TYPE_WORDS.en),
  fr: lowerCased(RATING_TYPE_WORDS.fr)
}

function lowerCased(words: Record<'standard' | 'rapid' | 'blitz', string>): Record<'standard' | 'rapid' | 'blitz', string> {
  return { standard: words.standard.toLowerCase(), rapid: words.rapid.toLowerCase(), blitz: words.blitz.toLowerCase() }
}

export const SYSTEM_WORDS: Record<WordLocale, Record<'swiss' | 'round-robin', string>> = {
  en: { swiss: 'Swiss', 'round-robin': 'Round robin' },
  fr: { swiss: 'Système suisse', 'round-robin': 'Toutes rondes' }
}

/** A count with its noun in the language's plural rule: French keeps 0 and 1 singular ("0 erreur"), English only 1. */
export function pluralIndex(n: number, locale: WordLocale): 0 | 1 {
  return (locale === 'fr' ? Math.abs(n) < 2 : Math.abs(n) === 1) ? 0 : 1
}

/** Time-control periods (the reader's, trf/time-control-read.ts) in words. */
export interface PeriodWords {
  moves: number | null
  minutes: number
  incrementSeconds: number
  incrementFromMove: number
  delaySeconds: number
}

/**
 * A time control in the reader's language, from the periods read off the file: "90 min for 40 moves, then 30 min for
 * the rest of the game, + 30 s per move from move 1 (120 min for 60 moves)". The file's own text (often English, the
 * organiser's words) is given beside it, not translated.
 */
export function describeTimeControl(periods: readonly PeriodWords[], minutesFor60: number, locale: WordLocale): string {
  const fr = locale === 'fr'
  const num = (n: number) => (fr ? String(Math.round(n * 100) / 100).replace('.', ',') : String(Math.round(n * 100) / 100))
  const bonus = (p: PeriodWords) => {
    let s = ''
    if (p.incrementSeconds > 0) {
      s += fr ? ` + ${num(p.incrementSeconds)} s par coup` : ` + ${num(p.incrementSeconds)} s per move`
      if (p.incrementFromMove > 1) s += fr ? ` à partir du ${p.incrementFromMove}e coup` : ` from move ${p.incrementFromMove}`
    }
    if (p.delaySeconds > 0) s += fr ? `, délai de ${num(p.delaySeconds)} s` : `, ${num(p.delaySeconds)} s delay`
    return s
  }
  // one increment for the whole game is said once, at the end ("…, then 30 min for the rest of the game, + 30 s per move")
  const shared = periods.length > 1 && periods.every((p) => bonus(p) === bonus(periods[0]!)) ? bonus(periods[0]!) : null
  const parts = periods.map((p, i) => {
    let s = `${num(p.minutes)} min`
    if (p.moves !== null) s += fr ? ` pour ${p.moves} coups` : ` for ${p.moves} moves`
    else if (i > 0) s += fr ? ' pour le reste de la partie' : ' for the rest of the game'
    return shared === null ? s + bonus(p) : s
  })
  if (shared) parts[parts.length - 1] += `,${shared}`
  const sixty = fr ? `${num(minutesFor60)} min pour 60 coups` : `${num(minutesFor60)} min for 60 moves`
  return `${parts.join(fr ? ', puis ' : ', then ')} (${sixty})`
}
