import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { partialLoadRequested } from '../../store/actions';
import { useLocalPath } from './useLocalPath';

/**
 * A link whose target replaces the page's regions by a partial load. A plain click loads in
 * place; a modified click (new tab, new window) and a click without JavaScript follow the link.
 * The address is the page's language's (`/pl/search.php?...` on a Polish page), in the link and
 * in the address bar after the load.
 */
export function PartialLink({ href: path, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const dispatch = useAppDispatch();
  const href = useLocalPath()(path);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(partialLoadRequested({ url: href }));
  };
  return <a href={href} onClick={follow} {...rest} />;
}
