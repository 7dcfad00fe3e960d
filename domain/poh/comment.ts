/**
 * The comment the proof of humanity's code arrives in (the reference provider writes it, server/poh;
 * the wallet's history entry reads it back to offer the code to copy). Kept apart from ./rules.ts so
 * the wallet's screens take these few lines only.
 */
export const POH_CODE_COMMENT_PREFIX = 'SWITCH proof of humanity code: '
export const pohCodeComment = (code: string): string => `${POH_CODE_COMMENT_PREFIX}${code}`
/** The six digits of a code's comment, or null when the comment carries none. */
export function pohCodeIn(comment: string | null | undefined): string | null {
  if (comment === null || comment === undefined || !comment.startsWith(POH_CODE_COMMENT_PREFIX)) return null
  const code = comment.slice(POH_CODE_COMMENT_PREFIX.length).trim()
  return /^\d{6}$/.test(code) ? code : null
}
