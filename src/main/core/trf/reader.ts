// The forensic TRF reader: TRF06/16/26 in any encoding and dialect → the shared tournament model + located findings.
// It walks the lines and hands each record to the reader of its kind (header-records, player-line, team-records,
// extension-records), then cross-checks the whole (checks.ts).
import { decodeTrf, type Decoded } from './encoding'
import { FindingCollector } from './findings'
import { runChecks } from './checks'
import { detectSystem } from './system'
import { ROUND_BLOCK, roundBlockStart } from './layout'
import { ratingTypeOf } from './time-control'
import { LIMITS, megabytes } from '../limits'
import { newReadContext, type ReadContext } from './read-context'
import { parseScoring, readEventDates, readHeader, readRoundDates } from './header-records'
import { readPlayer } from './player-line'
import { readBye240, readNational, readTeam013, readTeam310 } from './team-records'
import { readExtension } from './extension-records'
import { isRulerLine } from './ruler'
import type { ParsedTrf, TrfFormat } from './types'

export { emptyHeader } from './read-context'
export { parseArbiter } from './header-records'
export { isRulerLine } from './ruler'

const HEADER_RECORDS = new Set(['012', '022', '032', '042', '052', '062', '072', '082', '092', '102', '112', '122', '132'])
/** 142 (number of rounds) alone is also written by TRF16 programs; the others mark a TRF26 file. */
const TRF26_HEADER = new Set(['142', '152', '162', '172', '182', '192', '202', '212', '222', '352', '362'])
/** TRF26 team and pairing records kept as written (byes 240 and teams 310 are also read). */
const TRF26_KEPT = new Set(['250', '260', '299', '300', '320', '330', '801', '802'])
/** The longest line read: a player line of LIMITS.trfRounds round blocks (line 132's dates sit above them). */
const LONGEST = roundBlockStart(LIMITS.trfRounds + 1)

/** The crosstable's size so far: players are refused past LIMITS once, with one finding. */
interface SizeBudget {
  roundEntries: number
  playersRefused: boolean
}

function formatOf(ctx: ReadContext, titlesLetters: boolean): TrfFormat {
  if (ctx.trf26) return 'TRF26'
  if (ctx.roundDatesLine || ctx.header.arbiters.some((a) => a.role === 'deputy') || !titlesLetters) return 'TRF16'
  return 'TRF06'
}

/**
 * The file's text, decoded, as lines; the encoding found is reported. Past the size limit nothing is decoded: the
 * file is refused as a whole, in the time it takes to measure it.
 */
function decodeLines(c: FindingCollector, bytes: Uint8Array): { decoded: Decoded; lines: string[]; tooLarge: boolean } {
  const tooLarge = bytes.length > LIMITS.trfBytes
  if (tooLarge) c.fatal('trf.limits.fileSize', 'file', { line: null }, megabytes(bytes.length), `at most ${megabytes(LIMITS.trfBytes)} MB`, { limit: megabytes(LIMITS.trfBytes) })
  const decoded = decodeTrf(tooLarge ? new Uint8Array() : bytes)
  c.add('info', 'trf.encoding.detected', 'encoding', { line: null }, decoded.encoding, '', { encoding: decoded.encoding, lineEnding: decoded.lineEnding })
  if (decoded.ambiguous) c.add('warning', 'trf.encoding.ambiguous', 'encoding', { line: null }, decoded.encoding, 'check the accented names', { encoding: decoded.encoding })
  if (decoded.lineEnding === 'mixed') c.add('info', 'trf.lineEnding.mixed', 'encoding', { line: null }, 'mixed', 'one kind of line end')
  const lines = decoded.text.split(/\r\n|\r|\n/)
  if (lines.length && lines[lines.length - 1] === '') lines.pop()
  return { decoded, lines, tooLarge }
}

