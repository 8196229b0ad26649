// Uploads within their total cap when they arrive in parallel, and the folders a killed server left cleaned at the
// next start (issue 38).
import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { spawnSync } from 'node:child_process'
import { UploadStore, removeStaleUploads } from '../../../../src/main/core/util/uploads'
import { UserError } from '../../../../src/main/core/util/errors'
import { tempDir } from '../../../helpers/temp-db'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('uploads in parallel', () => {
  it('share the total cap: two of 1,000 bytes under a 1,500-byte cap, the second one past it is refused', async () => {
    const store = new UploadStore({ 'national-list': 1000, 'fide-list': 1000 }, 1500)
    const a = new PassThrough()
    const b = new PassThrough()
    const ra = store.receive('national-list', 'a.csv', a).then((f) => f, (e: unknown) => e)
    const rb = store.receive('national-list', 'b.csv', b).then((f) => f, (e: unknown) => e)
    // interleaved halves: each alone stays under the cap, together they pass it
    a.write(Buffer.alloc(500, 0x61))
    b.write(Buffer.alloc(500, 0x62))
    await new Promise((r) => setImmediate(r))
    // both ends in one go: neither is finished (and counted as stored) when the other's last bytes come
    a.end(Buffer.alloc(500, 0x61))
    b.end(Buffer.alloc(500, 0x62))
    const [fa, fb] = await Promise.all([ra, rb])
    expect(fa).toMatchObject({ fileName: 'a.csv', bytes: 1000 })
    expect(fb).toBeInstanceOf(UserError)
    expect((fb as UserError).key).toBe('files.tooManyUploads')
    // the refused one's bytes no longer count: a 400-byte upload fits beside the first
    const c = new PassThrough()
    const rc = store.receive('national-list', 'c.csv', c)
    c.end(Buffer.alloc(400, 0x63))
    expect(await rc).toMatchObject({ bytes: 400 })
    store.close()
  })
})

describe('stale upload folders', () => {
  it('removes those of a process that is gone and old ones without a process id; keeps a live one', () => {
    const dir = tmp.file('tmp')
    mkdirSync(dir)
    // a process id that is gone: a child that has exited
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    const dead = join(dir, `rating-office-uploads-${gone}-abc123`)
    const live = join(dir, `rating-office-uploads-${process.ppid}-def456`)
    const oldStyle = join(dir, 'rating-office-uploads-XyZ123')
    const recentOld = join(dir, 'rating-office-uploads-Qrs789')
    const other = join(dir, 'something-else')
    for (const d of [dead, live, oldStyle, recentOld, other]) {
      mkdirSync(join(d, 'up-1'), { recursive: true })
      writeFileSync(join(d, 'up-1', 'list.csv'), 'x')
    }
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000)
    utimesSync(oldStyle, twoDaysAgo, twoDaysAgo)
    expect(removeStaleUploads(dir).sort()).toEqual([dead, oldStyle].sort())
    expect([live, recentOld, other].every((d) => existsSync(d))).toBe(true)
  })
})
