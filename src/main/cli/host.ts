// What every CLI command shares: opening the services on --db, printing text or JSON, running jobs with progress.
import type { Command } from 'commander'
import { existsSync, statSync } from 'node:fs'
import cliProgress from 'cli-progress'
import { createServices, type Services } from '../core/services/index'
import type { WorkerScript } from '../core/workers/runner'
import type { CallName, CallInput, CallOutput } from '../../shared/contract/index'
import type { JobEvent, JobInput, JobKind, JobResult } from '../../shared/contract/jobs'
import { UserError } from '../core/util/errors'
import { sqliteUserError } from '../core/db/sqlite-errors'
import { defaultDbPath } from '../core/util/paths'
import { appVersion } from '../core/util/version'
import { noticeLines } from '../core/db/open-check'

/** Set once by the entry point: where the worker script is for this build. */
let workerScript: WorkerScript | null = null
export function setWorkerScript(w: WorkerScript): void {
  workerScript = w
}
/** The worker entry, for a command that starts helper threads of its own (the website's rendering threads). */
export function cliWorkerScript(): WorkerScript | undefined {
  return workerScript ?? undefined
}

export interface GlobalOptions {
  db?: string
  json?: boolean
}

export interface Cli {
  services: Services
  json: boolean
  dbPath: string
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>
  print(value: unknown, text: () => string): void
  runJob<K extends JobKind>(kind: K, input: JobInput<K>): Promise<JobResult<K>>
}

/** A refusal that waits for the officer's word, and the option of the command that gives it. */
const CONFIRMED_BY: Record<string, string> = { 'registry.mergeSealed': '--rewrite-sealed', 'registry.mergeUndoSealed': '--rewrite-sealed' }

/** A failure the user can act on; the entry point prints its message and exits 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export function globalOptions(cmd: Command): GlobalOptions {
  return cmd.optsWithGlobals() as GlobalOptions
}

export async function withServices<T>(cmd: Command, fn: (cli: Cli) => Promise<T>): Promise<T> {
  const opts = globalOptions(cmd)
  if (!workerScript) throw new Error('worker script not set by the CLI entry')
  const dbPath = opts.db ?? defaultDbPath()
  const services = createServices({ dbPath, host: 'cli', appVersion, worker: workerScript, integrityCheck: cliIntegrityCheck(dbPath) })
  // the checks on opening, one line each on stderr (stdout stays the command's output, JSON or text)
  for (const line of noticeLines(services.ctx.notices)) process.stderr.write(line + '\n')
  const json = Boolean(opts.json)
  const cli: Cli = {
    services,
    json,
    dbPath,
    async call(name, input) {
      const reply = await services.dispatch(name, input)
      if (!reply.ok) throw new CliError(reply.error.message + (CONFIRMED_BY[reply.error.key] ? ` (confirm: the same command with ${CONFIRMED_BY[reply.error.key]})` : ''))
      return reply.value as CallOutput<typeof name>
    },
    print(value, text) {
      process.stdout.write(json ? JSON.stringify(value, null, 2) + '\n' : text() + '\n')
    },
    runJob(kind, input) {
      return runWithProgress(services, kind, input)
    }
  }
  try {
    return await fn(cli)
  } catch (e) {
    if (e instanceof UserError) throw new CliError(e.message)
    // a busy database or a full disk met outside a call (a command's own write): said in words
    const known = sqliteUserError(e, dbPath)
    if (known) throw new CliError(known.message)
    throw e
  } finally {
    await services.close()
  }
}

/** A progress bar on a terminal, one plain line per ~10 % elsewhere (logs, pipes); both on stderr. */
export async function runWithProgress<K extends JobKind>(services: Services, kind: K, input: JobInput<K>): Promise<JobResult<K>> {
  const tty = Boolean(process.stderr.isTTY)
  const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: `${kind} [{bar}] {percentage}% {value}/{total} {message}`, hideCursor: true }, cliProgress.Presets.shades_classic) : null
  let started = false
  let lastDecile = -1
  const onEvent = (e: JobEvent): void => {
    if (e.state !== 'running' || e.total <= 0) return
    if (bar) {
      if (!started) bar.start(e.total, e.done, { message: e.message ?? '' })
      else bar.update(e.done, { message: e.message ?? '' })
      started = true
    } else {
      const decile = Math.floor((10 * e.done) / e.total)
      if (decile !== lastDecile) {
        lastDecile = decile
        process.stderr.write(`${kind}: ${e.done}/${e.total}${e.message ? ' ' + e.message : ''}\n`)
      }
    }
  }
  const cancel = (): void => {
    for (const id of activeJobs) services.ctx.jobs.cancel(id)
  }
  const activeJobs = new Set<string>()
  const listener = (e: JobEvent): void => {
    if (e.kind === kind && e.state === 'running') activeJobs.add(e.jobId)
  }
  services.ctx.jobs.on('event', listener)
  process.once('SIGINT', cancel)
  try {
    return await services.ctx.jobs.run(kind, input, onEvent)
  } finally {
    bar?.stop()
    process.off('SIGINT', cancel)
    services.ctx.jobs.off('event', listener)
  }
}

/**
 * Above this size the CLI does not walk the whole file before each command (quick_check and the foreign keys take
 * about 5 s of CPU per GB): it says so, and `db check` walks it.
 */
export const CLI_CHECK_MAX_BYTES = 256 * 1024 * 1024

export function cliIntegrityCheck(dbPath: string): 'now' | 'skip' {
  return existsSync(dbPath) && statSync(dbPath).size > CLI_CHECK_MAX_BYTES ? 'skip' : 'now'
}