/** A line within LIMITS, cut to the longest a player line may be; null when it is refused (and not read at all). */
function withinLimits(ctx: ReadContext, text: string, line: number, budget: SizeBudget): string | null {
  const { c } = ctx
  if (text.length > LONGEST) {
    // a line past the limit (200,000 byes on one player line): refused, located at the first round block too many
    const rounds = Math.ceil((text.length - roundBlockStart(1)) / ROUND_BLOCK.width)
    if (text.startsWith('001')) c.fatal('trf.limits.rounds', `line ${line}`, { line, column: LONGEST + 1, endColumn: text.length }, String(rounds), `at most ${LIMITS.trfRounds} rounds`, { limit: LIMITS.trfRounds })
    else {
      // any other record that long holds nothing of use: not read at all
      c.fatal('trf.limits.line', 'lines', { line, column: LONGEST + 1, endColumn: text.length }, String(text.length), `at most ${LONGEST} characters`, { limit: LONGEST })
      return null
    }
    text = text.slice(0, LONGEST).trimEnd()
  }
  if (text.startsWith('001')) {
    // the crosstable's size: players, and round blocks of all of them
    budget.roundEntries += Math.max(0, Math.ceil((text.length - roundBlockStart(1)) / ROUND_BLOCK.width))
    if (ctx.players.length >= LIMITS.trfPlayers || budget.roundEntries > LIMITS.trfRoundEntries) {
      if (!budget.playersRefused) c.fatal('trf.limits.players', `line ${line}`, { line, column: 1, endColumn: 3 }, String(ctx.players.length + 1), `at most ${LIMITS.trfPlayers} players and ${LIMITS.trfRoundEntries} round blocks`, { players: LIMITS.trfPlayers, entries: LIMITS.trfRoundEntries })
      budget.playersRefused = true
      return null
    }
  }
  return text
}

/** Comments and column rulers: kept as written, never read as records. True when the line was one. */
function readLayoutLine(ctx: ReadContext, text: string, line: number): boolean {
  if (text.startsWith('###')) {
    ctx.kept.push({ line, record: '###', text, kind: 'comment' })
    return true
  }
  if (text.startsWith('#')) {
    ctx.c.repair('trf.repair.comment', { line, column: 1, endColumn: 1 }, text.slice(0, 10), '###')
    ctx.kept.push({ line, record: '#', text, kind: 'comment' })
    return true
  }
  if (isRulerLine(text)) {
    // a column ruler ("0123456789012…", "         1         2…", "DDD SSSS sTTT…") is a layout aid, not a record:
    // read as one, "0123456…" would give the tournament a name of digits (Krause files of the ICU)
    ctx.kept.push({ line, record: text.slice(0, 3), text, kind: 'ruler' })
    ctx.c.add('info', 'trf.line.ruler', 'lines', { line, column: 1, endColumn: text.length }, text.length > 20 ? text.slice(0, 20) + '…' : text, 'a TRF record')
    return true
  }
  return false
}

/** One record, handed to the reader of its kind by its first three characters; a TRF26 record marks the file TRF26. */
function readRecord(ctx: ReadContext, rec: string, text: string, line: number): void {
  const { c } = ctx
  if (rec === '001') readPlayer(ctx, text, line)
  else if (HEADER_RECORDS.has(rec)) readHeader(ctx, rec, text, line)
  else if (TRF26_HEADER.has(rec)) {
    if (rec !== '142') ctx.trf26 = true
    readHeader(ctx, rec, text, line)
  } else if (rec === '013') readTeam013(ctx, text, line)
  else if (rec === '310') {
    ctx.trf26 = true
    readTeam310(ctx, text, line)
  } else if (rec === '240') {
    ctx.trf26 = true
    readBye240(ctx, text, line)
  } else if (TRF26_KEPT.has(rec)) {
    ctx.trf26 = true
    ctx.kept.push({ line, record: rec, text, kind: 'team-record' })
  } else if (/^(XX|BB)[A-Z]/.test(rec)) readExtension(ctx, rec, text, line)
  else if (/^[A-Z]{3} {1,4}\d/.test(text) && text.length >= 8) readNational(ctx, text, line)
  else if (/^\d{3} {1,4}\d{1,4} /.test(text) && text.length >= 84) {
    c.fatal('trf.record.misnumbered', `line ${line}`, { line, column: 1, endColumn: 3 }, rec, '001 (a player line)')
    ctx.kept.push({ line, record: rec, text, kind: 'unknown' })
  } else {
    ctx.kept.push({ line, record: rec, text, kind: 'unknown' })
    c.add('warning', 'trf.line.unknown', 'lines', { line, column: 1, endColumn: Math.min(text.length, 3) }, text.length > 40 ? text.slice(0, 40) + '…' : text, 'a TRF record (001, 012-132, 142-362, XX?)', { record: rec })
  }
}

