import { proxy } from 'valtio';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type ToastItem = {
  id: string;
  title: string;
  message: string;
  type: ToastType;
  /** Milliseconds on screen; ignored when persistent. */
  duration: number;
  persistent: boolean;
  timestamp: number;
};

/** At most this many toasts at once: a burst of quick actions must not bury the screen. */
export const MAX_VISIBLE = 3;

/** Spec section 9: 5 s for info, success and warning; 8 s for errors. */
export const DEFAULT_DURATION = 5000;
export const ERROR_DURATION = 8000;

export type ToastInput = { title: string; message?: string; type?: ToastType; duration?: number; persistent?: boolean };

/** Toasts shown at the top right; each leaves after its duration unless persistent. */
export function createToasts(options: { now?: () => number; setTimer?: (fn: () => void, ms: number) => unknown } = {}) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const state = proxy({ items: [] as ToastItem[] });
  let counter = 0;

  function dismiss(id: string) {
    const index = state.items.findIndex((toast) => toast.id === id);
    if (index >= 0) state.items.splice(index, 1);
  }

  function show(input: ToastInput): string {
    const type = input.type ?? 'info';
    // The same news twice at once (a page's parallel requests all finding the network down, or
    // the server busy) is one toast: the first stays, and the screen is not filled with copies.
    const same = state.items.find(
      (item) => item.type === type && item.title === input.title && item.message === (input.message ?? ''),
    );
    if (same) return same.id;
    counter += 1;
    const toast: ToastItem = {
      id: `toast-${now()}-${counter}`,
      title: input.title,
      message: input.message ?? '',
      type,
      duration: input.duration ?? (type === 'error' ? ERROR_DURATION : DEFAULT_DURATION),
      persistent: input.persistent ?? false,
      timestamp: now(),
    };
    state.items.push(toast);
    // Over the limit, the oldest toast that is not persistent makes room.
    if (state.items.length > MAX_VISIBLE) {
      const oldest = state.items.findIndex((item) => !item.persistent && item.id !== toast.id);
      if (oldest >= 0) state.items.splice(oldest, 1);
    }
    if (!toast.persistent) setTimer(() => dismiss(toast.id), toast.duration);
    return toast.id;
  }

  return {
    state,
    show,
    dismiss,
    success: (title: string, message?: string) => show({ title, message, type: 'success' }),
    error: (title: string, message?: string, persistent = false) => show({ title, message, type: 'error', persistent }),
    warning: (title: string, message?: string) => show({ title, message, type: 'warning' }),
    info: (title: string, message?: string) => show({ title, message, type: 'info' }),
  };
}

export type Toasts = ReturnType<typeof createToasts>;
