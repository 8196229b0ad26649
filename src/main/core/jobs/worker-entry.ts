// Worker thread entry: runs one job from the registry and exits, or is a job's helper thread: it reads a list file for
// the job's writer, computes a big list for it, checks the integrity of a backup's copy, takes the safety copy beside a
// generation, hashes the second half of a database's pages, or renders the public website's player pages.
import { workerData } from 'node:worker_threads'
import { serveJob } from '../workers/protocol'
import { jobHandlers } from './index'
import { isListReaderData, runListReader } from '../registry/list-reader-thread'
import { isListGeneratorData, runListGenerator } from '../services/list-generator-thread'
import { produceDraftRows } from '../services/generation-on-two-threads'
import { isIntegrityCheckData, runIntegrityCheck } from '../db/integrity-thread'
import { isCopyBesideData, runCopyBeside } from '../db/copy-beside'
import { isHalfHashData, runHalfHash } from '../db/halves-hash'
import { isSiteRenderData } from '../services/site-pool'
import { runSiteRender } from '../services/site-render-thread'

if (isListReaderData(workerData)) runListReader(workerData)
else if (isListGeneratorData(workerData)) runListGenerator(workerData, produceDraftRows)
else if (isIntegrityCheckData(workerData)) runIntegrityCheck(workerData)
else if (isCopyBesideData(workerData)) runCopyBeside(workerData)
else if (isHalfHashData(workerData)) runHalfHash(workerData)
else if (isSiteRenderData(workerData)) runSiteRender(workerData)
else void serveJob(jobHandlers)