/** Every line in order: refused past the limits, kept when a comment or a ruler, else read as its record. */
function readLines(ctx: ReadContext, lines: string[]): void {
  const budget: SizeBudget = { roundEntries: 0, playersRefused: false }
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1
    // trailing blanks carry no meaning (a blank round block reads as "not paired" either way)
    const trimmed = lines[i].trimEnd()
    if (!trimmed) continue
    const text = withinLimits(ctx, trimmed, line, budget)
    if (text === null || readLayoutLine(ctx, text, line)) continue
    const rec = text.slice(0, 3)
    if (rec !== '001' && !ctx.recordLines.has(rec)) ctx.recordLines.set(rec, line)
    readRecord(ctx, rec, text, line)
  }
}

/** What the file as a whole lacks: the header's name and dates, any line, any player. */
function reportMissing(ctx: ReadContext, lines: string[], tooLarge: boolean): void {
  const { c, header: h } = ctx
  if (!h.name) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '012 tournament name', { record: '012' })
  if (!h.startDate) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '042 start date', { record: '042' })
  if (!h.endDate) c.add('warning', 'trf.header.missing', 'header', { line: null }, '', '052 end date', { record: '052' })
  if (tooLarge) {
    // refused above: no second finding about its (undecoded) emptiness
  } else if (lines.length === 0 || lines.every((l) => !l.trim())) c.fatal('trf.file.empty', 'file', { line: null }, '', 'a TRF file')
  else if (ctx.players.length === 0) c.fatal('trf.file.noPlayers', 'file', { line: null }, '', 'player lines (001)')
}

/** Reads any TRF file; never throws on bad bytes: every problem becomes a located finding. */
export function readTrf(bytes: Uint8Array, fileName: string): ParsedTrf {
  const c = new FindingCollector(fileName)
  const { decoded, lines, tooLarge } = decodeLines(c, bytes)
  const ctx = newReadContext(c)
  readLines(ctx, lines)
  if (ctx.xxs) ctx.scoring = parseScoring(ctx.xxs, ctx.scoring)
  readEventDates(ctx)
  readRoundDates(ctx)
  const h = ctx.header
  h.ratingType = ratingTypeOf(h, c)
  reportMissing(ctx, lines, tooLarge)

  const titleLetters = ctx.sources.some((s) => /^[gmfc]$|^w[gmfc]$/.test(s.text.slice(10, 13).trim()))
  // the context holds the checks' input as it was gathered
  const checked = runChecks(ctx, c)
  const parsedCore = { header: h, players: ctx.players }
  const system = detectSystem(parsedCore)
  return {
    fileName,
    format: formatOf(ctx, titleLetters),
    encoding: decoded.encoding,
    lineEnding: decoded.lineEnding,
    lineCount: lines.length,
    header: h,
    players: ctx.players,
    playerSources: ctx.sources,
    teams: ctx.teams,
    nationalRatings: ctx.nationals,
    byes: ctx.byes,
    scoring: checked.scoring,
    roundsInData: checked.roundsInData,
    system,
    kept: ctx.kept,
    findings: c.finish()
  }
}
