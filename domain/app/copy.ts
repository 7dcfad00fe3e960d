/** A copy control's feedback (wallet.21-25, refill.11-12). */

/** wallet.24-25, refill.11-12: a copy control's feedback shows for 1000 ms. */
export const COPY_FEEDBACK_MS = 1000
