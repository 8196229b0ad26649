// Column rulers: layout aids that report programs and hand-made files put above the player lines, not records.

/**
 * A column ruler that report programs and hand-made files put above the player lines: a run of digits each one more
 * than the last ("0123456789012…", "1234567890…"), the tens above it ("         1         2…"), or FIDE's template of
 * a record ("DDD SSSS sTTT NNNN…", "CCC SSS NNNN…": each field drawn as a run of one letter). No record looks so: a 012
 * line would hold a name, a 001 line spaces after 001.
 */
export function isRulerLine(text: string): boolean {
  if (/^\d{20,}$/.test(text)) {
    for (let i = 1; i < text.length; i++) if ((text.charCodeAt(i) - 48) !== (text.charCodeAt(i - 1) - 47) % 10) return false
    return true
  }
  if (/^ +\d+( +\d+){2,}$/.test(text)) {
    const n = text.trim().split(/ +/).map(Number)
    return n.every((x, i) => i === 0 || x === n[i - 1]! + 1)
  }
  if (!/^([A-Z])\1\1 /.test(text)) return false
  const tokens = text.split(/ +/)
  const drawn = tokens.filter((t) => /^[a-z]?([A-Z0-9])\1*\d?$/.test(t) || /^([A-Z])\1+(\/([A-Z])\3+)+$/.test(t)).length
  return tokens.length >= 5 && drawn / tokens.length >= 0.6
}
