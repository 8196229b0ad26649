// The bench library (see measure.ts, floors.ts, and the databases it builds: archive.ts, month.ts): import from './lib' in a bench/*.bench.ts.
export * from './measure'
export * from './floors'
export * from './archive'
export * from './month'
export * from './seal'
