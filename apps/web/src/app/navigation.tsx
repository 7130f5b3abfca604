import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * What the public frame needs from routing: the current path and a way to go elsewhere. The router app
 * provides it from react-router (RouterNavigation); the first paint of "/" provides it without the router,
 * which then loads with the first in-app navigation (see app/boot.tsx). Keeping react-router out of the
 * home page's first load is worth ~10 KB of compressed JS on a slow link.
 */
export interface Navigation {
  pathname: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Called on hover or focus of a link: a chance to fetch the next page's code before the click. */
  prefetch?: () => void;
}

export const NavigationContext = createContext<Navigation>({
  pathname: '/',
  navigate: (to) => window.location.assign(to),
});

export const useNavigation = () => useContext(NavigationContext);

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  to: string;
  /** Like NavLink: match the path exactly rather than as a prefix. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A real <a href> (works without JS, opens in a new tab) that navigates in-app on a plain left click. */
export function AppLink({ to, end = false, className, onClick, onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const { pathname, navigate, prefetch } = useNavigation();
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  const isActive = current === target || (!end && target !== '/' && current.startsWith(`${target}/`));
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      onClick={handleClick}
      onMouseEnter={(e) => {
        prefetch?.();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch?.();
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}
