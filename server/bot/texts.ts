/**
 * What the bot says, in the two languages of the app (locales/en.json, locales/ru.json hold the
 * mini-app's). The bot answers in the language of the user's Telegram client (`language_code`):
 * Russian for ru, English otherwise.
 */
export type BotLanguage = 'en' | 'ru'

export const languageOf = (languageCode: string | undefined): BotLanguage => (/^ru\b/i.test(languageCode ?? '') ? 'ru' : 'en')

/** A number of stars with the noun agreeing with it ("1 star", "2 stars"; "1 звезда", "2 звезды", "5 звёзд"). */
function stars(n: number, language: BotLanguage): string {
  if (language === 'en') return `${n} ${n === 1 ? 'star' : 'stars'}`
  const mod10 = n % 10
  const mod100 = n % 100
  const noun = mod10 === 1 && mod100 !== 11 ? 'звезда' : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? 'звезды' : 'звёзд'
  return `${n} ${noun}`
}

export interface BotTexts {
  welcome: string
  open: string
  /** In a group: the button goes to the private chat, where the app can open. */
  welcomeGroup: string
  openPrivate: string
  paid(amount: number): string
  refunded(amount: number): string
  /** The pre-checkout answer when the order cannot be paid (Telegram shows it to the payer). */
  notPayable(reason: string): string
}

export const TEXTS: Record<BotLanguage, BotTexts> = {
  en: {
    welcome: 'SWITCH: your wallet for TON and five EVM networks, swaps, copy trading and SWITCH mining. Tap the button to open it.',
    open: 'Open SWITCH',
    welcomeGroup: 'SWITCH opens in a private chat with the bot.',
    openPrivate: 'Open the bot',
    paid: (amount) => `Payment received: ${stars(amount, 'en')}. Thank you! Go back to the app to see it.`,
    refunded: (amount) => `This order could no longer be fulfilled, so your ${stars(amount, 'en')} went back to you.`,
    notPayable: (reason) => reason,
  },
  ru: {
    welcome: 'SWITCH: кошелёк для TON и пяти сетей EVM, обмен, копитрейдинг и майнинг SWITCH. Нажмите кнопку, чтобы открыть.',
    open: 'Открыть SWITCH',
    welcomeGroup: 'SWITCH открывается в личном чате с ботом.',
    openPrivate: 'Открыть бота',
    paid: (amount) => `Оплата получена: ${stars(amount, 'ru')}. Спасибо! Вернитесь в приложение.`,
    refunded: (amount) => `Этот заказ уже нельзя выполнить, поэтому ${stars(amount, 'ru')} вернулись к вам.`,
    notPayable: () => 'Этот заказ уже нельзя оплатить. Откройте его заново в приложении.',
  },
}
