// Benchmark: import a synthetic 1.9-million-line combined FIDE TXT list (time, peak RSS), then name search latency.
// Run: npx tsx bench/registry.bench.ts [lines]   (targets: import < 20 s and < 1 GB; search < 20 ms)
import { closeSync, openSync, rmSync, writeSync, mkdtempSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src/main/core/db/open'
import { importFideList } from '../src/main/core/registry/import'
import { PlayerReader } from '../src/main/core/registry/players'

const LINES = Number(process.argv[2] ?? 1_900_000)
const HEADER =
  'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag'
const COLS = [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152, 158]
const FEDS = ['GER', 'FRA', 'ESP', 'IND', 'RUS', 'USA', 'ITA', 'POL', 'NED', 'BEL', 'CZE', 'HUN', 'SRB', 'TUR', 'IRI', 'BRA']
const SYL = ['ka', 'ro', 'mi', 'sel', 'van', 'der', 'ber', 'ni', 'kov', 'ski', 'ma', 'lo', 'pe', 'tr', 'an', 'do', 'ri', 'us', 'el', 'sch', 'mül', 'gar', 'cía', 'lé']
const GIVEN = ['Jürgen', 'Anna', 'Pierre', 'María', 'Ivan', 'Wei', 'Magnus', 'Fabiano', 'Sofia', 'Luca', 'Jan', 'Eva', 'Ole', 'Zoé', 'Ahmed', 'Priya']

let seed = 12345
const rnd = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}
const word = (): string => {
  let w = ''
  for (let i = 0, k = 2 + rnd(3); i < k; i++) w += SYL[rnd(SYL.length)]
  return w[0]!.toUpperCase() + w.slice(1)
}

function makeLine(i: number): string {
  const rated = (p: number): boolean => rnd(100) < p
  const v: string[] = new Array(19).fill('')
  v[0] = String(100000 + i)
  v[1] = `${word()}, ${GIVEN[rnd(GIVEN.length)]}`
  v[2] = FEDS[rnd(FEDS.length)]!
  const woman = rnd(10) < 2
  v[3] = woman ? 'F' : 'M'
  if (rnd(200) === 0) v[4] = 'FM'
  if (rnd(500) === 0) v[6] = 'FA'
  if (rated(45)) [v[8], v[9], v[10]] = [String(1000 + rnd(1700)), String(rnd(30)), String([20, 40][rnd(2)])]
  if (rated(25)) [v[11], v[12], v[13]] = [String(1000 + rnd(1700)), String(rnd(30)), '20']
  if (rated(20)) [v[14], v[15], v[16]] = [String(1000 + rnd(1700)), String(rnd(30)), '20']
  v[17] = String(1940 + rnd(80))
  v[18] = rnd(3) === 0 ? (woman ? 'wi' : 'i') : woman ? 'w' : ''
  let out = ''
  for (let c = 0; c < 19; c++) {
    const width = c + 1 < COLS.length ? COLS[c + 1]! - COLS[c]! : v[c]!.length + 1
    out += v[c]!.length >= width ? v[c] + ' ' : v[c]!.padEnd(width)
  }
  return out.trimEnd()
}

const dir = mkdtempSync(join(tmpdir(), 'rating-office-bench-'))
try {
  const file = join(dir, 'players_list_foa.txt')
  let t = performance.now()
  const fd = openSync(file, 'w')
  writeSync(fd, HEADER + '\n')
  let buf: string[] = []
  for (let i = 0; i < LINES; i++) {
    buf.push(makeLine(i))
    if (buf.length === 20000) {
      writeSync(fd, buf.join('\n') + '\n')
      buf = []
    }
  }
  if (buf.length) writeSync(fd, buf.join('\n') + '\n')
  closeSync(fd)
  console.log(`generated ${LINES} lines in ${((performance.now() - t) / 1000).toFixed(1)} s`)

  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
  const db = openDatabase(join(dir, 'bench.db'))
  t = performance.now()
  const cpu0 = process.cpuUsage()
  let lastCheck = 0
  const res = importFideList(db, {
    file,
    listDate: '2025-11-01',
    progress: () => {
      const now = performance.now()
      if (now - lastCheck > 100) {
        lastCheck = now
        peak = Math.max(peak, process.memoryUsage().rss)
      }
    }
  })
  const secs = (performance.now() - t) / 1000
  const cpu = process.cpuUsage(cpu0)
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().rss)
  console.log(`import: ${secs.toFixed(1)} s for ${res.records} players, lists ${res.lists.map((l) => `${l.ratingType} ${l.entries}`).join(', ')} (target < 20 s); CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`)
  console.log(`peak RSS: ${(peak / 1024 / 1024).toFixed(0)} MB (target < 1024 MB)`)

  const reader = new PlayerReader(db, 'year')
  const queries = ['ka', 'kar', 'müller', 'vander jurgen', 'garcia maria', 'sel', 'kovski anna', 'zoe', 'mi ro']
  const times: number[] = []
  for (let round = 0; round < 5; round++) {
    for (const q of queries) {
      const s = performance.now()
      reader.search({ text: q, limit: 50 })
      times.push(performance.now() - s)
    }
  }
  times.sort((a, b) => a - b)
  const p50 = times[Math.floor(times.length / 2)]!
  const p95 = times[Math.floor(times.length * 0.95)]!
  console.log(`name search (page of 50 with total): median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (target < 20 ms)`)
  const st = performance.now()
  reader.search({ text: '100777' })
  console.log(`ID search: ${(performance.now() - st).toFixed(1)} ms`)
  const ps = performance.now()
  reader.search({ sort: 'rating', order: 'desc', offset: 100000, limit: 50 })
  console.log(`page 2001 sorted by rating: ${(performance.now() - ps).toFixed(1)} ms`)
  db.close()
} finally {
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true }); else console.log(dir)
}
