// Where the office keeps its database when none is named: the same folder Electron uses for user data.
import { homedir } from 'node:os'
import { join } from 'node:path'

export const APP_NAME = 'Rating Office'

export function userDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME)
}

/** RATING_OFFICE_DB when set, else office.db in the user data folder. */
export function defaultDbPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.RATING_OFFICE_DB ?? join(userDataDir(env), 'office.db')
}
