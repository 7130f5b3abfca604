import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppShell } from '../src/app/App.tsx';

/** Shows the current path so tests can assert redirects. */
function PathProbe() {
  const { pathname } = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

/** Mounts the whole route table at `path`, as the browser would after a full load. */
export function renderApp(path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <AppShell />
      <PathProbe />
    </MemoryRouter>,
  );
}

/** Shows the current path and query so tests can assert where a link or redirect led: read with `where()`. */
function UrlProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** The current path and query of a screen mounted by `renderAtUrl`. */
export const where = () => screen.getByTestId('where').textContent;

/** Mounts the whole route table at `url`, an address that may carry a query string (renderApp takes a bare path). */
export function renderAtUrl(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppShell />
      <UrlProbe />
    </MemoryRouter>,
  );
}
