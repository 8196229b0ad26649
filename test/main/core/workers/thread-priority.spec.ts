// A background thread lowers its own priority, not its process's (Linux: each thread its own nice value).
import { describe, expect, it } from 'vitest'
import { Worker } from 'node:worker_threads'
import { getPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { BACKGROUND_NICE } from '../../../../src/main/core/workers/thread-priority'

/** Runs runInBackground on a thread of its own; its answer, and the nice value the thread then has (from /proc). */
function onAThread(): Promise<{ lowered: boolean; nice: number | null }> {
  const module = fileURLToPath(new URL('../../../../src/main/core/workers/thread-priority.ts', import.meta.url))
  const code = `
    const { parentPort } = require('node:worker_threads')
    const { readFileSync } = require('node:fs')
    require('tsx/cjs')
    const { runInBackground } = require(${JSON.stringify(module)})
    const lowered = runInBackground()
    let nice = null
    try {
      const stat = readFileSync('/proc/thread-self/stat', 'utf8')
      nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    } catch {}
    parentPort.postMessage({ lowered, nice })`
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true })
    w.once('message', (m) => {
      resolve(m as { lowered: boolean; nice: number | null })
      void w.terminate()
    })
    w.once('error', reject)
  })
}

describe('a background thread', () => {
  it.runIf(process.platform === 'linux')('runs at the background nice value while its process keeps its own', async () => {
    const before = getPriority()
    const r = await onAThread()
    expect(r).toEqual({ lowered: true, nice: BACKGROUND_NICE })
    expect(getPriority()).toBe(before)
  })
})
