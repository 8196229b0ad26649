// A call's or a job's input that does not fit its schema, told in the product's words and the officer's language
// ("a reason of at least 3 characters is needed"), never in the schema's ("Too small: expected string to have >=3
// characters"). One mapping for every host: the dispatcher (CLI, browser mode, desktop IPC), the job runner, the exports.
import type { Locale } from './index'

/** The parts of a zod issue read here (zod 4's $ZodIssue, read loosely: a shape added later falls back to its message). */
export interface InputIssue {
  code: string
  path: readonly PropertyKey[]
  message: string
  input?: unknown
  expected?: string
  origin?: string
  minimum?: number | bigint
  maximum?: number | bigint
  inclusive?: boolean
  format?: string
  pattern?: string
  values?: readonly unknown[]
  keys?: readonly string[]
}

type Both = { en: string; fr: string }

/** The fields the calls share, named as an officer would: with their article, as "… is needed" / "il faut …" take them. */
const LABELS: Record<string, Both> = {
  reason: { en: 'a reason', fr: 'un motif' },
  'federation.code': { en: 'a federation code', fr: 'un code de fédération' },
  'federation.name': { en: 'a federation name', fr: 'un nom de fédération' },
  officer: { en: 'an officer’s name', fr: 'un nom de responsable' },
  fileName: { en: 'a file name', fr: 'un nom de fichier' },
  base64: { en: 'the file’s content', fr: 'le contenu du fichier' },
  files: { en: 'files', fr: 'des fichiers' },
  file: { en: 'a file', fr: 'un fichier' },
  upload: { en: 'a file', fr: 'un fichier' },
  listDate: { en: 'a list date', fr: 'une date de liste' },
  date: { en: 'a date', fr: 'une date' },
  receivedDate: { en: 'a received date', fr: 'une date de réception' },
  month: { en: 'a month', fr: 'un mois' },
  id: { en: 'a number (id)', fr: 'un numéro (id)' },
  listId: { en: 'a list number', fr: 'un numéro de liste' },
  tournamentId: { en: 'a tournament number', fr: 'un numéro de tournoi' },
  tournamentPlayerId: { en: 'a tournament player number', fr: 'un numéro de joueur du tournoi' },
  playerId: { en: 'a player number', fr: 'un numéro de joueur' },
  findingId: { en: 'a finding number', fr: 'un numéro de constat' },
  keepId: { en: 'the number of the player kept', fr: 'le numéro du joueur conservé' },
  dropId: { en: 'the number of the player merged', fr: 'le numéro du joueur fusionné' },
  mergeId: { en: 'a merge number', fr: 'un numéro de fusion' },
  replaces: { en: 'the number of the tournament replaced', fr: 'le numéro du tournoi remplacé' },
  replacesVersion: { en: 'the version replaced', fr: 'la version remplacée' },
  fideId: { en: 'a FIDE ID', fr: 'un identifiant FIDE' },
  federation: { en: 'a federation', fr: 'une fédération' },
  source: { en: 'a source (federation code)', fr: 'une source (code de fédération)' },
  limit: { en: 'a page size', fr: 'une taille de page' },
  offset: { en: 'a starting row', fr: 'une ligne de départ' },
  name: { en: 'a name', fr: 'un nom' },
  search: { en: 'a search text', fr: 'un texte de recherche' },
  text: { en: 'a search text', fr: 'un texte de recherche' },
  ratingType: { en: 'a rating type (standard, rapid or blitz)', fr: 'un type de classement (standard, rapid ou blitz)' },
  format: { en: 'a format', fr: 'un format' },
  decision: { en: 'a decision', fr: 'une décision' },
  action: { en: 'an action', fr: 'une action' },
  status: { en: 'a status', fr: 'un statut' },
  locale: { en: 'a language', fr: 'une langue' },
  edition: { en: 'an edition of the regulations', fr: 'une édition du règlement' },
  profile: { en: 'a rule set', fr: 'un jeu de règles' },
  sort: { en: 'a sort order', fr: 'un ordre de tri' },
  order: { en: 'an order', fr: 'un ordre' },
  kind: { en: 'a kind', fr: 'un type' },
  minScore: { en: 'a minimum score', fr: 'un score minimal' },
  historical: { en: 'a yes or no for “historical”', fr: 'un oui ou non pour « historique »' }
}

