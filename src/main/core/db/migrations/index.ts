// The ordered list of schema migrations; add a numbered module and register it here.
import type { Migration } from '../migrate'
import { migration001 } from './001-core'
import { migration002 } from './002-registry'
import { migration003 } from './003-tournaments'
import { migration004 } from './004-rating-profiles'
import { migration005 } from './005-registry-indexes'
import { migration006 } from './006-federation-index'
import { migration007 } from './007-regulation-checks'
import { migration008 } from './008-office-lists'
import { migration009 } from './009-registration-date'
import { migration010 } from './010-player-sort-indexes'
import { migration011 } from './011-list-counts'
import { migration012 } from './012-player-count'
import { migration013 } from './013-list-name-marks'
import { migration014 } from './014-player-region'
import { migration015 } from './015-list-order-marks'

export const migrations: readonly Migration[] = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration015]
