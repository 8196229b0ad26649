// Every finding code the core can emit has a title and an explanation in English and French, and its message's
// paragraph reads as FIDE's citation: a new code without them fails here.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FINDING_TITLES, findingExplanation, findingTitle } from '../../src/shared/finding-titles'
import { trfErrors } from '../../src/shared/errors/trf'
import { checksErrors } from '../../src/shared/errors/checks'
import { describeCheckFinding } from '../../src/main/core/checks/index'
import { BUILTIN_EDITIONS } from '../../src/main/core/rules/editions'
import type { CheckFinding } from '../../src/main/core/checks/types'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

/** Every finding code the core writes: the literals, and the templates' expansions (`trf.repair.${…}`). */
function emittedCodes(): Set<string> {
  const codes = new Set<string>()
  for (const file of sources('src/main/core')) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/'((?:trf|check)\.[a-zA-Z]+\.[a-zA-Z0-9]+)'/g)) codes.add(m[1]!)
    // `trf.repair.${x === '…' ? 'a' : 'b'}`: both branches
    for (const m of text.matchAll(/`(trf\.[a-zA-Z]+\.)\$\{[^}]*\? '([a-zA-Z]+)' : '([a-zA-Z]+)'\}`/g)) codes.add(m[1]! + m[2]!).add(m[1]! + m[3]!)
  }
  // and every finding message of the catalogues
  for (const k of [...Object.keys(trfErrors), ...Object.keys(checksErrors)]) if (/^(trf|check)\./.test(k)) codes.add(k)
  return codes
}

describe('finding titles', () => {
  const codes = emittedCodes()

  it('finds the codes it walks', () => {
    expect(codes.has('trf.match.nameMismatch')).toBe(true)
    expect(codes.has('trf.repair.birthYearOnly')).toBe(true)
    expect(codes.has('check.games.ratingGap600')).toBe(true)
    expect(codes.size).toBeGreaterThan(100)
  })

  it('gives every code a title and an explanation in English and French', () => {
    const missing = [...codes].filter((c) => {
      const t = FINDING_TITLES[c]
      return !t || !t.en.title || !t.fr.title || !t.en.explain || !t.fr.explain || t.en.title === t.fr.title && t.en.explain === t.fr.explain
    })
    expect(missing).toEqual([])
  })

  it('titles no code with a code', () => {
    for (const c of codes) for (const l of ['en', 'fr'] as const) expect(findingTitle(c, l)).not.toMatch(/\w+\.\w+\.\w+/)
    expect(findingTitle('trf.match.candidate', 'fr')).toBe('Joueur du registre possible')
    expect(findingExplanation('trf.encoding.detected', 'en')).toBe('How the file’s characters and line ends were read.')
  })

  it('cites every check’s paragraph as FIDE’s words in both languages', () => {
    for (const code of Object.keys(checksErrors))
      for (const e of BUILTIN_EDITIONS)
        for (const paragraph of Object.values(e.checks.refs))
          for (const locale of ['en', 'fr'] as const) {
            const text = describeCheckFinding({ code: code as CheckFinding['code'], level: 'warning', edition: e.id, paragraph, group: 'g', params: { paragraph }, excludesGames: false }, locale)
            expect(text, `${code} ${e.id} ${paragraph}`).not.toMatch(/regulations\.md|seed \d/)
            expect(text).toMatch(/FIDE Rating Regulations|Réglementation du classement de la FIDE|FSE\/SSB/)
          }
  })
})
