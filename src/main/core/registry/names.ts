// Player names: folding for search (diacritics, ligatures, punctuation) and a similarity score for identity matching.

/** Letters that Unicode decomposition does not reduce to ASCII; folded by hand. */
export const SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd',
  ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i', ħ: 'h', Ħ: 'h', ŀ: 'l', Ŀ: 'l', ŉ: 'n', ĸ: 'k', ſ: 's'
}

/** Cyrillic to Latin (a simple scientific-style romanisation): names typed from a Cyrillic source still match. */
export const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ђ: 'dj',
  ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz'
}

const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g')

/**
 * The search form of a name: lowercase ASCII letters and digits separated by single spaces.
 * Diacritics go (é→e, ü→u), ß→ss, æ→ae, ø→o, ł→l, Cyrillic is romanised, hyphens, commas and dots become
 * spaces, apostrophes vanish (O'Brien → obrien) so that every spelling of a name folds the same way.
 */
const PLAIN_ASCII = /^[A-Za-z0-9 ,.-]*$/

/** The character-by-character steps of the full fold (everything but the final space collapsing). */
function foldChars(s: string): string {
  // Cyrillic first: decomposition would strip the breve of й and the diaeresis of ё/ї.
  let out = s.normalize('NFC').toLowerCase().replace(/[\u0400-\u04ff]/g, (c) => CYRILLIC[c] ?? '')
  out = out.replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c).normalize('NFKD').replace(/\p{M}+/gu, '')
  return out.replace(/['’‘`´ʼ]/g, '')
}

/**
 * Below U+0250 (Latin-1 and Latin Extended-A/B, no combining marks) every step of the fold acts on one
 * character at a time, so each character's fold is worked out once: names in those scripts fold by lookup.
 */
const TABLE_END = 0x250
let foldTable: string[] | null = null

function tableFold(s: string): string | null {
  const table = (foldTable ??= Array.from({ length: TABLE_END }, (_, c) => foldChars(String.fromCharCode(c))))
  let out = ''
  let gap = false
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code >= TABLE_END) return null
    const piece = table[code]!
    for (let j = 0; j < piece.length; j++) {
      const c = piece.charCodeAt(j)
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (gap && out.length) out += ' '
        gap = false
        out += piece[j]
      } else gap = true
    }
  }
  return out
}

export function foldName(s: string): string {
  // Fast path for the common case (most list names are plain ASCII): same result, no Unicode work.
  if (PLAIN_ASCII.test(s)) return s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()
  const quick = tableFold(s)
  if (quick !== null) return quick
  return foldChars(s).replace(/[^a-z0-9]+/g, ' ').trim()
}

/** A split name: FIDE writes "Surname, Given names"; without a comma the last word is taken as the surname. */
export interface NameParts {
  surname: string
  givenNames: string
}

export type NameInput = string | NameParts

export function splitName(full: string): NameParts {
  const comma = full.indexOf(',')
  if (comma >= 0) return { surname: full.slice(0, comma).trim(), givenNames: full.slice(comma + 1).trim() }
  const words = full.trim().split(/\s+/).filter(Boolean)
  if (words.length <= 1) return { surname: words[0] ?? '', givenNames: '' }
  return { surname: words[words.length - 1]!, givenNames: words.slice(0, -1).join(' ') }
}

function parts(n: NameInput): NameParts {
  return typeof n === 'string' ? splitName(n) : n
}

/**
 * A transliteration skeleton of one folded word: spellings of the same sound reduce to one form
 * (ü written ue, Cyrillic х as kh or h, й as y/j/i, w/v, ks/x, sch/sh, Polish sz/cz), doubled letters collapse.
 * Only used to compare two names, never shown.
 */
