// The time-control reader: free-text 122 lines and TRF26 coded 222 lines into periods, and minutes per player for 60 moves.
//
// Each period gives `minutes` when it starts and `incrementSeconds` (+ `delaySeconds`) for every move played in it from
// `incrementFromMove` on. The 60-move basis (2014 § 1.1, § 3.1) counts every period that starts by move 60 and the
// increment (and delay, counted like an increment) of moves 1 to 60. A text the reader cannot read with certainty gives
// `understood: false` with the reason, never a guess.

export interface TimePeriod {
  /** Moves to make in this period; null: the rest of the game. */
  moves: number | null
  minutes: number
  incrementSeconds: number
  /** First move (counted from the start of the game) that earns the increment. */
  incrementFromMove: number
  delaySeconds: number
}

export type TimeControlReading =
  | { understood: true; periods: TimePeriod[]; minutesFor60: number }
  | { understood: false; reason: TimeControlProblem }

export type TimeControlProblem = 'empty' | 'no-figures' | 'unknown-word' | 'ambiguous' | 'no-base-time' | 'incomplete' | 'bad-code'

const NOT = (reason: TimeControlProblem): TimeControlReading => ({ understood: false, reason })

/** Minutes per player for a 60-move game; null when the periods stop before move 60. */
export function minutesFor60(periods: readonly TimePeriod[]): number | null {
  let first = 1
  let total = 0
  for (const p of periods) {
    if (first > 60) break
    const last = p.moves === null ? 60 : Math.min(60, first + p.moves - 1)
    const earning = Math.max(0, last - Math.max(first, p.incrementFromMove) + 1)
    total += p.minutes + (earning * (p.incrementSeconds + p.delaySeconds)) / 60
    if (p.moves === null) return round2(total)
    first += p.moves
  }
  return first > 60 ? round2(total) : null
}

const round2 = (x: number) => Math.round(x * 100) / 100

function reading(periods: TimePeriod[]): TimeControlReading {
  if (periods.length === 0) return NOT('no-figures')
  if (periods.some((p) => p.minutes <= 0 && p === periods[0])) return NOT('no-base-time')
  const m = minutesFor60(periods)
  return m === null ? NOT('incomplete') : { understood: true, periods, minutesFor60: m }
}

/**
 * TRF26 222: periods separated by ':', each "[moves/]seconds[+increment][d delay]", e.g. "40/5400+30:1800+30";
 * a leading "G/" or "*" is tolerated. Times are in seconds.
 */
export function readCodedTimeControl(text: string | null): TimeControlReading {
  if (!text || !text.trim()) return NOT('empty')
  const parts = text.trim().replace(/\s+/g, '').split(':')
  const periods: TimePeriod[] = []
  for (const [i, part] of parts.entries()) {
    const m = /^(?:(\d+)\/)?(\d+)(?:\+(\d+))?(?:d(\d+))?$/i.exec(part)
    if (!m) return NOT('bad-code')
    const moves = m[1] ? Number(m[1]) : null
    if ((moves === null) !== (i === parts.length - 1)) return NOT('bad-code')
    periods.push({ moves, minutes: Number(m[2]) / 60, incrementSeconds: m[3] ? Number(m[3]) : 0, incrementFromMove: 1, delaySeconds: m[4] ? Number(m[4]) : 0 })
  }
  return reading(periods)
}

// ---- free text -------------------------------------------------------------------------------------------------

type Unit = 'min' | 'sec' | 'hour' | 'moves'

