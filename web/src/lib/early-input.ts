import { useEffect } from 'react';

/**
 * What src/start-app.js (inlined in every page) wrote down while the page was on screen but the
 * app had not taken it over yet: taps on buttons, form submissions, fields typed in.
 */
interface EarlyStep {
  kind: 'click' | 'submit' | 'value';
  target: Element;
  /** Child indexes under #root, to find the element again if React replaced it. */
  path: number[];
  text: string | null;
  /** A field's value as last typed (`value` steps). */
  value?: string;
}

interface EarlyInput {
  steps: EarlyStep[];
  ready: boolean;
}

declare global {
  interface Window {
    garageEarlyInput?: EarlyInput;
  }
}

/** The element a step was made on: itself if React kept it (hydration does), else its replacement. */
function elementOf(step: EarlyStep): Element | null {
  if (step.target.isConnected) return step.target;
  let node: Element | null | undefined = document.getElementById('root');
  for (const index of step.path) node = node?.children[index];
  return node && node.tagName === step.target.tagName && node.textContent === step.text ? node : null;
}

/**
 * Hands what the visitor typed to React, which has it on screen at best, never in its state. React
 * only reports a change it has not seen: the value goes through the element's own setter (which
 * React watches) as something else, then through the prototype's (which it does not) as typed, so
 * the input event below is a change to React.
 */
function replayValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, typed: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = typed;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setter) return;
  field.value = typed === '' ? ' ' : '';
  setter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** One task between steps, so each step's state update has rendered before the next reads it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Ends the capture and replays what the visitor did before the app was live. Called once the first
 * screen is interactive; later calls do nothing. Typed values go first and at once: the screen's
 * own effects, which ran just before, may re-render its fields from their state and would wipe
 * text React never saw. Taps and submissions follow in order, one task apart.
 */
export async function replayEarlyInput(): Promise<void> {
  const early = window.garageEarlyInput;
  if (!early || early.ready) return;
  early.ready = true;
  const steps = early.steps.splice(0);
  for (const step of steps) {
    const field = step.kind === 'value' ? elementOf(step) : null;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) {
      // The capture ran until now, so its last value is the visitor's, even where React re-rendered
      // the field (or replaced it) since.
      replayValue(field, step.value ?? field.value);
    }
  }
  for (const step of steps) {
    if (step.kind === 'value') continue;
    await nextTask();
    const element = elementOf(step);
    if (step.kind === 'submit') {
      if (element instanceof HTMLFormElement) element.requestSubmit();
    } else if (element instanceof HTMLElement) {
      element.click();
    }
  }
}

/**
 * Placed last in each screen: its effect runs once the screen has been hydrated (or rendered),
 * after the effects of the screen's own components.
 */
export function useReplayEarlyInput(): void {
  useEffect(() => void replayEarlyInput(), []);
}
