// How a rule is cited to an officer: "FIDE Rating Regulations 2024, § 8.3.4" — one table (edition, rule) → paragraph
// and one formatter, used by the screens, the PDFs and the CLI; stored references (findings, calculation sheets) are
// turned into a citation when shown, so what was stored (and the list checksums) never changes.
//
// The paragraphs of 2005, 2010 and 2014 are those of the French texts (../seeds 000, 002, 001: "Système de
// classement de la FIDE", "Réglementation du classement de la FIDE", "Le classement de la FIDE"). Of the later
// editions only the paragraphs confirmed from a primary source are given (2024 § 8.3.1 the rating-difference rule,
// § 8.3.4 the rounding); any other rule of those editions is cited by the edition and the rule's name, never by a
// number we could not check.

export type CitationLocale = 'en' | 'fr'

/** The rules a reference can name: the editions' `refs` and `checks.refs`, and the list mechanics. */
export const RULES = [
  'tables',
  'cap',
  'k',
  'change',
  'rounding',
  'unrated',
  'firstRating',
  'roundRobin',
  'swiss',
  'arbiters',
  'chief',
  'duration',
  'roundsPerDay',
  'hoursPerDay',
  'timeControl',
  'composition',
  'unplayed',
  'match',
  'firstEvent',
  'ratedOpponents',
  'ratingGap',
  'report',
  'upload',
  'late',
  'registration',
  'list',
  'floor',
  'inactivity',
  'titled',
  'compression',
  'fastStandard',
  'monthlySlice'
] as const
export type Rule = (typeof RULES)[number]

/** Each rule's name, as a citation without a paragraph shows it. */
export const RULE_NAMES: Record<Rule, Record<CitationLocale, string>> = {
  tables: { en: 'tables 8.1a and 8.1b', fr: 'tables 8.1a et 8.1b' },
  cap: { en: 'rating-difference limit', fr: 'limite de l’écart de classement' },
  k: { en: 'K factor', fr: 'coefficient K' },
  change: { en: 'rating change of a rated player', fr: 'variation de classement d’un joueur classé' },
  rounding: { en: 'rounding of the rating change', fr: 'arrondi de la variation' },
  unrated: { en: 'rating of an unrated player', fr: 'classement d’un joueur non classé' },
  firstRating: { en: 'first published rating', fr: 'premier classement publié' },
  roundRobin: { en: 'round robins with unrated players', fr: 'tournois toutes rondes avec des non-classés' },
  swiss: { en: 'Swiss and team events: games against rated opponents', fr: 'système suisse et équipes : parties contre des classés' },
  arbiters: { en: 'licensed arbiters', fr: 'arbitres licenciés' },
  chief: { en: 'the chief arbiter’s report', fr: 'rapport de l’arbitre principal' },
  duration: { en: 'duration of the tournament', fr: 'durée du tournoi' },
  roundsPerDay: { en: 'rounds per day', fr: 'rondes par jour' },
  hoursPerDay: { en: 'hours of play per day', fr: 'heures de jeu par jour' },
  timeControl: { en: 'rate of play', fr: 'cadence' },
  composition: { en: 'composition of a round robin', fr: 'composition d’un tournoi toutes rondes' },
  unplayed: { en: 'unplayed games in a round robin', fr: 'parties non jouées d’un toutes rondes' },
  match: { en: 'matches', fr: 'matches' },
  firstEvent: { en: 'first event with a zero score', fr: 'premier tournoi à zéro point' },
  ratedOpponents: { en: 'games against rated opponents', fr: 'parties contre des joueurs classés' },
  ratingGap: { en: 'rapid and blitz: difference of 600 points, from 1 December 2024', fr: 'rapide et blitz : écart de 600 points, depuis le 1er décembre 2024' },
  report: { en: 'report within 7 days', fr: 'rapport sous 7 jours' },
  upload: { en: 'upload within 30 days', fr: 'envoi sous 30 jours' },
  late: { en: 'closing date of a list', fr: 'date de clôture d’une liste' },
  registration: { en: 'registration of the tournament', fr: 'homologation du tournoi' },
  list: { en: 'the rating list', fr: 'la liste de classement' },
  floor: { en: 'players below the rating floor', fr: 'joueurs sous le plancher' },
  inactivity: { en: 'inactive players', fr: 'joueurs inactifs' },
  titled: { en: 'titled unrated players', fr: 'joueurs titrés non classés' },
  compression: { en: 'compression of 1 March 2024', fr: 'compression du 1er mars 2024' },
  fastStandard: { en: 'rapid and blitz: an unrated player rated with his standard rating', fr: 'rapide et blitz : un non-classé classé avec son classement standard' },
  monthlySlice: { en: 'events longer than 30 days, rated month by month', fr: 'tournois de plus de 30 jours, calculés mois par mois' }
}

