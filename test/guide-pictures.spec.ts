// The user guides' pictures (docs/guide.en.md, docs/guide.fr.md): each names a screenshot the journey e2e writes and
// the repository holds, the English guide its English pictures and the French guide the same screens in French.
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const docs = join(__dirname, '../docs')
const pictures = (guide: string): string[] => [...readFileSync(join(docs, guide), 'utf8').matchAll(/!\[[^\]]*\]\((screenshots\/[^)]+\.png)\)/g)].map((m) => m[1]!)

describe("the guides' pictures", () => {
  it('are files of the repository, the English in journey/ and the French in journey-fr/', () => {
    const en = pictures('guide.en.md')
    const fr = pictures('guide.fr.md')
    expect(en).toHaveLength(19)
    expect(fr).toHaveLength(19)
    for (const p of en) expect(p).toMatch(/^screenshots\/journey\/[\w-]+\.png$/)
    for (const p of fr) expect(p).toMatch(/^screenshots\/journey-fr\/[\w-]+\.png$/)
    for (const p of [...en, ...fr]) expect(existsSync(join(docs, p)), p).toBe(true)
  })

  it('show the same screens in both languages, in the same order', () => {
    const names = (guide: string) => pictures(guide).map((p) => p.split('/').pop())
    expect(names('guide.fr.md')).toEqual(names('guide.en.md'))
    expect(readdirSync(join(docs, 'screenshots/journey-fr')).sort()).toEqual(readdirSync(join(docs, 'screenshots/journey')).sort())
  })
})