const KINDS: Record<string, Both> = {
  string: { en: 'text', fr: 'texte' },
  number: { en: 'a number', fr: 'nombre' },
  int: { en: 'a whole number', fr: 'nombre entier' },
  boolean: { en: 'yes or no (true or false)', fr: 'oui ou non (true ou false)' },
  array: { en: 'a list', fr: 'liste' },
  object: { en: 'a set of fields', fr: 'ensemble de champs' },
  date: { en: 'a date', fr: 'date' }
}

/** What a value is, said plainly ("text", "a number", "nothing"). */
function kindOf(v: unknown, locale: Locale): string {
  if (v === undefined) return locale === 'fr' ? 'rien' : 'nothing'
  if (v === null) return 'null'
  if (Array.isArray(v)) return KINDS.array![locale]
  const k = KINDS[typeof v]
  return k ? k[locale] : typeof v
}

/** A found value, short enough for a message. */
function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v)
  return s.length > 40 ? s.slice(0, 40) + '…' : s
}

function quote(s: string, locale: Locale): string {
  return locale === 'fr' ? `« ${s} »` : `“${s}”`
}

/** The field an issue is about, by its human label; unknown fields by their name. */
function labelOf(path: readonly PropertyKey[], locale: Locale): string {
  const keys = path.filter((p): p is string => typeof p === 'string')
  const key = keys[keys.length - 1]
  if (key === undefined) return locale === 'fr' ? 'les données' : 'the input'
  // a field named within its object where the name alone says too little (federation.code, federation.name)
  const known = LABELS[`${keys[keys.length - 2]}.${key}`] ?? LABELS[key]
  if (known) return known[locale]
  return locale === 'fr' ? `une valeur pour ${quote(key, locale)}` : `a value for ${quote(key, locale)}`
}

/** Known patterns by what they expect: the date, month and federation code of the contract. */
function patternText(pattern: string | undefined, locale: Locale): string | null {
  if (!pattern) return null
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return locale === 'fr' ? 'date AAAA-MM-JJ' : 'a date YYYY-MM-DD'
  if (pattern.includes('\\d{4}-\\d{2}$')) return locale === 'fr' ? 'mois AAAA-MM' : 'a month YYYY-MM'
  if (/\[A-Z(a-z)?\]\{3\}/.test(pattern) || pattern.includes('[A-Za-z]{3}')) return locale === 'fr' ? 'code de trois lettres' : 'a three-letter code'
  return null
}

/** Whether a message is zod's own (then the product's words replace it) or the schema's (then it says what is expected). */
function isZodDefault(message: string): boolean {
  return /^(Invalid input|Too small|Too big|Invalid option|Invalid string|Unrecognized key|Invalid)\b/.test(message)
}

function sentence(a: string, en: string, fr: string, locale: Locale): string {
  return locale === 'fr' ? `il faut ${a}${fr}` : `${a}${en} is needed`
}

