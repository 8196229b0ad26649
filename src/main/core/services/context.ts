// What every service handler receives: the open database and the host's facts.
import type { Db } from '../db/open'
import type { JobRunner } from '../workers/runner'
import type { JobsContract } from '../../../shared/contract/jobs'

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
}
