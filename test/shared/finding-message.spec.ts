// A finding's sentence: the server writes it in the office's language when it answers, and the screens write it
// again with the same function when the officer switches language afterwards.
import { describe, expect, it } from 'vitest'
import { readFindingMessage, storedFindingMessage } from '../../src/shared/finding-message'
import { describeFinding } from '../../src/main/core/trf/describe'
import type { TrfFinding } from '../../src/main/core/trf/types'

const stored = {
  code: 'check.arbiters.noChief',
  params: { paragraph: '2014 § 9.1' },
  found: '',
  expected: '',
  fileName: 'open.trf',
  edition: 'fide-2014'
}

describe("a finding's sentence", () => {
  it('is written in the language asked, its paragraph cited as FIDE names it', () => {
    expect(storedFindingMessage(stored, 'en')).toMatch(/^The report names no chief arbiter\. \(FIDE Rating Regulations 2014, § 9\.1\)$/)
    expect(storedFindingMessage(stored, 'fr')).toMatch(/^Le rapport ne nomme pas d’arbitre principal\. \(Réglementation du classement de la FIDE 2014, § 9\.1\)$/)
  })

  it('of a file read is the one the server describes, in either language', () => {
    const f = { level: 'error', code: 'check.arbiters.noChief', group: 'arbiters', fatal: false, location: { file: 'open.trf', line: 3, column: 1, endColumn: 3 }, found: '', expected: '', params: { paragraph: 'licensed arbiters' } } as unknown as TrfFinding
    for (const locale of ['en', 'fr'] as const) expect(readFindingMessage(f, locale)).toBe(describeFinding(f, locale))
    expect(readFindingMessage(f, 'fr')).not.toBe(readFindingMessage(f, 'en'))
  })
})
