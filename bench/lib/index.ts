// The bench library (see measure.ts, floors.ts, and the database it builds: archive.ts): import from './lib' in a bench/*.bench.ts.
export * from './measure'
export * from './floors'
export * from './archive'