/** The FIDE editions' paragraphs, as each text numbers them (checked in the seeds; see the head of this file). */
export const PARAGRAPHS: Readonly<Record<number, Partial<Record<Rule, string>>>> = {
  // seed 000, B.02 amended to 2004
  2005: {
    tables: '10.1', cap: '10.51', k: '10.52', change: '10.51(c)', rounding: '10.53', unrated: '10.2', firstRating: '10.3', roundRobin: '10.54', swiss: '6.41',
    chief: '11.4', duration: '4.1', roundsPerDay: '3.1', hoursPerDay: '3.1', timeControl: '1.1', composition: '6.3', unplayed: '6.43', match: '6.4', firstEvent: '6.1',
    ratedOpponents: '6.42', late: '9.13a', list: '9.1', floor: '9.21', inactivity: '9.23', titled: '9.22'
  },
  // seed 002, B.02 amended to 2010
  2010: {
    tables: '8.1', cap: '8.54', k: '8.56', change: '8.55', rounding: '8.57', unrated: '8.2', firstRating: '8.3', roundRobin: '8.58', swiss: '6.42',
    chief: '9.2', duration: '4.1', roundsPerDay: '3.1', hoursPerDay: '3.1', timeControl: '1.1', composition: '6.3', unplayed: '6.43', match: '6.6', firstEvent: '6.1',
    ratedOpponents: '6.41', late: '7.13', list: '7.1', floor: '7.21', inactivity: '7.23', titled: '7.22'
  },
  // seed 001, 6.1 in force from 1 July 2014
  2014: {
    tables: '8.1', cap: '8.54', k: '8.56', change: '8.55', rounding: '8.57', unrated: '8.2', firstRating: '8.3', roundRobin: '8.58', swiss: '6.32',
    arbiters: '0.3', registration: '0.2', chief: '9.1', duration: '4.1', roundsPerDay: '3.1', hoursPerDay: '3.1', timeControl: '1.1', composition: '6.2', unplayed: '6.4',
    match: '6.6', firstEvent: '6.1', ratedOpponents: '7.14b', report: '9.1', upload: '9.1', late: '7.13', list: '7.1', floor: '7.21', inactivity: '7.23', titled: '7.22'
  },
  2017: {},
  2022: {},
  // regulations.md § 4.1 (rounding of the period's change) and the 1 October 2025 amendment's text (the 400-point rule)
  2024: { cap: '8.3.1', rounding: '8.3.4' }
}

/** Where an edition's rules are written: a FIDE edition's year, or a national profile's own name. */
export type Source = { kind: 'fide'; year: number } | { kind: 'national'; name: Record<CitationLocale, string> }

const FIDE_NAME: Record<CitationLocale, string> = { en: 'FIDE Rating Regulations', fr: 'Réglementation du classement de la FIDE' }

/** The Swiss profile's text (seed 004), by its own name. */
export const FSE_SOURCE: Source = { kind: 'national', name: { en: 'FSE/SSB Elo rating system', fr: 'Système de classement ELO FSE/SSB' } }

