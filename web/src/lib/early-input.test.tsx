import { act, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import startApp from '../start-app.js?raw'; // inlined in every page; without its <meta> tags it only captures
import { useReplayEarlyInput } from './early-input';

/** A screen like /search: a controlled field, a submit button, a toggle outside the form. */
function Screen({ onSearch }: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <>
      <form onSubmit={submit}>
        <label>
          Search for items
          <input value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <select aria-label="Category" defaultValue="">
          <option value="">All</option>
          <option value="Toys">Toys</option>
        </select>
        <button type="submit">Search</button>
      </form>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <Live />
    </>
  );
}

function Live() {
  useReplayEarlyInput();
  return null;
}

function type(field: HTMLInputElement, text: string) {
  for (let end = 1; end <= text.length; end += 1) {
    field.value = text.slice(0, end);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete window.garageEarlyInput;
});

describe('input made before the app is live', () => {
  it('is kept and replayed in order once the screen is hydrated', async () => {
    const searched: string[] = [];
    const onSearch = (text: string) => searched.push(text);
    document.body.innerHTML = `<div id="root" data-prerendered>${renderToString(<Screen onSearch={onSearch} />)}</div>`;
    new Function(startApp)();

    const field = document.querySelector('input')!;
    const [search, menu] = [...document.querySelectorAll('button')];
    type(field, 'lamp');
    const clickSearch = new MouseEvent('click', { bubbles: true, cancelable: true });
    search!.dispatchEvent(clickSearch);
    menu!.click();
    // Nothing is live yet: the taps are held (a submit button does not submit the page away).
    expect(clickSearch.defaultPrevented).toBe(true);
    expect(window.garageEarlyInput?.steps.map((step) => step.kind)).toEqual(['value', 'click', 'click']);

    act(() => {
      root = hydrateRoot(document.getElementById('root')!, <Screen onSearch={onSearch} />);
    });

    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'true'));
    expect(searched).toEqual(['lamp']);
    expect(field.value).toBe('lamp');
    expect(window.garageEarlyInput?.ready).toBe(true);

    // Live now: a tap goes straight to the app, once.
    act(() => menu!.click());
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(window.garageEarlyInput?.steps).toEqual([]);
  });

  it('replays a submission by Enter and a chosen option', async () => {
    const searched: string[] = [];
    let category = '';
    function Page() {
      const [text, setText] = useState('');
      const [choice, setChoice] = useState('');
      category = choice;
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            searched.push(text);
          }}
        >
          <input aria-label="q" value={text} onChange={(event) => setText(event.target.value)} />
          <select aria-label="Category" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">All</option>
            <option value="Toys">Toys</option>
          </select>
          <Live />
        </form>
      );
    }
    document.body.innerHTML = `<div id="root" data-prerendered>${renderToString(<Page />)}</div>`;
    new Function(startApp)();
    const select = document.querySelector('select')!;
    select.value = 'Toys';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    type(document.querySelector('input')!, 'doll');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    act(() => {
      root = hydrateRoot(document.getElementById('root')!, <Page />);
    });

    await waitFor(() => expect(searched).toEqual(['doll']));
    expect(category).toBe('Toys');
  });
});
