/** Tasks: one screen, its tab in the path (tasks.1) or else the start parameter's. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const TasksScreen = lazyScreen(() => import('./TasksScreen'), 'TasksScreen')

export const tasksRoutes: readonly ScreenRoute[] = [
  { path: '/mining/tasks', screen: TasksScreen, menu: false, feature: 'tasks' },
  /** `:tab`: the shown tab (the screen reads it with useParams). */
  { path: '/mining/tasks/:tab', screen: TasksScreen, menu: false, feature: 'tasks' },
]
