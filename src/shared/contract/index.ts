// The one contract: every call the UI (and the HTTP API) can make. Preload, routes and client derive from it.
import type { z } from 'zod'
import { systemContract } from './system'
import { jobsCallsContract, type JobEvent } from './jobs'
import type { Reply } from './define'
import { listsContract } from './lists'
import { officeListsContract } from './office-lists'
import { archiveContract } from './archive'
import { ratingContract } from './rating'
import { playersContract } from './players'
import { tournamentsContract } from './tournaments'
import { tournamentRatingContract } from './tournament-rating'
import { auditContract } from './audit'
import { listOutContract } from './list-out'
import { checksContract } from './checks'
import { filesContract } from './files'

export * from './define'
export * from './system'
export * from './jobs'
export * from './lists'
export * from './office-lists'
export * from './archive'
export * from './rating'
export * from './players'
export * from './tournaments'
export * from './tournament-rating'
export * from './audit'
export * from './list-out'
export * from './checks'
export * from './files'

export const contract = {
  ...systemContract,
  ...jobsCallsContract,
  ...listsContract,
  ...officeListsContract,
  ...archiveContract,
  ...ratingContract,
  ...playersContract,
  ...tournamentsContract,
  ...tournamentRatingContract,
  ...auditContract,
  ...listOutContract,
  ...checksContract,
  ...filesContract
} as const

export type Contract = typeof contract
export type CallName = keyof Contract
export type CallInput<N extends CallName> = z.input<Contract[N]['input']>
export type CallOutput<N extends CallName> = z.output<Contract[N]['output']>
export const callNames = Object.keys(contract).sort() as CallName[]

/** The API every host exposes to the renderer: one async function per call, plus job events. */
export type Api = {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<Reply<CallOutput<N>>>
  onJobEvent(listener: (event: JobEvent) => void): () => void
  /**
   * Resolves once job events are flowing (browser mode: the event stream is open), so that a job started after it
   * cannot end unheard. Absent where events flow from the start (the desktop app's IPC).
   */
  eventsReady?(): Promise<void>
}
