/** A list's rows while it loads. */
import { SkeletonCell } from '../ui/kit'

export function LoadingList({ rows = 3 }: { rows?: number }) {
  return (
    <div className="section__body" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonCell key={i} />
      ))}
    </div>
  )
}
