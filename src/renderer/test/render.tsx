/**
 * Renders a piece of the renderer as the app mounts it (Fluent's provider, a query client, the app's
 * toaster) and gives a person's hands (user-event).
 *
 * window.api is the renderer's own boundary: everything past it is main. The tests build it with the
 * real buildApi (the preload's) over a stand-in transport that answers the channels a test names and
 * records every call; a channel nobody answers fails as main would when the server cannot be reached.
 */
import type { ReactElement } from 'react';
import { render, within, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { UndoProvider } from '../kit/undo';
import { ActionEndToasts } from '../app/work/ActionEndToasts';
import { FluentProvider, RendererProvider, Toaster, createDOMRenderer, webLightTheme } from '@fluentui/react-components';
import { buildApi } from '../../shared/api/build-api';
import type { Result } from '../../shared/result';
import { TOASTER_ID } from '../components/toast';

export type Answer = (input: unknown) => Result<unknown> | Promise<Result<unknown>>;

export interface FakeBridge {
  /** Every call made, in order: its channel ('api:group.call') and input. */
  calls: { channel: string; input: unknown }[];
  /** The inputs of the calls made on one channel. */
  inputsOf: (channel: string) => unknown[];
  /** Sends an event from main to the page's listeners (window.api.on). */
  emit: (event: string, payload: unknown) => void;
}

/** Puts a window.api on the page that answers `answers` (by channel, e.g. 'api:files.pick'). */
export function fakeBridge(answers: Record<string, Answer> = {}): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const listeners = new Set<{ event: string; listener: (payload: unknown) => void }>();
  const api = buildApi(
    async (channel, input) => {
      calls.push({ channel, input });
      const answer = answers[channel];
      return answer ? answer(input) : { ok: false, error: { kind: 'network', message: `No answer for ${channel} in this test` } };
    },
    (event, listener) => {
      const entry = { event, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  );
  Object.defineProperty(window, 'api', { value: api, configurable: true, writable: true });
  return {
    calls,
    inputsOf: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit: (event, payload) => {
      for (const entry of [...listeners]) if (entry.event === event) entry.listener(payload);
    },
  };
}

// No style rules: jsdom would parse each of Fluent's rules and recompute them for every query of a
// test (the time of the whole set), and without layout they decide nothing a test reads; the styles
// are checked in Chromium (tests/e2e, the screenshots).
const NO_CSS = createDOMRenderer(document, { unstable_filterCSSRule: () => false });

export interface Rendered extends RenderResult {
  user: UserEvent;
  client: QueryClient;
}

/** Mounts `ui` inside the providers the app gives every screen (a router at `path`). */
export function renderUi(ui: ReactElement, { client = new QueryClient({ defaultOptions: { queries: { retry: false } } }), path = '/' }: { client?: QueryClient; path?: string } = {}): Rendered {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <RendererProvider renderer={NO_CSS}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={client}>
          {/* Before the screens, as in the app: a toast raised as a screen mounts is not lost. */}
          <Toaster toasterId={TOASTER_ID} />
          <MemoryRouter initialEntries={[path]}>
            <UndoProvider>
              {/* As in the app: a bulk action's end is said whichever screen shows. */}
              <ActionEndToasts />
              {ui}
            </UndoProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </FluentProvider>
    </RendererProvider>,
  );
  return { ...result, user, client };
}

/** A DataTable's body rows on screen (its spacer and state rows left out), top to bottom. */
export const bodyRows = (table: HTMLElement): HTMLElement[] => within(table).queryAllByRole('row').filter((row) => row.hasAttribute('data-pos'));

/** The first cell's text of each body row on screen, top to bottom. */
/** The first cell of each row with data (not the selection's check box). */
export const firstCells = (table: HTMLElement): (string | null)[] => bodyRows(table).map((row) => within(row).getAllByRole('cell').find((cell) => !cell.querySelector('[data-select-row]'))!.textContent);

/** The texts of the toasts showing, oldest first (not Fluent's copy of them in its live region). */
export const toastTexts = (): (string | null)[] => [...document.querySelectorAll('.fui-Toaster [role="listitem"]')].map((toast) => toast.textContent);
