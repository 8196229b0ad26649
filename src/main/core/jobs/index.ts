// The handler of every job the contract declares (src/shared/contract/jobs.ts); each domain contributes its own module.
import type { JobHandlers } from '../workers/protocol'
import type { JobsContract } from '../../../shared/contract/jobs'
import { systemJobs } from './system'
import { ratingJobs } from './rating'
import { registryJobs } from './registry'
import { listsJobs } from './lists'
import { demoJobs } from './demo'
import { tournamentsJobs } from './tournaments'
import { siteJobs } from './site'

export const jobHandlers: JobHandlers<JobsContract> = {
  ...systemJobs,
  ...ratingJobs,
  ...registryJobs,
  ...listsJobs,
  ...demoJobs,
  ...tournamentsJobs,
  ...siteJobs
}
