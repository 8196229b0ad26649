// Writes small TRF16 files for the rate command's tests (fixed columns of the 001 record).
export interface TrfPlayerSpec {
  name: string
  rating: number | null
  fideId?: number
  results: (string | null)[] // per opponent rank (1-based order), 'x' for self
}

export function roundRobinTrf(title: string, start: string, type: string, players: TrfPlayerSpec[]): string {
  const n = players.length
  // circle method (even n): round r pairs n−1 with r, and r+k with r−k (mod n−1)
  const m = n - 1
  const schedule: Map<number, number>[] = []
  for (let r = 0; r < m; r++) {
    const round = new Map<number, number>()
    const pair = (a: number, b: number) => {
      round.set(a, b)
      round.set(b, a)
    }
    pair(m, r)
    for (let k = 1; k < n / 2; k++) pair((r + k) % m, (r - k + m) % m)
    schedule.push(round)
  }
  const lines = [`012 ${title}`, `042 ${start.replace(/-/g, '/')}`, `052 ${start.replace(/-/g, '/')}`, `062 ${n}`, `092 ${type}`]
  players.forEach((p, i) => {
    const pts = p.results.reduce((s, r) => s + (r === '1' || r === '+' ? 1 : r === '=' ? 0.5 : 0), 0)
    let s = '001 ' + String(i + 1).padStart(4) + ' m    ' + p.name.padEnd(33) + ' ' + (p.rating ? String(p.rating).padStart(4) : '    ') + ' SUI ' + String(p.fideId ?? 100000 + i).padStart(11) + ' 1980/01/01 ' + pts.toFixed(1).padStart(4) + ' ' + String(i + 1).padStart(4)
    for (const round of schedule) {
      const j = round.get(i)
      const r = j === undefined ? null : p.results[j]
      if (j === undefined || r === null || r === undefined) s += '  0000 - -'
      else s += '  ' + String(j + 1).padStart(4) + ' ' + (i < j ? 'w' : 'b') + ' ' + r
    }
    lines.push(s)
  })
  return lines.join('\n') + '\n'
}
