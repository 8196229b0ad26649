// Public face of the TRF module: the forensic reader, the writer, and the pairing-system detector.
export { readTrf, parseArbiter } from './reader'
export { detectSystem } from './system'
export { decodeTrf } from './encoding'
export { minutesFor60Moves, ratingTypeFromMinutes } from './time-control'
export { pointsOf } from './checks'
export * from './types'
export { writeTrf, playerLine, type TrfWritable, type WriteOptions, type WriteResult } from './writer'
export { describeFinding } from './describe'
