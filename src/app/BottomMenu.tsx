import { useTranslation } from '../i18n'
import { MENU_ITEMS, type MenuItemId, activeMenuItem } from '../../domain/app/menu'
import { ChartIcon, FriendsIcon, HomeIcon, MiningIcon, RocketIcon } from '../ui/icons'
import { LINKS } from './links'
import { useNavigate } from './navigation'
import { hasScreen } from './routes'
import { selectPath } from './selectors'
import { useAppState, useDispatch } from './store'

const ICONS: Record<MenuItemId, typeof HomeIcon> = {
  home: HomeIcon,
  mining: MiningIcon,
  frens: FriendsIcon,
  bigpump: RocketIcon,
  stats: ChartIcon,
}

/** app.29-31: the items whose screens exist, plus the two outside links; the longest match is active. */
export function BottomMenu() {
  const { t } = useTranslation()
  const path = useAppState(selectPath)
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const items = MENU_ITEMS.filter((i) => i.route === null || hasScreen(i.route))
  const active = activeMenuItem(path, items)
  return (
    <nav className="menu" aria-label="Menu">
      {items.map((item) => {
        const Icon = ICONS[item.id]
        const onClick =
          item.route === null
            ? () => dispatch({ type: 'app/menuLinkOpened', payload: { item: item.id as 'bigpump' | 'stats', url: LINKS[item.id as 'bigpump' | 'stats'] } })
            : () => item.route !== path && navigate(item.route as string)
        return (
          <button key={item.id} type="button" className="menu__item" onClick={onClick} aria-current={active === item.id ? 'page' : undefined}>
            <Icon size={24} />
            <span>{t(`menu.${item.id}`)}</span>
          </button>
        )
      })}
    </nav>
  )
}
