// Strings of the Help screen (the guide itself is docs/guide.en.md and docs/guide.fr.md), shared with the desktop Help menu.
import { helpMessages } from '../../../../shared/locales/help'

export default helpMessages
