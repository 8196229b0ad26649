// The crash harness: runs a multi-step write in a child process, kills it with SIGKILL at points spread over the
// write's measured duration, and checks each time that the database opens, passes integrity_check and
// foreign_key_check, and holds the operation whole or not at all.
import { spawn } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { frozenListProblemsIn } from '../../src/main/core/db/backup'
import { archiveDir, attachArchiveFiles } from '../../src/main/core/db/archive-files'

const root = fileURLToPath(new URL('../..', import.meta.url))
const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url))

export interface Operation<S> {
  name: string
  /** Arguments of crash-child.ts after OP and DB. */
  args: string[]
  /** The database as it is before the operation (copied afresh for every run). */
  before: string
  /** What the database holds, read for the comparison. */
  snapshot(db: Database.Database): S
  /** 'ok: …' naming what was found (before, after, a whole prefix of a sequence), or what is wrong. */
  judge(now: S, before: S, after: S, steps: S[]): string
  /** The whole run records the state after each of its steps (CRASH_RECORD): `steps` for the judge. */
  recorded?: boolean
}

export interface CrashReport {
  operation: string
  durationMs: number
  kills: number
  /** Runs killed before the change was committed (found as before), after (found whole), or in between (a prefix). */
  outcomes: Record<string, number>
  failures: string[]
}

interface RunResult {
  beginAt: number | null
  endAt: number | null
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

function run(op: string, db: string, args: string[], killAfterBeginMs: number | null, record?: string): Promise<RunResult> {
  return new Promise((resolve) => {
    const env = { ...process.env, CRASH_RECORD: record ?? '' }
    const p = spawn(process.execPath, ['--import', 'tsx', child, op, db, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
    const result: RunResult = { beginAt: null, endAt: null, code: null, signal: null, stderr: '' }
    let out = ''
    p.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (result.beginAt === null && out.includes('BEGIN\n')) {
        result.beginAt = performance.now()
        if (killAfterBeginMs !== null) setTimeout(() => p.kill('SIGKILL'), killAfterBeginMs)
      }
      if (result.endAt === null && out.includes('END\n')) result.endAt = performance.now()
    })
    p.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()))
    p.on('exit', (code, signal) => {
      result.code = code
      result.signal = signal
      resolve(result)
    })
  })
}

function inspect<S>(file: string, op: Operation<S>): { problems: string[]; state: S | null } {
  const problems: string[] = []
  let db: Database.Database
  try {
    db = new Database(file, { fileMustExist: true })
  } catch (e) {
    return { problems: [`cannot open: ${(e as Error).message}`], state: null }
  }
  try {
    // the sealed periods' files, as every connection of the product reads them: a recorded file must open
    try {
      attachArchiveFiles(db, file)
    } catch (e) {
      return { problems: [`cannot open its archive files: ${(e as Error).message}`], state: null }
    }
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ')
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`)
    const fk = db.pragma('foreign_key_check') as unknown[]
    if (fk.length) problems.push(`foreign_key_check: ${fk.length} rows`)
    const frozen = frozenListProblemsIn(db)
    if (frozen.length) problems.push(`frozen lists: ${frozen.map((p) => `${p.listId} ${p.problem}`).join(', ')}`)
    return { problems, state: op.snapshot(db) }
  } finally {
    db.close()
  }
}

function fresh(op: Operation<unknown>, file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
  rmSync(archiveDir(file), { recursive: true, force: true })
  // an office with sealed periods starts with its archive files beside it
  if (existsSync(archiveDir(op.before))) cpSync(archiveDir(op.before), archiveDir(file), { recursive: true })
  copyFileSync(op.before, file)
  for (const suffix of ['-wal', '-shm']) if (existsSync(op.before + suffix)) copyFileSync(op.before + suffix, file + suffix)
}

/** Runs the operation once whole (to measure it), then `kills` times killed at evenly spread points. */
export async function crashTest<S>(op: Operation<S>, workFile: string, kills: number): Promise<CrashReport> {
  const failures: string[] = []
  fresh(op as Operation<unknown>, workFile)
  const beforeState = inspect(workFile, op)
  let steps: S[] = []
  if (op.recorded) {
    // a first whole run records the state after each step; it is slowed by the recording, so a second one is timed
    const recordFile = `${workFile}.states.json`
    const rec = await run(op.name, workFile, op.args, null, recordFile)
    if (rec.code !== 0) throw new Error(`${op.name} does not run whole: exit ${rec.code} ${rec.stderr}`)
    steps = JSON.parse(readFileSync(recordFile, 'utf8')) as S[]
    fresh(op as Operation<unknown>, workFile)
  }
  const whole = await run(op.name, workFile, op.args, null)
  if (whole.code !== 0 || whole.beginAt === null || whole.endAt === null) throw new Error(`${op.name} does not run whole: exit ${whole.code} ${whole.stderr}`)
  const afterState = inspect(workFile, op)
  if (afterState.problems.length) throw new Error(`${op.name} leaves a damaged database even when not killed: ${afterState.problems.join('; ')}`)
  const durationMs = whole.endAt - whole.beginAt
  const outcomes: Record<string, number> = {}
  for (let i = 1; i <= kills; i++) {
    // points spread over the write and a fifth past its measured end: a killed run on a loaded machine is often
    // slower than the timed one, and kills after the commit (while the process closes) are tested too; the last one
    // at twice the measured duration, so that an operation whose commit is its very last instant (a restore's swap)
    // is killed after it at least once however slow that run is
    const at = i === kills ? durationMs * 2 : (durationMs * 1.2 * i) / kills
    fresh(op as Operation<unknown>, workFile)
    const r = await run(op.name, workFile, op.args, at)
    const found = inspect(workFile, op)
    const label = r.signal === 'SIGKILL' ? (r.endAt === null ? 'killed before END' : 'killed after END') : `exited ${r.code}`
    if (found.problems.length || found.state === null) {
      failures.push(`kill ${i} at ${at.toFixed(1)} ms (${label}): ${found.problems.join('; ')}`)
      continue
    }
    const verdict = op.judge(found.state, beforeState.state as S, afterState.state as S, steps)
    if (!verdict.startsWith('ok:')) failures.push(`kill ${i} at ${at.toFixed(1)} ms (${label}): ${verdict}`)
    else outcomes[verdict] = (outcomes[verdict] ?? 0) + 1
  }
  return { operation: op.name, durationMs, kills, outcomes, failures }
}