/** One issue in the product's words. */
export function describeIssue(issue: InputIssue, locale: Locale = 'en'): string {
  const a = labelOf(issue.path, locale)
  const found = 'input' in issue && issue.input !== undefined ? (locale === 'fr' ? ` (reçu : ${quote(shown(issue.input), locale)})` : ` (found ${quote(shown(issue.input), locale)})`) : ''
  const at = issue.path.length > 1 ? (locale === 'fr' ? ` — ${issue.path.map(String).join('.')}` : ` — ${issue.path.map(String).join('.')}`) : ''
  const n = (x: number | bigint | undefined): string => String(x ?? '')
  let text: string
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) {
        text = sentence(a, '', '', locale)
        break
      }
      const kind = KINDS[issue.expected ?? '']?.[locale] ?? issue.expected ?? ''
      text = locale === 'fr' ? `il faut ${a} sous forme de ${kind} (reçu : ${kindOf(issue.input, locale)})` : `${a} is needed as ${kind} (found ${kindOf(issue.input, locale)})`
      break
    }
    case 'too_small': {
      const min = Number(issue.minimum ?? 0)
      if (issue.origin === 'string') text = min <= 1 ? sentence(a, '', '', locale) + (locale === 'fr' ? ' (vide ici)' : ' (it is empty)') : sentence(a, ` of at least ${min} characters`, ` d’au moins ${min} caractères`, locale)
      else if (issue.origin === 'array' || issue.origin === 'set') text = locale === 'fr' ? `il faut au moins ${min} ${Number(min) < 2 ? 'élément' : 'éléments'} pour ${a}` : `at least ${min} ${Number(min) === 1 ? 'item is' : 'items are'} needed for ${a}`
      else if (issue.inclusive === false) text = sentence(a, ` greater than ${n(issue.minimum)}`, ` valant plus de ${n(issue.minimum)}`, locale) + found
      else text = sentence(a, ` of at least ${n(issue.minimum)}`, ` valant au moins ${n(issue.minimum)}`, locale) + found
      break
    }
    case 'too_big': {
      const max = Number(issue.maximum ?? 0)
      // the schema's own words say what the limit means ("an image of at most 512 KB"): they are kept
      if (!isZodDefault(issue.message)) text = `${a}: ${issue.message}`
      else if (issue.origin === 'string') text = sentence(a, ` of at most ${max} characters`, ` de ${max} caractères au plus`, locale)
      else if (issue.origin === 'array' || issue.origin === 'set') text = locale === 'fr' ? `il faut au plus ${max} ${Number(max) < 2 ? 'élément' : 'éléments'} pour ${a}` : `at most ${max} ${Number(max) === 1 ? 'item is' : 'items are'} taken for ${a}`
      else if (issue.inclusive === false) text = sentence(a, ` less than ${n(issue.maximum)}`, ` valant moins de ${n(issue.maximum)}`, locale) + found
      else text = sentence(a, ` of at most ${n(issue.maximum)}`, ` valant au plus ${n(issue.maximum)}`, locale) + found
      break
    }
    case 'invalid_value': {
      const values = (issue.values ?? []).map((v) => String(v)).join(', ')
      text = sentence(a, ` among ${values}`, ` parmi ${values}`, locale) + found
      break
    }
    case 'invalid_format': {
      const expected = patternText(issue.pattern, locale)
      if (expected) text = (locale === 'fr' ? `il faut ${a} sous forme de ${expected}` : `${a} is needed as ${expected}`) + found
      else if (!isZodDefault(issue.message)) text = `${a}: ${issue.message}${found}`
      else text = (locale === 'fr' ? `il faut ${a} dans la forme attendue` : `${a} is needed in the expected form`) + found
      break
    }
    case 'unrecognized_keys':
      text = locale === 'fr' ? `${(issue.keys ?? []).length < 2 ? 'champ inconnu' : 'champs inconnus'} : ${(issue.keys ?? []).join(', ')}` : `${(issue.keys ?? []).length === 1 ? 'unknown field' : 'unknown fields'}: ${(issue.keys ?? []).join(', ')}`
      break
    case 'invalid_union':
      text = locale === 'fr' ? `il faut ${a} sous l’une des formes acceptées` : `${a} is needed in one of the accepted forms`
      break
    default:
      // a refinement's own message (the schema says what it expects), or a kind not mapped here
      text = issue.message
  }
  return text + at
}

/** Every issue, joined, in one language. */
export function describeIssues(issues: readonly InputIssue[], locale: Locale = 'en'): string {
  return issues.map((i) => describeIssue(i, locale)).join('; ')
}

/**
 * The issues in both languages, as an error's parameter: translateError picks the officer's (the error may be told
 * in another language than the one of the host that found it: a job's runner, the renderer).
 */
export function issueTexts(issues: readonly InputIssue[]): Both {
  return { en: describeIssues(issues, 'en'), fr: describeIssues(issues, 'fr') }
}
