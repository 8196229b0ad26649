// The federation's name and logo that printed lists carry: set through settings:set and settings:setLogo (a PNG or
// JPEG checked for type, size and readability), read back, printed at the head of the office's own lists (never of
// FIDE's download), removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deflateSync, crc32 } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { createServices, type Services } from '../../../../src/main/core/services/index'
import { importFideList } from '../../../../src/main/core/registry/import'
import { planListExport, runListExport } from '../../../../src/main/core/services/list-exports'
import { readListBranding } from '../../../../src/main/core/data/settings'
import { LOGO_MAX_BYTES } from '../../../../src/shared/contract/system'
import { sourceWorkerScript } from '../../../../src/main/core/workers/script'
import { tempDir } from '../../../helpers/temp-db'
import { call, refused } from './office-list-fixture'

const tmp = tempDir()
let s: Services
let listId: number
let officeId: number

/** A real PNG of w × h red pixels, written here (signature, IHDR, IDAT, IEND, each chunk with its CRC); with
 *  `alpha`, half transparent (colour type 6, as most logos drawn on a transparent background). */
function png(w: number, h: number, alpha = false): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(8 + data.length + 4)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = alpha ? 6 : 2 // truecolour, with alpha or not
  const px = alpha ? 4 : 3
  const raw = Buffer.alloc(h * (1 + px * w))
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      raw[y * (1 + px * w) + 1 + px * x] = 255
      if (alpha) raw[y * (1 + px * w) + 1 + px * x + 3] = 128
    }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}


beforeAll(() => {
  s = createServices({ dbPath: tmp.file('office.db'), host: 'cli', appVersion: 'test', worker: sourceWorkerScript(), checkOutput: true })
  const res = importFideList(s.ctx.db, { file: fileURLToPath(new URL('../../../fixtures/ratinglists/players_list_foa.txt', import.meta.url)), listDate: '2025-11-01' })
  listId = res.lists.find((l) => l.ratingType === 'standard')!.id
  // an office list of December, published: written here (its generation is not what this file tests)
  const db = s.ctx.db
  officeId = Number(db.prepare("INSERT INTO rating_lists (kind, list_date, rating_type, source, edition, status) VALUES ('office', '2025-12-01', 'standard', 'FIDE', 'fide-2024', 'draft')").run().lastInsertRowid)
  db.prepare('INSERT INTO rating_list_entries (list_id, player_id, rating, games, k) SELECT ?, player_id, rating, 0, k FROM rating_list_entries WHERE list_id = ?').run(officeId, listId)
  db.prepare("UPDATE rating_lists SET status = 'published', published_at = '2025-12-01T10:00:00Z' WHERE id = ?").run(officeId)
})
afterAll(async () => {
  await s.close()
  tmp.cleanup()
})

/** The PDF of the office's list (or of `id`). */
async function pdf(id = officeId): Promise<Buffer> {
  const chunks: Buffer[] = []
  await runListExport(s.ctx.db, planListExport(s.ctx.db, { listId: id, format: 'pdf', locale: 'en', top: 5 }), (c) => void chunks.push(Buffer.from(c)))
  return Buffer.concat(chunks)
}

describe('federation name and logo', () => {
  it('has neither on a new office: the PDF carries no image', async () => {
    expect(await call(s, 'settings:logo', {})).toBeNull()
    expect(readListBranding(s.ctx.db)).toEqual({ federationName: null, logo: null })
    expect((await pdf()).includes('/Subtype /Image')).toBe(false)
  })

  it('stores the name and a PNG logo, and prints both at the head of the office’s list, not of FIDE’s', async () => {
    const image = png(40, 20)
    const set = await call(s, 'settings:set', { federationName: 'Fédération Française des Échecs' })
    expect(set.federationName).toBe('Fédération Française des Échecs')
    const r = await call(s, 'settings:setLogo', { base64: image.toString('base64') })
    expect(r).toEqual({ mediaType: 'image/png', bytes: image.length, dataUrl: `data:image/png;base64,${image.toString('base64')}` })
    expect(await call(s, 'settings:logo', {})).toEqual(r)
    expect(Buffer.from(readListBranding(s.ctx.db).logo!)).toEqual(image)
    const buf = await pdf()
    expect(buf.includes('/Subtype /Image')).toBe(true)
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: new Uint8Array(buf), isEvalSupported: false }).promise
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')
    expect(text).toContain('Fédération Française des Échecs')
    await doc.destroy()
    // FIDE's download is headed by FIDE, without the federation's logo
    const fide = await pdf(listId)
    expect(fide.includes('/Subtype /Image')).toBe(false)
    const fideDoc = await pdfjs.getDocument({ data: new Uint8Array(fide), isEvalSupported: false }).promise
    const fideText = (await (await fideDoc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ')
    expect(fideText).toMatch(/^FIDE /)
    expect(fideText).not.toContain('Fédération Française des Échecs')
    await fideDoc.destroy()
  })

  it('prints a logo with transparency into the same bytes at every export: the image is in the file before the first page', async () => {
    const image = png(64, 64, true)
    await call(s, 'settings:setLogo', { base64: image.toString('base64') })
    const first = await pdf()
    // the image and its transparency mask (SMask), both written before the page that shows them
    const at = (needle: string): number => first.indexOf(needle)
    expect(at('/SMask')).toBeGreaterThan(-1)
    expect(at('/Subtype /Image')).toBeLessThan(at('/Type /Page\n'))
    for (let i = 0; i < 4; i++) expect((await pdf()).equals(first)).toBe(true)
  })

  it('refuses a file that is not a PNG or JPEG, a damaged image and one over the size limit, keeping the stored logo', async () => {
    const gif = await refused(s, 'settings:setLogo', { base64: Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64') })
    expect(gif).toMatchObject({ key: 'settings.logoNotImage', message: 'The logo must be a PNG or JPEG image; this file is neither.' })
    const damaged = Buffer.concat([png(4, 4).subarray(0, 8), Buffer.from('not the chunks of an image')])
    expect((await refused(s, 'settings:setLogo', { base64: damaged.toString('base64') })).key).toBe('settings.logoUnreadable')
    const big = await s.dispatch('settings:setLogo', { base64: Buffer.alloc(LOGO_MAX_BYTES + 4096, 1).toString('base64') })
    expect(!big.ok && big.error.code).toBe('validation')
    expect(!big.ok && big.error.message).toContain('512 KB')
    expect((await refused(s, 'settings:setLogo', { base64: '' })).key).toBe('settings.logoEmpty')
    expect((await call(s, 'settings:logo', {}))?.mediaType).toBe('image/png')
  })

  it('removes the logo with null', async () => {
    expect(await call(s, 'settings:setLogo', { base64: null })).toBeNull()
    expect(readListBranding(s.ctx.db).logo).toBeNull()
    expect((await pdf()).includes('/Subtype /Image')).toBe(false)
  })
})
