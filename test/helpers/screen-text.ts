// What must never be read on a screen of the office (issue 36): an internal code (`trf.match.nameMismatch`, an
// untranslated i18n key, an edition's id), the name of our own regulations file, a day in ISO form, and in French an
// English sentence.
// Pure: the screen walker (test/e2e/screen-text.e2e.ts) gives it the visible text of each screen.

export type ProblemKind = 'code' | 'regulations-file' | 'iso-date' | 'english'

export interface TextProblem {
  kind: ProblemKind
  /** What matched (the code, the date, the English word). */
  match: string
  /** The line of the screen it stands on, trimmed to 160 characters: where to look. */
  line: string
}

/** A code: three dotted segments starting with a lower-case letter (`check.deadline.report`), or two with a camelCase
 *  second one (`lists.publishOpen`, an i18n key shown raw), or an edition's id (`fide-2024`: the officer reads its name,
 *  "FIDE Rating Regulations 2024"). Decimal numbers and paragraphs (§ 8.3.4) start with a digit and never match. */
const CODE = /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*\.[a-zA-Z][a-zA-Z.]*\b|\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\b|\bfide-\d{4}\b/g
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g
/** A file name (`FRA-standard-2025-10-01-v1.pdf`, `open-automne-lyon.trf`), a web or mail address: its dots and its
 *  digits are its own, not a code or a date shown raw. */
const FILE_OR_ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+|\S+@\S+\.\S+|\S+\.(?:trf|txt|pdf|csv|tsv|xlsx?|json|xml|zip|db|png|com|org|net|fr))$/i

/**
 * English words that French never writes, whole words and case-insensitive: function words first ("the", "with",
 * "and"…), then the interface's own English words (what an untranslated label would show). Words French shares
 * (on, or, a, an, no as in « arbitre no 12 », date, type, standard, open, archive, blitz) are left out on purpose.
 */
export const ENGLISH_WORDS = [
  // function words
  'the', 'of', 'with', 'and', 'is', 'are', 'was', 'were', 'has', 'have', 'this', 'that', 'from', 'to', 'for', 'by',
  'not', 'you', 'your', 'will', 'be', 'been', 'at', 'in', 'it', 'its', 'yes', 'which', 'when', 'there',
  // the interface's words
  'rated', 'unrated', 'approve', 'approved', 'reject', 'rejected', 'accept', 'accepted', 'override', 'overridden',
  'published', 'draft', 'player', 'players', 'tournament', 'tournaments', 'list', 'lists', 'rating', 'ratings',
  'search', 'settings', 'help', 'back', 'show', 'hide', 'loading', 'save', 'cancel', 'close', 'error', 'errors',
  'warning', 'warnings', 'findings', 'finding', 'sheet', 'status', 'none', 'all', 'new', 'next', 'entries', 'entry',
  'games', 'game', 'rules', 'rule', 'decided', 'pending', 'received', 'reason',
  // a time control written in English ('90 min/40 moves + 30 min + 30 sec per move')
  'per', 'move', 'moves'
]
const ENGLISH = new RegExp(`(?<![\\p{L}\\p{N}'’-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{N}'’-])`, 'giu')

/**
 * Proper names a French screen writes in English, taken out before the English words are looked for: the product's
 * name, FIDE's own titles of its regulations and of its list, the programs officers know by name.
 */
export const PROPER_NAMES: readonly RegExp[] = [
  /Rating Office/g, // the product
  /FIDE Rating Regulations(?: \d{4})?/g, // FIDE's title of its regulations, cited by edition
  /Swiss-Manager|Vega|Swiss Perfect/g // pairing programs that write the reports
]

export interface ScanOptions {
  /** Lines (or parts of them) known and accepted, each with its reason in the caller: taken out before the scan. */
  allow?: readonly RegExp[]
}

const lineOf = (text: string, index: number): string => {
  const start = text.lastIndexOf('\n', index - 1) + 1
  const end = text.indexOf('\n', index)
  const line = text.slice(start, end < 0 ? undefined : end).trim()
  return line.length > 160 ? `${line.slice(0, 157)}…` : line
}

/** Blanks (same length, so the lines stay where they were) what matches any of `patterns`. */
function blank(text: string, patterns: readonly RegExp[]): string {
  let out = text
  for (const p of patterns) out = out.replace(new RegExp(p.source, p.flags.includes('g') ? p.flags : p.flags + 'g'), (m) => m.replace(/[^\n]/g, ' '))
  return out
}

/** The problems of a screen's visible text in a language, in the order they stand on the screen. */
export function screenTextProblems(text: string, locale: 'en' | 'fr', options: ScanOptions = {}): TextProblem[] {
  const problems: TextProblem[] = []
  const source = blank(text, options.allow ?? [])
  for (const m of source.matchAll(/regulations\.md/gi)) problems.push({ kind: 'regulations-file', match: m[0], line: lineOf(text, m.index) })
  // codes and dates token by token: a file name or an address keeps its dots and digits
  const tokens = source.replace(/[^\s]+/g, (token) => {
    const bare = token.replace(/^[("'«“‘[]+|[)"'»”’\],;:!?.]+$/g, '')
    return FILE_OR_ADDRESS.test(bare) ? token.replace(/./g, ' ') : token
  })
  for (const m of tokens.matchAll(CODE)) problems.push({ kind: 'code', match: m[0], line: lineOf(text, m.index) })
  for (const m of tokens.matchAll(ISO_DATE)) problems.push({ kind: 'iso-date', match: m[0], line: lineOf(text, m.index) })
  if (locale === 'fr') {
    for (const m of blank(source, PROPER_NAMES).matchAll(ENGLISH)) problems.push({ kind: 'english', match: m[0], line: lineOf(text, m.index) })
  }
  return problems
}

/** The problems as one message per line, located: `screen (language): kind "match" in: line`. */
export function describeProblems(screen: string, locale: string, problems: readonly TextProblem[]): string[] {
  return problems.map((p) => `${screen} (${locale}): ${p.kind} "${p.match}" in: ${p.line}`)
}
