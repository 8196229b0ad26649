// Strings of the Help screen (the guide itself is docs/guide.en.md and docs/guide.fr.md).
export default {
  en: { help: { title: 'Help' } },
  fr: { help: { title: 'Aide' } }
}