export function nameKey(word: string): string {
  let w = foldName(word).replace(/ /g, '')
  w = w
    .replace(/tsch/g, 'ch')
    .replace(/sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/sz/g, 'sh')
    .replace(/cz/g, 'ch')
    .replace(/dzh/g, 'j')
    .replace(/zh/g, 'j')
    .replace(/kh/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/ks/g, 'x')
    .replace(/ck/g, 'k')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/ou/g, 'u')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
  return w.replace(/(.)\1+/g, '$1')
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions cost 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  if (!a.length) return b.length
  if (!b.length) return a.length
  const n = b.length
  let prev2 = new Array<number>(n + 1).fill(0)
  let prev = Array.from({ length: n + 1 }, (_, j) => j)
  let cur = new Array<number>(n + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1)
      cur[j] = v
    }
    ;[prev2, prev, cur] = [prev, cur, prev2]
  }
  return prev[n]!
}

function ratio(a: string, b: string): number {
  const len = Math.max(a.length, b.length)
  return len === 0 ? 1 : 1 - editDistance(a, b) / len
}

/** Similarity of two single words in [0, 1]: exact fold or skeleton 1, an initial against its name 0.8, else edit ratio. */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0.8
  const ka = nameKey(a)
  const kb = nameKey(b)
  if (ka === kb) return 0.97
  return Math.max(ratio(a, b), ratio(ka, kb) * 0.97)
}

function words(s: string): string[] {
  return foldName(s).split(' ').filter(Boolean)
}

/** Best one-to-one pairing of words by similarity (greedy on the highest pairs; names have few words). */
function pairWords(a: string[], b: string[]): { sum: number; pairs: [number, number, number][] } {
  const all: [number, number, number][] = []
  a.forEach((x, i) => b.forEach((y, j) => all.push([i, j, wordSimilarity(x, y)])))
  all.sort((p, q) => q[2] - p[2])
  const usedA = new Set<number>()
  const usedB = new Set<number>()
  const pairs: [number, number, number][] = []
  let sum = 0
  for (const p of all) {
    if (usedA.has(p[0]) || usedB.has(p[1])) continue
    usedA.add(p[0])
    usedB.add(p[1])
    pairs.push(p)
    sum += p[2]
  }
  return { sum, pairs }
}

/**
 * How alike two player names are, from 0 (nothing in common) to 1 (same folded name).
 * Tolerates diacritics and their ASCII spellings (Müller / Mueller), transliteration variants, name order
 * (surname and given names swapped), hyphenation (García-López / Garcia Lopez / Garcialopez), initials and
 * one-letter typos. Words are paired one to one; an unpaired extra word (a middle name) lowers the score.
 */
export function nameSimilarity(a: NameInput, b: NameInput): number {
  const pa = parts(a)
  const pb = parts(b)
  const sa = words(pa.surname)
  const ga = words(pa.givenNames)
  const sb = words(pb.surname)
  const gb = words(pb.givenNames)
  const wa = [...sa, ...ga]
  const wb = [...sb, ...gb]
  if (!wa.length || !wb.length) return wa.length === wb.length ? 1 : 0
  const joinedA = wa.join('')
  const joinedB = wb.join('')
  if (joinedA === joinedB) return 1
  // Same letters with the word breaks elsewhere (Van der Berg / Vanderberg, Garcia-Lopez / GarciaLopez).
  if (nameKey(joinedA) === nameKey(joinedB)) return 0.95
  const surnameJoined = sa.join('') && sb.join('') && nameKey(sa.join('')) === nameKey(sb.join(''))
  const { sum, pairs } = pairWords(wa, wb)
  let score = (2 * sum) / (wa.length + wb.length)
  // A word paired across the surname/given boundary is a swapped name order: a small, bounded penalty.
  const crossed = pairs.some(([i, j, s]) => s >= 0.8 && i < sa.length !== j < sb.length)
  if (crossed && !surnameJoined) score *= 0.97
  // Whole-string comparison catches hyphenation differences inside a multi-word surname.
  const whole = Math.max(ratio(joinedA, joinedB), ratio(nameKey(joinedA), nameKey(joinedB)) * 0.97)
  score = Math.max(score, whole * 0.95)
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000
}
