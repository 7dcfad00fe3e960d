import { Link, useLocation } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { MENU_ITEMS, type MenuItemId, activeMenuItem } from '../../domain/app/menu'
import { ChartIcon, FriendsIcon, HomeIcon, MiningIcon, RocketIcon } from '../ui/icons'
import { LINKS } from './links'
import { useDispatch } from '../ui/store'

const ICONS: Record<MenuItemId, typeof HomeIcon> = {
  home: HomeIcon,
  mining: MiningIcon,
  frens: FriendsIcon,
  bigpump: RocketIcon,
  stats: ChartIcon,
}

/**
 * app.29-31: the tabs are links (their navigation is an app/navigated event, ./LogRouter.tsx), the
 * two outside links buttons that open them; the longest match is active.
 */
export function BottomMenu() {
  const { t } = useTranslation()
  const path = useLocation().pathname
  const dispatch = useDispatch()
  const active = activeMenuItem(path)
  return (
    <nav className="menu" aria-label="Menu">
      {MENU_ITEMS.map((item) => {
        const Icon = ICONS[item.id]
        const current = active === item.id ? 'page' : undefined
        const content = (
          <>
            <Icon size={24} />
            <span>{t(`menu.${item.id}`)}</span>
          </>
        )
        if (item.route === null) {
          const id = item.id as 'bigpump' | 'stats'
          return (
            <button
              key={id}
              type="button"
              className="menu__item"
              onClick={() => dispatch({ type: 'app/menuLinkOpened', payload: { item: id, url: LINKS[id] } })}
              aria-current={current}
            >
              {content}
            </button>
          )
        }
        // A tap on the tab already shown goes nowhere (and logs nothing).
        const here = item.route === path
        return (
          <Link
            key={item.id}
            to={item.route}
            className="menu__item"
            aria-current={current}
            onClick={(e) => here && e.preventDefault()}
          >
            {content}
          </Link>
        )
      })}
    </nav>
  )
}