const UNIT_WORDS: [RegExp, Unit][] = [
  [/^(?:'|m|mn|mns|min|mins|minute|minutes|minuten|minuto|minutos|minut|minuty)$/, 'min'],
  [/^(?:"|s|sec|secs|second|seconds|seconde|secondes|sek|sekunde|sekunden|seg|segs|segundo|segundos)$/, 'sec'],
  [/^(?:h|hr|hrs|hour|hours|heure|heures|std|stunde|stunden|hora|horas)$/, 'hour'],
  [/^(?:mv|mvs|move|moves|coup|coups|cp|cps|zug|zuge|zugen|zuege|jugada|jugadas|movimientos|mm|mosse)$/, 'moves']
]

function unitOf(word: string): Unit | null {
  for (const [re, u] of UNIT_WORDS) if (re.test(word)) return u
  return null
}

/** Words that say "for the rest of the game". */
const REST = new Set(['ko', 'sd', 'g', 'rest', 'reste', 'remaining', 'restants', 'restantes', 'resto', 'finish', 'qpf', 'guillotine', 'all', 'tous', 'toute', 'alle', 'todas', 'todo'])
/** Words that mark an increment. */
const INCREMENT = new Set(['per', 'par', 'pro', 'por', 'each', 'chaque', 'jeden', 'cada', 'increment', 'incr', 'inc', 'bonus', 'fischer', 'cumulative', 'cumulatif', 'cumulatives', 'added', 'ajout', 'ajoutees', 'ajoutes'])
const DELAY = new Set(['delay', 'bronstein', 'usdelay'])
/** Words read over without changing the meaning. */
const FILLER = new Set(
  (
    'for the of in en au aux a an to at on de des du la le les l d un une el los las lo del para pour fur um im in dem den der die das des ' +
    'game games partie parties spiel partida partidas match player players joueur joueurs spieler jugador jugadores each with avec mit con ' +
    'and et und y plus then puis danach luego followed suivi suivis suivies by par total time temps zeit tiempo control controle cadence bedenkzeit ritmo ' +
    'standard classical classic classique klassisch normal rapid rapide rapido rapida schnellschach blitz lightning eclair quickplay ' +
    'clock pendule uhr reloj digital electronic electronique move coup zug jugada moves coups zuge jugadas of starting beginning start debut ' +
    'play jeu juego spielen jouer jugar first premier premiere ersten erste primera primer one 1st'
  ).split(' ')
)

interface Num {
  value: number
  unit: Unit | null
}

interface Segment {
  nums: Num[]
  rest: boolean
  increment: boolean
  delay: boolean
  fromMove: number | null
  afterMove: number | null
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[′’‘`´]/g, "'")
    .replace(/[″“”]|''/g, '"')
    .replace(/ß/g, 'ss')
}

/** "1:30" → 90 minutes; "1h30", "1 h 30 min", "1 hour 30 minutes" → 90 minutes. */
function hoursAndMinutes(s: string): string {
  return s
    .replace(/\b(\d{1,2}):([0-5]\d)(?::00)?\b/g, (_, h: string, m: string) => ` ${Number(h) * 60 + Number(m)}min `)
    .replace(/\b(\d{1,2})\s*(?:hours?|heures?|stunden?|horas?|hrs|hr|std|h)\s*(?:and\s+|et\s+|und\s+|y\s+)?([0-5]?\d)\s*(?:(?:minutes?|minuten|minutos|mins|min|mn|m)\b|')?(?![\d"'/]|\s*(?:s|sec|secs|seconds?|secondes?|sek|sekunden|seg|segundos|"|mv|moves?|coups?|zuge|zug|jugadas?)\b)/g, (_, h: string, m: string) => ` ${Number(h) * 60 + Number(m)}min `)
}

const MOVE_WORD = String.raw`(?:moves?|coups?|zuge|zugen|zug|jugadas?)`
const FROM = String.raw`(?:from|starting\s+(?:from|at|with)|beginning\s+(?:with|at)|a\s+partir\s+d[ue]|des|ab|desde|depuis)`
const ARTICLE = String.raw`(?:the\s+|le\s+|la\s+|dem\s+|el\s+)?`
const FROM_FIRST = new RegExp(String.raw`\b${FROM}\s+${ARTICLE}(?:first|premier|1er|ersten|primera|primer)\s+${MOVE_WORD}\b`)
const FROM_NUMBERED = new RegExp(String.raw`\b${FROM}\s+${ARTICLE}(?:${MOVE_WORD}\s*(?:no\.?|n°|nr\.?)?\s*(\d+)|(\d+)(?:st|nd|rd|th|e|eme|er|\.)?\s*${MOVE_WORD})\b`)
const AFTER = new RegExp(String.raw`\b(?:after|apres|nach|despues\s+de)\s+${ARTICLE}(?:${MOVE_WORD}\s*(?:no\.?|n°|nr\.?)?\s*(\d+)|(\d+)(?:st|nd|rd|th|e|eme|er|\.)?\s*${MOVE_WORD})\b`)

/**
 * "from move 61", "à partir du 61e coup", "ab dem 41. Zug", "desde la jugada 1", "from the first move": where the
 * increment starts; "30 min after 40 moves", "30 min nach 40 Zügen": time added once that many moves are made.
 */
function takeMoveMarks(s: string): { text: string; fromMove: number | null; afterMove: number | null } {
  let fromMove: number | null = null
  let afterMove: number | null = null
  const text = s
    .replace(FROM_FIRST, () => {
      fromMove = 1
      return ' '
    })
    .replace(FROM_NUMBERED, (_, a?: string, b?: string) => {
      fromMove = Number(a ?? b)
      return ' '
    })
    .replace(AFTER, (_, a?: string, b?: string) => {
      afterMove = Number(a ?? b)
      return ' '
    })
  return { text, fromMove, afterMove }
}

/** "A/B" and "AxB" with their units: which side is the moves and which the time. */
function slashes(s: string): string | null {
  let bad = false
  const out = s.replace(/(\d+(?:[.,]\d+)?)\s*([a-z]+|'|")?\s*[/x]\s*(\d+(?:[.,]\d+)?)\s*([a-z]+|'|")?/g, (all, a: string, ua: string | undefined, b: string, ub: string | undefined) => {
    const unitA = ua ? unitOf(ua) : null
    // "90 ko/40" and the like: not a moves/time pair
    if (ua && !unitA) return all
    const unitB = ub ? unitOf(ub) : null
    const tail = ub && !unitB ? ` ${ub}` : ''
    const timeOf = (v: string, u: Unit | null) => `${v}${u === 'hour' ? 'h' : u === 'sec' ? 's' : 'min'}`
    if (unitA === 'moves' || (unitB !== null && unitB !== 'moves')) return ` ${a}mv ${timeOf(b, unitB)}${tail} `
    if (unitB === 'moves' || unitA !== null) return ` ${timeOf(a, unitA)} ${b}mv${tail} `
    // both bare: the move count is the smaller one, between 10 and 60 ("40/120", "90/40"); else unreadable
    const na = Number(a.replace(',', '.'))
    const nb = Number(b.replace(',', '.'))
    const [moves, time] = na < nb ? [na, nb] : [nb, na]
    if (moves < 10 || moves > 60 || moves === time) {
      bad = true
      return all
    }
    return ` ${moves}mv ${time}min${tail} `
  })
  return bad ? null : out
}

function segmentOf(raw: string): Segment | 'unknown-word' {
  const { text, fromMove, afterMove } = takeMoveMarks(raw)
  const seg: Segment = { nums: [], rest: false, increment: false, delay: false, fromMove, afterMove }
  const tokens = text.match(/\d+(?:[.,]\d+)?|[a-z]+|["']/g) ?? []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (/^\d/.test(t)) {
      const next = tokens[i + 1]
      const unit = next !== undefined ? unitOf(next) : null
      if (unit) i++
      seg.nums.push({ value: Number(t.replace(',', '.')), unit })
      continue
    }
    if (t === 'd' && tokens[i + 1] !== undefined && /^\d/.test(tokens[i + 1]!)) {
      seg.delay = true
      continue
    }
    if (REST.has(t)) seg.rest = true
    else if (INCREMENT.has(t)) seg.increment = true
    else if (DELAY.has(t)) seg.delay = true
    else if (unitOf(t) === 'moves' || FILLER.has(t)) continue
    else if (unitOf(t) !== null) continue
    else return 'unknown-word'
  }
  return seg
}

/** Reads a free-text time control (record 122, or what the officer typed). */
export function readTimeControlText(text: string | null): TimeControlReading {
  if (!text || !text.trim()) return NOT('empty')
  let s = ` ${normalise(text)} `
  // "G/90", "SD/30", "G90": game in N minutes
  s = s.replace(/\b(?:g|sd)\s*\/?\s*(?=\d)/g, ' ko ')
  // "inc 30", "d5" inside a part: the increment or delay starts a part of its own
  s = s.replace(/\b(inc|incr|increment|bonus|d)\s*(?=\d)/g, ' + $1 ')
  s = hoursAndMinutes(s)
  const sl = slashes(s)
  if (sl === null) return NOT('ambiguous')
  s = sl
  if (!/\d/.test(s)) return NOT('no-figures')
  // periods and increments are separated by these
  const parts = s
    .split(/\+|,|;|\band\b|\bet\b|\bund\b|\by\b|\bthen\b|\bpuis\b|\bdanach\b|\bluego\b|\bfollowed by\b|\bsuivie?s? de\b|\bwith\b|\bavec\b|\bmit\b|\bcon\b|\bplus\b|\bdann\b|\bund dann\b/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
  const segs: Segment[] = []
  for (const p of parts) {
    const seg = segmentOf(p)
    if (seg === 'unknown-word') return NOT('unknown-word')
    // a part without figures ("for the rest of the game", "per move") qualifies the one before it
    if (seg.nums.length === 0) {
      const prev = segs[segs.length - 1]
      if (!prev) continue
      prev.rest ||= seg.rest
      prev.increment ||= seg.increment
      prev.delay ||= seg.delay
      prev.fromMove ??= seg.fromMove
      prev.afterMove ??= seg.afterMove
      continue
    }
    segs.push(seg)
  }
  return periodsOf(segs)
}

function periodsOf(segs: Segment[]): TimeControlReading {
  const periods: { moves: number | null; minutes: number }[] = []
  let increment: number | null = null
  let delay = 0
  let fromMove = 1
  for (const [i, seg] of segs.entries()) {
    const moves = seg.nums.filter((n) => n.unit === 'moves')
    const times = seg.nums.filter((n) => n.unit === 'min' || n.unit === 'hour')
    const secs = seg.nums.filter((n) => n.unit === 'sec')
    const bare = seg.nums.filter((n) => n.unit === null)
    if (moves.length > 1 || secs.length > 1) return NOT('ambiguous')
    // the increment or delay: seconds, or a bare figure after the last period when nothing else can be meant
    const last = periods[periods.length - 1]
    const isIncrement =
      (secs.length === 1 && times.length === 0 && moves.length === 0 && bare.length === 0) ||
      (bare.length === 1 && times.length === 0 && moves.length === 0 && secs.length === 0 && last !== undefined && last.moves === null && i === segs.length - 1) ||
      (bare.length === 1 && seg.delay && times.length === 0 && moves.length === 0)
    if (isIncrement) {
      const v = secs[0]?.value ?? bare[0]!.value
      if (seg.delay) {
        if (delay !== 0) return NOT('ambiguous')
        delay = v
      } else {
        if (increment !== null) return NOT('ambiguous')
        increment = v
      }
      if (seg.fromMove !== null) fromMove = seg.fromMove
      continue
    }
    if (secs.length === 1 && (times.length > 0 || bare.length > 0)) {
      // "90 min 30 s" inside one part: a base and its increment
      if (increment !== null) return NOT('ambiguous')
      increment = secs[0]!.value
      if (seg.fromMove !== null) fromMove = seg.fromMove
    }
    const minutes = [...times, ...bare].reduce((sum, n) => sum + (n.unit === 'hour' ? n.value * 60 : n.value), 0)
    if (times.length + bare.length === 0) return NOT('no-base-time')
    if (bare.length > 0 && times.length > 0) return NOT('ambiguous')
    if (bare.length > 1) return NOT('ambiguous')
    if (seg.afterMove !== null) {
      // "+ 30 min after 40 moves": the period before ends at that move
      const before = periods.slice(0, -1).reduce((sum, p) => sum + (p.moves ?? 0), 0)
      if (last === undefined || last.moves !== null || seg.afterMove - before <= 0 || moves.length > 0) return NOT('ambiguous')
      last.moves = seg.afterMove - before
    }
    if (last !== undefined && last.moves === null) return NOT('ambiguous')
    periods.push({ moves: moves[0]?.value ?? null, minutes })
  }
  if (periods.length === 0) return NOT('no-base-time')
  return reading(periods.map((p) => ({ ...p, incrementSeconds: increment ?? 0, incrementFromMove: fromMove, delaySeconds: delay })))
}

/** The time control of a tournament: the officer's text first, then the coded 222, then the free 122. */
export function readTimeControl(t: { timeControlOverride?: string | null; encodedTimeControl?: string | null; timeControl?: string | null }): TimeControlReading & { source: 'override' | '222' | '122' | null; text: string | null } {
  if (t.timeControlOverride?.trim()) return { ...readTimeControlText(t.timeControlOverride), source: 'override', text: t.timeControlOverride }
  if (t.encodedTimeControl?.trim()) {
    const coded = readCodedTimeControl(t.encodedTimeControl)
    if (coded.understood || !t.timeControl?.trim()) return { ...coded, source: '222', text: t.encodedTimeControl }
  }
  if (t.timeControl?.trim()) return { ...readTimeControlText(t.timeControl), source: '122', text: t.timeControl }
  return { understood: false, reason: 'empty', source: null, text: null }
}
