/** Copy trading: the entry, creating a copy trade step by step, the archive and a trade (`/trade?tradeID=`). */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const copyTradeRoutes: readonly ScreenRoute[] = [
  {
    path: '/copyTrade',
    screen: lazyScreen(() => import('./CopyTradeEntry'), 'CopyTradeEntry'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/traderAddress',
    screen: lazyScreen(() => import('./TraderAddress'), 'TraderAddress'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/chooseNetwork',
    screen: lazyScreen(() => import('./ChooseNetwork'), 'ChooseNetwork'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/chooseTokens',
    screen: lazyScreen(() => import('./ChooseTokens'), 'ChooseTokens'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/traderDeposit',
    screen: lazyScreen(() => import('./TraderDeposit'), 'TraderDeposit'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/traderSuccessfully',
    screen: lazyScreen(() => import('./TraderSuccessfully'), 'TraderSuccessfully'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/traderArchive',
    screen: lazyScreen(() => import('./TraderArchive'), 'TraderArchive'),
    menu: false,
    feature: 'copyTrade',
  },
  {
    path: '/copyTrade/notBalance',
    screen: lazyScreen(() => import('./NotBalance'), 'NotBalance'),
    menu: false,
    feature: 'copyTrade',
  },
  /** The trade is the query's `tradeID` (the screen reads it with useSearchParams). */
  {
    path: '/trade',
    screen: lazyScreen(() => import('./TradeDetail'), 'TradeDetail'),
    menu: false,
    feature: 'copyTrade',
  },
]
