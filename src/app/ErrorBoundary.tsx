import { Component, type ReactNode } from 'react'
import { WarningIcon } from '../ui/icons'
import { Button, Placeholder } from '../ui/kit'
import { i18n } from '../i18n'

/** A screen that throws shows this instead of a blank page; Try again renders it anew. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null; key: string }
> {
  override state = { error: null as Error | null, key: this.props.resetKey }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  override componentDidCatch(error: Error) {
    console.error('screen crashed', error)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <Placeholder
        page
        icon={<WarningIcon size={48} />}
        title={i18n.t('app.crashed')}
        description={i18n.t('app.crashed-hint')}
        action={
          <Button size="small" onClick={() => this.setState({ error: null })}>
            {i18n.t('app.retry')}
          </Button>
        }
      />
    )
  }
}
