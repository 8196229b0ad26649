// Migration 14: a player's region ("top lists ... by federation or region"). The region within the
// federation (a French ligue, a German Landesverband, a state) as the national list names it; FIDE's lists have none.
// Free text: each federation names its own regions. Read from the national list import's mapped column.
import type { Migration } from '../migrate'

export const migration014: Migration = {
  version: 14,
  name: 'player-region',
  up(db) {
    db.exec('ALTER TABLE players ADD COLUMN region TEXT')
  }
}