/** "FIDE Rating Regulations 2024, § 8.3.4", or "FIDE Rating Regulations 2022, K factor" where no paragraph is known. */
export function formatCitation(source: Source, rule: Rule | null, locale: CitationLocale, paragraph?: string | null): string {
  const name = source.kind === 'fide' ? `${FIDE_NAME[locale]} ${source.year}` : source.name[locale]
  const p = paragraph ?? (source.kind === 'fide' && rule ? PARAGRAPHS[source.year]?.[rule] : undefined)
  if (p) return `${name}, § ${p}`
  return rule ? `${name}, ${RULE_NAMES[rule][locale]}` : name
}

/** The citation of a rule in a FIDE edition (by year). */
export function citeRule(year: number, rule: Rule, locale: CitationLocale): string {
  return formatCitation({ kind: 'fide', year }, rule, locale)
}

/** The FIDE year of an edition id ('fide-2024' → 2024; the Swiss profile follows FIDE 2014), or null. */
export function editionYear(editionId: string | null | undefined): number | null {
  if (!editionId) return null
  const m = /^fide-(\d{4})$/.exec(editionId)
  if (m) return Number(m[1])
  return editionId === 'fse' ? 2014 : null
}

// References as the rules and older data store them (frozen in stored findings and sheets), read back into a rule.

/** The topic of "FIDE 2024: K factor (regulations.md § 1)" → its rule. */
const LEGACY_TOPICS: Record<string, Rule> = {
  'tables 8.1a/8.1b': 'tables',
  'rating-difference cap': 'cap',
  'K factor': 'k',
  'rated player': 'change',
  rounding: 'rounding',
  'unrated player': 'unrated',
  'first rating': 'firstRating',
  'round-robin iteration': 'roundRobin',
  'Swiss counts rated opponents only': 'swiss',
  'arbiters licensed': 'arbiters',
  'tournament report': 'chief',
  duration: 'duration',
  'play per day': 'hoursPerDay',
  'time control per game': 'timeControl',
  'round-robin composition': 'composition',
  'round robin with unplayed games': 'unplayed',
  matches: 'match',
  'first event': 'firstEvent',
  'report within 7 days': 'report',
  'upload within 30 days': 'upload',
  'late tournaments': 'late',
  'rapid and blitz from 1 Dec 2024': 'ratingGap'
}

/** References without an edition: the rule, and the year when the reference implies one. */
const LEGACY_EXACT: Record<string, { rule: Rule; year?: number }> = {
  'regulations.md § 5 (floor: 2005 § 9.21, 2010 § 7.21, 2014 § 7.21)': { rule: 'floor' },
  'regulations.md § 5 (inactivity: 2005 § 9.23a–c, 2010 § 7.23a–c, 2014 § 7.23a–b)': { rule: 'inactivity' },
  'regulations.md § 5 (2005 § 9.22, 2010 § 7.22, 2014 § 7.22)': { rule: 'titled' },
  'regulations.md § 1 (2024 rapid and blitz)': { rule: 'fastStandard', year: 2024 },
  'regulations.md § 1 (rapid and blitz, 1 Dec 2024)': { rule: 'ratingGap', year: 2024 },
  'FIDE December 2023 amendment: registration 30/3 days (regulations.md § 1)': { rule: 'registration', year: 2024 },
  'regulations.md § 5': { rule: 'list' },
  'regulations.md § 6': { rule: 'chief' },
  'regulations.md § 4.2': { rule: 'ratedOpponents' },
  // DEFAULT_CHECKS (a profile saved before the checks existed: the 2014 requirements)
  'regulations.md § 1 (arbiters)': { rule: 'arbiters' },
  'regulations.md § 1 (duration)': { rule: 'duration' },
  'regulations.md § 1 (play per day)': { rule: 'hoursPerDay' },
  'regulations.md § 1 (time control)': { rule: 'timeControl' },
  'regulations.md § 3 (round-robin composition)': { rule: 'composition' },
  'regulations.md § 3 (round robin with unplayed games)': { rule: 'unplayed' },
  'regulations.md § 3 (matches)': { rule: 'match' },
  'regulations.md § 1 (first event)': { rule: 'firstEvent' }
}

