// IPC channel names shared by the preload and the Electron host.
export const IPC_CALL = 'rating-office:call'
export const IPC_JOB_EVENT = 'rating-office:job-event'
