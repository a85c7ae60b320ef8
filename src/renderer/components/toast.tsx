// The toasts live in lib/notify.tsx (the call hooks of lib/ raise them); screens import them from here.
export { TOAST_MS, TOASTER_ID, useNotify, type Notify } from '../lib/notify';
