// Collects located findings while reading; repeated dialect repairs are folded into one finding per kind.
import type { FindingLevel, TrfFinding } from './types'

export interface At {
  line: number | null
  /** 1-based inclusive column range. */
  column?: number | null
  endColumn?: number | null
}

interface RepairGroup {
  first: At
  found: string
  expected: string
  count: number
  lines: number[]
  params: TrfFinding['params']
}

/** At most this many line numbers are listed in a folded repair (the count is always exact). */
const LISTED_LINES = 12

export class FindingCollector {
  readonly findings: TrfFinding[] = []
  private readonly repairs = new Map<string, RepairGroup>()

  constructor(readonly file: string) {}

  add(
    level: FindingLevel,
    code: string,
    group: string,
    at: At,
    found: string,
    expected: string,
    params: TrfFinding['params'] = {},
    fatal = false
  ): void {
    this.findings.push({
      level,
      code,
      group,
      fatal,
      location: { file: this.file, line: at.line, column: at.column ?? null, endColumn: at.endColumn ?? null },
      found,
      expected,
      params: { line: at.line, ...params }
    })
  }

  fatal(code: string, group: string, at: At, found: string, expected: string, params: TrfFinding['params'] = {}): void {
    this.add('error', code, group, at, found, expected, params, true)
  }

  /** A dialect repair: the reader understood the text and says how. */
  repair(code: string, at: At, found: string, expected: string, params: TrfFinding['params'] = {}): void {
    const g = this.repairs.get(code)
    if (g) {
      g.count++
      if (at.line !== null && g.lines.length < LISTED_LINES) g.lines.push(at.line)
      return
    }
    this.repairs.set(code, { first: at, found, expected, count: 1, lines: at.line !== null ? [at.line] : [], params })
  }

  /** Findings in reading order, repairs folded at the end of the list. */
  finish(): TrfFinding[] {
    for (const [code, g] of this.repairs) {
      this.add('info', code, 'repairs', g.first, g.found, g.expected, {
        ...g.params,
        count: g.count,
        lines: g.lines.join(', ') + (g.count > g.lines.length ? ', …' : '')
      })
    }
    this.repairs.clear()
    return this.findings
  }
}
