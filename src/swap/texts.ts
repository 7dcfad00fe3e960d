/** The swap screens' texts (a bundle of their own), loaded with the screens (each screen imports this). */
import en from '../../locales/swap/en.json'
import ru from '../../locales/swap/ru.json'
import { addTranslations } from '../i18n'

addTranslations('swap', { en, ru })
