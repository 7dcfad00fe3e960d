/** The tasks screens' texts (under mining.tasks, the spec's keys) and styles, loaded with the screens (each screen imports this). */
import en from '../../locales/tasks/en.json'
import ru from '../../locales/tasks/ru.json'
import { addTranslations } from '../i18n'
import '../mining/texts'
import './tasks.css'

addTranslations('mining', { en: { tasks: en }, ru: { tasks: ru } })
