// The bench library (see measure.ts and floors.ts): import from './lib' in a bench/*.bench.ts.
export * from './measure'
export * from './floors'
