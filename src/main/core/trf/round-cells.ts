// The round cells of a player line ("  NNNN c r": opponent, colour, result), read and repaired where a program's habit is known.
import type { ResultCode, RoundEntry } from '../model/tournament'
import { ROUND_BLOCK, roundBlockStart } from './layout'
import { parseIntField, type ReadContext } from './read-context'

const CODES = new Set<string>(['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z', ' '])
const BYE_CODES = new Set<string>(['H', 'F', 'U', 'Z', ' ', '-', '+'])
/** A game's result written against opponent 0000: the bye it stands for. */
const BYE_FOR_RESULT: Partial<Record<string, ResultCode>> = { '=': 'H', D: 'H', '1': 'F', W: 'F', '0': 'Z', L: 'Z' }

/** One round block of a player line (round from 1), repaired where a program's habit is known; fatal findings give an empty round. */
export function readRoundBlock(ctx: ReadContext, text: string, line: number, startRank: number, round: number): RoundEntry {
  const { c } = ctx
  const empty: RoundEntry = { round, opponent: null, color: null, code: ' ' }
  const base = roundBlockStart(round)
  const block = text.slice(base, base + ROUND_BLOCK.width)
  const rg = `round ${round}`
  if (!block.trim()) return empty
  const oppRaw = text.slice(base + ROUND_BLOCK.opponent.from - 1, base + ROUND_BLOCK.opponent.to).trim()
  let colRaw = text.charAt(base + ROUND_BLOCK.colour - 1) || ' '
  let codeRaw = text.charAt(base + ROUND_BLOCK.result - 1) || ' '
  const whole = { line, column: base + 1, endColumn: Math.min(base + ROUND_BLOCK.width, text.length) }
  const opponentAt = { line, column: base + ROUND_BLOCK.opponent.from, endColumn: base + ROUND_BLOCK.opponent.to }
  const colourAt = { line, column: base + ROUND_BLOCK.colour, endColumn: base + ROUND_BLOCK.colour }
  const resultAt = { line, column: base + ROUND_BLOCK.result, endColumn: base + ROUND_BLOCK.result }
  // the separators (columns 1-2, 7 and 9 of the block) must be blank
  if (block.slice(0, 2).trim() || (block.length > 6 && text.charAt(base + 6) !== ' ') || (block.length > 8 && text.charAt(base + 8) !== ' ')) {
    c.fatal('trf.round.layout', rg, whole, block, 'a round block "  NNNN c r" (opponent, colour, result)', { round, player: startRank })
    return empty
  }
  let opponent: number | null = null
  if (oppRaw && !/^0+$/.test(oppRaw)) {
    opponent = parseIntField(oppRaw)
    if (opponent === null) {
      c.fatal('trf.round.opponent', rg, opponentAt, oppRaw, 'an opponent start number or 0000', { round, player: startRank })
      return empty
    }
  }
  if (colRaw === 'W' || colRaw === 'B') {
    c.repair('trf.repair.colourCase', colourAt, colRaw, colRaw.toLowerCase())
    colRaw = colRaw.toLowerCase()
  }
  if (codeRaw === '½') {
    c.repair('trf.repair.resultCode', resultAt, codeRaw, '=')
    codeRaw = '='
  } else if (/^[hfuzdl]$/.test(codeRaw)) {
    c.repair('trf.repair.resultCode', resultAt, codeRaw, codeRaw.toUpperCase())
    codeRaw = codeRaw.toUpperCase()
  }
  if (!CODES.has(codeRaw)) {
    c.fatal('trf.round.code', rg, resultAt, codeRaw, '1 0 = + - W D L H F U Z', { round, player: startRank })
    return empty
  }
  const code = codeRaw as ResultCode
  let color: RoundEntry['color'] = null
  if (colRaw === 'w' || colRaw === 'b') color = colRaw
  else if (colRaw !== '-' && colRaw !== ' ') {
    c.fatal('trf.round.colour', rg, colourAt, colRaw, 'w, b or -', { round, player: startRank })
  }
  if (opponent === null) {
    const asBye = BYE_FOR_RESULT[code]
    if (asBye && oppRaw) {
      // "0000 - =": a bye written with a game's result (Krause exports): the half point is a half-point bye
      c.repair('trf.repair.byeAsResult', resultAt, block.trimEnd(), `${oppRaw} - ${asBye}`)
      return { round, opponent: null, color: null, code: asBye }
    }
    if (!BYE_CODES.has(code)) {
      c.fatal('trf.round.resultWithoutOpponent', rg, whole, block.trimEnd(), 'an opponent for a played result', { round, player: startRank, code })
    }
    if (code === ' ' && (oppRaw || colRaw === '-')) ctx.explicitBlank.add(`${startRank}:${round}`)
    return { round, opponent: null, color: null, code }
  }
  if (opponent === startRank) c.fatal('trf.round.selfPairing', rg, opponentAt, oppRaw, 'another player', { round, player: startRank })
  if (code === 'H' || code === 'F' || code === 'U' || code === 'Z' || code === ' ') {
    c.add('warning', 'trf.round.byeWithOpponent', rg, whole, block.trimEnd(), 'opponent 0000 for a bye', { round, player: startRank, opponent, code })
  } else if (color === null && code !== '+' && code !== '-') {
    c.fatal('trf.round.colour', rg, colourAt, colRaw, 'w or b for a played game', { round, player: startRank })
  }
  return { round, opponent, color, code }
}