/** English remarks some references carry, in French. */
const REMARKS_FR: Record<string, string> = {
  'no licence rule before 1 July 2014': 'pas de règle de licence avant le 1er juillet 2014'
}

/** The Swiss profile's own references (seed 004 has no paragraph numbers). */
const FSE_REFS: Record<string, Rule> = {
  'FSE (seed 004): coefficients 36/24/16': 'k',
  'FSE (seed 004): new rating = old + Σ K × performance': 'change'
}

/**
 * A stored reference ("2014 § 8.56", "FIDE 2024: K factor (regulations.md § 1)", …) as the officer reads it.
 * `editionId` (the finding's or the sheet's edition) dates a reference that names no edition; without one, such a
 * reference is cited in the editions it names, or in the edition in force (2024). A reference of a federation's own
 * profile that is none of these is shown as its profile wrote it.
 */
export function citeReference(ref: string, locale: CitationLocale, editionId?: string | null): string {
  const at = editionYear(editionId)
  const fide = /^(\d{4}) § (\S+?)(?: \((.+)\))?$/.exec(ref)
  if (fide) {
    const remark = fide[3] ? ` (${locale === 'fr' ? (REMARKS_FR[fide[3]] ?? fide[3]) : fide[3]})` : ''
    return formatCitation({ kind: 'fide', year: Number(fide[1]) }, null, locale, fide[2]) + remark
  }
  const topic = /^FIDE (\d{4}): (.+?) \(regulations\.md § [\d.]+\)$/.exec(ref)
  if (topic && LEGACY_TOPICS[topic[2]!]) return citeRule(Number(topic[1]), LEGACY_TOPICS[topic[2]!]!, locale)
  const exact = LEGACY_EXACT[ref]
  if (exact) {
    const year = exact.year ?? at
    if (year !== null) return citeRule(year, exact.rule, locale)
    // no edition known: the editions the reference names, or the 2014 requirements (DEFAULT_CHECKS)
    const named = [...ref.matchAll(/(\d{4}) § (\S+?)[,)]/g)].map((m) => formatCitation({ kind: 'fide', year: Number(m[1]) }, null, locale, m[2]))
    return named.length ? named.join('; ') : citeRule(2014, exact.rule, locale)
  }
  const compression = /^compression of (\d{4})-\d{2}-\d{2} \(regulations\.md § 1\)$/.exec(ref)
  if (compression) return citeRule(Number(compression[1]), 'compression', locale)
  const fse = FSE_REFS[ref]
  if (fse) return formatCitation(FSE_SOURCE, fse, locale)
  return ref
}

/** A sheet note's text with the internal pointer some carry ("… (regulations.md § 5)") taken out. */
export function withoutInternalRef(text: string): string {
  return text.replace(/ \(regulations\.md[^)]*\)/g, '')
}

/** A finding's message values with its `{paragraph}` given as the citation (the stored reference stays as stored). */
export function citedParams<P extends Record<string, unknown>>(params: P, locale: CitationLocale, editionId?: string | null): P {
  const p = params.paragraph
  return typeof p === 'string' && p ? { ...params, paragraph: citeReference(p, locale, editionId) } : params
}

/** A rule set's name as officers know it ('fide-2024' → "FIDE Rating Regulations 2024"); a federation's own profile by its name. */
export function editionName(editionId: string, locale: CitationLocale, ownName?: string | null): string {
  const m = /^fide-(\d{4})$/.exec(editionId)
  if (m) return `${FIDE_NAME[locale]} ${m[1]}`
  if (editionId === 'fse') return FSE_SOURCE.kind === 'national' ? FSE_SOURCE.name[locale] : editionId
  return ownName ?? editionId
}

/** A text of the engine with its references in parentheses ("counted as 400 (2010 § 8.54)") given as citations. */
export function citeInText(text: string, locale: CitationLocale, editionId?: string | null): string {
  return withoutInternalRef(text).replace(/\((\d{4} § [^()]+)\)/g, (_, ref: string) => `(${citeReference(ref, locale, editionId)})`)
}
