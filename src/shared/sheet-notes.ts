// The notes of a calculation sheet in the reader's language. The engine writes each note once, in English, and the
// sheet stores it frozen with its list (checksums and old sheets never change): the screen reads a stored note through
// this table, the way citations.ts reads the references inside it. A note not in the table is shown as written.

export type NoteLocale = 'en' | 'fr'

/** A day of the contract ('2025-10-01') in the reader's language: the renderer's one formatter (util/format's formatDay). */
export type DayFormatter = (iso: string) => string

/** French writes a decimal comma: 8.8 → 8,8 (integers and the § paragraphs of a citation are left alone). */
const frNumber = (s: string): string => s.replace(/(\d)\.(\d)/g, '$1,$2')

type Rule = [RegExp, (m: RegExpExecArray) => string]

/** English note → French, one line per template the engine writes (src/main/core/engine, src/main/core/lists/generate.ts). */
const FR: Rule[] = [
  [/^period change (-?[\d.]+) rounded to (-?\d+) \(0\.5 away from zero\)(.*)$/s, (m) => `variation de la période ${frNumber(m[1]!)} arrondie à ${m[2]} (une demie s’arrondit en s’éloignant de zéro)${m[3]}`],
  [/^rounded per tournament: (-?\d+)(.*)$/s, (m) => `arrondi par tournoi : ${m[1]}${m[2]}`],
  [/^K (\d+) as given \(previous list\)(.*)$/s, (m) => `K ${m[1]} tel que donné (liste précédente)${m[2]}`],
  [/^K (\d+) from the previous list(.*)$/s, (m) => `K ${m[1]} de la liste précédente${m[2]}`],
  [/^K (\d+) from the base list(?: \(list (\d+)\))?: the K printed for this period(.*)$/s, (m) => `K ${m[1]} de la liste de base${m[2] ? ` (liste ${m[2]})` : ''} : le K imprimé pour cette période${m[3]}`],
  [/^rated with (\d+), the rating on the list in force at its start(.*)$/s, (m) => `compté avec ${m[1]}, le classement de la liste en vigueur à son début${m[2]}`],
  [/^(\d+) is below the floor (\d+): (?:shown once|listed) as delisted, then unrated(.*)$/s, (m) => `${m[1]} est sous le plancher ${m[2]} : affiché une fois comme délisté, puis non classé${m[3]}`],
  [
    /^(\d+) rated game\(s\) since (\S+?)(?: \((\d+) on the imported lists before the office's own, since (\S+?)\))?(, fewer than (\d+): inactive \(i\)|: active again)(.*)$/s,
    (m) =>
      `${m[1]} partie(s) comptabilisée(s) depuis le ${m[2]}${m[3] ? ` (dont ${m[3]} sur les listes importées avant celles du bureau, depuis le ${m[4]})` : ''}${m[6] ? `, moins de ${m[6]} : inactif (i)` : ' : de nouveau actif'}${m[7]}`
  ],
  [/^delisted on the base list: now treated as any unrated player(.*)$/s, (m) => `délisté sur la liste de base : désormais traité comme tout joueur non classé${m[1]}`],
  [/^titled \(([^)]*)\) and unrated: listed apart(.*)$/s, (m) => `titré (${m[1]}) et non classé : listé à part${m[2]}`],
  [/^(\d+) event\(s\) older than (\d+) months left the window(.*)$/s, (m) => `${m[1]} tournoi(s) de plus de ${m[2]} mois sorti(s) de la fenêtre${m[3]}`],
  [/^no event counts towards a first rating(.*)$/s, (m) => `aucun tournoi ne compte pour un premier classement${m[1]}`],
  [/^late tournament: rated now with the ratings of the list in force at its start(.*)$/s, (m) => `tournoi tardif : compté maintenant avec les classements de la liste en vigueur à son début${m[1]}`],
  [
    /^first rating (\d+) not published: no FIDE ID \(the federation's own list only\); the games stay in the window(.*)$/s,
    (m) => `premier classement ${m[1]} non publié : pas d’identifiant FIDE (seulement sur la liste propre de la fédération) ; les parties restent dans la fenêtre${m[2]}`
  ],
  [/^(\d+) rated opponent\(s\), fewer than (\d+): no event rating(.*)$/s, (m) => `${m[1]} adversaire(s) classé(s), moins de ${m[2]} : pas de performance pour ce tournoi${m[3]}`],
  [/^(\d+) half point\(s\) above 50 %: (.*)$/s, (m) => `${m[1]} demi-point(s) au-dessus de 50 % : ${frNumber(m[2]!)}`],
  [/^Ru (\d+) above the maximum: (\d+)(.*)$/s, (m) => `Ru ${m[1]} au-dessus du maximum : ${m[2]}${m[3]}`],
  [/^(.+): in force for a start on (\d{4}-\d{2}-\d{2})$/s, (m) => `${m[1]} : en vigueur pour un début le ${m[2]}`],
  [/^(.+): named$/s, (m) => `${m[1]} : nommée pour ce tournoi`],
  [/^unrated on the base list, rated with his standard rating (\d+)(.*)$/s, (m) => `non classé sur la liste de base, compté avec son classement standard ${m[1]}${m[2]}`]
]

/**
 * A stored note as the reader reads it: in French through the table (an unknown note stays as written), and in either
 * language its days in the reader's form (`day`) rather than as stored.
 */
export function noteInLanguage(text: string, locale: NoteLocale, day: DayFormatter): string {
  let out = text
  if (locale === 'fr') {
    for (const [re, fr] of FR) {
      const m = re.exec(text)
      if (m) {
        out = fr(m)
        break
      }
    }
  }
  return out.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (iso) => day(iso))
}
