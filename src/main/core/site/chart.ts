// The rating chart of a player's page: inline SVG (no script, no request), a step line of his published rating on
// each list of one rating type, each point titled with its list and figure (the browser shows it on hover).
import { esc } from './html'

export interface ChartPoint {
  date: string
  rating: number
  label: string
}

const W = 640
const H = 220
const PAD = { left: 48, right: 16, top: 12, bottom: 28 }

/**
 * A coordinate as the chart writes it: to a tenth of a unit, a whole figure without its ".0". A site draws the same
 * few thousand coordinates (the same months, the same ratings on the same scales) millions of times: each written once.
 */
function coordinate(n: number): string {
  let t = coordinates.get(n)
  if (t === undefined) {
    t = n.toFixed(1)
    if (t.endsWith('.0')) t = t.slice(0, -2)
    if (coordinates.size < COORDINATES_KEPT) coordinates.set(n, t)
  }
  return t
}
const coordinates = new Map<number, string>()
const COORDINATES_KEPT = 50_000

/** Months since year 0: lists fall on the first of a month. */
function months(iso: string): number {
  return Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1
}

/** A chart's drawing, the same in every language (grid, axis, line, each dot's opening tag): drawn once for a player's pages. */
export interface ChartDrawing {
  frame: string
  dots: string[]
}

export function chartDrawing(points: readonly Pick<ChartPoint, 'date' | 'rating'>[]): ChartDrawing | null {
  if (!points.length) return null
  const xs = points.map((p) => months(p.date))
  const ys = points.map((p) => p.rating)
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)]
  const lo = Math.floor((Math.min(...ys) - 10) / 50) * 50
  const hi = Math.ceil((Math.max(...ys) + 10) / 50) * 50
  const sx = (m: number) => (x1 === x0 ? (PAD.left + W - PAD.right) / 2 : PAD.left + ((m - x0) / (x1 - x0)) * (W - PAD.left - PAD.right))
  const sy = (r: number) => PAD.top + ((hi - r) / (hi - lo)) * (H - PAD.top - PAD.bottom)
  const f = coordinate
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${f(sx(xs[i]!))} ${f(sy(p.rating))}`).join(' ')
  const step = Math.max(50, Math.ceil((hi - lo) / 4 / 50) * 50)
  const grid: string[] = []
  for (let r = lo; r <= hi; r += step) {
    grid.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${f(sy(r))}" y2="${f(sy(r))}" class="grid"/><text x="${PAD.left - 6}" y="${f(sy(r) + 4)}" text-anchor="end">${r}</text>`)
  }
  const first = points[0]!
  const last = points[points.length - 1]!
  const axis = `<text x="${PAD.left}" y="${H - 8}">${esc(first.date.slice(0, 7))}</text>` + (points.length > 1 ? `<text x="${W - PAD.right}" y="${H - 8}" text-anchor="end">${esc(last.date.slice(0, 7))}</text>` : '')
  return { frame: `${grid.join('')}${axis}<path d="${path}" class="line"/>`, dots: points.map((p, i) => `<circle cx="${f(sx(xs[i]!))}" cy="${f(sy(p.rating))}" r="3.5">`) }
}

/** The chart in one language: its title and each dot's (the drawing given when already drawn for another language). */
export function ratingChart(points: readonly ChartPoint[], title: string, id: string, drawing = chartDrawing(points)): string {
  if (!drawing) return ''
  let dots = ''
  for (let i = 0; i < points.length; i++) dots += `${drawing.dots[i]}<title>${esc(points[i]!.label)}</title></circle>`
  return `<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}" focusable="false"><title id="${id}">${esc(title)}</title>${drawing.frame}${dots}</svg></figure>`
}
