/** The guild screens' texts (under the spec's `mining.guilds.*` keys) and styles, loaded with the screens (each screen imports this). */
import en from '../../locales/guilds/en.json'
import ru from '../../locales/guilds/ru.json'
import { addTranslations } from '../i18n'
import './guilds.css'

addTranslations('mining', { en: { guilds: en }, ru: { guilds: ru } })
