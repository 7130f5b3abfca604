import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

type Tone = 'success' | 'error';
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}
interface ToastApi {
  success: (text: string) => void;
  error: (text: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** Success notes go away by themselves; errors stay longer so they can be read, and can be closed. */
const LIFETIME_MS: Record<Tone, number> = { success: 5000, error: 10000 };

/**
 * Success and error messages of the back office. Success toasts sit in a polite live region, errors in an
 * assertive one, so screen readers announce both without moving the focus.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((x) => x.id !== id));
  }, []);

  const push = useCallback(
    (tone: Tone, text: string) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-3), { id, tone, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), LIFETIME_MS[tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo<ToastApi>(
    () => ({ success: (text) => push('success', text), error: (text) => push('error', text) }),
    [push],
  );

  const region = (tone: Tone) => (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      className="flex flex-col gap-2"
    >
      {toasts
        .filter((x) => x.tone === tone)
        .map((x) => (
          <div
            key={x.id}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-3 text-sm shadow-lg ${
              tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-brand-200 bg-brand-50 text-brand-950'
            }`}
          >
            <Icon name={tone === 'error' ? 'close' : 'check'} className="mt-0.5 size-4 shrink-0" />
            <p className="flex-1">{x.text}</p>
            <button
              type="button"
              onClick={() => dismiss(x.id)}
              aria-label={t('common.dismiss')}
              className="rounded p-0.5 hover:bg-black/5"
            >
              <Icon name="close" className="size-4" />
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext value={value}>
      {children}
      <div className="pointer-events-none fixed start-4 end-4 bottom-4 z-[60] flex flex-col gap-2 sm:start-auto sm:end-6 sm:w-96">
        {region('error')}
        {region('success')}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider (AdminPage provides one)');
  return api;
}

/** A page component with its own toast region: its top-level writes can show their messages. */
export function withToasts<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithToasts(props: P) {
    return (
      <ToastProvider>
        <Page {...props} />
      </ToastProvider>
    );
  }
  WithToasts.displayName = `WithToasts(${Page.displayName ?? Page.name})`;
  return WithToasts;
}
