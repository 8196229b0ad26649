// Whether a process of this machine is running: a lock's or an upload folder's owner, gone or not.

/** True when the process runs (EPERM: it exists, it belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
