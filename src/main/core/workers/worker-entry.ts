// Worker thread entry: runs one job from the registry and exits, or reads a list file for a job's writer.
import { workerData } from 'node:worker_threads'
import { serveJob } from './protocol'
import { jobHandlers } from './jobs/index'
import { isListReaderData, runListReader } from '../registry/list-reader-thread'

if (isListReaderData(workerData)) runListReader(workerData)
else void serveJob(jobHandlers)
