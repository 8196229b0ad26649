// The application version, read once from package.json (bundles inline it at build time).
declare const __APP_VERSION__: string | undefined

export const appVersion: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : (process.env.npm_package_version ?? '0.0.0-dev')
