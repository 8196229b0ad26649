// The website's zip (browser mode's download): every file stored under its path with '/', its bytes and CRC as they
// are, the same archive for the same folder.
import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { tempDir } from '../../../helpers/temp-db'
import { zipFolder } from '../../../../src/main/core/site/zip'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** Reads a stored zip back through its central directory: name → bytes (checking each CRC). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50)
  const count = zip.readUInt16LE(end + 10)
  let p = zip.readUInt32LE(end + 16)
  const out = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50)
    const crc = zip.readUInt32LE(p + 16)
    const size = zip.readUInt32LE(p + 20)
    const nameLen = zip.readUInt16LE(p + 28)
    const local = zip.readUInt32LE(p + 42)
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8')
    const localName = zip.readUInt16LE(local + 26)
    const data = zip.subarray(local + 30 + localName, local + 30 + localName + size)
    expect(crc32(data), name).toBe(crc)
    out.set(name, Buffer.from(data))
    p += 46 + nameLen
  }
  return out
}

describe('zipFolder', () => {
  it('stores every file under its relative path, and gives the same bytes twice', () => {
    const dir = tmp.file('site')
    mkdirSync(join(dir, 'en/players/0a'), { recursive: true })
    writeFileSync(join(dir, 'index.html'), '<!doctype html><p>Fédération</p>')
    writeFileSync(join(dir, 'en/players/0a/10.html'), 'Müller, Anna')
    writeFileSync(join(dir, 'site-manifest.json'), '{}')
    const a = zipFolder(dir)
    expect(a.equals(zipFolder(dir))).toBe(true)
    const files = unzip(a)
    expect([...files.keys()]).toEqual(['en/players/0a/10.html', 'index.html', 'site-manifest.json'])
    expect(files.get('en/players/0a/10.html')!.toString('utf8')).toBe('Müller, Anna')
    expect(files.get('index.html')!.toString('utf8')).toBe('<!doctype html><p>Fédération</p>')
  })
})
