// `rating-office --json … | head` (issue 38): the reader closing the pipe ends the command quietly (exit 0, nothing on
// stderr), where it died on EPIPE. A child writes 8 MB through quietOnClosedPipe; the parent stops reading at once.
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const child = `
  import { quietOnClosedPipe } from './src/main/cli/main.ts'
  quietOnClosedPipe(process.stdout)
  const line = 'x'.repeat(1023) + '\\n'
  let n = 0
  const more = () => { while (n < 8192) { n++; if (!process.stdout.write(line)) return process.stdout.once('drain', more) } }
  more()
`

function run(closeEarly: boolean): Promise<{ code: number | null; stderr: string; bytes: number }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let bytes = 0
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.stdout.on('data', (d: Buffer) => {
      bytes += d.length
      // like `head`: read a little, then close the pipe
      if (closeEarly) p.stdout.destroy()
    })
    p.on('close', (code) => resolve({ code, stderr, bytes }))
  })
}

describe('a closed output pipe', () => {
  it('ends the command with exit 0 and no error when the reader stops early', async () => {
    const r = await run(true)
    expect(r.stderr).not.toMatch(/EPIPE|Error/)
    expect(r.code).toBe(0)
    expect(r.bytes).toBeLessThan(8 * 1024 * 1024)
  }, 120_000)

  it('writes everything to a reader that reads to the end', async () => {
    const r = await run(false)
    expect(r.code).toBe(0)
    expect(r.bytes).toBe(8 * 1024 * 1024)
  }, 120_000)
})
