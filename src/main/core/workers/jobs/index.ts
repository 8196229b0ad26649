// Every job kind the worker can run, by name; each domain contributes its own module.
import type { JobRegistry } from '../protocol'
import { systemJobs } from './system'
import { ratingJobs } from './rating'
import { registryJobs } from './registry'

export const jobRegistry: JobRegistry = {
  ...systemJobs,
  ...ratingJobs,
  ...registryJobs
}
