// The helper thread's side of site-pool.ts: renders the batches of players the build hands it, from its own read-only
// connection, and hands back their pages' bytes with their SHA-256.
import { parentPort } from 'node:worker_threads'
import { createHash } from 'node:crypto'
import { openDatabase } from '../db/open'
import { failureOf } from '../workers/paced-channel'
import { ratedTournaments, readSiteContext } from './site'
import { renderPlayerPages, SheetReader } from './site-players'
import type { RenderedFile, SiteRenderAnswer, SiteRenderData, SiteRenderRequest } from './site-pool'

export function runSiteRender(data: SiteRenderData): void {
  const port = parentPort!
  const db = openDatabase(data.dbPath, { readonly: true })
  const ctx = readSiteContext(db)
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
      const rendered = renderPlayerPages(ctx, sheets, m.ids.map((id) => rows.get(id)!))
      let total = 0
      const sizes: number[] = []
      for (const p of rendered) for (const [, html] of p.pages) total += sizes[sizes.push(Buffer.byteLength(html)) - 1]!
      // one buffer of its own for the batch (not from Node's shared pool): moved to the build, not copied
      const bytes = Buffer.allocUnsafeSlow(total)
      let at = 0
      let k = 0
      const players = rendered.map((p) => {
        const files: RenderedFile[] = p.pages.map(([path, html]) => {
          const size = sizes[k++]!
          bytes.write(html, at, size, 'utf8')
          const sha256 = createHash('sha256').update(bytes.subarray(at, at + size)).digest('hex')
          at += size
          return { path, size, sha256 }
        })
        return { id: p.id, files }
      })
      answer = { seq: m.seq, players, bytes: bytes.buffer as ArrayBuffer }
      transfer = [bytes.buffer as ArrayBuffer]
    } catch (e) {
      answer = { seq: m.seq, failed: failureOf(e) }
    }
    port.postMessage(answer, transfer)
  })
}
