// Worker thread entry: runs one job from the registry and exits.
import { serveJob } from './protocol'
import { jobRegistry } from './jobs/index'

void serveJob(jobRegistry)
