// The helper thread's side of site-pool.ts: renders the lists' pages of sheets and the batches of players the build
// hands it, from its own read-only connection, writes their pages into the site's folder (those it does not already
// hold), and answers, once they are written, with each page's path, SHA-256, size and whether it was written.
import { parentPort } from 'node:worker_threads'
import { createHash } from 'node:crypto'
import { openDatabase } from '../db/open'
import { failureOf } from '../workers/paced-channel'
import { ratedTournaments, readSiteContext } from './site'
import { renderPlayerPages, SheetReader } from './site-players'
import { renderSheetPages, type SheetLinks } from './site-sheets'
import { pageTextBound, writePageText, type PageText } from '../site/model'
import { SiteFolder, type PutFile } from '../site/output'
import type { SiteRenderAnswer, SiteRenderData, SiteRenderRequest } from './site-pool'

/** The bytes of a chunk of pages (a page bigger than that has a chunk of its own). */
const CHUNK = 4 * 1024 * 1024

/** The bytes of a thread's pages still to be written when it answers for a batch (its memory stays bounded). */
const WRITES_AHEAD = 16 * 1024 * 1024

export function runSiteRender(data: SiteRenderData): void {
  const port = parentPort!
  const db = openDatabase(data.dbPath, { readonly: true })
  const ctx = readSiteContext(db, data.base)
  const sheets = new SheetReader(ctx, ratedTournaments(ctx).pages)
  let links: SheetLinks = {}
  const folder = new SiteFolder(data.out)
  const aborted = new Int32Array(data.abort)
  port.on('message', (m: SiteRenderRequest) => {
    if ('stop' in m) {
      db.close()
      // the thread ends once the writes it began are done, and says whether they all were
      void folder.settle().then(
        () => port.postMessage({ stopped: null } satisfies SiteRenderAnswer),
        (e: unknown) => port.postMessage({ stopped: failureOf(e) } satisfies SiteRenderAnswer)
      ).finally(() => port.close())
      return
    }
    if ('links' in m) {
      links = m.links
      return
    }
    if (Atomics.load(aborted, 0) === 1) {
      port.postMessage({ seq: m.seq, failed: failureOf(new Error('the site build stopped')) } satisfies SiteRenderAnswer)
      return
    }
    let players: { id: number; files: PutFile[] }[]
    try {
      // each page encoded into the batch's chunks as soon as rendered (its text then dies young), its bytes written
      // from there by the file system's threads while the next pages render
      let chunk: Buffer | null = null
      let at = 0
      const put = (path: string, text: PageText): PutFile => {
        // room for the page's most bytes, so that it is encoded once, in place (a chunk ends a little short)
        const most = pageTextBound(text)
        if (!chunk || at + most > chunk.length) {
          chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK, most))
          at = 0
        }
        const size = writePageText(text, chunk, at)
        const bytes = chunk.subarray(at, at + size)
        at += size
        const sha256 = createHash('sha256').update(bytes).digest('hex')
        return { path, sha256, size, written: folder.put(path, bytes, sha256, size, m.known[path]) }
      }
      players = []
      if ('sheets' in m) {
        const files: PutFile[] = []
        renderSheetPages(ctx, sheets, m.sheets, (path, text) => files.push(put(path, text)))
        players.push({ id: m.sheets.listId, files })
      } else {
        renderPlayerPages(ctx, sheets, m.ids.map((id) => ctx.personOf.get(id)!), links, (id, pages) => {
          players.push({ id, files: pages.map(([path, html]) => put(path, html)) })
        })
      }
    } catch (e) {
      port.postMessage({ seq: m.seq, failed: failureOf(e) } satisfies SiteRenderAnswer)
      return
    }
    // answered once at most WRITES_AHEAD bytes of its thread's pages are still to be written (the next batch renders
    // meanwhile); a write that failed fails the batch, or the thread's end (`stop`)
    void folder.settle(WRITES_AHEAD).then(
      () => port.postMessage({ seq: m.seq, players } satisfies SiteRenderAnswer),
      (e: unknown) => port.postMessage({ seq: m.seq, failed: failureOf(e) } satisfies SiteRenderAnswer)
    )
  })
}
