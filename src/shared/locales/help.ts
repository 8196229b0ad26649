// The Help strings in English and French, shared by the renderer's i18n (features/help) and the desktop menu
// (main/shell/menu.ts), which runs outside vue-i18n: one source, so the menu and the screen never disagree.
export const helpMessages = {
  en: { help: { title: 'Help', menu: 'Help', guide: 'User guide', open: 'Open the user guide' } },
  fr: { help: { title: 'Aide', menu: 'Aide', guide: 'Guide de l’utilisateur', open: 'Ouvrir le guide de l’utilisateur' } }
} as const

export type HelpLocale = keyof typeof helpMessages

/** The interface language for a system locale ('fr-FR', 'en-GB', …): French for French, else English. */
export function helpLocaleOf(systemLocale: string): HelpLocale {
  return systemLocale.toLowerCase().startsWith('fr') ? 'fr' : 'en'
}
