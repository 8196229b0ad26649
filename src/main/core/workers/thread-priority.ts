// A background thread's share of the cores: work the officer does not wait for (the safety copy taken beside a
// generation) runs at a lower priority than the work he waits for, which then has the cores it can use, the background
// thread the rest. Linux gives each thread its own nice value (setpriority with the thread's id, found through
// /proc/thread-self); elsewhere Node gives no way to set a thread's priority, and the thread keeps the process's.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'

/**
 * The nice value of a background thread, the lowest: it runs whenever a core is free and takes next to nothing from
 * threads at work (at 10, the copy beside a FIDE-sized generation still took a quarter of a core from its two threads).
 */
export const BACKGROUND_NICE = 19

/** Lowers the calling thread's priority to `nice` (not the process's); says whether it could. */
export function runInBackground(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== 'linux') return false
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return false
    setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}
