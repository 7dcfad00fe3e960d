/** A task's or an airdrop's logo. */
import { useState } from 'react'
import { SwitchLogo } from '../ui/icons'
import { monogram } from '../../domain/tasks/brands'

/**
 * A task's or an airdrop's logo (served by the server: the partner's, a network's, a token's), 36 px;
 * the partner's monogram if it fails to load; the project's own mark for its own tasks.
 */
export function TaskLogo({ src, name, size = 36 }: { src: string | undefined; name: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  // The size is a CSS variable, so a narrow screen's rule (tasks.css) can make it smaller.
  const style = { '--task-logo': `${size}px` } as React.CSSProperties
  if (src === undefined)
    return (
      <span className="task-logo task-logo--own" style={style} aria-hidden="true">
        <SwitchLogo size={size} />
      </span>
    )
  if (failed)
    return (
      <span className="task-logo task-logo--monogram" style={style} aria-hidden="true">
        {monogram(name)}
      </span>
    )
  return (
    <img
      className="task-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  )
}
