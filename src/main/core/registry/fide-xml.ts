// FIDE XML lists, streamed with saxes: the combined players_list_xml (ratings per type) and the older single-rating layout.
// The SAX handlers gather each <player>'s fields; fide-xml-record.ts turns them into a record.
import { SaxesParser } from 'saxes'
import { streamText } from './text-source'
import { LIMITS } from '../limits'
import type { ListRatingType, ListRecord, ProblemLog } from './list-record'
import { toRecord, type Field } from './fide-xml-record'

export interface XmlReadOptions {
  file: string
  /** The list a single-rating XML file is (combined files give rapid_* and blitz_* too). */
  ratingType: ListRatingType
  listYear: number
  log: ProblemLog
  onRecord(record: ListRecord): void
  onProgress?(bytesRead: number, totalBytes: number): void
  shouldStop?(): boolean
}

/** What the stream has told so far: the depth (to find an unclosed element), the players, the layout, a fatal error. */
interface XmlState {
  depth: number
  players: number
  combined: boolean
  fatal: Error | null
}

/**
 * The SAX handlers: on a <player>'s open its fields start afresh (its FIDEID attribute is one), each child element's
 * text is one field, and on its close the record goes to `onRecord`.
 */
function listenForPlayers(parser: SaxesParser, opts: XmlReadOptions): XmlState {
  const state: XmlState = { depth: 0, players: 0, combined: false, fatal: null }
  let inPlayer = false
  let playerLine = 0
  let fields = new Map<string, Field>()
  let current: string | null = null
  let text = ''
  /** The element's whole text length; only its first LIMITS.playerNameChars + 1 characters are kept (a 60 MB name). */
  let textLength = 0
  let textLine = 0
  let textColumn = 0

  parser.on('opentag', (tag) => {
    state.depth++
    if (tag.name === 'player' && !inPlayer) {
      inPlayer = true
      playerLine = parser.line
      fields = new Map()
      const id = tag.attributes['FIDEID'] ?? tag.attributes['fideid']
      if (typeof id === 'string') fields.set('fideid', { text: id, line: parser.line, column: parser.column + 1 })
    } else if (inPlayer) {
      current = tag.name.toLowerCase()
      text = ''
      textLength = 0
      textLine = parser.line
      textColumn = parser.column + 1
    }
  })
  parser.on('text', (t) => {
    if (!current) return
    textLength += t.length
    if (text.length <= LIMITS.playerNameChars) text += t.slice(0, LIMITS.playerNameChars + 1 - text.length)
  })
  parser.on('closetag', (tag) => {
    state.depth--
    if (tag.name === 'player' && inPlayer) {
      inPlayer = false
      state.players++
      const rec = toRecord(fields, playerLine, opts)
      if (rec) {
        if (rec.combinedSeen) state.combined = true
        opts.onRecord(rec.record)
      }
    } else if (inPlayer && current) {
      fields.set(current, { text: text.trim(), line: textLine, column: textColumn, length: textLength })
      current = null
    }
  })
  parser.on('error', (e) => {
    state.fatal = e
  })
  return state
}

/** Feeds the file to the parser chunk by chunk, until its end, a fatal error or the caller's stop; true when stopped. */
function feed(parser: SaxesParser, opts: XmlReadOptions, state: XmlState): boolean {
  let stopped = false
  streamText(
    opts.file,
    (chunk, read, total) => {
      if (stopped || state.fatal) return
      if (opts.shouldStop?.()) {
        stopped = true
        return
      }
      parser.write(chunk)
      opts.onProgress?.(read, total)
    },
    false
  )
  return stopped
}

/** A file that is not well-formed XML, or ends inside an element: one located error. */
function reportMalformed(parser: SaxesParser, state: XmlState, log: ProblemLog): void {
  if (state.fatal) {
    const err = state.fatal
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(err.message)
    log.error(m ? Number(m[1]) : parser.line, m ? Number(m[2]) : parser.column, 'xml', m ? m[3]!.trim() : err.message, 'well-formed XML')
  }
  if (state.depth !== 0 && !state.fatal) log.error(parser.line, parser.column, 'xml', 'end of file inside an element', 'a closed <playerslist>')
}

/** Streams the XML list, building one record per <player> element; bad values become located errors. */
export function readFideXml(opts: XmlReadOptions): { players: number; combined: boolean } {
  const parser = new SaxesParser({ position: true })
  const state = listenForPlayers(parser, opts)
  const stopped = feed(parser, opts, state)
  if (!state.fatal && !stopped) parser.close()
  reportMalformed(parser, state, opts.log)
  return { players: state.players, combined: state.combined }
}
