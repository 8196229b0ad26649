// A folder as a zip archive (stored, not compressed: the site's HTML is served as is; deterministic: files in path
// order, every date the same), for browser mode's download of the public website. ZIP32: a site over 4 GB or 65,535
// files is refused (the command line builds a folder of any size).
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { crc32 } from 'node:zlib'

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const f = join(dir, n)
      return statSync(f).isDirectory() ? files(f) : [f]
    })
}

/** DOS date and time of 1 January 2020, 00:00: every entry's (the bytes of the archive depend on the files alone). */
const DOS_TIME = 0
const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1

/** The zip of every file under `dir`, paths relative to it with '/'. */
export function zipFolder(dir: string): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  const all = files(dir)
  if (all.length > 65_535) throw new Error(`too many files for a zip (${all.length})`)
  for (const f of all) {
    const name = Buffer.from(relative(dir, f).split(sep).join('/'), 'utf8')
    const data = readFileSync(f)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // names in UTF-8
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt16LE(DOS_TIME, 10)
    local.writeUInt16LE(DOS_DATE, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    const head = Buffer.alloc(46)
    head.writeUInt32LE(0x02014b50, 0)
    head.writeUInt16LE(20, 4)
    head.writeUInt16LE(20, 6)
    head.writeUInt16LE(0x0800, 8)
    head.writeUInt16LE(0, 10)
    head.writeUInt16LE(DOS_TIME, 12)
    head.writeUInt16LE(DOS_DATE, 14)
    head.writeUInt32LE(crc, 16)
    head.writeUInt32LE(data.length, 20)
    head.writeUInt32LE(data.length, 24)
    head.writeUInt16LE(name.length, 28)
    head.writeUInt32LE(offset, 42)
    central.push(head, name)
    parts.push(local, name, data)
    offset += local.length + name.length + data.length
    if (offset > 0xffffffff) throw new Error('the site is too big for a zip (over 4 GB)')
  }
  const cd = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(all.length, 8)
  end.writeUInt16LE(all.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, cd, end])
}
