// The helper thread's side of site-pool.ts: renders the lists' pages of sheets and the batches of players the build
// hands it, from its own read-only connection, and hands back their pages' bytes with their SHA-256.
import { parentPort } from 'node:worker_threads'
import { createHash } from 'node:crypto'
import { openDatabase } from '../db/open'
import { failureOf } from '../workers/paced-channel'
import { ratedTournaments, readSiteContext } from './site'
import { renderPlayerPages, SheetReader } from './site-players'
import { renderSheetPages, type SheetLinks } from './site-sheets'
import { pageTextBound, writePageText, type PageText } from '../site/model'
import type { RenderedFile, SiteRenderAnswer, SiteRenderData, SiteRenderRequest } from './site-pool'

/** The bytes of a chunk of pages (a page bigger than that has a chunk of its own). */
const CHUNK = 4 * 1024 * 1024

export function runSiteRender(data: SiteRenderData): void {
  const port = parentPort!
  const db = openDatabase(data.dbPath, { readonly: true })
  const ctx = readSiteContext(db, data.base)
  const sheets = new SheetReader(ctx, ratedTournaments(ctx).pages)
  let links: SheetLinks = {}
  port.on('message', (m: SiteRenderRequest) => {
    if ('stop' in m) {
      db.close()
      port.close()
      return
    }
    if ('links' in m) {
      links = m.links
      return
    }
    let answer: SiteRenderAnswer
    let transfer: ArrayBuffer[] = []
    try {
      // each page encoded into the batch's chunks as soon as rendered (its text then dies young)
      const chunks: Buffer[] = []
      let chunk: Buffer | null = null
      let at = 0
      const encode = (path: string, text: PageText): RenderedFile => {
        // room for the page's most bytes, so that it is encoded once, in place (a chunk ends a little short)
        const most = pageTextBound(text)
        if (!chunk || at + most > chunk.length) {
          // a chunk of its own (not from Node's shared pool): moved to the build, not copied
          chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK, most))
          chunks.push(chunk)
          at = 0
        }
        const size = writePageText(text, chunk, at)
        const file = { path, chunk: chunks.length - 1, at, size, sha256: createHash('sha256').update(chunk.subarray(at, at + size)).digest('hex') }
        at += size
        return file
      }
      const players: { id: number; files: RenderedFile[] }[] = []
      if ('sheets' in m) {
        const files: RenderedFile[] = []
        renderSheetPages(ctx, sheets, m.sheets, (path, text) => files.push(encode(path, text)))
        players.push({ id: m.sheets.listId, files })
      } else {
        renderPlayerPages(ctx, sheets, m.ids.map((id) => ctx.personOf.get(id)!), links, (id, pages) => {
          players.push({ id, files: pages.map(([path, html]) => encode(path, html)) })
        })
      }
      transfer = chunks.map((c) => c.buffer as ArrayBuffer)
      answer = { seq: m.seq, players, chunks: transfer }
    } catch (e) {
      answer = { seq: m.seq, failed: failureOf(e) }
    }
    port.postMessage(answer, transfer)
  })
}
