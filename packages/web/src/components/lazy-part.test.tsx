// A lazily loaded part draws its fallback, then itself once its code is in; preloading loads the code once,
// and a failed load is tried again instead of failing for the rest of the session.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../testing/wait';
import { lazyPart } from './lazy-part';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">hello {name}</p>;
}

/** A loader whose promise the test settles, counting its calls. */
function controlledLoader() {
  const calls: Array<{ resolve: (c: typeof Greeting) => void; reject: (e: Error) => void }> = [];
  const load = () =>
    new Promise<typeof Greeting>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

function render(node: React.ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(node));
  return container;
}

describe('lazyPart', () => {
  it('draws the fallback until the code is in, then the part with its props', async () => {
    const { load, calls } = controlledLoader();
    const Part = lazyPart(load, <span data-testid="waiting" />);
    const container = render(<Part name="Ada" />);
    expect(container.querySelector('[data-testid="waiting"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="greeting"]')).toBeNull();
    await act(async () => calls[0]!.resolve(Greeting));
    await waitUntil(() => container.querySelector('[data-testid="greeting"]')?.textContent === 'hello Ada');
    expect(container.querySelector('[data-testid="waiting"]')).toBeNull();
  });

  it('loads once however often it is preloaded and drawn', async () => {
    const { load, calls } = controlledLoader();
    const Part = lazyPart(load);
    const first = Part.preload();
    void Part.preload();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(Greeting);
    await first;
    const container = render(<Part name="Grace" />);
    await waitUntil(() => container.querySelector('[data-testid="greeting"]') !== null);
    expect(calls).toHaveLength(1);
  });

  it('asks again after a failed load', async () => {
    const { load, calls } = controlledLoader();
    const Part = lazyPart(load);
    const failed = Part.preload();
    calls[0]!.reject(new Error('chunk gone'));
    await expect(failed).rejects.toThrow('chunk gone');
    const again = Part.preload();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(Greeting);
    await expect(again).resolves.toBe(Greeting);
  });
});
