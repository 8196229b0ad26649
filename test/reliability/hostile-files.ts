// Hostile and careless input files for the limits' specs and `npm run reliability` (issue 38), generated at run time
// into a temporary folder: nothing of this size is committed.
import { writeFileSync } from 'node:fs'
import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { PLAYER_FIELDS } from '../../src/main/core/trf/layout'

/**
 * A national list of `rows` players whose first sheet has one formatted, empty cell in column XFD (16,384), the last
 * column a sheet can have: about 12 KB, but a sheet of 16,384 columns to a reader that trusts `columnCount`.
 */
export async function writeWideXlsx(file: string, rows = 2000): Promise<void> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('List')
  ws.addRow(['ID', 'FIDE ID', 'Name', 'Fed', 'Sex', 'Birth', 'Rating'])
  for (let i = 1; i <= rows; i++) ws.addRow([i, null, `Player ${i}, Anna`, 'FRA', 'F', 1980 + (i % 30), 1400 + (i % 900)])
  ws.getCell('XFD1').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } }
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()))
}

/** A ZIP member stored with deflate; `declared` lies about its uncompressed size when given. */
interface Member { name: string; data: Buffer; declared?: number }

/** A ZIP archive of the members (deflated), written by hand so that its headers can say what a test wants. */
export function zipOf(members: Member[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const m of members) {
    const name = Buffer.from(m.name)
    const body = deflateRawSync(m.data, { level: 9 })
    const size = m.declared ?? m.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(0, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(0, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(members.length, 8)
  end.writeUInt16LE(members.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

/**
 * A zip bomb dressed as a workbook: a sheet of `megabytes` MB of one repeated byte, about 1/1000 of that on disk; its
 * header declares the true size, or 1 KB when `lie`. (Generating it holds the sheet in memory once: `megabytes` MB.)
 */
export function writeXlsxBomb(file: string, megabytes: number, lie = false): void {
  const sheet = Buffer.alloc(megabytes * 1024 * 1024, 0x20)
  writeFileSync(file, zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declared: lie ? 1024 : undefined }
  ]))
}

/** A TRF player line (columns 1–89) of the fields given, as the layout places them, then its round blocks. */
function playerLine(f: Partial<Record<keyof typeof PLAYER_FIELDS, string>>, rounds: string): string {
  const chars = Array.from('001' + ' '.repeat(86))
  for (const [k, v] of Object.entries(f) as [keyof typeof PLAYER_FIELDS, string][]) {
    const { column, endColumn, align } = PLAYER_FIELDS[k]
    const width = endColumn - column + 1
    const text = align === 'right' ? v.padStart(width) : v.padEnd(width)
    chars.splice(column - 1, width, ...text.slice(0, width))
  }
  return chars.join('') + rounds
}

/**
 * A TRF report of two players with the round blocks given for each (10 characters a round), declaring `declared`
 * rounds (XXR; none when null).
 */
export function writeTwoPlayerTrf(file: string, declared: number | null, rounds1: string, rounds2: string, points1 = '0.0'): void {
  const head = ['012 Hostile open', '022 Nowhere', '042 2026/01/01', '052 2026/01/02', '062 2', '092 Individual: Swiss-System', ...(declared !== null ? [`XXR ${declared}`] : [])]
  const p1 = playerLine({ startRank: '1', sex: 'm', name: 'Alpha, Anna', rating: '1500', federation: 'FRA', fideId: '1000001', birth: '1990/01/01', points: points1, rank: '1' }, rounds1)
  const p2 = playerLine({ startRank: '2', sex: 'm', name: 'Beta, Bruno', rating: '1500', federation: 'FRA', fideId: '1000002', birth: '1990/01/01', points: '0.0', rank: '2' }, rounds2)
  writeFileSync(file, [...head, p1, p2, ''].join('\n'))
}

/**
 * A TRF report of two players in which the first has `byes` rounds of byes (the 2 MB, 200,000-round attack), declaring
 * `declared` rounds (as many as the byes unless said).
 */
export function writeByesTrf(file: string, byes: number, declared: number | null = byes): void {
  writeTwoPlayerTrf(file, declared, '  0000 - H'.repeat(byes), '', (byes / 2).toFixed(1))
}

/**
 * A large, well-formed Swiss report: `players` players over `rounds` rounds (XXR declared), each round pairing 1–2, 3–4…
 * (white wins): a legitimate report long enough to parse that other calls must not wait for it.
 */
export function writeBigSwissTrf(file: string, players: number, rounds: number): void {
  const head = ['012 Big open', '022 Somewhere', '042 2026/01/01', '052 2026/01/09', `062 ${players}`, '092 Individual: Swiss-System', `XXR ${rounds}`]
  const lines: string[] = []
  for (let i = 1; i <= players; i++) {
    const odd = i % 2 === 1
    const other = odd ? i + 1 : i - 1
    const block = other <= players ? `  ${String(other).padStart(4)} ${odd ? 'w 1' : 'b 0'}` : '  0000 - U'
    const points = odd || other > players ? rounds.toFixed(1) : '0.0'
    lines.push(playerLine({ startRank: String(i), sex: 'm', name: `Player${i}, Anna`, rating: '1500', federation: 'FRA', fideId: String(3000000 + i), birth: '1990/01/01', points, rank: String(i) }, block.repeat(rounds)))
  }
  writeFileSync(file, [...head, ...lines, ''].join('\n'))
}
