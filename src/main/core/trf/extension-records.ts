// Program extensions (XX?, BB?: JaVaFo, Swiss-Manager): kept as written; XXR, XXC and XXS also read, as the header's fallbacks.
import { parseIntField, type ReadContext } from './read-context'

/** An XX?/BB? line: kept; XXR gives the rounds and XXC the first colour when the header gives none, XXS the scoring. */
export function readExtension(ctx: ReadContext, rec: string, text: string, line: number): void {
  ctx.kept.push({ line, record: rec, text, kind: 'extension' })
  const v = text.slice(3).trim()
  if (rec === 'XXR') {
    const n = parseIntField(v)
    if (n === null) ctx.c.add('warning', 'trf.header.number', 'header', { line, column: 5, endColumn: text.length }, v, 'a whole number', { record: rec })
    else if (ctx.header.declaredRounds === null) ctx.header.declaredRounds = n
  } else if (rec === 'XXC') {
    if (/white1/i.test(v)) ctx.header.initialColour ??= 'w'
    else if (/black1/i.test(v)) ctx.header.initialColour ??= 'b'
  } else if (rec === 'XXS') ctx.xxs = v
}
