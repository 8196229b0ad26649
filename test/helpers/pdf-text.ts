// Reads a PDF back to its text, page by page (pdfjs-dist's legacy build runs on Node): tests check what a report says.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

// the 14 standard fonts' metrics ship with pdfjs-dist; on Node they are read from its folder
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/'

export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; info: Record<string, unknown> }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise
  try {
    const pages: string[] = []
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i)
      const content = await page.getTextContent()
      // items of one line end with hasEOL; a paragraph wrapped by the layout is joined with a space
      pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''))
    }
    const meta = await doc.getMetadata()
    return { pages, info: meta.info as Record<string, unknown> }
  } finally {
    await doc.destroy()
  }
}
