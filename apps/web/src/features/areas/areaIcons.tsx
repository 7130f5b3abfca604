import { StrokeIcon } from '../../components/ui/Icon.tsx';

/** The icon of a signed-in route (`icon` in app/areas.ts). */
export type AreaIcon =
  | 'store'
  | 'map'
  | 'card'
  | 'tools'
  | 'upload'
  | 'boxes'
  | 'chat'
  | 'friends'
  | 'user'
  | 'users'
  | 'layers'
  | 'leaf'
  | 'palette'
  | 'link'
  | 'grid'
  | 'dashboard'
  | 'parcel'
  | 'history'
  | 'tag';

/** Sidebar icons (24px grid, stroke). Only sign-out is directional, so only it mirrors in RTL. */
const PATHS: Record<AreaIcon | 'home' | 'signOut' | 'collapse' | 'menu' | 'close', string> = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  store: 'M4 9l1.5-5h13L20 9M4 9h16v2a3 3 0 0 1-5 2 3 3 0 0 1-6 0 3 3 0 0 1-5-2zM5 13v7h14v-7M10 20v-4h4v4',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  tools: 'M14 6a4 4 0 0 0 5 5l-9 9a2 2 0 0 1-3-3l9-9a4 4 0 0 0-2-2z',
  upload: 'M12 16V4m-5 5 5-5 5 5M4 20h16',
  boxes: 'M3 8l9-5 9 5v8l-9 5-9-5zM3 8l9 5 9-5M12 13v8',
  chat: 'M4 5h16v11H9l-5 4z',
  friends: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a7 7 0 0 1 14 0M19 8v6M16 11h6',
  user: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a7 7 0 0 1 14 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6 6 0 0 1 4 6',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  leaf: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  palette:
    'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5zM7.5 11h.01M10 7.5h.01M14.5 7.5h.01',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-3H4zM14 7h6V4h-6z',
  parcel: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3',
  tag: 'M3 12V4h8l10 10-8 8zM7.5 8.5h.01',
  signOut: 'M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5M15 8l4 4-4 4M19 12H9',
  collapse: 'M4 5h16v14H4zM9 5v14',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
};

export function AreaGlyph({ name, className = 'size-5 shrink-0' }: { name: keyof typeof PATHS; className?: string }) {
  // Sign-out points toward the inline end, so it is the one glyph that flips in RTL.
  return <StrokeIcon d={PATHS[name]} mirror={name === 'signOut'} className={className} />;
}
