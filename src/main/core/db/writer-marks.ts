// The marks writers leave beside a database while they wait for or take their turn (data/write-turn.ts takes turns):
// `office.db.writer-<process>-<thread>`, what the writer does, since when, for whom. Read here by anyone who must say
// who holds the database (a refused write's message, a waiting writer's progress).
import { hostname } from 'node:os'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { translateError } from '../../../shared/errors/index'

export interface WriterMark {
  /** What the writer does: a job kind (`lists:generate`). */
  kind: string
  /** When it asked for its turn (ISO): the order of the queue. */
  since: string
  /** Its place in the queue: milliseconds at the request, then process and thread. */
  ticket: number
  pid: number
  thread: number
  host: string
  /** The officer the writer works for. */
  by: string
  state: 'waiting' | 'writing'
}

/** The mark of the writer `pid`/`thread` on the database `dbPath`. */
export function writerMarkPath(dbPath: string, pid: number, thread: number): string {
  return `${dbPath}.writer-${pid}-${thread}`
}

/** Removes a writer's mark (its turn over, or its thread gone); nothing when it has none. */
export function removeWriterMark(dbPath: string, pid: number, thread: number): void {
  rmSync(writerMarkPath(dbPath, pid, thread), { force: true })
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live marks on the database, first in the queue first; a mark of a process of this machine that is gone is removed. */
export function writerMarks(dbPath: string): WriterMark[] {
  const prefix = `${basename(dbPath)}.writer-`
  let names: string[]
  try {
    names = readdirSync(dirname(dbPath)).filter((n) => n.startsWith(prefix))
  } catch {
    return []
  }
  const marks: WriterMark[] = []
  for (const n of names) {
    const file = join(dirname(dbPath), n)
    let m: WriterMark
    try {
      m = JSON.parse(readFileSync(file, 'utf8')) as WriterMark
    } catch {
      continue // being written, or removed meanwhile
    }
    if (m.host === hostname() && !alive(m.pid)) rmSync(file, { force: true })
    else marks.push(m)
  }
  return marks.sort((a, b) => a.ticket - b.ticket || a.pid - b.pid || a.thread - b.thread)
}

/** "the list generation" in both languages (a message's language picks it); a kind without its words: "a write". */
export function writerWords(kind: string): { en: string; fr: string } {
  const key = `db.writer.${kind.replace(':', '.')}`
  const en = translateError(key, {}, 'en')
  return en === key ? { en: translateError('db.writer.other', {}, 'en'), fr: translateError('db.writer.other', {}, 'fr') } : { en, fr: translateError(key, {}, 'fr') }
}

/** The parameters of a message naming the writer of mark `m`: what, since when (UTC), for whom, which process. */
export function holderParams(dbPath: string, m: WriterMark): { file: string; what: { en: string; fr: string }; since: string; by: string; pid: number; host: string } {
  return { file: dbPath, what: writerWords(m.kind), since: m.since.slice(0, 19).replace('T', ' ') + ' UTC', by: m.by, pid: m.pid, host: m.host }
}

/** The writer at work on the database, if one says so (its mark in the state `writing`). */
export function writingNow(dbPath: string): WriterMark | null {
  return writerMarks(dbPath).find((m) => m.state === 'writing') ?? null
}
