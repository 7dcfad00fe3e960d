import { useEffect } from 'react'
import { LINKS } from '../app/links'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'

/** /bigpump (swap.52): opens the launchpad mini-app and returns home. */
export function Bigpump() {
  const dispatch = useDispatch()
  const navigate = useNavigate()
  useEffect(() => {
    dispatch({ type: 'app/menuLinkOpened', payload: { item: 'bigpump', url: LINKS.bigpump } })
    navigate('/')
  }, [dispatch, navigate])
  return null
}
