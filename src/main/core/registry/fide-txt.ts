// FIDE fixed-width TXT lists (combined players_list_foa.txt, single-type, legacy): columns from the header, overflow-tolerant.
// The header (fide-txt-header.ts) gives the columns; a line's cells are read (fide-txt-cells.ts) into a record (fide-txt-record.ts).
import type { ListRecord } from './list-record'
import { planOf } from './fide-txt-plan'
import { findFed, readIdCell, readRestAligned, readRestByTokens } from './fide-txt-cells'
import { lineRecord, type TxtLineOptions } from './fide-txt-record'

export { looksLikeTxtHeader, parseTxtHeader, type TxtColumn, type TxtHeader, type TxtLayout } from './fide-txt-header'
export type { TxtLineOptions } from './fide-txt-record'

/**
 * One data line → a record, or null for a blank line. Values are read per column from the header's offsets;
 * when a value runs past its column (an overflowing name or other-titles field) every later column shifts
 * by the overflow, which is how FIDE's writer lays such lines out.
 */
export function parseTxtLine(text: string, lineNo: number, opts: TxtLineOptions): ListRecord | null {
  const { header, log } = opts
  // A line starting with a digit is not blank; anything else is checked the thorough way.
  const c0 = text.charCodeAt(0)
  if (!(c0 >= 48 && c0 <= 57) && !text.trim()) return null
  const line = text.indexOf('\t') >= 0 ? text.replace(/\t/g, ' ') : text
  const plan = planOf(header)
  const texts: (string | undefined)[] = new Array<string | undefined>(plan.slots)
  const columns: number[] = new Array<number>(plan.slots).fill(0)
  const idText = readIdCell(line, lineNo, plan, texts, columns, log)
  if (idText === null) return null
  // Shift after the name, from the federation anchor.
  let shift = 0
  if (plan.fedStart !== null) {
    const at = findFed(line, plan.fedStart)
    if (at !== null) shift = at - plan.fedStart
  }
  const afterName = header.columns[plan.nameIdx + 1]
  const nameEnd = afterName ? afterName.start + shift : line.length
  const name = line.slice(plan.nameStart, nameEnd).trim()
  if (!name) {
    log.error(lineNo, plan.nameStart + 1, 'name', '', 'a player name (Surname, Given names)')
    return null
  }
  texts[plan.slot.get('name')!] = name
  columns[plan.slot.get('name')!] = plan.nameStart + 1
  if (!readRestAligned(line, plan, shift, texts, columns)) shift = readRestByTokens(line, nameEnd, plan, shift, texts, columns)
  return lineRecord({ texts, columns, plan, shift }, lineNo, idText, name, opts)
}
