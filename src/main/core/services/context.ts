// What every service handler receives: the open database and the host's facts.
import type { Db } from '../db/open'
import type { JobRunner } from '../workers/runner'
import type { JobsContract } from '../../../shared/contract/jobs'
import type { UploadKind } from '../../../shared/contract/files'
import type { UploadStore } from '../util/uploads'
import type { OpenNotice } from '../db/open-check'

export type HostKind = 'electron' | 'browser' | 'cli'

export interface ServiceContext {
  db: Db
  dbPath: string
  readOnly: boolean
  host: HostKind
  appVersion: string
  jobs: JobRunner<JobsContract>
  /** Report files handed to the desktop app (command line, OS file association), not yet taken. */
  openedReports: string[]
  /**
   * The desktop app's save dialog: where the officer chooses to save a file suggested as `fileName`, or null
   * when he cancels. Absent in browser mode (a download) and in the CLI (--out).
   */
  chooseSaveFile?: (fileName: string) => Promise<string | null>
  /** The desktop app's open dialog: the file the officer chooses, or null when he cancels. Absent elsewhere. */
  chooseOpenFile?: (kind: UploadKind) => Promise<string | null>
  /** The desktop app's folder dialog (the backups folder), or null when cancelled. Absent elsewhere. */
  chooseFolder?: () => Promise<string | null>
  /**
   * Set while the office is taken alone: the database being replaced (a restore), a period being sealed (its lists
   * leave the database for their archive file), a sealed period's file written anew (a merge across it). Every other
   * call is refused until it is done.
   */
  maintenance?: 'restore' | 'seal' | 'rewrite' | null
  /** The files a call may read, behind handles (open dialog, browser upload): no call takes a path. */
  uploads: UploadStore
  /** What the checks on opening found (a session not closed, a damaged file, broken links), for the officer. */
  notices: OpenNotice[]
  /** The whole-file checks of the opening still running in a worker (their notices join `notices` when done). */
  integrityPending?: boolean
}

/**
 * Whether an outside file (a report, a national list) is parsed in a worker: in the desktop app and browser mode the
 * main process serves every other call meanwhile, and a hostile file must cost a worker, not them; the CLI runs one
 * command at a time and parses on its own thread (no worker to start).
 */
export function parsesOffMain(ctx: Pick<ServiceContext, 'host'>): boolean {
  return ctx.host !== 'cli'
}
