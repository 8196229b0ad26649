// The helper thread's side of site-pool.ts: renders the batches of players the build hands it, from its own read-only
// connection, and hands back their pages' bytes with their SHA-256.
import { parentPort } from 'node:worker_threads'
import { createHash } from 'node:crypto'
import { openDatabase } from '../db/open'
import { failureOf } from '../workers/paced-channel'
import { ratedTournaments, readSiteContext } from './site'
import { renderPlayerPages, SheetReader } from './site-players'
import { pageTextBound, writePageText } from '../site/model'
import type { RenderedFile, SiteRenderAnswer, SiteRenderData, SiteRenderRequest } from './site-pool'

/** The bytes of a chunk of pages (a page bigger than that has a chunk of its own). */
const CHUNK = 4 * 1024 * 1024

export function runSiteRender(data: SiteRenderData): void {
  const port = parentPort!
  const db = openDatabase(data.dbPath, { readonly: true })
  const ctx = readSiteContext(db, data.base)
  const rows = new Map(ctx.people.map((p) => [p.id, p]))
  const sheets = new SheetReader(ctx, ratedTournaments(ctx).pages)
  port.on('message', (m: SiteRenderRequest) => {
    if ('stop' in m) {
      db.close()
      port.close()
      return
    }
    let answer: SiteRenderAnswer
    let transfer: ArrayBuffer[] = []
    try {
      // each player's pages encoded into the batch's chunks as soon as rendered (their text then dies young)
      const chunks: Buffer[] = []
      let chunk: Buffer | null = null
      let at = 0
      const players: { id: number; files: RenderedFile[] }[] = []
      const kept = renderPlayerPages(ctx, sheets, m.ids.map((id) => rows.get(id)!), (id, pages) => {
        const files = pages.map(([path, html]): RenderedFile => {
          // room for the page's most bytes, so that it is encoded once, in place (a chunk ends a little short)
          const most = pageTextBound(html)
          if (!chunk || at + most > chunk.length) {
            // a chunk of its own (not from Node's shared pool): moved to the build, not copied
            chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK, most))
            chunks.push(chunk)
            at = 0
          }
          const size = writePageText(html, chunk, at)
          const file = { path, chunk: chunks.length - 1, at, size, sha256: createHash('sha256').update(chunk.subarray(at, at + size)).digest('hex') }
          at += size
          return file
        })
        players.push({ id, files })
      }, m.keep)
      transfer = chunks.map((c) => c.buffer as ArrayBuffer)
      answer = { seq: m.seq, players, chunks: transfer, kept }
    } catch (e) {
      answer = { seq: m.seq, failed: failureOf(e) }
    }
    port.postMessage(answer, transfer)
  })
}
