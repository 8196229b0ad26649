// Finds the PDF fonts shipped in resources/fonts (source tree, built CLI and packaged app alike) and reads them.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PdfFonts } from './pdf'

const REGULAR = 'DejaVuSansCondensed.ttf'
const BOLD = 'DejaVuSansCondensed-Bold.ttf'

let cached: PdfFonts | null = null

/** The fonts folder: the first `resources/fonts` holding the list font, walking up from this module. */
export function fontsDir(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  for (;;) {
    const candidate = join(dir, 'resources', 'fonts')
    if (existsSync(join(candidate, REGULAR))) return candidate
    const up = dirname(dir)
    if (up === dir) throw new Error(`the PDF fonts (resources/fonts/${REGULAR}) were not found above ${from}`)
    dir = up
  }
}

export function loadPdfFonts(): PdfFonts {
  if (!cached) {
    const dir = fontsDir()
    cached = { regular: readFileSync(join(dir, REGULAR)), bold: readFileSync(join(dir, BOLD)) }
  }
  return cached
}
