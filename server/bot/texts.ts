/**
 * What the bot says, in the two languages of the app (locales/en.json, locales/ru.json hold the
 * mini-app's). The bot answers in the language of the user's Telegram client (`language_code`):
 * Russian for ru, English otherwise.
 */
export type BotLanguage = 'en' | 'ru'

export const languageOf = (languageCode: string | undefined): BotLanguage =>
  /^ru\b/i.test(languageCode ?? '') ? 'ru' : 'en'

/** A number of stars with the noun agreeing with it ("1 star", "2 stars"; "1 звезда", "2 звезды", "5 звёзд"). */
function stars(n: number, language: BotLanguage): string {
  if (language === 'en') return `${n} ${n === 1 ? 'star' : 'stars'}`
  const mod10 = n % 10
  const mod100 = n % 100
  const noun =
    mod10 === 1 && mod100 !== 11
      ? 'звезда'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'звезды'
        : 'звёзд'
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
  /**
   * /paysupport (Telegram's rule for a bot that sells): how to get help with a payment, and how a
   * refund is handled. `contact`: BOT_SUPPORT_CONTACT (an @username, an address or a URL), if set.
   */
  paySupport(contact: string | null): string
  /** /terms: the terms of purchases. */
  terms: string
}

/** Telegram's own terms for Stars, which /terms names beside ours. */
export const STARS_TERMS_URL = 'https://telegram.org/tos/stars'

export const TEXTS: Record<BotLanguage, BotTexts> = {
  en: {
    welcome:
      'SWITCH: your wallet for TON and five EVM networks, swaps, copy trading and SWITCH mining. Tap the button to open it.',
    open: 'Open SWITCH',
    welcomeGroup: 'SWITCH opens in a private chat with the bot.',
    openPrivate: 'Open the bot',
    paid: (amount) => `Payment received: ${stars(amount, 'en')}. Thank you! Go back to the app to see it.`,
    refunded: (amount) => `This order could no longer be fulfilled, so your ${stars(amount, 'en')} went back to you.`,
    notPayable: (reason) => reason,
    paySupport: (contact) =>
      [
        'Help with a payment',
        '',
        contact === null
          ? 'Something wrong with a purchase? Open SWITCH, tap “Report a problem” on the home screen and send the report: it reaches us with a ticket number and shows us what you saw.'
          : `Something wrong with a purchase? Write to ${contact} with the date, the amount and what you bought. If you can, also open SWITCH, tap “Report a problem” and send us the ticket number it shows: it lets us see what you saw.`,
        '',
        'Refunds',
        '• If a paid purchase cannot be delivered (its order expired, or it is already active), your Stars go back to you by themselves and this bot tells you.',
        `• Otherwise ask us for a refund${contact === null ? '' : ` at ${contact}`}. A refunded purchase is taken back: autoclaim stops, a paid staking deposit is cancelled and its SWITCH unlocked without the reward. What was already used (a verification code already sent, a staking reward already claimed) is looked at by a person first.`,
        '',
        'Telegram’s support cannot help with purchases made in this bot.',
      ].join('\n'),
    terms: [
      'Terms of purchases in SWITCH',
      '',
      '1. You buy digital services inside the SWITCH mini-app: autoclaim for a number of days, paid staking periods, proof-of-humanity verification. The app shows each one with its price before you pay.',
      '2. You pay in Telegram Stars through Telegram, or in TON. A purchase is delivered once the payment is confirmed; a cancelled or failed payment takes nothing.',
      '3. If a paid purchase cannot be delivered, your Stars are returned automatically.',
      '4. Refunds: ask through /paysupport. A refunded purchase is taken back where it can be (autoclaim stops, a staking deposit is cancelled without its reward); what was already used is looked at by a person.',
      '',
      `Telegram Stars are also subject to Telegram’s Terms of Service for Stars: ${STARS_TERMS_URL}`,
    ].join('\n'),
  },
  ru: {
    welcome:
      'SWITCH: кошелёк для TON и пяти сетей EVM, обмен, копитрейдинг и майнинг SWITCH. Нажмите кнопку, чтобы открыть.',
    open: 'Открыть SWITCH',
    welcomeGroup: 'SWITCH открывается в личном чате с ботом.',
    openPrivate: 'Открыть бота',
    paid: (amount) => `Оплата получена: ${stars(amount, 'ru')}. Спасибо! Вернитесь в приложение.`,
    refunded: (amount) => `Этот заказ уже нельзя выполнить, поэтому ${stars(amount, 'ru')} вернулись к вам.`,
    notPayable: () => 'Этот заказ уже нельзя оплатить. Откройте его заново в приложении.',
    paySupport: (contact) =>
      [
        'Помощь с оплатой',
        '',
        contact === null
          ? 'Что-то не так с покупкой? Откройте SWITCH, нажмите «Сообщить о проблеме» на главном экране и отправьте отчёт: он придёт к нам с номером обращения и покажет нам то же, что видели вы.'
          : `Что-то не так с покупкой? Напишите на ${contact}: дату, сумму и что вы купили. Если можете, откройте SWITCH, нажмите «Сообщить о проблеме» и пришлите нам номер обращения: по нему мы увидим то же, что видели вы.`,
        '',
        'Возвраты',
        '• Если оплаченную покупку нельзя выполнить (заказ истёк или она уже действует), звёзды вернутся к вам сами, и бот вам об этом напишет.',
        `• В остальных случаях попросите у нас возврат${contact === null ? '' : ` на ${contact}`}. Возвращённая покупка отменяется: автосбор останавливается, платный депозит стейкинга отменяется, а его SWITCH разблокируются без награды. То, что уже использовано (код подтверждения уже отправлен, награда стейкинга уже получена), сначала смотрит человек.`,
        '',
        'Поддержка Telegram не может помочь с покупками в этом боте.',
      ].join('\n'),
    terms: [
      'Условия покупок в SWITCH',
      '',
      '1. Вы покупаете цифровые услуги внутри мини-приложения SWITCH: автосбор на несколько дней, платные периоды стейкинга, подтверждение человечности. Приложение показывает каждую с ценой до оплаты.',
      '2. Оплата — звёздами Telegram через Telegram или в TON. Покупка выполняется, когда оплата подтверждена; отменённая или неудавшаяся оплата ничего не списывает.',
      '3. Если оплаченную покупку нельзя выполнить, звёзды возвращаются автоматически.',
      '4. Возвраты: попросите через /paysupport. Возвращённая покупка отменяется, где это возможно (автосбор останавливается, депозит стейкинга отменяется без награды); то, что уже использовано, смотрит человек.',
      '',
      `Звёзды Telegram также подчиняются Условиям использования Telegram Stars: ${STARS_TERMS_URL}`,
    ].join('\n'),
  },
}
