// Every word a template shows goes through t(): a text node or a shown attribute (placeholder, title, label,
// aria-label, alt) holding letters fails, except the few texts that are the same in every language (listed here
// with the reason), so that a screen never shows an untranslated English word to a French office.
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const rendererDir = join(root, 'src', 'renderer', 'src')

/** Texts that are not words of a language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  // the language chooser names each language in itself
  'English',
  'Français',
  // date format and an example federation code in date / code inputs
  'YYYY-MM-DD',
  'FRA',
  // the rating regulations' own symbols on the calculation sheet (2024 § 8.3)
  'PD',
  'ΔR',
  'FIDE'
])

function vueFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return vueFiles(p)
    return name.endsWith('.vue') ? [p] : []
  })
}

/** The literal texts of a template: text nodes (mustaches removed) and the shown attributes written without a binding. */
function literalTexts(source: string): string[] {
  const m = /<template>([\s\S]*)<\/template>/.exec(source)
  if (!m) return []
  const tpl = m[1]!.replace(/<!--[\s\S]*?-->/g, '').replace(/\{\{[\s\S]*?\}\}/g, ' ')
  const out: string[] = []
  for (const x of tpl.matchAll(/>([^<>]*)</g)) out.push(...x[1]!.split(/[\s·:()&;,./–—-]+|nbsp/).filter(Boolean))
  for (const x of tpl.matchAll(/\s(?:placeholder|title|label|aria-label|alt)="([^"]*)"/g)) out.push(x[1]!.trim())
  return out.filter((w) => /\p{L}{2,}/u.test(w) && !SAME_IN_EVERY_LANGUAGE.has(w))
}

describe('template texts', () => {
  it('finds a raw word in a template (the check can fail)', () => {
    expect(literalTexts('<template><p>Hello {{ t("x") }}</p><n-input placeholder="Name" /></template>')).toEqual(['Hello', 'Name'])
    expect(literalTexts('<template><p>{{ t("home.title") }}</p><n-input :placeholder="t(\'x\')" /></template>')).toEqual([])
  })

  it('shows no word outside t() in any component of the renderer', () => {
    const offenders = vueFiles(rendererDir).flatMap((f) => literalTexts(readFileSync(f, 'utf8')).map((w) => `${relative(root, f)}: ${w}`))
    expect(offenders).toEqual([])
  })
})
