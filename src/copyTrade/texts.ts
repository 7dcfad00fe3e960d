/** The copy-trading screens' texts (a bundle of their own), loaded with the screens (each screen imports this). */
import en from '../../locales/copyTrade/en.json'
import ru from '../../locales/copyTrade/ru.json'
import { addTranslations } from '../i18n'

addTranslations('copyTrade', { en, ru })
