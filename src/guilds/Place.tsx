/** A place in a board. */

/** A place in a list: a round badge with the number. */
export function Place({ place }: { place: number }) {
  return <span className={`guild-place${place <= 3 ? ` guild-place--${place}` : ''}`}>{place}</span>
}
